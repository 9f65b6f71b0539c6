"""Undo labels stay translatable in the change log: the English label is stored as it always
was, with its template and values beside it (never a translation), and reads back as a
`Message`; a row without them (from before, or the person's own words) reads as plain text.
The migration that adds the column upgrades an older file and downgrades again."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from concierge.store import ChangeBus, ChangeContext, ChangeHistory, Database, TripRepository
from concierge.store.label_text import decode_label, encode_label
from concierge.text import QT_TRANSLATE_NOOP, Message
from tests.store.support import downgrade_to, log_rows, migrate_to

PREVIOUS = "c7c3a9f5b2e6"


async def test_a_marked_label_is_stored_in_english_and_read_back_as_its_message(
    database: Database,
) -> None:
    bus = ChangeBus()
    trips = TripRepository(database, bus)
    trip = (await trips.create({"title": "Porto"})).record
    await trips.rename(trip.id, "Porto in May")
    (_, renamed) = log_rows(database)
    assert renamed.label == "Rename trip to “Porto in May”"
    assert json.loads(renamed.label_message or "") == {
        "context": "ChangeLabel",
        "template": "Rename trip to “{title}”",
        "values": {"title": "Porto in May"},
    }
    history = ChangeHistory(database, bus)
    label = await history.undo_label()
    assert isinstance(label, Message)
    assert label == "Rename trip to “Porto in May”"
    assert (label.template.context, str(label.template)) == (
        "ChangeLabel",
        "Rename trip to “{title}”",
    )
    step = await history.undo_last()
    assert step is not None and isinstance(step.labels[0], Message)
    assert step.label == "Rename trip to “Porto in May”"
    redo = await history.redo_label()
    assert isinstance(redo, Message) and redo == "Rename trip to “Porto in May”"


async def test_the_persons_own_label_and_an_old_row_read_as_plain_text(
    database: Database, db_path: Path
) -> None:
    bus = ChangeBus()
    trips = TripRepository(database, bus)
    trip = (await trips.create({"title": "Porto"})).record
    await trips.update(trip.id, {"notes": "wine"}, context=ChangeContext(label="My own words"))
    history = ChangeHistory(database, bus)
    own = await history.undo_label()
    assert own == "My own words" and type(own) is str
    assert log_rows(database)[-1].label_message is None
    await history.undo_last()
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute("UPDATE change_log SET label_message = NULL")
    old = await history.undo_label()
    assert old == "Create trip “Porto”" and type(old) is str


def test_values_keep_their_types_through_the_json() -> None:
    label = QT_TRANSLATE_NOOP("Test", "{what} on {day} at {at}: {amount} × {count}").format(
        what=QT_TRANSLATE_NOOP("Test", "“{text}”").format(text="Dinner"),
        day=date(2027, 4, 10),
        at=datetime(2027, 4, 10, 20, 30),
        amount=Decimal("12.50"),
        count=3,
    )
    stored = encode_label(label)
    assert stored is not None and "Jantar" not in stored
    back = decode_label(str(label), stored)
    assert isinstance(back, Message) and back == label
    assert back.values == label.values
    assert isinstance(back.values["what"], Message)
    assert encode_label("plain") is None


def test_json_that_no_longer_gives_the_logged_english_keeps_the_logged_text() -> None:
    stored = encode_label(QT_TRANSLATE_NOOP("ChangeLabel", "Edit “{title}”").format(title="A"))
    assert type(decode_label("Edit “B”", stored)) is str
    assert decode_label("Edit “B”", "{not json") == "Edit “B”"


async def test_the_migration_upgrades_an_older_file_and_downgrades(db_path: Path) -> None:
    migrate_to(db_path, PREVIOUS)
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trip = (await TripRepository(database, bus).create({"title": "Japan"})).record
        assert isinstance(await ChangeHistory(database, bus).undo_label(), Message)
    downgrade_to(db_path, PREVIOUS)
    with closing(sqlite3.connect(db_path)) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(change_log)")]
        labels = [row[0] for row in connection.execute("SELECT label FROM change_log")]
    assert "label_message" not in columns
    assert labels == ["Create trip “Japan”"]
    migrate_to(db_path, "head")
    with Database.open(db_path) as database:
        bus = ChangeBus()
        history = ChangeHistory(database, bus)
        label = await history.undo_label()
        assert label == "Create trip “Japan”" and type(label) is str
        await history.undo_last()
        assert await TripRepository(database, bus).get(trip.id) is None

"""Another program writes while the window is open, and the window shows it: real processes
(`concierge import`, another program adding an item) on the window's data folder, a real
SQLite file. The imported trip joins the trip list, the open trip's queue and itinerary show
what was written, marked with the program's name, and the next model request carries it.
The window's own writes come once; closing stops the watching."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Action, Change, EntityKind
from concierge.travel.services import open_services
from concierge.ui.views.marks import CHANGED_BY_ASSISTANT
from tests.cli.support import ROOT, exported, run_cli
from tests.cli.test_import_bookings import calendar
from tests.fakes import FakeOpenAIServer, Reply
from tests.fakes.memory_keyring import MemoryKeyring
from tests.ui import trips_support
from tests.ui.test_import_queue import chat_requests
from tests.ui.trips_support import Running
from tests.ui.waiting import until

running = trips_support.connected_running

DAY = "2027-04-10"
WAIT = 30.0
"""Generous: two cores shared by many test runs; the app aims at well under a second."""


async def trip_file(folder: Path, path: Path) -> Path:
    """A trip exported from another data folder, as `concierge export` writes it."""
    services = open_services(folder)
    try:
        trip = (
            await services.trips.create(
                {"title": "Kyoto in autumn", "start_date": "2027-11-14", "end_date": "2027-11-20"}
            )
        ).record
        await services.itinerary.add(trip.id, {"day": "2027-11-15", "title": "Fushimi Inari"})
        text = json.dumps(await exported(services, trip.id))
        await asyncio.to_thread(path.write_text, text, encoding="utf-8")
        await services.aclose()
    finally:
        services.close()
    return path


def write_as(program: str, folder: Path, trip_id: str, title: str) -> str:
    """Another program adds an item to the trip's 10 April, in a process of its own; the
    item's id."""
    arguments = [str(folder), program, trip_id, DAY, title]
    done = subprocess.run(
        [sys.executable, "-m", "tests.outside_writer", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=True,
    )
    return done.stdout.strip()


async def test_another_programs_writes_show_in_the_open_window_marked_as_its(
    running: Running, qtbot: QtBot, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    services = running.services
    heard: list[Change] = []
    services.bus.subscribe(heard.append)
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None and services.outside.running
    await services.trips.update(trip_id, {"start_date": "2027-04-09", "end_date": "2027-04-12"})
    await until(lambda: window.trip_form.record is not None and window.trip_form.record.start_date)

    kyoto = await trip_file(tmp_path / "elsewhere", tmp_path / "kyoto.json")
    imported = await asyncio.to_thread(run_cli, "import", kyoto, "--data-dir", folder)
    assert imported.returncode == 0, imported.stderr
    kyoto_id = imported.stdout.strip()
    await until(lambda: window.trip_list.model.row_of(kyoto_id) is not None, WAIT)
    assert "Kyoto in autumn" in [trip.title for trip in window.trip_list.model.trips]
    assert any(c.entity is EntityKind.TRIP and c.entity_id == kyoto_id for c in heard)

    bookings = calendar(tmp_path / "trip.ics", "flight", "hotel")
    queued = await asyncio.to_thread(run_cli, "import", bookings, "--data-dir", folder)
    assert queued.returncode == 0, queued.stderr
    panel = window.imports_panel
    await until(lambda: panel.isVisible() and panel.list.topLevelItemCount() == 2, WAIT)

    heard.clear()
    item_id = await asyncio.to_thread(write_as, "trip-sync", folder, trip_id, "Port tasting")
    view = window.itinerary
    await until(lambda: view.model.index_of_item(item_id, 1).isValid(), WAIT)
    index = view.model.index_of_item(item_id, 1)
    assert index.data(Qt.ItemDataRole.ToolTipRole) == "Added by trip-sync"
    await until(lambda: any(c.entity_id == item_id for c in heard), WAIT)
    [added] = [c for c in heard if c.entity_id == item_id]
    assert added.action is Action.CREATE and added.trip_id == trip_id

    fake_openai.script(Reply.text("A tasting it is."))
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    window.chat.composer.edit.setFocus()
    qtbot.keyClicks(window.chat.composer.edit, "What is on the first day?")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: bool(chat_requests(fake_openai)), WAIT)
    messages = chat_requests(fake_openai)[0]["messages"]
    assert "Port tasting" in json.dumps(messages)
    await until(lambda: window.chat.busy is False, WAIT)


async def test_the_windows_own_writes_come_once_and_closing_stops_the_watching(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    app = Running(tmp_path / "data")
    services = app.services
    window = await app.start()
    try:
        trip_id = window.session.trip_id
        assert trip_id is not None
        heard: list[Change] = []
        services.bus.subscribe(heard.append)
        own = (await services.itinerary.add(trip_id, {"day": DAY, "title": "Own dinner"})).record
        # Another program's write after it: once it has come, the watcher has read past the
        # window's own row too.
        folder = tmp_path / "data"
        other = await asyncio.to_thread(write_as, "trip-sync", folder, trip_id, "Theirs")
        await until(lambda: any(c.entity_id == other for c in heard), WAIT)
        assert [c.entity_id for c in heard if c.entity_id in (own.id, other)] == [own.id, other]
        assert services.outside.running
    finally:
        await app.close()
    assert not services.outside.running


async def test_another_programs_brief_answers_and_stop_say_its_name_until_looked_at(
    running: Running, qtbot: QtBot, tmp_path: Path
) -> None:
    """A brief answered and a stop added by another program: the stop's strip and the brief's
    fields say "Changed by trip-sync" (tooltip and what screen readers hear), not the
    assistant, and so do the bars above the forms; Ctrl+2 and Tab into a marked field, and its
    mark goes."""
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    other = open_services(tmp_path / "data", program="trip-sync")
    try:
        await other.forms.set_answer(trip_id, "trip-brief", "party", "couple")
        await other.forms.set_answer(trip_id, "trip-brief", "ages", [41, 39])
        await other.stops.add(trip_id, {"place": "Porto"})
        await other.aclose()
    finally:
        other.close()
    said = "Changed by trip-sync"

    stops = window.trip_form.fields.stops_editor
    await until(lambda: len(stops.rows) == 1 and stops.rows[0].marked, WAIT)
    stop = stops.rows[0]
    assert stop.marker.toolTip() == said
    assert said in stop.place.accessibleDescription()
    bar = window.trip_form.seen_bar.label.text()
    assert bar.startswith("trip-sync changed stop 1 “Porto"), bar

    title = window.trip_form.fields.title_edit
    title.setFocus()
    await until(lambda: QApplication.focusWidget() is title)
    qtbot.keyClick(title, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    ages = window.brief_panel.binding("ages").row
    await until(lambda: ages.marked and said in ages.editor.accessibleDescription(), WAIT)
    assert ages.marker.toolTip() == said
    assert window.brief_panel.seen_bar.label.text().startswith("trip-sync changed ")
    assert CHANGED_BY_ASSISTANT not in ages.editor.accessibleDescription()
    party = window.brief_panel.fields.tab_chain()[0]
    await until(lambda: QApplication.focusWidget() is party)
    qtbot.keyClick(party, Qt.Key.Key_Tab)
    await until(lambda: not ages.marked, WAIT)
    assert said not in ages.editor.accessibleDescription()


async def test_another_programs_undo_and_redo_show_in_the_open_window(
    running: Running, tmp_path: Path
) -> None:
    """Another program adds an item, undoes it, redoes it: the open window's itinerary follows
    each step (an undo writes no change-log row, only flips the rows it reverts)."""
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    await running.services.trips.update(trip_id, {"start_date": DAY, "end_date": DAY})
    other = open_services(tmp_path / "data", program="trip-sync")
    try:
        item = (await other.itinerary.add(trip_id, {"day": DAY, "title": "Port tasting"})).record
        view = window.itinerary
        await until(lambda: view.model.index_of_item(item.id, 1).isValid(), WAIT)
        await other.history.undo_last(trip_id)
        await until(lambda: not view.model.index_of_item(item.id, 1).isValid(), WAIT)
        await other.history.redo_last(trip_id)
        await until(lambda: view.model.index_of_item(item.id, 1).isValid(), WAIT)
        await other.aclose()
    finally:
        other.close()

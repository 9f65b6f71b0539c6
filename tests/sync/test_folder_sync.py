"""Two devices share a trip through a synced folder: their edits merge field by field, the
same field converges, offline edits merge when they meet, a file half-synced waits until whole,
a companion's change is theirs (undo leaves it, the log names their device), and what is not
shared stays on its device, with nothing readable in the folder."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from concierge.store import Actor, ChangeContext, ChangeHistory, Status, UndoError
from concierge.store.records import LockKind
from concierge.store.seen import made_by
from concierge.store.tables import ChangeLogEntry
from concierge.sync import engine
from concierge.travel.forms import TRIP_BRIEF
from concierge.travel.services import TravelServices
from tests.sync.pair import Side, edit_trip, exchange, shared_trip


async def _trip(services: TravelServices, trip_id: str) -> dict[str, object]:
    record = await services.trips.get(trip_id)
    assert record is not None
    return {"title": record.title, "notes": record.notes, "travellers": record.travellers}


async def _items(side: Side) -> list[tuple[str, str, str]]:
    items = await side.services.itinerary.items(side.sync.trip_id)
    return [(item.id, str(item.day), item.title) for item in items]


async def test_the_trip_reaches_the_companion_with_its_ids(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await ana.services.itinerary.add(trip_id, {"day": "2027-05-01", "title": "Tram 28"})
        await ana.services.itinerary.add(
            trip_id, {"day": "2027-05-01", "title": "Flight", "confirmation_code": "ZX9QK2"}
        )
        await ana.sync.settled()
        await ben.sync.step()
        assert await _items(ben) == await _items(ana)
        assert await _trip(ben.services, trip_id) == await _trip(ana.services, trip_id)
        unseen = await ben.services.history.unseen_assistant_changes(trip_id)
        assert {made_by(fields) for fields in unseen.values()} == {"Ana's laptop"}


async def test_different_fields_merge_and_the_same_field_converges(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await exchange(ana, ben)
        await ana.services.trips.update(trip_id, {"title": "Lisbon and Porto", "travellers": 3})
        await ben.services.trips.update(
            trip_id, {"notes": "Bring the rail passes", "travellers": 4}
        )
        await ana.sync.settled()
        await ben.sync.settled()
        await exchange(ana, ben)
        seen_by_ana = await _trip(ana.services, trip_id)
        assert seen_by_ana == await _trip(ben.services, trip_id)
        assert seen_by_ana["title"] == "Lisbon and Porto"
        assert seen_by_ana["notes"] == "Bring the rail passes"
        assert seen_by_ana["travellers"] in (3, 4)


async def test_offline_edits_merge_in_one_order_on_both_sides(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        day = {"day": "2027-05-02"}
        await ana.services.itinerary.add(trip_id, {**day, "title": "Belém"})
        await exchange(ana, ben)
        ana.sync.close()  # apart: neither sends nor reads until each starts again
        ben.sync.close()
        await ana.services.itinerary.add(trip_id, {**day, "title": "Lunch at Ana's"}, position=0)
        await ben.services.itinerary.add(trip_id, {**day, "title": "Fado with Ben"})
        (first,) = [
            item for item in await ben.services.itinerary.items(trip_id) if item.title == "Belém"
        ]
        await ben.services.itinerary.update(first.id, {"notes": "Tickets online"})
        await ana.reopen()
        await ben.reopen()
        await exchange(ana, ben)
        merged = await _items(ana)
        assert merged == await _items(ben)
        assert next(title for _, _, title in merged) == "Lunch at Ana's"
        assert sorted(title for _, _, title in merged) == [
            "Belém",
            "Fado with Ben",
            "Lunch at Ana's",
        ]
        notes = {item.title: item.notes for item in await ana.services.itinerary.items(trip_id)}
        assert notes["Belém"] == "Tickets online"


async def test_a_half_synced_file_waits_until_it_is_whole(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await ana.services.itinerary.add(trip_id, {"day": "2027-05-03", "title": "Sintra"})
        await ana.sync.settled()
        (own,) = (tmp_path / "Synced" / "ana-laptop").iterdir()
        whole = own.read_bytes()
        own.write_bytes(whole[:-7])
        report = await ben.sync.step()
        assert report.applied == 0
        assert report.waiting == (f"ana-laptop/{own.name}",)
        assert await _items(ben) == []
        own.write_bytes(whole)
        report = await ben.sync.step()
        assert report.waiting == ()
        assert [title for _, _, title in await _items(ben)] == ["Sintra"]


async def test_undo_takes_back_ones_own_change_not_the_companions(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await exchange(ana, ben)
        await edit_trip(ben, {"notes": "Ben's note"})
        await edit_trip(ana, {"title": "Lisbon in May"})
        await ben.sync.step()
        history: ChangeHistory = ben.services.history
        undone = await history.undo_last(trip_id)
        assert undone is not None
        trip = await _trip(ben.services, trip_id)
        assert trip["title"] == "Lisbon in May"
        assert trip["notes"] == ""
        await ben.sync.settled()
        await ana.sync.step()
        assert await _trip(ana.services, trip_id) == trip


async def test_what_is_not_shared_stays_on_its_device(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await ana.services.pins.add("Vegetarian", trip_id=None)
        await ana.services.pins.add("Window seats", trip_id=trip_id)
        await ana.services.itinerary.add(
            trip_id, {"day": "2027-05-01", "title": "Flight", "confirmation_code": "ZX9QK2"}
        )
        await ana.sync.settled()
        await ben.sync.step()
        assert [pin.text for pin in await ben.services.pins.list_for_trip(None)] == []
        assert [pin.text for pin in await ben.services.pins.list_for_trip(trip_id)] == [
            "Window seats"
        ]
        for path in (tmp_path / "Synced").rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                assert b"ZX9QK2" not in data and b"Flight" not in data and b"Lisbon" not in data
        logged = ben.services.database.run_sync(
            lambda session: session.exec(select(ChangeLogEntry.program)).all()
        )
        assert set(logged) == {"Ana's laptop"}


async def test_a_documents_row_travels_and_its_file_stays_where_attached(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        ticket = tmp_path / "boarding-pass.pdf"
        ticket.write_bytes(b"%PDF-1.7 seat 14A")
        attached = (await ana.services.documents.attach(ticket, trip_id=trip_id)).record
        await ana.sync.settled()
        await ben.sync.step()
        [there] = await ben.services.documents.for_trip(trip_id)
        assert (there.id, there.file_name, there.size_bytes) == (
            attached.id,
            "boarding-pass.pdf",
            len(b"%PDF-1.7 seat 14A"),
        )
        assert await ben.services.documents.away([there]) == {there.id: "Ana's laptop"}
        assert await ana.services.documents.away([attached]) == {}
        assert not ben.services.documents.path_of(there).exists()

        await ben.services.documents.remove(there.id)
        await ben.sync.settled()
        await ana.sync.step()
        assert await ana.services.documents.for_trip(trip_id) == []


async def test_brief_answers_merge_by_question(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await ana.services.forms.apply(trip_id, TRIP_BRIEF.id, {"ages": [30, 31, 5]})
        await ben.services.forms.apply(trip_id, TRIP_BRIEF.id, {"diet": "vegetarian"})
        await ana.sync.settled()
        await ben.sync.settled()
        await exchange(ana, ben)
        answers = await ana.services.forms.answers(trip_id, TRIP_BRIEF.id)
        assert answers == {"ages": [30, 31, 5], "diet": "vegetarian"}
        assert await ben.services.forms.answers(trip_id, TRIP_BRIEF.id) == answers
        await ben.services.forms.apply(trip_id, TRIP_BRIEF.id, {"diet": None})
        await ben.sync.settled()
        await ana.sync.step()
        assert await ana.services.forms.answers(trip_id, TRIP_BRIEF.id) == {"ages": [30, 31, 5]}


async def test_undo_refuses_to_take_back_what_a_companion_changed_since(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        await exchange(ana, ben)
        await edit_trip(ben, {"title": "Ben's title"})
        await ana.sync.step()
        await edit_trip(ana, {"title": "Ana's title"})
        await ben.sync.step()
        with pytest.raises(UndoError, match="changed since on Ana's laptop"):
            await ben.services.history.undo_last(trip_id)
        assert (await _trip(ben.services, trip_id))["title"] == "Ana's title"


async def test_an_item_removed_on_one_side_and_edited_on_the_other_can_be_restored(
    tmp_path: Path,
) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        item = (
            await ana.services.itinerary.add(trip_id, {"day": "2027-05-04", "title": "Cascais"})
        ).record
        await exchange(ana, ben)
        await ana.services.itinerary.remove(item.id)
        await ben.services.itinerary.update(item.id, {"notes": "Train from Cais do Sodré"})
        await ana.sync.settled()
        await ben.sync.settled()
        await exchange(ana, ben)
        assert await _items(ana) == await _items(ben) == []
        removed = ben.sync.removed()
        assert [(entry.kind.name, entry.row_id) for entry in removed] == [
            ("itinerary_item", item.id)
        ]
        assert json.loads(removed[0].texts["notes"]) == "Train from Cais do Sodré"
        await ben.sync.restore(removed[0])
        await ana.sync.step()
        for side in (ana, ben):
            (back,) = await side.services.itinerary.items(trip_id)
            assert (back.id, back.title, back.notes) == (
                item.id,
                "Cascais",
                "Train from Cais do Sodré",
            )


async def test_a_lock_holds_on_the_companions_device_too(tmp_path: Path) -> None:
    async with shared_trip(tmp_path) as (ana, ben):
        trip_id = ana.sync.trip_id
        item = (
            await ana.services.itinerary.add(trip_id, {"day": "2027-05-05", "title": "Ryokan"})
        ).record
        assert (await ana.services.locks.toggle(LockKind.ITEM, item.id)).record is True
        await ana.sync.settled()
        await ben.sync.step()
        assistant = ChangeContext(actor=Actor.ASSISTANT)
        outcome = await ben.services.itinerary.update(
            item.id, {"title": "Hotel"}, context=assistant
        )
        assert outcome.status is Status.REFUSED
        assert [title for _, _, title in await _items(ben)] == ["Ryokan"]
        assert (await ben.services.locks.toggle(LockKind.ITEM, item.id)).record is False
        await ben.sync.settled()
        await ana.sync.step()
        assert await ana.services.locks.locks(trip_id) == []


async def test_a_write_made_while_a_step_runs_is_sent_by_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The step started by the item has read the trip already when the lock is written: a
    second step sends the lock, and `settled` waits for it."""
    reached, release = threading.Event(), threading.Event()
    save = engine.save_offsets

    def held_save(*arguments: Any) -> None:
        if not reached.is_set():
            reached.set()
            release.wait(timeout=60)
        save(*arguments)

    async with shared_trip(tmp_path) as (ana, ben):
        monkeypatch.setattr(engine, "save_offsets", held_save)
        trip_id = ana.sync.trip_id
        added = ana.services.itinerary.add(trip_id, {"day": "2027-05-05", "title": "Ryokan"})
        item = (await added).record
        await asyncio.to_thread(reached.wait, 60)  # its step has sent the item, not yet done
        await ana.services.locks.toggle(LockKind.ITEM, item.id)
        release.set()
        await ana.sync.settled()
        await ben.sync.step()
        assert [lock.target for lock in await ben.services.locks.locks(trip_id)] == [item.id]

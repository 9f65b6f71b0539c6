"""Documents: files copied into the data folder before their row is written, kept once per
content, undoable like any other change, and deleted only when nothing can bring them back."""

from __future__ import annotations

import asyncio
import hashlib
import os
import time
from datetime import date
from pathlib import Path

import pytest

from concierge.model.settings import UNDO_DEPTH
from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    DocumentError,
    DocumentFolder,
    DocumentRepository,
    InvalidChangeError,
    ItineraryRepository,
    Settings,
    TripRepository,
)
from concierge.store.document_files import TEMPORARY_PREFIX
from tests.store.support import log_rows

PDF = b"%PDF-1.4 booking TAP 1234 seat 12A\n" * 100


@pytest.fixture
def folder(tmp_path: Path) -> DocumentFolder:
    return DocumentFolder(tmp_path / "data" / "documents", max_bytes=64 * 1024)


@pytest.fixture
def documents(database: Database, bus: ChangeBus, folder: DocumentFolder) -> DocumentRepository:
    return DocumentRepository(database, bus, folder, prune_after=None)


@pytest.fixture
def ticket(tmp_path: Path) -> Path:
    path = tmp_path / "outside" / "Ticket LIS-HND.PDF"
    path.parent.mkdir()
    path.write_bytes(PDF)
    return path


def stored_files(folder: DocumentFolder) -> list[str]:
    return sorted(entry.name for entry in folder.root.iterdir()) if folder.root.exists() else []


async def test_a_file_is_copied_in_under_its_hash_and_described_by_its_row(
    trips: TripRepository, documents: DocumentRepository, ticket: Path, folder: DocumentFolder
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    seen: list[tuple[int, int]] = []
    document = (
        await documents.attach(
            ticket, trip_id=trip.id, note="  outbound ", progress=lambda *p: seen.append(p)
        )
    ).record
    digest = hashlib.sha256(PDF).hexdigest()
    assert document.file_name == "Ticket LIS-HND.PDF"
    assert document.stored_name == f"{digest}.pdf"
    assert (document.sha256, document.size_bytes) == (digest, len(PDF))
    assert document.media_type == "application/pdf"
    assert document.note == "outbound"
    assert document.item_id is None
    assert documents.path_of(document).read_bytes() == PDF
    assert stored_files(folder) == [document.stored_name]
    assert await documents.for_trip(trip.id) == [document]
    os.unlink(ticket)  # The copy does not depend on the original.
    assert documents.path_of(document).read_bytes() == PDF
    assert seen and seen[-1] == (len(PDF), len(PDF))


async def test_the_same_content_attached_twice_is_stored_once(
    trips: TripRepository,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
    tmp_path: Path,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    again = tmp_path / "outside" / "copy.pdf"
    again.write_bytes(PDF)
    first = (await documents.attach(ticket, trip_id=trip.id)).record
    second = (await documents.attach(again, trip_id=trip.id)).record
    assert first.id != second.id
    assert first.stored_name == second.stored_name
    assert stored_files(folder) == [first.stored_name]
    await documents.remove(first.id)
    assert documents.path_of(second).read_bytes() == PDF


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda base: base / "missing.pdf", "does not exist"),
        (lambda base: base, "is a folder"),
        (lambda base: _write(base / "huge.pdf", b"x" * (64 * 1024 + 1)), "at most 64.0 KB"),
        (lambda base: _fifo(base / "pipe"), "not a regular file"),
    ],
)
async def test_a_file_that_cannot_be_attached_is_named_and_nothing_is_left(
    trips: TripRepository,
    documents: DocumentRepository,
    folder: DocumentFolder,
    database: Database,
    tmp_path: Path,
    make: object,
    words: str,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    rows_before = len(log_rows(database))
    source: Path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(DocumentError, match=words) as raised:
        await documents.attach(source, trip_id=trip.id)
    assert source.name in str(raised.value)
    assert await documents.for_trip(trip.id) == []
    assert stored_files(folder) == []
    assert len(log_rows(database)) == rows_before


async def test_an_unreadable_file_is_named(
    trips: TripRepository,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    real_open = Path.open

    def refuse(self: Path, mode: str = "r", *args: object, **kwargs: object) -> object:
        if self == ticket:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(DocumentError, match="Permission denied") as raised:
        await documents.attach(ticket, trip_id=trip.id)
    assert ticket.name in str(raised.value)
    assert stored_files(folder) == []


@pytest.mark.parametrize("failing", ["os.fsync", "os.replace"])
async def test_a_copy_failing_midway_leaves_no_row_and_no_stray_file(
    trips: TripRepository,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
    failing: str,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    rows_before = len(log_rows(database))

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(failing, disk_full)
    with pytest.raises(DocumentError, match="No space left on device"):
        await documents.attach(ticket, trip_id=trip.id)
    monkeypatch.undo()
    assert await documents.for_trip(trip.id) == []
    assert stored_files(folder) == []
    assert len(log_rows(database)) == rows_before


async def test_a_row_that_cannot_be_written_leaves_no_file_behind(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
) -> None:
    japan = (await trips.create({"title": "Japan"})).record
    other = (await trips.create({"title": "Other"})).record
    item = (await itinerary.add(other.id, {"day": date(2027, 4, 2), "title": "Flight"})).record
    with pytest.raises(InvalidChangeError) as raised:
        await documents.attach(ticket, trip_id=japan.id, item_id=item.id)
    assert raised.value.field == "item_id"
    await trips.delete(japan.id)
    with pytest.raises(InvalidChangeError):
        await documents.attach(ticket, trip_id=japan.id)
    assert stored_files(folder) == []


async def test_removing_is_undoable_and_the_file_stays_until_the_log_forgets_it(
    database: Database,
    trips: TripRepository,
    history: ChangeHistory,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
) -> None:
    await Settings(database).set(UNDO_DEPTH, 2)
    trip = (await trips.create({"title": "Japan"})).record
    document = (await documents.attach(ticket, trip_id=trip.id)).record
    assert (await documents.remove(document.id)).record
    assert (await documents.remove(document.id)).record is False
    assert await documents.for_trip(trip.id) == []
    assert stored_files(folder) == [document.stored_name]
    undone = await history.undo_last()
    assert undone is not None and undone.label == "Remove document “Ticket LIS-HND.PDF”"
    assert [d.id for d in await documents.for_trip(trip.id)] == [document.id]
    assert (await history.redo_last()) is not None
    assert await documents.for_trip(trip.id) == []
    assert await documents.prune_files() == []  # Undo can still bring it back.
    for number in range(3):  # Two newer steps push the removal out of the log.
        await trips.update(trip.id, {"title": f"Japan {number}"})
    assert await documents.prune_files() == [document.stored_name]
    assert stored_files(folder) == []


async def test_a_file_goes_soon_after_other_edits_push_its_removal_out_of_the_log(
    database: Database, bus: ChangeBus, trips: TripRepository, ticket: Path, tmp_path: Path
) -> None:
    folder = DocumentFolder(tmp_path / "quick")
    documents = DocumentRepository(database, bus, folder, prune_after=0.01)
    try:
        await Settings(database).set(UNDO_DEPTH, 1)
        trip = (await trips.create({"title": "Japan"})).record
        document = (await documents.attach(ticket, trip_id=trip.id)).record
        await documents.remove(document.id)
        assert stored_files(folder) == [document.stored_name]
        await trips.update(trip.id, {"title": "Japan in spring"})  # Not a document write.
        for _ in range(500):  # Waits for the condition; the bound only stops a broken prune.
            if not stored_files(folder):
                break
            await asyncio.sleep(0.01)
        assert stored_files(folder) == []
    finally:
        await documents.aclose()


async def test_undoing_an_attach_keeps_the_file_for_redo(
    trips: TripRepository,
    history: ChangeHistory,
    documents: DocumentRepository,
    ticket: Path,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    document = (await documents.attach(ticket, trip_id=trip.id)).record
    undone = await history.undo_last()
    assert undone is not None and undone.label == "Attach “Ticket LIS-HND.PDF”"
    assert await documents.for_trip(trip.id) == []
    assert await documents.prune_files() == []
    await history.redo_last()
    (back,) = await documents.for_trip(trip.id)
    assert documents.path_of(back).read_bytes() == PDF
    assert back.id == document.id


async def test_removing_an_item_keeps_its_documents_on_the_trip_and_undo_reattaches(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    documents: DocumentRepository,
    ticket: Path,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    flight = (await itinerary.add(trip.id, {"day": date(2027, 4, 2), "title": "Flight"})).record
    document = (await documents.attach(ticket, trip_id=trip.id, item_id=flight.id)).record
    assert [d.id for d in await documents.for_item(flight.id)] == [document.id]
    await itinerary.remove(flight.id)
    (kept,) = await documents.for_trip(trip.id)
    assert kept.item_id is None
    await history.undo_last()
    assert [d.id for d in await documents.for_item(flight.id)] == [document.id]
    await history.redo_last()
    assert (await documents.for_trip(trip.id))[0].item_id is None
    await history.undo_last()
    attach = await history.undo_last()
    assert attach is not None and attach.label.startswith("Attach")
    add = await history.undo_last()
    assert add is not None and add.label == "Add “Flight” to the itinerary"
    assert await itinerary.get(flight.id) is None
    assert await documents.for_trip(trip.id) == []


async def test_deleting_a_trip_deletes_its_documents_undoably_and_a_copy_has_none(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    flight = (await itinerary.add(trip.id, {"day": date(2027, 4, 2), "title": "Flight"})).record
    on_item = (await documents.attach(ticket, trip_id=trip.id, item_id=flight.id)).record
    copy = (await trips.duplicate(trip.id)).record
    assert await documents.for_trip(copy.id) == []
    await history.undo_last()
    assert (await trips.delete(trip.id)).record
    assert await documents.for_trip(trip.id) == []
    assert stored_files(folder) == [on_item.stored_name]
    await history.undo_last()
    (back,) = await documents.for_trip(trip.id)
    assert (back.id, back.item_id) == (on_item.id, flight.id)
    await history.undo_last()  # The duplicate stays undone; next comes the attach.
    assert await documents.for_trip(trip.id) == []


async def test_start_up_removes_what_a_crashed_copy_left_and_what_nothing_names(
    trips: TripRepository,
    documents: DocumentRepository,
    ticket: Path,
    folder: DocumentFolder,
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    document = (await documents.attach(ticket, trip_id=trip.id)).record
    leftover = folder.root / f"{TEMPORARY_PREFIX}0123"
    leftover.write_bytes(b"half a ticket")
    orphan = folder.root / ("f" * 64 + ".jpg")
    orphan.write_bytes(b"nobody's photo")
    assert await documents.prune_files() == [orphan.name]
    assert leftover.exists()  # A copy might be running: only start-up removes these.
    assert documents.prune_files_at_start() == []  # Another process may be copying it.
    an_hour_ago = time.time() - 3601
    os.utime(leftover, (an_hour_ago, an_hour_ago))
    assert documents.prune_files_at_start() == [leftover.name]
    assert stored_files(folder) == [document.stored_name]


def test_stored_names_cannot_lead_out_of_the_folder(folder: DocumentFolder) -> None:
    for name in ("../concierge.db", "a/b.pdf", "", ".incoming-1"):
        with pytest.raises(DocumentError):
            folder.path_of(name)


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path

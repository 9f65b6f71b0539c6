"""Pruning the documents folder over any mix of attaching, removing, undoing, redoing and
other edits (with a short undo depth, so the log forgets quickly): a file is there for every
row and for every change undo or redo could still bring back, and no other file stays."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import tempfile
from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.model.settings import UNDO_DEPTH
from concierge.store import ChangeHistory, Settings, StoreError
from concierge.store.change_pruning import referenced_document_files
from concierge.travel.services import TravelServices, open_services

CONTENTS = (b"%PDF ticket", b"%PDF hotel", b"\x89PNG voucher")
Step = tuple[str, int]
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["attach", "attach_item", "remove", "undo", "redo", "edit", "drop_item"]),
        st.integers(0, 2),
    ),
    max_size=14,
)


@settings(max_examples=10)
@given(steps=STEPS)
def test_the_folder_holds_exactly_the_files_rows_and_undo_can_name(steps: list[Step]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_scenario(Path(folder), steps))


async def _scenario(folder: Path, steps: list[Step]) -> None:
    sources = folder / "sources"
    sources.mkdir()
    for number, content in enumerate(CONTENTS):
        (sources / f"file{number}.pdf").write_bytes(content)
    services = open_services(folder / "data")
    try:
        await Settings(services.database).set(UNDO_DEPTH, 3)
        trip = (await services.trips.create({"title": "Japan"})).record
        for action, number in steps:
            # A step may be refused (the trip's creation was undone): nothing changes then.
            with contextlib.suppress(StoreError):
                await _step(services, trip.id, action, number, sources)
            await services.documents.prune_files()
            await _check(services)
        while True:  # Everything undo can still reach has its file.
            try:
                if await services.history.undo_last() is None:
                    break
            except StoreError:
                break
            await _check(services, pruned=False)
    finally:
        await services.aclose()
        services.close()


async def _step(
    services: TravelServices, trip_id: str, action: str, number: int, sources: Path
) -> None:
    history: ChangeHistory = services.history
    documents = services.documents
    if action in ("attach", "attach_item"):
        item_id = None
        if action == "attach_item":
            item = (
                await services.itinerary.add(trip_id, {"day": date(2027, 4, 2), "title": "X"})
            ).record
            item_id = item.id
        await documents.attach(sources / f"file{number}.pdf", trip_id=trip_id, item_id=item_id)
    elif action == "remove":
        attached = await documents.for_trip(trip_id)
        if attached:
            await documents.remove(attached[number % len(attached)].id)
    elif action in ("undo", "redo"):
        await (history.undo_last() if action == "undo" else history.redo_last())
    elif action == "edit":
        await services.trips.update(trip_id, {"notes": f"edit {number}"})
    else:
        items = await services.itinerary.items(trip_id)
        if items:
            await services.itinerary.remove(items[number % len(items)].id)


async def _check(services: TravelServices, *, pruned: bool = True) -> None:
    root = services.documents.folder.root
    named = await services.database.run(referenced_document_files)
    present = {path.name for path in root.iterdir()} if root.exists() else set()
    assert named <= present, f"files missing for rows or undo: {named - present}"
    if pruned:
        assert present <= named, f"files nothing names: {present - named}"
    for trip in await services.trips.all():
        for document in await services.documents.for_trip(trip.id):
            data = services.documents.path_of(document).read_bytes()
            assert hashlib.sha256(data).hexdigest() == document.sha256

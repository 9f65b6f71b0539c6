"""Importing one file into the review queue, without the window: a cancelled import queues
nothing, a file with an unusable record is refused whole, a PDF's text is handed back for
the assistant."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from concierge.store import ImportRefused
from concierge.travel.edits.import_files import ImportCancelled, import_file, pdf_message
from concierge.travel.services import TravelServices, open_services
from tests.cli.test_import_bookings import calendar
from tests.travel.imports.pdf_files import write_pdf


@pytest.fixture
async def services(tmp_path: Path, memory_keyring: object) -> AsyncIterator[TravelServices]:
    services = open_services(tmp_path / "data")
    yield services
    await services.aclose()
    services.close()


async def test_cancelling_while_pages_are_read_queues_nothing(
    services: TravelServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Porto"})).record
    pdf = write_pdf(tmp_path / "long.pdf", [[f"Page {n} text"] for n in range(5)])
    cancel = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        cancel.set()  # the person clicks Cancel after the first page

    with pytest.raises(ImportCancelled, match=r"long\.pdf was cancelled; nothing was imported"):
        await import_file(services.imports, trip.id, pdf, progress=progress, cancel=cancel)
    assert len(seen) == 1


async def test_a_pdf_is_read_for_the_assistant_and_a_bad_calendar_refused_whole(
    services: TravelServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Porto"})).record
    pdf = write_pdf(tmp_path / "ticket.pdf", [["CP Alfa Pendular 131", "Lisboa 09:00"]])
    done = await import_file(services.imports, trip.id, pdf)
    assert done.pdf is not None and done.queued == ()
    message = pdf_message(done.pdf)
    assert message.startswith("I imported the PDF “ticket.pdf”.")
    assert "CP Alfa Pendular 131" in message

    with pytest.raises(ImportRefused, match="VEVENT 2"):
        await import_file(
            services.imports, trip.id, calendar(tmp_path / "bad.ics", "flight", "bad date")
        )
    assert await services.imports.pending(trip.id) == []
    done = await import_file(
        services.imports, trip.id, calendar(tmp_path / "ok.ics", "flight", "hotel")
    )
    assert [c.source_ref for c in done.queued] == ["VEVENT 1", "VEVENT 2"]

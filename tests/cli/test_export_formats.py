"""`concierge export TRIP --format ics|pdf` in a subprocess with no display, on a real data
folder: the calendar parses back, the PDF has the plan in it, and failures are one line."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path

import pytest
from icalendar import Calendar

from concierge.travel.services import open_services
from tests.cli.support import BOOKING_CODE, PASSPORT, Seeded, run_cli, seed
from tests.poppler import pdf_pages, pdf_text


@pytest.fixture
def seeded(tmp_path: Path) -> Seeded:
    return asyncio.run(seed(tmp_path / "data"))


def titles(data: bytes) -> set[str]:
    return {str(event["summary"]) for event in Calendar.from_ical(data).walk("VEVENT")}


def test_ics_to_a_file_and_to_stdout(seeded: Seeded, tmp_path: Path) -> None:
    target = tmp_path / "kyoto.ics"
    done = run_cli(
        "export", "Kyoto in autumn", "--format", "ics", "-o", target, "--data-dir", seeded.folder
    )
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.stderr) == ("", "")
    data = target.read_bytes()
    assert titles(data) == {
        "Flight · Lisbon to Tokyo",
        "Train · Shinkansen to Kyoto",
        "Lodging · Ryokan in Gion",
        "Flight · Osaka to Lisbon",
    }
    assert BOOKING_CODE.encode() not in data and PASSPORT.encode() not in data
    printed = run_cli("export", seeded.porto, "--format", "ics", "--data-dir", seeded.folder)
    assert printed.returncode == 0, printed.stderr
    assert "Anniversary dinner" in titles(printed.stdout.encode())


def test_pdf_holds_the_plan_day_by_day(seeded: Seeded, tmp_path: Path) -> None:
    target = tmp_path / "kyoto.pdf"
    done = run_cli(
        "export", seeded.kyoto, "--format", "pdf", "-o", target, "--data-dir", seeded.folder
    )
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.stderr) == ("", "")
    assert target.read_bytes().startswith(b"%PDF-")
    assert pdf_pages(target) >= 1
    text = " ".join(pdf_text(target).split())
    for expected in (
        "Kyoto in autumn",
        "Essentials",
        "Thursday 18 November 2027 · Kyoto",
        "check-in 15:00 Lodging · Ryokan in Gion",
        "arrives 07:55 Tokyo",
        "850.00 EUR",
    ):
        assert expected in text


def test_a_pdf_needs_a_file_and_a_file_that_cannot_be_written_is_named(
    seeded: Seeded, tmp_path: Path
) -> None:
    done = run_cli("export", seeded.kyoto, "--format", "pdf", "--data-dir", seeded.folder)
    assert done.returncode == 1
    assert done.stderr == "concierge export: A PDF is written to a file: give -o FILE.\n"
    missing = tmp_path / "no such folder" / "kyoto.ics"
    done = run_cli(
        "export", seeded.kyoto, "--format", "ics", "-o", missing, "--data-dir", seeded.folder
    )
    assert done.returncode == 1
    assert done.stderr == (
        f"concierge export: Cannot write {missing}: No such file or directory.\n"
    )
    assert not missing.parent.exists()


WITHOUT_QT_GRAPHICS = """
import importlib.abc
import sys


class MissingGraphicsLibraries(importlib.abc.MetaPathFinder):
    \"\"\"What the dynamic loader says where libEGL (Qt's graphics) is not installed.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name in ("PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtPdf"):
            raise ImportError(
                "libEGL.so.1: cannot open shared object file: No such file or directory"
            )
        return None


sys.meta_path.insert(0, MissingGraphicsLibraries())
"""


def test_a_pdf_without_qt_graphics_libraries_is_one_line_and_other_formats_still_work(
    seeded: Seeded, tmp_path: Path
) -> None:
    machine = tmp_path / "machine"
    machine.mkdir()
    (machine / "sitecustomize.py").write_text(WITHOUT_QT_GRAPHICS, encoding="utf-8")
    target = tmp_path / "kyoto.pdf"
    done = run_cli(
        "export",
        seeded.kyoto,
        "--format",
        "pdf",
        "-o",
        target,
        "--data-dir",
        seeded.folder,
        python_path=machine,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("concierge export: A PDF needs Qt's graphics libraries")
    assert "libEGL.so.1" in done.stderr
    assert not target.exists()
    calendar = run_cli(
        "export",
        seeded.kyoto,
        "--format",
        "ics",
        "--data-dir",
        seeded.folder,
        python_path=machine,
    )
    assert calendar.returncode == 0, calendar.stderr
    assert "Lodging · Ryokan in Gion" in titles(calendar.stdout.encode())


async def _add_zoneless_visit(folder: Path, trip_id: str) -> None:
    services = open_services(folder)
    try:
        await services.itinerary.add(
            trip_id,
            {"kind": "activity", "day": "2027-11-19", "start_time": "08:30", "title": "Fushimi"},
        )
    finally:
        await services.aclose()
        services.close()


def test_every_timed_event_names_its_zone(seeded: Seeded) -> None:
    """An item without its own zone (as the assistant or an import writes it) is exported in
    its stop's zone, as the app shows it: no time in the file is floating."""
    asyncio.run(_add_zoneless_visit(seeded.folder, seeded.kyoto))
    printed = run_cli("export", seeded.kyoto, "--format", "ics", "--data-dir", seeded.folder)
    assert printed.returncode == 0, printed.stderr
    for event in Calendar.from_ical(printed.stdout.encode()).walk("VEVENT"):
        for name in ("dtstart", "dtend"):
            moment = event.decoded(name, None)
            if isinstance(moment, datetime):
                assert moment.tzinfo is not None, (event["summary"], name)
    assert "DTSTART;TZID=Asia/Tokyo:20271119T083000" in printed.stdout

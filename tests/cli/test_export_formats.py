"""`concierge export TRIP --format ics|pdf` in a subprocess with no display, on a real data
folder: the calendar parses back, the PDF has the plan in it, and failures are one line."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from icalendar import Calendar

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

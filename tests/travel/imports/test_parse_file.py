"""`parse_file` picks the importer by content, then by extension, and refuses a file it cannot
use in one sentence naming the file and why."""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

import icalendar
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from concierge.store import ItemKind
from concierge.travel.imports import MAX_FILE_BYTES, ImportFileError, parse_file

from .pdf_files import write_pdf

CALENDAR = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:1\r\n"
    "SUMMARY:Flight LH 1173\r\nDTSTART:20270315T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


def test_content_decides_where_the_name_says_nothing(tmp_path: Path) -> None:
    calendar = tmp_path / "export"
    calendar.write_text(CALENDAR)
    (flight,) = parse_file(calendar).candidates
    assert flight.kind is ItemKind.FLIGHT
    mail = tmp_path / "message.txt"
    mail.write_bytes(b"Return-Path: <a@example.com>\r\nSubject: hi\r\n\r\nHello\r\n")
    assert parse_file(mail).warnings == ("The message has no HTML part to import.",)
    pdf = write_pdf(tmp_path / "download", [["Hotel"]])
    result = parse_file(pdf)
    assert result.pdf is not None and result.pdf.pages == ("Hotel",)
    assert icalendar.Calendar.from_ical(CALENDAR)  # the sample is a real calendar


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("trip.ics", b"%PDF-1.4\n", "its name says a calendar but it holds a PDF."),
        ("ticket.pdf", b"BEGIN:VCALENDAR\r\n", "its name says a PDF but it holds a calendar."),
        ("ticket.pdf", b"hello", "it is not a PDF (its content says otherwise)."),
        ("pass.pkpass", b"{}", "it is not a wallet pass (its content says otherwise)."),
        ("photo.jpg", b"\xff\xd8\xff\xe0", "it is not a kind of file Concierge imports (.csv,"),
        ("empty.ics", b"", "it is empty."),
    ],
)
def test_a_file_of_the_wrong_kind_is_refused(
    tmp_path: Path, name: str, content: bytes, reason: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImportFileError) as caught:
        parse_file(path)
    assert str(caught.value).startswith(f"Cannot import {name}: {reason}")
    assert caught.value.file_name == name


def test_missing_files_folders_and_oversized_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ImportFileError, match=r"^Cannot import gone\.ics: the file does not exist"):
        parse_file(tmp_path / "gone.ics")
    (tmp_path / "folder.ics").mkdir()
    with pytest.raises(ImportFileError, match="it is a folder"):
        parse_file(tmp_path / "folder.ics")
    big = tmp_path / "huge.ics"
    with big.open("wb") as out:
        out.write(CALENDAR.encode())
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing is written past the calendar
    with pytest.raises(
        ImportFileError,
        match=r"huge\.ics: it is 10\.0 MB; at most 10 MB are imported for a calendar\.$",
    ):
        parse_file(big)


def test_a_wallet_pass_is_known_by_its_zip_whatever_its_name(tmp_path: Path) -> None:
    path = tmp_path / "download.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "pass.json",
            '{"relevantDate": "2027-03-15T10:00:00Z", "boardingPass": '
            '{"transitType": "PKTransitTypeAir"}}',
        )
    (flight,) = parse_file(path).candidates
    assert flight.kind is ItemKind.FLIGHT


def test_a_damaged_calendar_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cut.ics"
    path.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n")
    with pytest.raises(ImportFileError, match=r"^Cannot import cut\.ics: it is not a readable"):
        parse_file(path)


HEADS = [b"", b"BEGIN:VCALENDAR\r\n", b"Subject: x\r\n\r\n", b"PK\x03\x04", b"%PDF-1.4\n"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    suffix=st.sampled_from([".ics", ".eml", ".csv", ".pkpass", ".pdf", ""]),
    head=st.sampled_from(
        [b"", b"BEGIN:VCALENDAR\r\n", b"Subject: x\r\n\r\n", b"PK\x03\x04", b"%PDF-1.4\n"]
    ),
    body=st.binary(max_size=400),
)
def test_any_bytes_give_a_result_or_a_file_error(suffix: str, head: bytes, body: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(head + body)
        try:
            result = parse_file(path)
        except ImportFileError as error:
            message = str(error)
        else:
            message = f"Cannot import {path.name}: "
            assert all(error.startswith(f"In {path.name}, ") for error in result.errors)
    assert message.startswith(f"Cannot import {path.name}: ")


def _samples() -> dict[str, bytes]:
    """One valid file of each format, from the other tests' builders."""
    from . import test_eml as mails
    from . import test_pkpass as passes

    with tempfile.TemporaryDirectory() as folder:
        place = Path(folder)
        wallet = passes._pass(place, passes._boarding()).read_bytes()
        pdf = write_pdf(place / "x.pdf", [["Flight TP 576"], ["Hotel"]]).read_bytes()
    html = mails._html(mails._script([mails.FLIGHT, mails.HOTEL]), mails.MICRODATA)
    return {
        "a.eml": mails._message(html),
        "b.pkpass": wallet,
        "c.pdf": pdf,
        "d.ics": CALENDAR.encode(),
        "e.csv": b"Date,Time,What,Time zone,Price,Currency\n2027-03-15,06:05,TP 576,UTC,3,EUR\n",
    }


SAMPLES = _samples()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(SAMPLES)),
    cut=st.floats(0, 1),
    flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), max_size=6),
)
def test_damaged_files_give_a_result_or_a_file_error(
    name: str, cut: float, flips: list[tuple[float, int]]
) -> None:
    data = bytearray(SAMPLES[name])
    for where, value in flips:
        data[int(where * (len(data) - 1))] = value
    data = data[: max(1, int(cut * len(data)))] if cut < 0.5 else data
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(bytes(data))
        try:
            result = parse_file(path)
        except ImportFileError as error:
            message = str(error)
        else:
            message = f"Cannot import {name}: "
            assert all(error.startswith(f"In {name}, ") for error in result.errors)
    assert message.startswith(f"Cannot import {name}: ")


class Stop(Exception):
    """What a caller's progress callback raises to cancel."""


@pytest.mark.parametrize("name", ["a.eml", "c.pdf", "d.ics", "e.csv"])
def test_progress_is_reported_and_what_it_raises_passes_through(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(SAMPLES[name])
    seen: list[tuple[int, int]] = []
    parse_file(path, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]

    def cancel(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        parse_file(path, progress=cancel)

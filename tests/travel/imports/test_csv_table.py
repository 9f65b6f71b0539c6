"""A CSV file previewed under a column mapping before it is imported: the header's own
mapping, each of the first rows read as the import would read it (its item or its error),
a mapping that cannot be used said in a sentence, and the command line's mapping text."""

from __future__ import annotations

from datetime import date, time
from pathlib import Path

import pytest

from concierge.travel.imports import ImportFileError, is_csv
from concierge.travel.imports.csv_table import mapping_from_text, mapping_text, read_csv_table


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_the_preview_follows_the_mapping(tmp_path: Path) -> None:
    file = write(
        tmp_path / "plan.csv",
        "Date,Time,What,Memo\n2027-04-11,7pm,Fado,cash\n2027-04-31,10:00,Tram 28,\n",
    )
    assert is_csv(file)
    table = read_csv_table(file)
    assert table.header == ("Date", "Time", "What", "Memo")
    assert table.detected() == {"Date": "day", "Time": "start_time", "What": "title"}

    preview = table.preview(table.detected())
    fado, tram = preview.rows
    assert preview.problem == "" and fado.error == "" and fado.candidate is not None
    assert (fado.candidate.day, fado.candidate.start_time) == (date(2027, 4, 11), time(19))
    assert tram.candidate is None and tram.error.startswith("In plan.csv, row 3: column 'Date'")

    as_notes = table.preview({**table.detected(), "Memo": "notes", "What": "place"})
    assert as_notes.rows[0].candidate is not None
    assert (as_notes.rows[0].candidate.place, as_notes.rows[0].candidate.notes) == ("Fado", "cash")

    no_day = table.preview({"What": "title"})
    assert no_day.rows == () and "no column gives the date" in no_day.problem


def test_mapping_text_changes_the_detected_mapping(tmp_path: Path) -> None:
    table = read_csv_table(write(tmp_path / "p.csv", "Date,Where,Notes\n2027-04-11,Porto,x\n"))
    assert mapping_from_text(table, "Notes=ignore, Where=Title") == {
        "Date": "day",
        "Where": "title",
    }
    assert mapping_from_text(table, "Notes=day") == {"Where": "place", "Notes": "day"}
    assert mapping_text({"Date": "day"}, table.header) == "Date=day,Where=ignore,Notes=ignore"
    with pytest.raises(ValueError, match="has no column “When”"):
        mapping_from_text(table, "When=day")


def test_a_file_that_is_no_csv_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"Date,Title\n\x81\xfe2027\n")  # not UTF-8, nor Windows-1252
    with pytest.raises(ImportFileError, match="not UTF-8"):
        read_csv_table(bad)
    assert not is_csv(tmp_path / "missing.csv")

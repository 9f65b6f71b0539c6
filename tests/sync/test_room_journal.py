"""A room's journal in the data folder: a record cut short by a crash is dropped when the file
is opened, and what is appended after it reads back whole."""

from __future__ import annotations

from pathlib import Path

from concierge.sync.journal import Journal


def test_a_torn_record_is_dropped_and_later_ones_read_whole(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "trip.room")
    journal.append([("ana-laptop", b"\x01\x02"), ("ben-phone", b"\x03")])
    whole = journal.path.read_bytes()
    journal.append([("ana-laptop", b"\x04" * 40)])
    journal.path.write_bytes(journal.path.read_bytes()[:-5])
    assert journal.read() == [("ana-laptop", b"\x01\x02"), ("ben-phone", b"\x03")]
    assert journal.path.read_bytes() == whole
    journal.append([("ben-phone", b"\x05")])
    assert Journal(journal.path).read()[-1] == ("ben-phone", b"\x05")

"""`concierge import` with CSV files as spreadsheets in other locales save them, on a real
data folder: what was found in the file said on stderr, amounts and dates read unchanged,
`--delimiter` and `--date-format` overriding what the file shows, and a wrong separator
refused with what was found and what to try."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

from tests.cli.support import run_cli
from tests.cli.test_import_bookings import folder as folder
from tests.cli.test_import_bookings import pending
from tests.travel.imports.spreadsheets import GERMAN_CALC, GERMAN_MAP, UNDECIDED, write


async def pending_values(data: Path, trip_id: str) -> list[tuple[object, object, object]]:
    return [
        (c.values["day"], c.values.get("cost_amount"), c.title)
        for c in await pending(data, trip_id)
    ]


async def test_a_german_calc_file_is_queued_as_found(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    file = write(tmp_path, "reise.csv", GERMAN_CALC)

    done = run_cli("import", file, "--trip", trip_id, "--map", GERMAN_MAP, "--data-dir", data)

    assert done.returncode == 0, done.stderr
    assert (
        f"{file}: Read as UTF-8 with a byte-order mark, with a semicolon (;) between cells "
        "(found in the file); decimal mark: comma (found in the file); dates: day first, "
        "like 14.05.2026 (found in the file). Month names in German."
    ) in done.stderr.splitlines()
    assert [line.split("\t")[2] for line in done.stdout.splitlines()[:3]] == [
        "2027-05-14 06:05",
        "2027-03-12",
        "2027-04-03",
    ]
    assert await pending_values(data, trip_id) == [
        (date(2027, 5, 14), Decimal("1234.56"), "Flug LH 1173; Frankfurt → Lissabon"),
        (date(2027, 3, 12), Decimal("312.40"), "Hotel Römerhof"),
        (date(2027, 4, 3), Decimal(1250), "Museumsufer"),
    ]


async def test_a_wrong_delimiter_says_what_it_found_and_the_right_one_imports(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    file = write(tmp_path, "reise.csv", GERMAN_CALC.replace(b'"Datum"', b'"Date"'))

    wrong = run_cli("import", file, "--trip", trip_id, "--delimiter", ",", "--data-dir", data)

    assert wrong.returncode == 1 and wrong.stdout == ""
    refusal = wrong.stderr.splitlines()[-1]
    assert refusal.startswith("concierge import: Cannot import reise.csv: no column gives the date")
    assert "With a comma (,) between cells (as chosen), its header reads as 1 column(s)" in refusal
    assert "With a semicolon (;) between cells, column “Date” gives the date" in refusal
    assert await pending_values(data, trip_id) == []

    right = run_cli("import", file, "--trip", trip_id, "--delimiter", "semicolon",
                    "--data-dir", data)  # fmt: skip
    assert right.returncode == 0, right.stderr
    assert "with a semicolon (;) between cells (as chosen)" in right.stderr
    assert len(await pending_values(data, trip_id)) == 3


async def test_dates_the_file_does_not_decide_wait_for_a_date_format(
    folder: tuple[Path, str], tmp_path: Path
) -> None:
    data, trip_id = folder
    file = write(tmp_path, "plan.csv", UNDECIDED)

    undecided = run_cli("import", file, "--trip", trip_id, "--data-dir", data)

    assert undecided.returncode == 1
    assert "numeric ones such as 03/04/2027 are refused until you choose" in undecided.stderr
    assert "'03/04/2027' is ambiguous" in undecided.stderr
    assert await pending_values(data, trip_id) == []

    done = run_cli(
        "import", file, "--trip", trip_id, "--date-format", "DD/MM/YYYY", "--data-dir", data
    )

    assert done.returncode == 0, done.stderr
    assert "dates: day first, like 14/05/2026 (as chosen)" in done.stderr
    assert (
        f"{file}: row 2: The cost '1.250' could be 1.25 or 1250: read as 1.25, as your "
        "language writes numbers. Check it." in done.stderr.splitlines()
    )
    assert await pending_values(data, trip_id) == [
        (date(2027, 4, 3), Decimal("1.25"), "Tram"),
        (date(2027, 6, 5), Decimal("2.5"), "Funicular"),
    ]
    bad = run_cli("import", file, "--trip", trip_id, "--date-format", "DD/MM", "--data-dir", data)
    assert bad.returncode == 1 and "--date-format: “DD/MM” is not a date format" in bad.stderr

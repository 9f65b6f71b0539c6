"""CSV item lists: the header mapped to item fields by names and synonyms (or by hand), dates
in ISO or the locale's short form, and a sentence per bad cell naming its row and column."""

from __future__ import annotations

import tempfile
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.model.values.dates import pattern_example
from concierge.store import ItemKind
from concierge.travel.imports import CSV_FIELDS, ImportFileError, detect_columns, parse_file


def _csv(tmp_path: Path, text: str, name: str = "plan.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_header_is_mapped_by_names_and_synonyms() -> None:
    header = ["Date", "Time", "What", "Type", "Where", "Airline", "Flight", "From", "To",
              "Booking ref", "Price", "Currency", "Colour"]  # fmt: skip
    assert detect_columns(header) == {
        "Date": "day",
        "Time": "start_time",
        "What": "title",
        "Type": "kind",
        "Where": "place",
        "Airline": "carrier",
        "Flight": "service_number",
        "From": "from_place",
        "To": "to_place",
        "Booking ref": "confirmation_code",
        "Price": "cost_amount",
        "Currency": "cost_currency",
    }
    assert detect_columns(["confirmation_code", "End time zone", "Start date"]) == {
        "confirmation_code": "confirmation_code",
        "End time zone": "end_timezone",
        "Start date": "day",
    }
    assert set(detect_columns(["Date", "date"]).values()) == {"day"}
    assert "day" in CSV_FIELDS


def test_rows_become_candidates_and_bad_cells_are_named(tmp_path: Path) -> None:
    path = _csv(
        tmp_path,
        "Date,Time,End time,What,Type,Time zone,Price,Currency,Colour\n"
        "2027-03-15,06:05,09:55,TP 576 to Frankfurt,flight,Europe/Lisbon,312.40,EUR,blue\n"
        "15 Mar 2027,7:30 pm,,Dinner at Wagner,restaurant,,€ 64.50,eur,\n"
        "2027-03-16,10:00,,Museum,,Mars/Base,,,\n"
        "2027-02-30,10:00,,Bad day,,,,,\n"
        "2027-03-17,25:00,,Late,,,,,\n"
        "2027-03-18,,,Ferry,boat-ish,,,,\n"
        ",,,No date,,,,,\n"
        "2027-03-19,12:00,11:00,Backwards,,,,,\n"
        "2027-03-20,12:00,,Folder zone,,Europe,,,\n",
    )
    seen: list[tuple[int, int]] = []
    result = parse_file(path, progress=lambda done, total: seen.append((done, total)))
    flight, dinner = result.candidates
    assert (flight.kind, flight.day, flight.start_time, flight.end_time, flight.timezone) == (
        ItemKind.FLIGHT,
        date(2027, 3, 15),
        time(6, 5),
        time(9, 55),
        "Europe/Lisbon",
    )
    assert (flight.cost_amount, flight.cost_currency, flight.source_ref) == (
        Decimal("312.40"),
        "EUR",
        "row 2",
    )
    assert (dinner.kind, dinner.start_time, dinner.cost_amount, dinner.cost_currency) == (
        ItemKind.MEAL,
        time(19, 30),
        Decimal("64.50"),
        "EUR",
    )
    zone, bad_day, late, kind, no_date, backwards, folder = result.errors
    assert zone.startswith("In plan.csv, row 4: column 'Time zone': ")
    assert "Mars/Base" in zone
    assert bad_day.startswith("In plan.csv, row 5: column 'Date': ")
    assert "February 2027 has 28 days" in bad_day
    assert late.startswith("In plan.csv, row 6: column 'Time': ")
    assert kind.startswith("In plan.csv, row 7: column 'Type': 'boat-ish' is not a kind")
    assert no_date == "In plan.csv, row 8: column 'Date': it has no date."
    assert backwards.startswith("In plan.csv, row 9: The end")
    assert folder.startswith("In plan.csv, row 10: column 'Time zone': Time zone must be an IANA")
    assert result.warnings == ("Columns not imported: Colour.",)
    assert seen[-1] == (9, 9)


def test_the_locale_short_date_form_is_read_in_its_order(tmp_path: Path) -> None:
    text = "Date,Title\n05/06/2027,Lisbon\n"
    (european,) = parse_file(_csv(tmp_path, text), date_pattern="dd/MM/yyyy").candidates
    (american,) = parse_file(_csv(tmp_path, text), date_pattern="M/d/yy").candidates
    assert (european.day, american.day) == (date(2027, 6, 5), date(2027, 5, 6))
    unclear = parse_file(_csv(tmp_path, text))
    assert unclear.candidates == ()
    assert "ambiguous" in unclear.errors[0]


def test_a_mapping_overrides_the_header_and_is_checked(tmp_path: Path) -> None:
    path = _csv(tmp_path, "When;Label;Ref\n2027-03-15;Check-in;H-1\n", "semi.csv")
    (stay,) = parse_file(
        path, column_mapping={"When": "day", "Label": "title", "Ref": "confirmation_code"}
    ).candidates
    assert (stay.kind, stay.title, stay.confirmation_code) == (ItemKind.LODGING, "Check-in", "H-1")
    with pytest.raises(ImportFileError, match="no column gives the date"):
        parse_file(path)
    with pytest.raises(ImportFileError, match="'Label' is mapped to 'colour', which is not"):
        parse_file(path, column_mapping={"When": "day", "Label": "colour"})
    with pytest.raises(ImportFileError, match="it has no column 'Date'"):
        parse_file(path, column_mapping={"Date": "day"})
    with pytest.raises(ImportFileError, match="more than one column is mapped to day"):
        parse_file(path, column_mapping={"When": "day", "Ref": "day"})


def test_windows_1252_is_read_and_text_in_neither_encoding_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.csv"
    path.write_bytes("Date,Title,Price\n2027-03-15,Café,12 €\n".encode("cp1252"))
    (cafe,) = parse_file(path).candidates
    assert (cafe.title, cafe.cost_amount, cafe.cost_currency) == ("Café", Decimal(12), "EUR")
    path.write_bytes(b"Date,Title\n2027-03-15,Caf\x81\xe9\n")  # 0x81 is in neither
    with pytest.raises(ImportFileError, match=r"^Cannot import latin\.csv: it is not UTF-8 text"):
        parse_file(path)


@settings(max_examples=60, deadline=None)
@given(
    day=st.dates(min_value=date(2001, 1, 1), max_value=date(2099, 12, 31)),
    pattern=st.sampled_from(["dd/MM/yyyy", "M/d/yy", "dd.MM.yy", "yyyy-MM-dd", "d/M/yyyy"]),
)
def test_any_date_in_iso_or_the_locale_form_comes_back(day: date, pattern: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        local = pattern_example(pattern, day)
        path = _csv(Path(folder), f"Date,End date,Title\n{local},{day.isoformat()},Walk\n")
        (candidate,) = parse_file(path, date_pattern=pattern).candidates
    assert candidate.day == day
    assert candidate.end_day in (None, day)


GERMAN_LIBREOFFICE = (
    # What LibreOffice Calc in a German locale saves as "Text CSV": semicolons, quoted text,
    # a decimal comma, dots grouping thousands, and day-first dates with dots.
    '"Datum";"Uhrzeit";"Titel";"Typ";"Preis";"Währung"\n'
    '"14.05.2026";"06:05";"TP 576 nach Frankfurt";"flight";"312,40";"EUR"\n'
    '"05.06.2026";"";"Hotel Römerhof";"lodging";"1.234,56";"EUR"\n'
    '"06.06.2026";"";"Museumsufer";"activity";"12,50";"EUR"\n'
    '"07.06.2026";"";"Mietwagen";"car";"1.250";"EUR"\n'
)


def test_a_german_libreoffice_csv_keeps_its_amounts_and_dates(tmp_path: Path) -> None:
    path = _csv(tmp_path, GERMAN_LIBREOFFICE, "reise.csv")
    result = parse_file(path, column_mapping={"Datum": "day", "Uhrzeit": "start_time",
                        "Titel": "title", "Typ": "kind", "Preis": "cost_amount",
                        "Währung": "cost_currency"})  # fmt: skip
    assert result.errors == ()
    assert [(c.day, c.cost_amount, c.cost_currency) for c in result.candidates] == [
        (date(2026, 5, 14), Decimal("312.40"), "EUR"),
        (date(2026, 6, 5), Decimal("1234.56"), "EUR"),  # not 5 June read as May 6
        (date(2026, 6, 6), Decimal("12.50"), "EUR"),  # not 1250
        (date(2026, 6, 7), Decimal("1250"), "EUR"),  # the column's decimal comma decides
    ]


def test_a_symbol_names_the_currency_and_english_reads_its_own_grouping(tmp_path: Path) -> None:
    text = (
        "Date,Title,Price,Currency\n"
        "2027-03-15,Dinner,€ 64.50,\n"
        '2027-03-16,Tour,"1,250",EUR\n'
        "2027-03-17,Boat,1'250 CHF,\n"
    )
    result = parse_file(_csv(tmp_path, text))
    assert result.errors == ()
    assert [(c.cost_amount, c.cost_currency) for c in result.candidates] == [
        (Decimal("64.50"), "EUR"),
        (Decimal("1250"), "EUR"),  # the column writes "." as its decimal mark
        (Decimal("1250"), "CHF"),
    ]


def test_an_amount_no_reading_settles_leaves_the_cost_out_with_a_sentence(
    tmp_path: Path,
) -> None:
    from concierge.travel.locale.app_locale import DEFAULT_LOCALE, set_app_locale

    set_app_locale("de_CH")  # groups with an apostrophe, so "1,250" reads two ways
    try:
        text = 'Date,Title,Price\n2027-03-16,Tour,"1,250"\n'
        (tour,) = parse_file(_csv(tmp_path, text)).candidates
    finally:
        set_app_locale(DEFAULT_LOCALE)
    assert tour.cost_amount is None
    assert "The cost was left out: '1,250' could mean 1250 or 1.25" in " ".join(tour.warnings)

"""CSV files from spreadsheets in other locales, through the importer: the separator,
encoding, decimal mark and date order found from the whole file, amounts and dates read by
the single readers, what could be read two ways flagged on its row, never silently scaled,
and a refusal for a missing date column that says how the file was split."""

from __future__ import annotations

from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.travel.imports import CsvChoices, ImportFileError, parse_file
from concierge.travel.imports.csv_layout import (
    Evidence,
    date_format_named,
    find_separator,
    separator_named,
)
from concierge.travel.imports.csv_table import mapping_from_text, read_csv_table
from tests.travel.imports.spreadsheets import (
    BRAZILIAN_EXCEL,
    BRAZILIAN_MAP,
    FRENCH_EXCEL,
    FRENCH_MAP,
    GERMAN_CALC,
    GERMAN_MAP,
    UNDECIDED,
    UNICODE_TEXT,
    app_language,
    write,
)


def mapped(path: Path, text: str) -> dict[str, str]:
    return mapping_from_text(read_csv_table(path), text)


def test_a_german_calc_file_reads_with_its_semicolons_bom_and_decimal_commas(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, "reise.csv", GERMAN_CALC)
    table = read_csv_table(path)
    assert (table.layout.encoding, table.layout.separator) == ("utf-8-sig", ";")
    assert table.header == ("Datum", "Uhrzeit", "Titel", "Typ", "Preis", "Währung", "Notiz")
    result = parse_file(path, column_mapping=mapped(path, GERMAN_MAP))  # März: German
    assert result.errors == ()
    flight, hotel, museum = result.candidates
    assert (flight.day, flight.start_time, flight.title) == (
        date(2027, 5, 14),
        time(6, 5),
        "Flug LH 1173; Frankfurt → Lissabon",
    )
    assert flight.cost_amount == Decimal("1234.56")
    assert (hotel.day, hotel.cost_amount, hotel.cost_currency) == (
        date(2027, 3, 12),
        Decimal("312.40"),
        "EUR",
    )
    assert hotel.notes == "Zimmer 12\nFrühstück inklusive"
    assert (museum.day, museum.cost_amount) == (date(2027, 4, 3), Decimal(1250))
    assert all(candidate.warnings == () for candidate in result.candidates)


def test_a_french_excel_file_in_windows_1252_reads(tmp_path: Path) -> None:
    path = write(tmp_path, "voyage.csv", FRENCH_EXCEL)
    assert read_csv_table(path).layout.encoding == "cp1252"
    result = parse_file(path, column_mapping=mapped(path, FRENCH_MAP))
    assert result.errors == ()
    assert [(c.day, c.title, c.cost_amount, c.cost_currency) for c in result.candidates] == [
        (date(2027, 3, 25), "Dîner chez Lapérouse", Decimal("1234.56"), "EUR"),
        (date(2027, 3, 12), "Visite; Louvre", Decimal("18.50"), "EUR"),
        (date(2027, 4, 2), "Musée d'Orsay", Decimal(16), "EUR"),
    ]


def test_a_brazilian_excel_file_reads_reais_and_the_windows_month_names(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, "viagem.csv", BRAZILIAN_EXCEL)
    with app_language("pt_BR"):
        result = parse_file(path, column_mapping=mapped(path, BRAZILIAN_MAP))
    assert result.errors == ()
    assert [(c.day, c.title, c.cost_amount, c.cost_currency) for c in result.candidates] == [
        (date(2027, 3, 28), "Jantar; fado", Decimal("1234.56"), "BRL"),
        (date(2027, 4, 3), "Passeio de barco", Decimal("80.00"), "BRL"),
        (date(2027, 4, 5), "Bonde 28", Decimal(3), "BRL"),
    ]


def test_excel_unicode_text_is_utf16_with_tabs(tmp_path: Path) -> None:
    path = write(tmp_path, "Plan.txt", UNICODE_TEXT)
    table = read_csv_table(path)
    assert (table.layout.encoding, table.layout.separator) == ("utf-16", "\t")
    (tram,) = parse_file(path).candidates
    assert (tram.day, tram.title, tram.cost_amount) == (
        date(2027, 5, 14),
        "Tram 28, Lisbon",
        Decimal("3.00"),
    )


def test_what_nothing_in_the_file_decides_is_flagged_not_silently_read(tmp_path: Path) -> None:
    path = write(tmp_path, "undecided.csv", UNDECIDED)
    with app_language("de"):
        tram, funicular = parse_file(path, date_pattern="dd.MM.yyyy").candidates
    assert (tram.day, tram.cost_amount) == (date(2027, 4, 3), Decimal(1250))
    assert funicular.cost_amount == Decimal(2500)
    assert tram.warnings == (
        "'03/04/2027' could be 3 April 2027 or 4 March 2027: read as 3 April 2027, in the "
        "order your language writes dates. Check it, or choose the date format.",
        "The cost '1.250' could be 1250 or 1.25: read as 1250, as your language writes "
        "numbers. Check it.",
    )
    english = parse_file(path, date_pattern="M/d/yyyy").candidates[0]
    assert (english.day, english.cost_amount) == (date(2027, 3, 4), Decimal("1.25"))
    assert len(english.warnings) == 2
    refused = parse_file(path)  # no locale order (the command line): refused, not guessed
    assert refused.candidates == () and "ambiguous" in refused.errors[0]


def test_a_chosen_date_format_wins_and_is_not_flagged(tmp_path: Path) -> None:
    path = write(tmp_path, "undecided.csv", UNDECIDED)
    choices = CsvChoices(date_format=date_format_named("MM/DD/YYYY"))
    tram, funicular = parse_file(path, date_pattern="dd/MM/yyyy", csv_choices=choices).candidates
    assert (tram.day, funicular.day) == (date(2027, 3, 4), date(2027, 5, 6))
    assert not any("could be 3 April" in warning for warning in tram.warnings)
    table = read_csv_table(path)
    found = table.preview(table.detected(), date_format=choices.date_format).found
    assert found.dates_from is Evidence.CHOSEN and found.marks_from is Evidence.LOCALE


def test_the_wrong_separator_says_what_it_found_and_what_to_try(tmp_path: Path) -> None:
    path = write(tmp_path, "reise.csv", GERMAN_CALC.replace(b'"Datum"', b'"Date"'))
    (flight, *_rest) = parse_file(path, date_pattern="dd.MM.yyyy").candidates
    assert flight.day == date(2027, 5, 14)
    with pytest.raises(ImportFileError) as caught:
        parse_file(path, csv_choices=CsvChoices(separator=","))
    reason = caught.value.reason
    assert reason.startswith("no column gives the date (name one Date, or map a column")
    assert (
        "With a comma (,) between cells (as chosen), its header reads as 1 column(s): “Date;"
        in reason
    )
    assert (
        "With a semicolon (;) between cells, column “Date” gives the date: choose that "
        "separator (--delimiter on the command line)." in reason
    )


def test_the_separator_is_found_from_the_whole_file() -> None:
    quoted = 'Date,Title,Notes\n2027-05-14,"Dinner; then fado","Rua A, 12\nLisbon"\n'
    assert find_separator(quoted) == ","
    assert find_separator("Date;Title\n2027-05-14;Tram 28, Lisbon\n2027-05-15;Ferry\n") == ";"
    assert find_separator("Date\tTitle\n2027-05-14\tA, B; C\n") == "\t"
    assert find_separator("Date\n2027-05-14\n") is None
    assert [separator_named(name) for name in ("tab", "\\t", ";", "Semicolon", "|")] == [
        "\t",
        "\t",
        ";",
        ";",
        "|",
    ]
    with pytest.raises(ValueError, match="is not a separator"):
        separator_named("ab")
    assert date_format_named("dd.mm.yyyy") == "dd.MM.yyyy"
    with pytest.raises(ValueError, match="is not a date format"):
        date_format_named("DD/MM")


def test_the_description_names_what_was_found(tmp_path: Path) -> None:
    table = read_csv_table(write(tmp_path, "reise.csv", GERMAN_CALC))
    found = table.preview(mapping_from_text(table, GERMAN_MAP)).found
    assert table.describe(found) == (
        "Read as UTF-8 with a byte-order mark, with a semicolon (;) between cells (found in "
        "the file); decimal mark: comma (found in the file); dates: day first, like "
        "14.05.2026 (found in the file). Month names in German."
    )
    with app_language("pt_BR"):
        table = read_csv_table(write(tmp_path, "viagem.csv", BRAZILIAN_EXCEL))
        found = table.preview(mapping_from_text(table, BRAZILIAN_MAP)).found
    assert found.month_language is None  # the window's language names them

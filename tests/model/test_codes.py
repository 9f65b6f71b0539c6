"""Booking codes and flight numbers have one normal form."""

from __future__ import annotations

import pytest

from concierge.model.values import booking_code, find_flight_number, flight_number, service_number


@pytest.mark.parametrize("text", ["TP 2501", "tp2501", "TP-2501", " tp 2501 ", "TP2501"])
def test_a_flight_number_has_one_form(text: str) -> None:
    assert flight_number(text) == "TP2501"
    assert service_number(text) == "TP2501"


def test_other_numbers_and_codes() -> None:
    assert flight_number("TP 0576") == "TP576"
    assert flight_number("U2 8012") == "U28012"
    assert flight_number("ba 117a") == "BA117A"
    assert flight_number("Rua Augusta") is None
    assert service_number("ICE 594") == "ICE594"
    assert service_number("") == ""
    assert booking_code(" qx7 plm ") == "QX7PLM"
    assert booking_code("H-99812") == "H-99812"
    assert find_flight_number("Flight TP 0576 to Frankfurt") == ("TP", "TP576")
    assert find_flight_number("Dinner at Wagner") is None

"""Sensitive values in free text are found beside their label (or by their check digits)
and held back as "… on file" unless shared; flight numbers, dates, times and prices never
are."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.model.field_kinds import Line
from concierge.store.validation import FieldRule
from concierge.travel.safe_text.sensitive import find_sensitive, hold_back, sharing
from concierge.travel.safe_text.value_text import field_text, free_text, sensitive_text

HELD = [
    ("Passport P1234567", "passport number on file", "P1234567"),
    (
        "My passport number is P1234567, expires 2031-05-01",
        "My passport number on file, expires 2031-05-01",
        "P1234567",
    ),
    ("passport no. x12345678 in the safe", "passport number on file in the safe", "x12345678"),
    ("ID card 12345678Z", "ID card number on file", "12345678Z"),
    ("Booking ref: XK7Q2P", "booking code on file", "XK7Q2P"),
    ("PNR XKQWPL for both", "booking code on file for both", "XKQWPL"),
    ("Confirmation: ABC123 for 3 nights", "booking code on file for 3 nights", "ABC123"),
    ("confirmation code 83920-1122", "booking code on file", "83920-1122"),
    ("Frequent flyer TP 123456789", "frequent-flyer number on file", "TP 123456789"),
    ("loyalty number 00123456", "frequent-flyer number on file", "00123456"),
    ("Seats 14C and 14D, window", "seat on file, window", "14C and 14D"),
    ("Card 4111 1111 1111 1111 exp 12/28", "card number on file exp 12/28", "4111 1111 1111 1111"),
    ("IBAN PT50 0002 0123 1234 5678 9015 4", "IBAN on file", "PT50 0002 0123 1234 5678 9015 4"),
    ("Pay to DE89370400440532013000", "Pay to IBAN on file", "DE89370400440532013000"),
]

KEPT = [
    "Flight TP1234 at 9",
    "Flight TP 1234 at 09:30, gate 14",
    "Hotel 120 EUR on 2026-05-01 at 14:30",
    "Confirmation email sent",
    "Booking confirmed 2026-05-01",
    "booking on 2026-05-01",
    "Window seat please",
    "seat 2 adults together",
    "Passport photos 2",
    "Passport expires 2031",
    "Phone +351 912 345 678",
    "Card 4111 1111 1111 1112",  # fails the Luhn check
    "IBAN PT50 0002 0123 1234 5678 9015 5",  # fails the mod-97 check
    "Order 1234567890123",
    "Member of staff",
    "conference at 9",
    "Train 4521 from Lisbon, 1234.50 EUR",
]


@pytest.mark.parametrize(("text", "shown", "value"), HELD)
def test_a_labelled_value_is_held_back_as_on_file(text: str, shown: str, value: str) -> None:
    assert hold_back(text) == shown
    assert [found.value for found in find_sensitive(text)] == [value]


@pytest.mark.parametrize("text", KEPT)
def test_flights_dates_times_prices_and_unchecked_numbers_are_not_hidden(text: str) -> None:
    assert find_sensitive(text) == []
    assert hold_back(text) == text


def test_a_shared_value_is_shown_ignoring_case_spaces_and_hyphens() -> None:
    text = "Passport P1234567; PNR XKQWPL"
    with sharing(["p 1234-567"]):
        assert hold_back(text) == "Passport P1234567; booking code on file"
    assert hold_back(text) == "passport number on file; booking code on file"


def test_sensitive_fields_show_on_file_unless_shared() -> None:
    seat = FieldRule("Seat", Line(), "", sensitive=True)
    assert sensitive_text("") == "" and sensitive_text(None) == ""
    assert field_text(seat, "14C") == "on file"
    with sharing(["14c"]):
        assert field_text(seat, "14C") == "14C"
    assert field_text(FieldRule("Place", Line(), ""), "Seat 14C") == "seat on file"


@settings(max_examples=60, deadline=None)
@given(
    carrier=st.sampled_from(["TP", "LH", "BA", "U2", "FR", "AF", "KL"]),
    number=st.integers(1, 9999),
    spaced=st.booleans(),
    hour=st.integers(0, 23),
    minute=st.integers(0, 59),
    day=st.dates(),
    price=st.decimals(0, 100_000, places=2),
)
def test_itinerary_lines_without_labels_are_never_hidden(
    carrier: str, number: int, spaced: bool, hour: int, minute: int, day: object, price: object
) -> None:
    flight = f"{carrier}{' ' if spaced else ''}{number}"
    text = f"Flight {flight} on {day} at {hour:02d}:{minute:02d}, {price} EUR, gate {number % 40}"
    assert free_text(text) == text


@settings(max_examples=40, deadline=None)
@given(st.from_regex(r"[A-Z][0-9]{7}", fullmatch=True))
def test_every_passport_number_after_its_label_is_held_back(number: str) -> None:
    assert number not in hold_back(f"Notes: passport {number}, keep safe")

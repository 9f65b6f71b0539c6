"""Booking codes and flight numbers, each with one normal form, so "TP 2501" and "TP-2501" are one
flight wherever they are compared or written."""

from __future__ import annotations

import re

_FLIGHT = re.compile(
    r"(?P<carrier>[A-Z]{3}|[A-Z][A-Z0-9]|[0-9][A-Z])\s*-?\s*(?P<number>\d{1,4})(?P<suffix>[A-Z]?)"
)
_FLIGHT_IN_TEXT = re.compile(r"\b([A-Z][A-Z0-9]|[A-Z0-9][A-Z])\s?(\d{1,4})\b")
_SEPARATORS = re.compile(r"[\s\-]+")


def booking_code(text: str) -> str:
    """A confirmation code as one string: upper case, spaces removed ("abc 123" → "ABC123")."""
    return "".join(text.split()).upper()


def flight_number(text: str) -> str | None:
    """A flight number as airlines print it ("TP 2501", "TP02501" → "TP2501"); None if `text` is not
    one."""
    match = _FLIGHT.fullmatch(text.strip().upper())
    if match is None:
        return None
    return f"{match['carrier']}{int(match['number'])}{match['suffix']}"


def service_number(text: str) -> str:
    """The normal form of any service number: a flight's `flight_number`, else the text upper
    case without spaces or hyphens ("ice 594" → "ICE594"), "" for blank."""
    return flight_number(text) or _SEPARATORS.sub("", text).upper()


def find_flight_number(text: str) -> tuple[str, str] | None:
    """The first flight number written in running text ("Flight TP 2501 to Lisbon"), as its
    carrier designator and its `flight_number`; None if there is none."""
    match = _FLIGHT_IN_TEXT.search(text)
    if match is None:
        return None
    return match[1], flight_number(match[0]) or f"{match[1]}{match[2]}"

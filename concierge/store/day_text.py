"""Dates written the one way every message, form hint and the model context write them.

In the store because its own error messages ("The end date … is before …") use it; the
travel layer re-exports it from `travel.dates`.
"""

from __future__ import annotations

from datetime import date

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def format_date(day: date) -> str:
    """A date as "14 May 2026": unambiguous in every locale, for messages and model context."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"

"""How the app writes a date in words, the same in every locale: "14 May 2026". Apart from `dates`
because `concierge.text` needs the writer and nothing else."""

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


def short_date(day: date) -> str:
    """A date as "14 May 2026" with the month shortened ("10 Apr 2027"), as a form shows it:
    short, the same in every locale, and read back by `read_date`."""
    return f"{day.day} {MONTHS[day.month - 1][:3]} {day.year}"

"""Times of day and durations as people, calendars and spreadsheets write them: "14:30", "14h30",
"2:30 p.m." (Babel's English form, with its narrow space), "90 min", "2 h 30", "1.5 h", with units
in English, German, Portuguese and French. Each writer's text reads back."""

from __future__ import annotations

import re
from datetime import time
from decimal import Decimal

from concierge.text import QT_TRANSLATE_NOOP

from .errors import ClockError

_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " "})
_TWELVE = re.compile(
    r"(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<ampm>[ap])\.?\s?m\.?", re.IGNORECASE
)
_TWENTY_FOUR = re.compile(r"(?P<h>\d{1,2})(?:[:.]?(?P<m>\d{2})|\s?h\s?(?P<hm>\d{2})?)")
_ISO_TIME = re.compile(r"\d{2}(?::\d{2}|\d{2}\b)")
_HOURS = r"h|hrs?|hours?|std\.?|stunden?|horas?|heures?"
_MINUTES = r"m|mins?|minutes?|minuten?|minutos?"
_DURATION = re.compile(
    rf"(?:(?P<h>\d+(?:[.,]\d+)?)\s*(?:{_HOURS}))?\s*(?:(?P<m>\d+)\s*(?:{_MINUTES})?)?",
    re.IGNORECASE,
)
_CLOCK_DURATION = re.compile(r"(?P<h>\d+):(?P<m>[0-5]\d)")


def read_time(text: object) -> time:
    """The time of day in `text` (see the module docstring), or a `ClockError`."""
    if isinstance(text, time):
        return text
    cleaned = " ".join(str(text).translate(_SPACES).split()) if isinstance(text, str) else ""
    if _ISO_TIME.match(cleaned):
        try:
            return time.fromisoformat(cleaned)
        except ValueError:
            pass
    if match := _TWELVE.fullmatch(cleaned):
        hour, minute = int(match["h"]), int(match["m"] or 0)
        if 1 <= hour <= 12 and minute < 60:
            return time(hour % 12 + (12 if match["ampm"].lower() == "p" else 0), minute)
    elif match := _TWENTY_FOUR.fullmatch(cleaned):
        hour, minute = int(match["h"]), int(match["m"] or match["hm"] or 0)
        if hour < 24 and minute < 60:
            return time(hour, minute)
    raise ClockError(
        QT_TRANSLATE_NOOP(
            "Values", "{text!r} is not a time of day; write it like 14:30 or 2:30 pm."
        ).format(text=text)
    )


def write_time(value: time, locale: str | None = None) -> str:
    """`value` as "14:30" (ISO, to the minute), or in `locale`'s short form ("2:30 PM" in
    English, "14:30" in German)."""
    if locale is None:
        return value.isoformat("minutes")
    from babel.dates import format_time

    return format_time(value, "short", locale=locale)


def read_duration(text: object) -> int:
    """The whole minutes `text` lasts (see the module docstring), or a `ClockError`."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    cleaned = " ".join(text.split()) if isinstance(text, str) else ""
    minutes: Decimal | None = None
    if match := _CLOCK_DURATION.fullmatch(cleaned):
        minutes = Decimal(int(match["h"]) * 60 + int(match["m"]))
    elif cleaned and (match := _DURATION.fullmatch(cleaned)) and (match["h"] or match["m"]):
        hours = Decimal(match["h"].replace(",", ".")) if match["h"] else Decimal(0)
        minutes = hours * 60 + int(match["m"] or 0)
    if minutes is None or minutes != minutes.to_integral_value():
        raise ClockError(
            QT_TRANSLATE_NOOP(
                "Values", "{text!r} is not a duration; write it like 90 min or 2h30."
            ).format(text=text)
        )
    return int(minutes)


def write_duration(minutes: int) -> str:
    """`minutes` as a person writes a duration: "45 min", "2h", "1h30"."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours}h{rest:02d}" if rest else f"{hours}h"

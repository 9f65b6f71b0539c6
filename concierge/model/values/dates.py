"""Calendar dates from what people, models and files write, and the ways the app writes them.

Reads ISO "2026-05-14", "14 May 2026", "May 14, 2026", "14. Mai 2026", "14 de maio de 2026".
Month names are English and the named locale's, from CLDR rather than the process locale. A leading
English weekday is checked, since models often get weekdays wrong. Numeric day/month forms
("05/06/2026") are read only in a known order (`read_typed_date`); dates without a year and
date-times are refused with an explanation. Each writer's text reads back to the same day."""

from __future__ import annotations

import calendar
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import date
from functools import cache

from concierge.text import QT_TRANSLATE_NOOP

from .day_text import MONTHS as MONTHS
from .day_text import format_date as format_date
from .day_text import short_date as short_date
from .errors import DateTextError

MIN_YEAR = 1900
MAX_YEAR = 2199
"""Years outside this range are typing mistakes ("0226-05-14"), not trips."""

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
EXAMPLE = "2026-05-14"
ENGLISH = "en"

_WEEKDAY_NUMBERS = {name.lower(): i for i, name in enumerate(WEEKDAYS)} | {
    name[:3].lower(): i for i, name in enumerate(WEEKDAYS)
}
_WEEKDAY_NUMBERS |= {"tues": 1, "wed": 2, "thur": 3, "thurs": 3}

_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th|\.)?"
_MONTH = r"(?P<month>[^\W\d_]+)\.?"
_YEAR = r"(?:de\s+)?(?P<year>\d{4})"
_ISO = re.compile(r"(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})")
_DAY_MONTH_YEAR = re.compile(rf"{_DAY}\s+(?:of\s+|de\s+)?{_MONTH},?\s+{_YEAR}")
_MONTH_DAY_YEAR = re.compile(rf"{_MONTH}\s+{_DAY},?\s+{_YEAR}")
_WEEKDAY = re.compile(r"(?P<weekday>[a-z]+)\.?,?\s+(?P<rest>.+)")
_NUMERIC = re.compile(r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")
_NO_YEAR = re.compile(
    r"\d{1,2}(?:st|nd|rd|th)?\s+[^\W\d_]+\.?|[^\W\d_]+\.?\s+\d{1,2}(?:st|nd|rd|th)?"
)
_DATE_TIME = re.compile(r"(?P<date>\d{4}-\d{1,2}-\d{1,2})[t ]\d{1,2}:\d{2}.*")
_ALL_NUMBERS = re.compile(r"[\d\s./-]+")
_PATTERN_PART = re.compile(r"d+|M+|y+")
_SEPARATOR = re.compile(r"[./-]")


def short_pattern(locale: str | None = None) -> str:
    """The locale's short numeric date pattern as Babel (CLDR) gives it, with a four-digit
    year: "M/d/yyyy" in English, "dd.MM.yyyy" in German, "dd/MM/yyyy" in Portuguese."""
    from babel.dates import get_date_format

    pattern = get_date_format("short", locale=locale or ENGLISH).pattern
    return re.sub(r"y+", "yyyy", pattern)


def numeric_date(day: date, locale: str | None = None) -> str:
    """`day` in the locale's numeric form ("14.05.2026" in German), read back by
    `read_typed_date` with the same locale's `short_pattern`."""
    return pattern_example(short_pattern(locale), day)


def pattern_example(pattern: str, day: date = date(2026, 5, 14)) -> str:
    """`day` written in a Qt/ICU-style date pattern ("dd/MM/yyyy" → "14/05/2026"), to show
    people the numeric form their locale reads."""

    def part(match: re.Match[str]) -> str:
        token = match[0]
        if token[0] == "y":
            return f"{day.year % 100:02d}" if len(token) == 2 else str(day.year)
        if token[0] == "M" and len(token) >= 3:
            return MONTHS[day.month - 1][: 3 if len(token) == 3 else None]
        if token[0] == "d" and len(token) >= 3:
            return WEEKDAYS[day.weekday()][: 3 if len(token) == 3 else None]
        number = day.month if token[0] == "M" else day.day
        return f"{number:02d}" if len(token) == 2 else str(number)

    return _PATTERN_PART.sub(part, pattern)


def date_pattern_of(texts: Iterable[str]) -> str | None:
    """The numeric order one column's dates agree on ("dd.MM.yyyy" when one reads "14.05.2026");
    None when none shows it or they disagree."""
    orders: set[str] = set()
    separator = "/"
    for text in texts:
        cleaned = text.strip()
        if not _NUMERIC.fullmatch(cleaned):
            continue
        first, second, _ = (int(number) for number in re.findall(r"\d+", cleaned))
        separator = _SEPARATOR.search(cleaned)[0]  # type: ignore[index]
        if first > 12 >= second:
            orders.add("dd{0}MM{0}yyyy")
        elif second > 12 >= first:
            orders.add("MM{0}dd{0}yyyy")
    return orders.pop().format(separator) if len(orders) == 1 else None


def month_language_of(texts: Iterable[str], locale: str = ENGLISH) -> str | None:
    """The language whose month names, with English's, every date in words in `texts` (one
    column of a file) uses: `locale` when it does, else the first language of CLDR that
    does, the one official in the most countries first; None when no date is in words
    beyond English or no one language names them all. A file keeps one language, so
    "12. März 2027" says how "3. Mai 2027" reads."""
    words: set[str] = set()
    for text in texts:
        cleaned = " ".join(text.strip().lower().split())
        if match := _DAY_MONTH_YEAR.fullmatch(cleaned) or _MONTH_DAY_YEAR.fullmatch(cleaned):
            words.add(_key(match["month"]))
    words -= month_numbers(ENGLISH).keys()
    if not words:
        return None
    return next(
        (name for name in (locale, *languages_by_reach()) if words <= month_numbers(name).keys()),
        None,
    )


@cache
def languages_by_reach() -> tuple[str, ...]:
    """Every language official somewhere that CLDR has, the one official in the most countries
    first: the languages whose month names a file's dates are tried in. The frozen build keeps
    Babel's data for these and the shipped languages only (packaging/concierge.spec)."""
    from babel import localedata
    from babel.core import get_global

    counts = Counter(
        language
        for languages in get_global("territory_languages").values()
        for language, about in languages.items()
        if about.get("official_status")
    )
    return tuple(name for name, _ in counts.most_common() if localedata.exists(name))


def read_typed_date(text: str, pattern: str, locale: str | None = None) -> date:
    """The date a person typed into a form: anything `read_date` reads, or day, month and
    year in numbers in the order of `pattern`, their locale's short date pattern
    ("dd/MM/yyyy": 10/04/2027 is 10 April; "M/d/yy": October 4). Numbers that start with a
    four-digit year are year, month, day in every locale; a two-digit year is 20yy."""
    cleaned = text.strip()
    numbers = re.findall(r"\d+", cleaned)
    if not _ALL_NUMBERS.fullmatch(cleaned):
        return read_date(cleaned, locale)
    example = pattern_example(pattern)
    if len(numbers) != 3:
        raise DateTextError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{cleaned!r} is not a whole date: give the day, month and year, for "
                "example {example} or 14 May 2026.",
            ).format(cleaned=cleaned, example=example)
        )
    if len(numbers[0]) == 4:
        order = ["y", "M", "d"]
    else:
        order = sorted("dMy", key=lambda letter: pattern.find(letter) % (len(pattern) + 1))
    parts = dict(zip(order, numbers, strict=True))
    if len(parts["y"]) not in (2, 4):
        raise DateTextError(
            QT_TRANSLATE_NOOP(
                "Validation", "{cleaned!r} has no clear year: write it like {example}."
            ).format(cleaned=cleaned, example=example)
        )
    year = int(parts["y"]) + (2000 if len(parts["y"]) == 2 else 0)
    month, day = int(parts["M"]), int(parts["d"])
    _check_year(year, cleaned)
    try:
        return date(year, month, day)
    except ValueError:
        raise DateTextError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{cleaned!r} is not a valid date (read as day {day}, month {month}, "
                "year {year}, like {example}). {why}",
            ).format(
                cleaned=cleaned,
                day=day,
                month=month,
                year=year,
                example=example,
                why=_why(year, month),
            )
        ) from None


def read_date(text: str, locale: str | None = None, *, plausible: bool = True) -> date:
    """The date in ``text``, or a `DateTextError`. With `plausible`, a year outside MIN_YEAR to
    MAX_YEAR is refused too."""
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned:
        raise DateTextError(
            QT_TRANSLATE_NOOP(
                "Validation", "No date given. Write it as YYYY-MM-DD, for example {example}."
            ).format(example=EXAMPLE)
        )
    weekday = None
    if (named := _WEEKDAY.fullmatch(cleaned)) and named["weekday"] in _WEEKDAY_NUMBERS:
        weekday, cleaned = _WEEKDAY_NUMBERS[named["weekday"]], named["rest"]
    day = _date_from(cleaned, text.strip(), locale or ENGLISH, plausible)
    if weekday is not None and day.weekday() != weekday:
        raise DateTextError(
            QT_TRANSLATE_NOOP("Validation", "{date} is a {weekdays}, not a {weekdays2}.").format(
                date=day,
                weekdays=WEEKDAYS[day.weekday()],
                weekdays2=WEEKDAYS[weekday],
            )
        )
    return day


def _date_from(cleaned: str, original: str, locale: str, plausible: bool) -> date:
    if match := _ISO.fullmatch(cleaned):
        month = int(match["month"])
    elif match := _DAY_MONTH_YEAR.fullmatch(cleaned) or _MONTH_DAY_YEAR.fullmatch(cleaned):
        found = month_numbers(locale).get(_key(match["month"]))
        if found is None:
            raise DateTextError(_not_a_month(original, match["month"], locale))
        month = found
    else:
        raise DateTextError(_unreadable(cleaned, original))
    year = int(match["year"])
    if plausible:
        _check_year(year, original)
    try:
        return date(year, month, int(match["day"]))
    except ValueError:
        raise DateTextError(
            QT_TRANSLATE_NOOP("Validation", "{original!r} is not a valid date. {why}").format(
                original=original, why=_why(year, month)
            )
        ) from None


def _check_year(year: int, original: str) -> None:
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise DateTextError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{original!r} is not a plausible trip date: the year must be between "
                "{min_year} and {max_year}.",
            ).format(original=original, min_year=MIN_YEAR, max_year=MAX_YEAR)
        )


def _not_a_month(original: str, month: str, locale: str) -> str:
    language = locale.split("_")[0]
    if language == ENGLISH:
        return QT_TRANSLATE_NOOP(
            "Validation", "{original!r} is not a date: {match!r} is not an English month name."
        ).format(original=original, match=month)
    from babel import Locale

    return QT_TRANSLATE_NOOP(
        "Values", "{original!r} is not a date: {match!r} is not a month name in English or {name}."
    ).format(original=original, match=month, name=Locale.parse(language).english_name)


def _key(name: str) -> str:
    """A month name without case, accents or a closing dot ("Févr." → "fevr")."""
    plain = unicodedata.normalize("NFKD", name.casefold().rstrip("."))
    return "".join(char for char in plain if not unicodedata.combining(char))


@cache
def month_numbers(locale: str = ENGLISH) -> Mapping[str, int]:
    """Month names, full and abbreviated, in English and in `locale` (CLDR's, through Babel),
    as `_key` writes them → the month's number."""
    from babel.dates import get_month_names

    numbers = {name.lower(): i for i, name in enumerate(MONTHS, 1)}
    numbers |= {name[:3].lower(): i for i, name in enumerate(MONTHS, 1)} | {"sept": 9}
    if locale.split("_")[0] != ENGLISH:
        for width in ("wide", "abbreviated"):
            for context in ("format", "stand-alone"):
                names = get_month_names(width, context, locale=locale)
                numbers |= {_key(name): month for month, name in names.items()}
    return numbers


def _why(year: int, month: int) -> str:
    if not 1 <= month <= 12:
        return f"There is no month {month}."
    return f"{MONTHS[month - 1]} {year} has {calendar.monthrange(year, month)[1]} days."


def _unreadable(cleaned: str, original: str) -> str:
    if timed := _DATE_TIME.fullmatch(cleaned):
        return f"{original!r} has a time of day; give the date only, for example {timed['date']}."
    if _NUMERIC.fullmatch(cleaned):
        return (
            f"{original!r} is ambiguous (day and month could be either way round). "
            f"Write it as YYYY-MM-DD, for example {EXAMPLE}."
        )
    if _NO_YEAR.fullmatch(cleaned):
        return f"{original!r} has no year. Write the full date, for example 14 May 2026."
    return f"{original!r} is not a date. Write it as YYYY-MM-DD, for example {EXAMPLE}."

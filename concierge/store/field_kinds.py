"""The kinds of value a field can hold, each with its limits and its normalisation.

A kind is the `parse` of a `FieldRule`: called as `kind(label, value)` it returns the
normalised value or raises ValueError with the sentence for the person. It also tells the
other readers of the declaration what it accepts: `annotation` and `constraints` for a tool's
argument model, `nullable` for the table and the record, the limits for a form's widget. So
the store's check, the tool schema and the form's limits are one declaration, not three.
"""

from __future__ import annotations

import re
import urllib.parse
from abc import ABC, abstractmethod
from contextlib import suppress
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from enum import StrEnum
from typing import Any, Literal, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from concierge.model.values import (
    AmbiguousAmount,
    UnreadableValue,
    read_amount,
    read_date,
    read_duration,
    read_time,
)
from concierge.model.values.dates import MAX_YEAR as MAX_YEAR
from concierge.model.values.dates import MIN_YEAR as MIN_YEAR
from concierge.text import QT_TRANSLATE_NOOP, Translatable, TranslatedValueError

from .currency_codes import CURRENCY_CODES

LINE_LIMIT = 200
"""Characters in a one-line value: a title, a place, an interest."""
TEXT_LIMIT = 20_000
"""Characters in free text: notes, a pin."""

_THREE_LETTERS = re.compile(r"[A-Z]{3}")


def got(value: object) -> str:
    """The refused value, quoted at the end of a message: " (got 'x')"."""
    return QT_TRANSLATE_NOOP("Validation", " (got {value})").format(value=repr(value))


def refused(template: Translatable, label: str, **values: object) -> TranslatedValueError:
    """The ValueError of a refused value: `template` with the field's `label` and `values`,
    translatable when shown."""
    return TranslatedValueError(template.format(label=label, **values))


def short(value: object) -> object:
    """A value fit to quote in a message (10**20 digits are not)."""
    text = repr(value)
    return value if len(text) <= 40 else f"{text[:37]}…"


def stored_text(label: str, value: object, limit: int = TEXT_LIMIT) -> str:
    """Text SQLite can store as UTF-8: no lone surrogate (a broken copy and paste), no NUL."""
    if not isinstance(value, str):
        raise refused(
            QT_TRANSLATE_NOOP("Validation", "{label} must be text{got}."), label, got=got(value)
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise refused(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{label} contains a broken character (an unpaired surrogate) at "
                "position {position}; type or paste it again.",
            ),
            label,
            position=error.start + 1,
        ) from None
    if "\0" in value:
        raise refused(
            QT_TRANSLATE_NOOP(
                "Validation", "{label} contains a NUL character at position {position}."
            ),
            label,
            position=value.index(chr(0)) + 1,
        )
    if len(value) > limit:
        raise refused(
            QT_TRANSLATE_NOOP(
                "Validation", "{label} is {count:,} characters long; at most {limit:,} are kept."
            ),
            label,
            count=len(value),
            limit=limit,
        )
    return value


def one_line(label: str, value: object, limit: int = LINE_LIMIT) -> str:
    """`value` as stored text, trimmed, at most `limit` characters."""
    return stored_text(label, stored_text(label, value).strip(), limit)


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class Kind(ABC):
    """What a field holds. `nullable`: None is a value of the field ("not set")."""

    nullable: bool = False

    @abstractmethod
    def __call__(self, label: str, value: object) -> object: ...

    @property
    @abstractmethod
    def python_type(self) -> Any:
        """The type of the normalised value, without None."""

    def constraints(self) -> dict[str, Any]:
        """Limits a JSON schema can state (pydantic `Field` keywords)."""
        return {}


@dataclass(frozen=True, slots=True)
class Text(Kind):
    """Free text as written (notes): line breaks kept, nothing trimmed."""

    limit: int = TEXT_LIMIT

    def __call__(self, label: str, value: object) -> str:
        return stored_text(label, value, self.limit)

    @property
    def python_type(self) -> Any:
        return str

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.limit}


@dataclass(frozen=True, slots=True)
class Line(Kind):
    """One line of text (a title, a place), trimmed; `required`: not empty; `nullable`:
    None or blank is "not set" (None)."""

    limit: int = LINE_LIMIT
    required: bool = False
    nullable: bool = False

    def __call__(self, label: str, value: object) -> str | None:
        if self.nullable and value is None:
            return None
        text = one_line(label, value, self.limit)
        if self.required and not text:
            raise refused(QT_TRANSLATE_NOOP("Validation", "{label} must not be empty."), label)
        return None if self.nullable and not text else text

    @property
    def python_type(self) -> Any:
        return str

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.limit, **({"min_length": 1} if self.required else {})}


@dataclass(frozen=True, slots=True)
class Whole(Kind):
    """A whole number from `minimum` to `maximum`, both included; `nullable`: None is "not
    set"."""

    minimum: int
    maximum: int
    nullable: bool = False

    def __call__(self, label: str, value: object) -> int | None:
        if self.nullable and value is None:
            return None
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not self.minimum <= value <= self.maximum
        ):
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} must be a whole number from {minimum} to {maximum}{got}."
                ),
                label,
                minimum=self.minimum,
                maximum=self.maximum,
                got=got(short(value)),
            )
        return value

    @property
    def python_type(self) -> Any:
        return int

    def constraints(self) -> dict[str, Any]:
        return {"ge": self.minimum, "le": self.maximum, "strict": True}


@dataclass(frozen=True, slots=True)
class Amount(Kind):
    """An exact amount of money from 0 to below `maximum`; blank is "not set" when
    `nullable`, else refused; `positive`: zero is refused (nothing was spent)."""

    maximum: Decimal
    nullable: bool = True
    positive: bool = False

    def __call__(self, label: str, value: object) -> Decimal | None:
        if _blank(value):
            if not self.nullable:
                raise refused(
                    QT_TRANSLATE_NOOP("Validation", "{label} is needed, e.g. 12.50."), label
                )
            return None
        amount: Decimal | None = None
        if isinstance(value, Decimal | int | float | str):
            text = stored_text(label, value, LINE_LIMIT) if isinstance(value, str) else value
            try:
                read = read_amount(text)
            except AmbiguousAmount as error:
                raise refused(
                    QT_TRANSLATE_NOOP("Validation", "{label}: {reason}"), label, reason=error
                ) from None
            except UnreadableValue:
                read = None
            amount = read.value if read is not None and read.currency is None else None
        if amount is None or not amount.is_finite():
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be an amount such as 1234.50{got}."),
                label,
                got=got(short(value)),
            )
        if amount < 0:
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must not be negative{got}."),
                label,
                got=got(short(value)),
            )
        if amount >= self.maximum:
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be less than {maximum:,}{got}."),
                label,
                maximum=self.maximum,
                got=got(short(value)),
            )
        if self.positive and amount == 0:
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be more than zero{got}."),
                label,
                got=got(short(value)),
            )
        return amount

    @property
    def python_type(self) -> Any:
        return Decimal

    def constraints(self) -> dict[str, Any]:
        # The upper limit's message is the store's, with thousands marked.
        return {"gt": 0} if self.positive else {"ge": 0}


@dataclass(frozen=True, slots=True)
class Day(Kind):
    """A calendar date (ISO text or a `date`) between MIN_YEAR and MAX_YEAR."""

    nullable: bool = False

    def __call__(self, label: str, value: object) -> date | None:
        if self.nullable and _blank(value):
            return None
        parsed: date | None = None
        if isinstance(value, date) and not isinstance(value, datetime):
            parsed = value
        elif isinstance(value, str):
            with suppress(ValueError):
                parsed = read_date(stored_text(label, value), plausible=False)
        if parsed is None:
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be a date such as 2026-05-01{got}."),
                label,
                got=got(value),
            )
        if not MIN_YEAR <= parsed.year <= MAX_YEAR:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a date between the years {min_year} and {max_year}{got}.",
                ),
                label,
                min_year=MIN_YEAR,
                max_year=MAX_YEAR,
                got=got(value),
            )
        return parsed

    @property
    def python_type(self) -> Any:
        return date


@dataclass(frozen=True, slots=True)
class TimeOfDay(Kind):
    """A local wall-clock time without offset (the zone is a field of its own)."""

    nullable: bool = True

    def __call__(self, label: str, value: object) -> time | None:
        if self.nullable and _blank(value):
            return None
        parsed: time | None = None
        if isinstance(value, time):
            parsed = value
        elif isinstance(value, str):
            with suppress(ValueError):
                parsed = read_time(stored_text(label, value))
        if parsed is None:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} must be a time of day such as 09:30{got}."
                ),
                label,
                got=got(value),
            )
        if parsed.tzinfo is not None:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a local time without a UTC offset; the time zone is a "
                    "field of its own{got}.",
                ),
                label,
                got=got(value),
            )
        return parsed

    @property
    def python_type(self) -> Any:
        return time


@dataclass(frozen=True, slots=True)
class Code(Kind):
    """One line naming something (a zone, an airport, a trigger), checked by `read`; blank
    or None is "not known" (None) while `nullable`."""

    nullable: bool = True

    def __call__(self, label: str, value: object) -> str | None:
        if self.nullable and value is None:
            return None
        text = one_line(label, value)
        if not text and self.nullable:
            return None
        return self.read(label, text)

    @abstractmethod
    def read(self, label: str, text: str) -> str:
        """The normalised `text`, or ValueError with the message for the person."""

    @property
    def python_type(self) -> Any:
        return str


@dataclass(frozen=True, slots=True)
class Zone(Code):
    """An IANA time zone name; blank is "not known"."""

    def read(self, label: str, text: str) -> str:
        try:
            ZoneInfo(text)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # "Europe" is a folder of zones
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} must be an IANA time zone such as Europe/Lisbon{got}."
                ),
                label,
                got=got(text),
            ) from None
        return text


@dataclass(frozen=True, slots=True)
class AirportCode(Code):
    """A three-letter IATA code, upper-cased; blank is "not known"."""

    def read(self, label: str, text: str) -> str:
        code = text.upper()
        if not _THREE_LETTERS.fullmatch(code):
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} must be a three-letter IATA code such as LIS{got}."
                ),
                label,
                got=got(text),
            )
        return code

    def constraints(self) -> dict[str, Any]:
        return {"max_length": 3}


@dataclass(frozen=True, slots=True)
class CurrencyCode(Kind):
    """An ISO 4217 code in use, upper-cased ("eur" is EUR); `nullable`: blank is "not set"."""

    nullable: bool = False

    def __call__(self, label: str, value: object) -> str | None:
        if self.nullable and _blank(value):
            return None
        code = one_line(label, value).upper()
        if code not in CURRENCY_CODES:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a three-letter ISO 4217 code in use, such as EUR{got}.",
                ),
                label,
                got=got(short(value)),
            )
        return code

    @property
    def python_type(self) -> Any:
        return str

    def constraints(self) -> dict[str, Any]:
        return {"max_length": 3}


@dataclass(frozen=True, slots=True)
class Flag(Kind):
    """True or false, nothing else (1 and "yes" are refused: they are mistakes)."""

    def __call__(self, label: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be true or false{got}."),
                label,
                got=got(short(value)),
            )
        return value

    @property
    def python_type(self) -> Any:
        return bool


@dataclass(frozen=True, slots=True)
class Choice(Kind):
    """One value of a `StrEnum`, case-insensitive."""

    options: type[StrEnum]

    def __call__(self, label: str, value: object) -> StrEnum:
        try:
            return self.options(one_line(label, value).lower())
        except ValueError:
            names = ", ".join(option.value for option in self.options)
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be one of {names}{got}."),
                label,
                names=names,
                got=got(short(value)),
            ) from None

    @property
    def python_type(self) -> Any:
        return Literal[tuple(option.value for option in self.options)]


@dataclass(frozen=True, slots=True)
class Words(Kind):
    """A comma-separated string or a list of one-line strings: trimmed, blanks and repeats
    (ignoring case) dropped, the person's order kept, at most `max_items`."""

    max_items: int
    limit: int = LINE_LIMIT

    def __call__(self, label: str, value: object) -> tuple[str, ...]:
        if isinstance(value, str):
            parts: list[object] = list(value.split(","))
        elif isinstance(value, list | tuple):
            parts = list(cast("list[object] | tuple[object, ...]", value))
        else:
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be a list of words{got}."),
                label,
                got=got(value),
            )
        kept: dict[str, str] = {}
        for part in parts:
            if not isinstance(part, str):
                raise refused(
                    QT_TRANSLATE_NOOP("Validation", "{label} must be a list of words{got}."),
                    label,
                    got=got(short(value)),
                )
            word = one_line(label, part, self.limit)
            if word:
                kept.setdefault(word.casefold(), word)
        if len(kept) > self.max_items:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} can hold at most {max_items} entries (got {count})."
                ),
                label,
                max_items=self.max_items,
                count=len(kept),
            )
        return tuple(kept.values())

    @property
    def python_type(self) -> Any:
        return list[str]

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.max_items}


@dataclass(frozen=True, slots=True)
class Minutes(Kind):
    """A duration in whole minutes, from 1 to `maximum`; "90" reads as 90; blank is "not
    set"."""

    maximum: int
    nullable: bool = True

    def __call__(self, label: str, value: object) -> int | None:
        if _blank(value):
            return None
        minutes: int | None = None
        if isinstance(value, int | str) and not isinstance(value, bool):
            text = stored_text(label, value, LINE_LIMIT) if isinstance(value, str) else value
            with suppress(ValueError):
                minutes = read_duration(text)
        if minutes is None or not 1 <= minutes <= self.maximum:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a whole number of minutes from 1 to {maximum:,}{got}.",
                ),
                label,
                maximum=self.maximum,
                got=got(short(value)),
            )
        return minutes

    @property
    def python_type(self) -> Any:
        return int

    def constraints(self) -> dict[str, Any]:
        return {"ge": 1, "le": self.maximum}


@dataclass(frozen=True, slots=True)
class Link(Kind):
    """Blank, or an http(s) address with a host: anything else would open who knows what."""

    limit: int

    def __call__(self, label: str, value: object) -> str:
        text = one_line(label, value, self.limit)
        if not text:
            return ""
        try:
            parts = urllib.parse.urlsplit(text)
        except ValueError:
            parts = None
        if (
            parts is None
            or parts.scheme.lower() not in ("http", "https")
            or not parts.hostname
            or any(char.isspace() for char in text)
        ):
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a web address starting with https:// or http://{got}.",
                ),
                label,
                got=got(short(value)),
            )
        return text

    @property
    def python_type(self) -> Any:
        return str

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.limit}


@dataclass(frozen=True, slots=True)
class Name(Kind):
    """A person's name: one line, inner runs of spaces made one, not empty, at most
    `limit` characters."""

    limit: int

    def __call__(self, label: str, value: object) -> str:
        name = " ".join(one_line(label, value).split())
        if not name:
            raise refused(QT_TRANSLATE_NOOP("Validation", "{label} must not be empty."), label)
        if len(name) > self.limit:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} is {count} characters long; at most {limit} are kept."
                ),
                label,
                count=len(name),
                limit=self.limit,
            )
        return name

    @property
    def python_type(self) -> Any:
        return str

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.limit}

"""The kinds of value a field can hold, each with its limits and its normalisation.

Called as `kind(label, value)` a kind returns the normalised value or raises ValueError with the
sentence for the person; its `annotation`, `constraints`, `nullable` and limits serve the tool
schema, the table and the form, so the three are one declaration."""

from __future__ import annotations

import re
import urllib.parse
from abc import ABC, abstractmethod
from contextlib import suppress
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any, ClassVar, Literal, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from concierge.model.kinds import ItemKind
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
_TRIGGER = re.compile(r"[a-z][a-z0-9_-]*:\S+")


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

    value_type: ClassVar[Any] = str
    """The type of the normalised value, without None."""

    @property
    def python_type(self) -> Any:
        return self.value_type

    def constraints(self) -> dict[str, Any]:
        """Limits a JSON schema can state (pydantic `Field` keywords)."""
        return {}


class Textual(Kind):
    """A kind whose normalised value is text."""


class Limited(Textual):
    """Text of at most `limit` characters, a limit the JSON schema states too."""

    limit: int

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.limit}


@dataclass(frozen=True, slots=True)
class Text(Limited):
    """Free text as written (notes): line breaks kept, nothing trimmed."""

    limit: int = TEXT_LIMIT

    def __call__(self, label: str, value: object) -> str:
        return stored_text(label, value, self.limit)


@dataclass(frozen=True, slots=True)
class Line(Limited):
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

    value_type: ClassVar[Any] = int

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

    value_type: ClassVar[Any] = Decimal

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

    value_type: ClassVar[Any] = date


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

    value_type: ClassVar[Any] = time


@dataclass(frozen=True, slots=True)
class Code(Textual):
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
class CurrencyCode(Textual):
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

    value_type: ClassVar[Any] = bool


@dataclass(frozen=True, slots=True)
class Choice(Kind):
    """One value of a `StrEnum` (or of the table of item kinds), case-insensitive; the
    options are read when asked, so a kind added to the table is one."""

    options: type[StrEnum] | type[ItemKind]

    def __call__(self, label: str, value: object) -> StrEnum | ItemKind:
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
class Listed(Kind):
    """A comma-separated string or a list of parts, at most `most` of them; a list in
    JSON schemas (`max_length`)."""

    most: int

    def parts(self, label: str, value: object, refusal: Translatable) -> list[object]:
        """The parts of `value`: a string's, split at commas, or a list's; `refusal` (with
        the label and the value) for anything else."""
        if isinstance(value, str):
            return [part for part in value.split(",") if part.strip()]
        if isinstance(value, list | tuple):
            return list(cast("list[object] | tuple[object, ...]", value))
        raise refused(refusal, label, got=got(short(value)))

    def at_most(self, label: str, count: int, refusal: Translatable, most: str) -> None:
        """`refusal` when `count` parts are too many: with {count}, and the limit as {most}
        names it."""
        if count > self.most:
            raise refused(refusal, label, count=count, **{most: self.most})

    value_type: ClassVar[Any] = list[str]

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.most}


@dataclass(frozen=True, slots=True)
class Words(Listed):
    """A comma-separated string or a list of one-line strings: trimmed, blanks and repeats
    (ignoring case) dropped, the person's order kept, at most `most`."""

    limit: int = LINE_LIMIT

    def __call__(self, label: str, value: object) -> tuple[str, ...]:
        not_words = QT_TRANSLATE_NOOP("Validation", "{label} must be a list of words{got}.")
        kept: dict[str, str] = {}
        for part in self.parts(label, value, not_words):
            if not isinstance(part, str):
                raise refused(not_words, label, got=got(short(value)))
            word = one_line(label, part, self.limit)
            if word:
                kept.setdefault(word.casefold(), word)
        self.at_most(
            label,
            len(kept),
            QT_TRANSLATE_NOOP(
                "Validation", "{label} can hold at most {max_items} entries (got {count})."
            ),
            "max_items",
        )
        return tuple(kept.values())


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

    value_type: ClassVar[Any] = int

    def constraints(self) -> dict[str, Any]:
        return {"ge": 1, "le": self.maximum}


@dataclass(frozen=True, slots=True)
class Link(Limited):
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


@dataclass(frozen=True, slots=True)
class Name(Limited):
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


@dataclass(frozen=True, slots=True)
class Trigger(Code):
    """What completes a goal, as `source:name`; blank is "nothing completes it"."""

    def read(self, label: str, text: str) -> str:
        if not _TRIGGER.fullmatch(text):
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a trigger such as lookup:holidays or form:trip-brief{got}.",
                ),
                label,
                got=got(text),
            )
        return text


@dataclass(frozen=True, slots=True)
class Share:
    """One traveller's part of an expense: a weight, so equal parts are 1 each and parts
    that add up to the amount are the amounts themselves (see `ledger_totals.allocate`)."""

    name: str
    share: Decimal


def _share(label: str, name: str, value: object, maximum: Decimal) -> Decimal:
    text = value if isinstance(value, str) else str(value)
    amount: Decimal | None = None
    if not isinstance(value, bool) and isinstance(value, int | float | str | Decimal):
        with suppress(InvalidOperation, ValueError):
            amount = Decimal(text.strip())
    if amount is None or not amount.is_finite() or amount <= 0 or amount >= maximum:
        raise refused(
            QT_TRANSLATE_NOOP(
                "Validation", "{label}: {name}'s share must be a number more than zero{got}."
            ),
            label,
            name=name,
            got=got(short(value)),
        )
    return amount


@dataclass(frozen=True, slots=True)
class Split(Listed):
    """Who shares an expense, and in which parts: {"name", "share"} objects, names (equal parts)
    or text such as "Me: 2, Ana: 1". Empty means the repository splits equally between the trip's
    travellers."""

    name: Name
    maximum: Decimal
    """The largest share (an amount's limit)."""

    def __call__(self, label: str, value: object) -> tuple[Share, ...]:
        if value is None:
            return ()
        not_shares = QT_TRANSLATE_NOOP(
            "Validation", "{label} must be a list of names with their shares{got}."
        )
        shares: dict[str, Share] = {}
        typed_share: object
        for part in self.parts(label, value, not_shares):
            if isinstance(part, Share):
                name, typed_share = self.name(label, part.name), part.share
            elif isinstance(part, dict):
                name, typed_share = self.name(label, part.get("name")), part.get("share", 1)
            elif isinstance(part, str):
                typed, _, typed_share = part.rpartition(":") if ":" in part else (part, "", "1")
                name = self.name(label, typed)
            else:
                raise refused(not_shares, label, got=got(part))
            if name.casefold() in shares:
                raise refused(
                    QT_TRANSLATE_NOOP("Validation", "{label} names {name} twice."), label, name=name
                )
            shares[name.casefold()] = Share(name, _share(label, name, typed_share, self.maximum))
        self.at_most(
            label,
            len(shares),
            QT_TRANSLATE_NOOP(
                "Validation", "{label} can name at most {max_people} people (got {count})."
            ),
            "max_people",
        )
        return tuple(shares.values())


def empty(kind: Kind) -> object:
    """What a field of `kind` holds when nothing is said, unless it declares a default:
    blank text, no entries, false; None where a new record must be given a value."""
    if isinstance(kind, Listed):
        return ()
    if isinstance(kind, Flag):
        return False
    blank_line = isinstance(kind, Line) and not kind.required and not kind.nullable
    return "" if blank_line or isinstance(kind, Text | Link) else None

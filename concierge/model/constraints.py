"""Constraints a pin can carry, as rule text such as `max_flights(2)`: the kinds, declared once.

A pin's text is the person's words ("no red-eye flights"); its rule is what the app checks. The
store reads rule text by these declarations, so nothing malformed is written whoever writes it; the
travel layer's checkers and the Pinned panel's editor read the same parameters."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import time
from decimal import Decimal, InvalidOperation
from typing import Any

from concierge.text import QT_TRANSLATE_NOOP, TranslatedValueError

from .field_kinds import Kind, refused

RULE_LIMIT = 400
"""Characters in a rule, all its words included."""

_CALL = re.compile(r"([a-z_]+)\s*\((.*)\)", re.DOTALL)
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Param(ABC):
    """One parameter of a constraint kind: how its text is read and written back."""

    name: str
    label: str

    @property
    @abstractmethod
    def hint(self) -> str:
        """What to type, for the editor's placeholder and the rule's syntax."""

    @abstractmethod
    def read(self, text: str) -> object:
        """The value in `text` (trimmed); raises ValueError with a sentence naming the label."""

    def show(self, value: Any) -> str:
        """The value as rule text, which `read` reads back as the same value."""
        return str(value)


@dataclass(frozen=True, slots=True)
class Clock(Param):
    """A local time of day, HH:MM on a 24-hour clock."""

    @property
    def hint(self) -> str:
        return QT_TRANSLATE_NOOP("Constraint", "HH:MM")

    def read(self, text: str) -> time:
        match = _CLOCK.fullmatch(text)
        if match is None:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} must be a time such as 22:00 (got {text!r})."
                ),
                self.label,
                text=text,
            )
        return time(int(match[1]), int(match[2]))

    def show(self, value: Any) -> str:
        return f"{value:%H:%M}"


@dataclass(frozen=True, slots=True)
class Count(Param):
    """A whole number from `low` to `high`."""

    low: int
    high: int

    @property
    def hint(self) -> str:
        return QT_TRANSLATE_NOOP("Constraint", "n")

    def read(self, text: str) -> int:
        if not re.fullmatch(r"\d{1,6}", text) or not self.low <= int(text) <= self.high:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a whole number from {low} to {high} (got {text!r}).",
                ),
                self.label,
                low=self.low,
                high=self.high,
                text=text,
            )
        return int(text)


@dataclass(frozen=True, slots=True)
class Hours(Param):
    """A number of hours above zero and up to `high`, in steps of a tenth."""

    high: int

    @property
    def hint(self) -> str:
        return QT_TRANSLATE_NOOP("Constraint", "hours")

    def read(self, text: str) -> Decimal:
        try:
            hours = Decimal(text) if re.fullmatch(r"\d{1,3}(\.\d)?", text) else None
        except InvalidOperation:
            hours = None
        if hours is None or not 0 < hours <= self.high:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a number of hours above 0 and up to {high}, in tenths "
                    "at most (got {text!r}).",
                ),
                self.label,
                high=self.high,
                text=text,
            )
        return Decimal(int(hours)) if hours == hours.to_integral() else hours

    def show(self, value: Any) -> str:
        return format(value, "f")


OPTION_LABELS: dict[str, str] = {
    "flights": QT_TRANSLATE_NOOP("Constraint", "flights"),
    "transport": QT_TRANSLATE_NOOP("Constraint", "transport"),
}
"""Each word a `OneOf` offers as the editor shows it (the rule keeps the English word)."""


def option_label(option: str) -> str:
    """An option of a `OneOf` as the editor shows it (pass it through `shown`)."""
    return OPTION_LABELS.get(option, option)


@dataclass(frozen=True, slots=True)
class OneOf(Param):
    """One word of `options`; the first is the default when the parameter is left out."""

    options: tuple[str, ...]

    @property
    def hint(self) -> str:
        return "|".join(self.options)

    def read(self, text: str) -> str:
        if text.lower() not in self.options:
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} must be one of {value} (got {text!r})."),
                self.label,
                value=", ".join(self.options),
                text=text,
            )
        return text.lower()


@dataclass(frozen=True, slots=True)
class Phrases(Param):
    """The rest of the parameters: words or short phrases, from `low` to `high` of them."""

    low: int
    high: int
    placeholder: str = QT_TRANSLATE_NOOP("Constraint", "words,…")
    length: int = 60

    @property
    def hint(self) -> str:
        return self.placeholder

    def read(self, text: str) -> tuple[str, ...]:
        words: list[str] = []
        for part in text.split(","):
            word = _SPACES.sub(" ", part).strip()
            if not word:
                continue
            if len(word) > self.length:
                raise refused(
                    QT_TRANSLATE_NOOP(
                        "Validation",
                        "{label}: each may have at most {length} characters (got {value!r}…).",
                    ),
                    self.label,
                    length=self.length,
                    value=word[:20],
                )
            if word.lower() not in (seen.lower() for seen in words):
                words.append(word)
        if not self.low <= len(words) <= self.high:
            wanted = (
                QT_TRANSLATE_NOOP("Validation", "from {low} to {high}")
                if self.low
                else QT_TRANSLATE_NOOP("Validation", "at most {high}")
            ).format(low=self.low, high=self.high)
            raise refused(
                QT_TRANSLATE_NOOP("Validation", "{label} takes {wanted} words (got {count})."),
                self.label,
                wanted=wanted,
                count=len(words),
            )
        return tuple(words)

    def show(self, value: Any) -> str:
        return ",".join(value)


@dataclass(frozen=True, slots=True)
class ConstraintKind:
    """One kind of constraint: `name(params)`. Only the last parameter may be optional (it
    then takes its default: an `OneOf`'s first option, or no `Phrases`)."""

    name: str
    label: str
    params: tuple[Param, ...]
    describe: Callable[[Mapping[str, Any]], str]
    optional_last: bool = False

    @property
    def syntax(self) -> str:
        """How it is written, e.g. `max_flights(n)`, for messages and the model."""
        hints = [param.hint for param in self.params]
        if self.optional_last and hints:
            last = hints.pop()
            return f"{self.name}({','.join(hints)}{'[,' if hints else '['}{last}])"
        return f"{self.name}({','.join(hints)})"

    def defaults(self) -> dict[str, Any]:
        """The value of the optional last parameter when it is left out."""
        if not self.optional_last:
            return {}
        last = self.params[-1]
        if isinstance(last, OneOf):
            return {last.name: last.options[0]}
        return {last.name: ()}


@dataclass(frozen=True, slots=True)
class Constraint:
    """A parsed rule: its kind and each parameter's value by name."""

    kind: ConstraintKind
    values: Mapping[str, Any]

    @property
    def rule(self) -> str:
        """The canonical rule text; an optional parameter at its default is left out."""
        shown = [param.show(self.values[param.name]) for param in self.kind.params]
        if self.kind.optional_last and self.kind.defaults() == {
            name: self.values[name] for name in self.kind.defaults()
        }:
            shown.pop()
        return f"{self.kind.name}({','.join(shown)})"

    @property
    def description(self) -> str:
        return self.kind.describe(self.values)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Constraint)
            and other.kind.name == self.kind.name
            and dict(other.values) == dict(self.values)
        )

    def __hash__(self) -> int:
        return hash(self.rule)


def _listed(words: Sequence[str]) -> str:
    return ", ".join(words)


def _listing(template: str) -> Callable[[Mapping[str, Any]], str]:
    """A description naming the kind's words in `template`."""
    return lambda values: template.format(words=_listed(values["words"]))


def _departures(values: Mapping[str, Any]) -> str:
    template = (
        QT_TRANSLATE_NOOP(
            "Constraint", "No flights departing between {start} and {end} (local time)"
        )
        if values["scope"] == "flights"
        else QT_TRANSLATE_NOOP(
            "Constraint", "No transport departing between {start} and {end} (local time)"
        )
    )
    return template.format(start=f"{values['start']:%H:%M}", end=f"{values['end']:%H:%M}")


def _flights(values: Mapping[str, Any]) -> str:
    count = values["count"]
    if count == 0:
        return QT_TRANSLATE_NOOP("Constraint", "No flights")
    if count == 1:
        return QT_TRANSLATE_NOOP("Constraint", "At most 1 flight")
    return QT_TRANSLATE_NOOP("Constraint", "At most {count} flights").format(count=count)


def _transit(values: Mapping[str, Any]) -> str:
    hours = values["hours"]
    if hours == 1:
        return QT_TRANSLATE_NOOP("Constraint", "At most 1 hour of transit a day")
    return QT_TRANSLATE_NOOP("Constraint", "At most {hours} hours of transit a day").format(
        hours=format(hours, "f")
    )


def _step_free(values: Mapping[str, Any]) -> str:
    words = values["words"]
    if not words:
        return QT_TRANSLATE_NOOP("Constraint", "Step-free access")
    return QT_TRANSLATE_NOOP("Constraint", "Step-free access, and nothing with {words}").format(
        words=_listed(words)
    )


KINDS: tuple[ConstraintKind, ...] = (
    ConstraintKind(
        "no_departure_between",
        QT_TRANSLATE_NOOP("Constraint", "No departures between"),
        (
            Clock("start", QT_TRANSLATE_NOOP("Constraint", "From")),
            Clock("end", QT_TRANSLATE_NOOP("Constraint", "Until")),
            OneOf("scope", QT_TRANSLATE_NOOP("Constraint", "Applies to"), ("flights", "transport")),
        ),
        _departures,
        optional_last=True,
    ),
    ConstraintKind(
        "max_flights",
        QT_TRANSLATE_NOOP("Constraint", "At most N flights"),
        (Count("count", QT_TRANSLATE_NOOP("Constraint", "Flights"), 0, 50),),
        _flights,
    ),
    ConstraintKind(
        "max_transit_per_day",
        QT_TRANSLATE_NOOP("Constraint", "Transit a day at most"),
        (Hours("hours", QT_TRANSLATE_NOOP("Constraint", "Hours a day"), 24),),
        _transit,
    ),
    ConstraintKind(
        "avoid",
        QT_TRANSLATE_NOOP("Constraint", "Avoid"),
        (Phrases("words", QT_TRANSLATE_NOOP("Constraint", "Things to avoid"), 1, 20),),
        _listing(QT_TRANSLATE_NOOP("Constraint", "Avoid {words}")),
    ),
    ConstraintKind(
        "diet",
        QT_TRANSLATE_NOOP("Constraint", "Diet"),
        (Phrases("words", QT_TRANSLATE_NOOP("Constraint", "Diets"), 1, 10),),
        _listing(QT_TRANSLATE_NOOP("Constraint", "Meals suit {words}")),
    ),
    ConstraintKind(
        "step_free",
        QT_TRANSLATE_NOOP("Constraint", "Step-free access"),
        (
            Phrases(
                "words",
                QT_TRANSLATE_NOOP("Constraint", "Also avoid"),
                0,
                20,
                placeholder=QT_TRANSLATE_NOOP("Constraint", "words,…"),
            ),
        ),
        _step_free,
        optional_last=True,
    ),
)
"""Every kind of constraint, in the order the editor offers them."""

BY_NAME: Mapping[str, ConstraintKind] = {kind.name: kind for kind in KINDS}


def kinds_syntax() -> str:
    return "; ".join(kind.syntax for kind in KINDS)


def parse_rule(text: str) -> Constraint:
    """The constraint `text` states; raises ValueError with one sentence saying what is
    wrong and how it is written."""
    stripped = text.strip()
    if len(stripped) > RULE_LIMIT:
        raise TranslatedValueError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "A constraint may have at most {rule_limit:,} characters (got {count:,}).",
            ).format(rule_limit=RULE_LIMIT, count=len(stripped))
        )
    match = _CALL.fullmatch(stripped)
    if match is None or match[1] not in BY_NAME:
        raise TranslatedValueError(
            QT_TRANSLATE_NOOP(
                "Validation", "A constraint must be written as one of: {value} (got {text!r})."
            ).format(value=kinds_syntax(), text=stripped[:60])
        )
    kind = BY_NAME[match[1]]
    inside = match[2]
    if "(" in inside or ")" in inside or "\n" in inside:
        raise TranslatedValueError(
            QT_TRANSLATE_NOOP(
                "Validation", "{name} takes no brackets or line breaks inside: {syntax}."
            ).format(name=kind.name, syntax=kind.syntax)
        )
    return Constraint(kind, _read_params(kind, inside))


def _miswritten(kind: ConstraintKind, inside: str) -> TranslatedValueError:
    return TranslatedValueError(
        QT_TRANSLATE_NOOP("Validation", "{name} takes {syntax} (got {value!r}).").format(
            name=kind.name, syntax=kind.syntax, value=inside.strip()
        )
    )


def _read_params(kind: ConstraintKind, inside: str) -> dict[str, Any]:
    params = kind.params
    last = params[-1]
    if isinstance(last, Phrases):
        fixed = params[:-1]
        parts = inside.split(",", len(fixed)) if fixed else [inside]
        if len(parts) < len(fixed):
            raise _miswritten(kind, inside)
        rest = parts[len(fixed)] if len(parts) > len(fixed) else ""
        values = {
            param.name: param.read(part.strip()) for param, part in zip(fixed, parts, strict=False)
        }
        values[last.name] = last.read(rest)
        return values
    parts = [part.strip() for part in inside.split(",")] if inside.strip() else []
    wanted = len(params) - (1 if kind.optional_last else 0)
    if not wanted <= len(parts) <= len(params):
        raise _miswritten(kind, inside)
    values = {**kind.defaults()}
    values.update(
        {param.name: param.read(part) for param, part in zip(params, parts, strict=False)}
    )
    if kind.name == "no_departure_between" and values["start"] == values["end"]:
        raise TranslatedValueError(
            QT_TRANSLATE_NOOP(
                "Validation", "no_departure_between needs two different times (a window of hours)."
            )
        )
    return values


@dataclass(frozen=True, slots=True)
class Rule(Kind):
    """The field kind of a pin's rule: its canonical text, or None for none (None or
    blank); text that is not a rule is refused with the sentence `parse_rule` gives."""

    nullable: bool = True

    def __call__(self, label: str, value: object) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be rule text such as max_flights(2) (got {value!r}).",
                ),
                label,
                value=value,
            )
        if not value.strip():
            return None
        return parse_rule(value).rule

    def constraints(self) -> dict[str, Any]:
        return {"max_length": RULE_LIMIT}


constraint_rule = Rule()
"""The rule of a pin's `rule` field (`validation.PIN_RULES`)."""

"""Constraints a pin can carry, as rule text such as `max_flights(2)`: the kinds, declared once.

A pin's text is the person's words ("no red-eye flights"); its rule is what the app checks
("no_departure_between(22:00,06:00)"). Each kind here has its name, its parameters with their
types and limits, a label and a one-line description. The store reads rule text by these
declarations (so nothing malformed is written, whoever writes it), keeps it in the canonical
form `Constraint.rule` gives, and the travel layer's checker for each kind judges the plan by
it. The editor in the Pinned panel builds its fields from the same parameters.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import time
from decimal import Decimal, InvalidOperation
from typing import Any

from .field_kinds import Kind

RULE_LIMIT = 400
"""Characters in a rule, all its words included."""

_CALL = re.compile(r"([a-z_]+)\s*\((.*)\)", re.DOTALL)
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
_SPACES = re.compile(r"\s+")


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

    @abstractmethod
    def show(self, value: Any) -> str:
        """The value as rule text, which `read` reads back as the same value."""


@dataclass(frozen=True, slots=True)
class Clock(Param):
    """A local time of day, HH:MM on a 24-hour clock."""

    name: str
    label: str

    @property
    def hint(self) -> str:
        return "HH:MM"

    def read(self, text: str) -> time:
        match = _CLOCK.fullmatch(text)
        if match is None:
            raise ValueError(f"{self.label} must be a time such as 22:00 (got {text!r}).")
        return time(int(match[1]), int(match[2]))

    def show(self, value: Any) -> str:
        return f"{value:%H:%M}"


@dataclass(frozen=True, slots=True)
class Count(Param):
    """A whole number from `low` to `high`."""

    name: str
    label: str
    low: int
    high: int

    @property
    def hint(self) -> str:
        return "n"

    def read(self, text: str) -> int:
        if not re.fullmatch(r"\d{1,6}", text) or not self.low <= int(text) <= self.high:
            raise ValueError(
                f"{self.label} must be a whole number from {self.low} to {self.high} "
                f"(got {text!r})."
            )
        return int(text)

    def show(self, value: Any) -> str:
        return str(value)


@dataclass(frozen=True, slots=True)
class Hours(Param):
    """A number of hours above zero and up to `high`, in steps of a tenth."""

    name: str
    label: str
    high: int

    @property
    def hint(self) -> str:
        return "hours"

    def read(self, text: str) -> Decimal:
        try:
            hours = Decimal(text) if re.fullmatch(r"\d{1,3}(\.\d)?", text) else None
        except InvalidOperation:
            hours = None
        if hours is None or not 0 < hours <= self.high:
            raise ValueError(
                f"{self.label} must be a number of hours above 0 and up to {self.high}, "
                f"in tenths at most (got {text!r})."
            )
        return Decimal(int(hours)) if hours == hours.to_integral() else hours

    def show(self, value: Any) -> str:
        return format(value, "f")


@dataclass(frozen=True, slots=True)
class OneOf(Param):
    """One word of `options`; the first is the default when the parameter is left out."""

    name: str
    label: str
    options: tuple[str, ...]

    @property
    def hint(self) -> str:
        return "|".join(self.options)

    def read(self, text: str) -> str:
        if text.lower() not in self.options:
            raise ValueError(
                f"{self.label} must be one of {', '.join(self.options)} (got {text!r})."
            )
        return text.lower()

    def show(self, value: Any) -> str:
        return str(value)


@dataclass(frozen=True, slots=True)
class Phrases(Param):
    """The rest of the parameters: words or short phrases, from `low` to `high` of them."""

    name: str
    label: str
    low: int
    high: int
    placeholder: str = "words,…"
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
                raise ValueError(
                    f"{self.label}: each may have at most {self.length} characters "
                    f"(got {word[:20]!r}…)."
                )
            if word.lower() not in (seen.lower() for seen in words):
                words.append(word)
        if not self.low <= len(words) <= self.high:
            wanted = f"from {self.low} to {self.high}" if self.low else f"at most {self.high}"
            raise ValueError(f"{self.label} takes {wanted} words (got {len(words)}).")
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


def _departures(values: Mapping[str, Any]) -> str:
    what = "flights" if values["scope"] == "flights" else "transport"
    return (
        f"No {what} departing between {values['start']:%H:%M} and {values['end']:%H:%M} "
        "(local time)"
    )


def _flights(values: Mapping[str, Any]) -> str:
    count = values["count"]
    return "No flights" if count == 0 else f"At most {count} flight{'s' * (count != 1)}"


def _transit(values: Mapping[str, Any]) -> str:
    hours = values["hours"]
    return f"At most {format(hours, 'f')} hour{'s' * (hours != 1)} of transit a day"


def _step_free(values: Mapping[str, Any]) -> str:
    words = values["words"]
    return "Step-free access" + (f", and nothing with {_listed(words)}" if words else "")


KINDS: tuple[ConstraintKind, ...] = (
    ConstraintKind(
        "no_departure_between",
        "No departures between",
        (
            Clock("start", "From"),
            Clock("end", "Until"),
            OneOf("scope", "Applies to", ("flights", "transport")),
        ),
        _departures,
        optional_last=True,
    ),
    ConstraintKind(
        "max_flights", "At most N flights", (Count("count", "Flights", 0, 50),), _flights
    ),
    ConstraintKind(
        "max_transit_per_day",
        "Transit a day at most",
        (Hours("hours", "Hours a day", 24),),
        _transit,
    ),
    ConstraintKind(
        "avoid",
        "Avoid",
        (Phrases("words", "Things to avoid", 1, 20),),
        lambda values: f"Avoid {_listed(values['words'])}",
    ),
    ConstraintKind(
        "diet",
        "Diet",
        (Phrases("words", "Diets", 1, 10),),
        lambda values: f"Meals suit {_listed(values['words'])}",
    ),
    ConstraintKind(
        "step_free",
        "Step-free access",
        (Phrases("words", "Also avoid", 0, 20, placeholder="words,…"),),
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
        raise ValueError(
            f"A constraint may have at most {RULE_LIMIT:,} characters (got {len(stripped):,})."
        )
    match = _CALL.fullmatch(stripped)
    if match is None or match[1] not in BY_NAME:
        raise ValueError(
            f"A constraint must be written as one of: {kinds_syntax()} (got {stripped[:60]!r})."
        )
    kind = BY_NAME[match[1]]
    inside = match[2]
    if "(" in inside or ")" in inside or "\n" in inside:
        raise ValueError(f"{kind.name} takes no brackets or line breaks inside: {kind.syntax}.")
    return Constraint(kind, _read_params(kind, inside))


def _read_params(kind: ConstraintKind, inside: str) -> dict[str, Any]:
    params = kind.params
    last = params[-1]
    if isinstance(last, Phrases):
        fixed = params[:-1]
        parts = inside.split(",", len(fixed)) if fixed else [inside]
        if len(parts) < len(fixed):
            raise ValueError(f"{kind.name} takes {kind.syntax} (got {inside.strip()!r}).")
        rest = parts[len(fixed)] if len(parts) > len(fixed) else ""
        values = {
            param.name: param.read(part.strip()) for param, part in zip(fixed, parts, strict=False)
        }
        values[last.name] = last.read(rest)
        return values
    parts = [part.strip() for part in inside.split(",")] if inside.strip() else []
    wanted = len(params) - (1 if kind.optional_last else 0)
    if not wanted <= len(parts) <= len(params):
        raise ValueError(f"{kind.name} takes {kind.syntax} (got {inside.strip()!r}).")
    values = {**kind.defaults()}
    values.update(
        {param.name: param.read(part) for param, part in zip(params, parts, strict=False)}
    )
    if kind.name == "no_departure_between" and values["start"] == values["end"]:
        raise ValueError("no_departure_between needs two different times (a window of hours).")
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
            raise ValueError(f"{label} must be rule text such as max_flights(2) (got {value!r}).")
        if not value.strip():
            return None
        return parse_rule(value).rule

    @property
    def python_type(self) -> Any:
        return str

    def constraints(self) -> dict[str, Any]:
        return {"max_length": RULE_LIMIT}


constraint_rule = Rule()
"""The rule of a pin's `rule` field (`validation.PIN_RULES`)."""

"""When a field applies: small declarative conditions on the answers of earlier fields.

Conditions are data, not lambdas, so the engine can check them when the form is defined (a typo in a
choice is an error, not a field that never appears), explain them and store them as JSON. A
condition reads only answers of fields that apply themselves, so a chain never rests on an answer
that no longer applies."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from pydantic import JsonValue

from .errors import FormDefinitionError
from .raw_values import RawValueError, coerce
from .value_types import ValueKind, ValueSpec, number_text

Scalar: TypeAlias = str | int | float | bool


class Condition(ABC):
    """Whether a field applies, given the answers that count so far."""

    __slots__ = ()

    @property
    @abstractmethod
    def fields(self) -> tuple[str, ...]:
        """The fields this condition reads, in order of first mention."""

    @abstractmethod
    def holds(self, answers: Mapping[str, JsonValue]) -> bool: ...

    @abstractmethod
    def describe(self, labels: Mapping[str, str]) -> str:
        """The condition in words, with fields named by their labels."""

    @abstractmethod
    def to_json(self) -> dict[str, JsonValue]: ...

    @abstractmethod
    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        """Raise ValueError when the condition can never mean what it says for these fields'
        types (a value that is not one of the choices, `contains` on a single value, …)."""


@dataclass(frozen=True, slots=True)
class Answered(Condition):
    field: str

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,)

    def holds(self, answers: Mapping[str, JsonValue]) -> bool:
        return self.field in answers

    def describe(self, labels: Mapping[str, str]) -> str:
        return f"{labels.get(self.field, self.field)} is answered"

    def to_json(self) -> dict[str, JsonValue]:
        return {"op": "answered", "field": self.field}

    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        return None


@dataclass(frozen=True, slots=True)
class OneOf(Condition):
    """The answer is one of `values` (`equals` is the one-value case)."""

    field: str
    values: tuple[Scalar, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,)

    def holds(self, answers: Mapping[str, JsonValue]) -> bool:
        return self.field in answers and _same_any(answers[self.field], self.values)

    def describe(self, labels: Mapping[str, str]) -> str:
        said = [_say(value) for value in self.values]
        options = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"
        return f"{labels.get(self.field, self.field)} is {options}"

    def to_json(self) -> dict[str, JsonValue]:
        if len(self.values) == 1:
            return {"op": "equals", "field": self.field, "value": self.values[0]}
        return {"op": "one_of", "field": self.field, "values": list(self.values)}

    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        spec = specs[self.field]
        if spec.kind is ValueKind.LIST:
            raise ValueError(f"{self.field!r} holds a list; use contains() to test an item")
        for value in self.values:
            _check_value(spec, value)


@dataclass(frozen=True, slots=True)
class Contains(Condition):
    """The answer is a list holding `value`."""

    field: str
    value: Scalar

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,)

    def holds(self, answers: Mapping[str, JsonValue]) -> bool:
        answer = answers.get(self.field)
        return isinstance(answer, list) and _same_any(self.value, answer)

    def describe(self, labels: Mapping[str, str]) -> str:
        return f"{labels.get(self.field, self.field)} includes {_say(self.value)}"

    def to_json(self) -> dict[str, JsonValue]:
        return {"op": "contains", "field": self.field, "value": self.value}

    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        spec = specs[self.field]
        if spec.item is None:
            raise ValueError(f"{self.field!r} holds a single value; use equals()")
        _check_value(spec.item, self.value)


@dataclass(frozen=True, slots=True)
class Below(Condition):
    """The answer, or any item of a list answer, is a number below `limit`."""

    field: str
    limit: int | float

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,)

    def holds(self, answers: Mapping[str, JsonValue]) -> bool:
        answer = answers.get(self.field)
        values = answer if isinstance(answer, list) else [answer]
        return any(
            isinstance(value, int | float) and not isinstance(value, bool) and value < self.limit
            for value in values
        )

    def describe(self, labels: Mapping[str, str]) -> str:
        return f"{labels.get(self.field, self.field)} has a value below {number_text(self.limit)}"

    def to_json(self) -> dict[str, JsonValue]:
        return {"op": "below", "field": self.field, "limit": self.limit}

    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        spec = specs[self.field]
        if not (spec.item or spec).numeric:
            raise ValueError(f"{self.field!r} holds no numbers")


@dataclass(frozen=True, slots=True)
class Combination(Condition):
    """Conditions joined: all of them hold (`AllOf`) or at least one does (`AnyOf`)."""

    conditions: tuple[Condition, ...]
    op: ClassVar[str]
    every: ClassVar[bool]
    """True: every condition must hold; False: one is enough."""
    word: ClassVar[str]
    """What joins the conditions in words."""

    @property
    def fields(self) -> tuple[str, ...]:
        return _fields(self.conditions)

    def holds(self, answers: Mapping[str, JsonValue]) -> bool:
        held = (condition.holds(answers) for condition in self.conditions)
        return all(held) if self.every else any(held)

    def describe(self, labels: Mapping[str, str]) -> str:
        return f" {self.word} ".join(_part(condition, labels) for condition in self.conditions)

    def to_json(self) -> dict[str, JsonValue]:
        return {"op": self.op, "conditions": [c.to_json() for c in self.conditions]}

    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        for condition in self.conditions:
            condition.check(specs)


class AllOf(Combination):
    __slots__ = ()
    op = "all_of"
    every = True
    word = "and"


class AnyOf(Combination):
    __slots__ = ()
    op = "any_of"
    every = False
    word = "or"


@dataclass(frozen=True, slots=True)
class Not(Condition):
    condition: Condition

    @property
    def fields(self) -> tuple[str, ...]:
        return self.condition.fields

    def holds(self, answers: Mapping[str, JsonValue]) -> bool:
        return not self.condition.holds(answers)

    def describe(self, labels: Mapping[str, str]) -> str:
        return f"not ({self.condition.describe(labels)})"

    def to_json(self) -> dict[str, JsonValue]:
        return {"op": "not", "condition": self.condition.to_json()}

    def check(self, specs: Mapping[str, ValueSpec]) -> None:
        self.condition.check(specs)


def answered(field: str) -> Answered:
    return Answered(_name(field))


def equals(field: str, value: Scalar) -> OneOf:
    return OneOf(_name(field), (_scalar(value),))


def one_of(field: str, *values: Scalar) -> OneOf:
    if not values:
        raise FormDefinitionError(f"one_of({field!r}) needs at least one value.")
    return OneOf(_name(field), tuple(_scalar(value) for value in values))


def contains(field: str, value: Scalar) -> Contains:
    return Contains(_name(field), _scalar(value))


def below(field: str, limit: int | float) -> Below:
    if isinstance(limit, bool) or not isinstance(limit, int | float):
        raise FormDefinitionError(f"below({field!r}) needs a number as its limit, not {limit!r}.")
    return Below(_name(field), limit)


def all_of(*conditions: Condition) -> AllOf:
    return AllOf(_conditions("all_of", conditions))


def any_of(*conditions: Condition) -> AnyOf:
    return AnyOf(_conditions("any_of", conditions))


def not_(condition: Condition) -> Not:
    return Not(_conditions("not_", (condition,))[0])


def condition_from_json(data: object) -> Condition:
    """The condition `to_json` wrote; FormDefinitionError says what is wrong with `data`."""
    if not isinstance(data, Mapping) or not isinstance(data.get("op"), str):
        raise FormDefinitionError(f"A condition must be an object with an 'op'; got {data!r}.")
    op = data["op"]
    reader = _READERS.get(op)
    if reader is None:
        raise FormDefinitionError(
            f"Unknown condition op {op!r}; the ops are {', '.join(_READERS)}."
        )
    try:
        return reader(data)
    except (KeyError, TypeError) as error:
        raise FormDefinitionError(
            f"The {op} condition {dict(data)!r} is malformed: {error!r}."
        ) from None


_READERS: dict[str, Callable[[Mapping[str, Any]], Condition]] = {
    "answered": lambda d: answered(d["field"]),
    "equals": lambda d: equals(d["field"], d["value"]),
    "one_of": lambda d: one_of(d["field"], *d["values"]),
    "contains": lambda d: contains(d["field"], d["value"]),
    "below": lambda d: below(d["field"], d["limit"]),
    "all_of": lambda d: all_of(*map(condition_from_json, d["conditions"])),
    "any_of": lambda d: any_of(*map(condition_from_json, d["conditions"])),
    "not": lambda d: not_(condition_from_json(d["condition"])),
}


def _name(field: object) -> str:
    if not isinstance(field, str) or not field:
        raise FormDefinitionError(f"A condition names a field by its name, not {field!r}.")
    return field


def _scalar(value: object) -> Scalar:
    if not isinstance(value, str | int | float):
        raise FormDefinitionError(
            f"A condition compares with text, a number or yes/no, not {value!r}."
        )
    return value


def _conditions(name: str, conditions: tuple[object, ...]) -> tuple[Condition, ...]:
    checked: list[Condition] = []
    for condition in conditions:
        if not isinstance(condition, Condition):
            raise FormDefinitionError(f"{name}() takes conditions, not {condition!r}.")
        checked.append(condition)
    if not checked:
        raise FormDefinitionError(f"{name}() needs at least one condition.")
    return tuple(checked)


def _fields(conditions: tuple[Condition, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(name for c in conditions for name in c.fields))


def _part(condition: Condition, labels: Mapping[str, str]) -> str:
    text = condition.describe(labels)
    return f"({text})" if isinstance(condition, Combination) else text


def _same(a: object, b: object) -> bool:
    """Equal, with yes/no never equal to a number (True == 1 in Python)."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _same_any(value: object, options: object) -> bool:
    return isinstance(options, list | tuple) and any(_same(value, o) for o in options)


def _check_value(spec: ValueSpec, value: Scalar) -> None:
    try:
        read = coerce(spec, value)
    except RawValueError:
        read = None
    if not _same(read, value):
        raise ValueError(f"{value!r} is not a possible answer")


def _say(value: Scalar) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return number_text(value) if isinstance(value, int | float) else value

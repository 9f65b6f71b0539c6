"""What a field's value type means: its kind, its choices and limits, and how to say it. Anything
pydantic's schema expresses that this module cannot put into words is refused when the form is
defined, not misdescribed to the person later."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..locale.folding import fold

# Characters a choice may not contain: they separate the items of a list typed as text.
_SEPARATORS = (",", ";", "\n", "\r")
_IGNORED = frozenset({"title", "description", "examples"})
_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_ALLOWED: Mapping[str, frozenset[str]] = {
    "string": frozenset({"type", "minLength", "maxLength"}),
    "integer": frozenset({"type"}) | _BOUNDS,
    "number": frozenset({"type"}) | _BOUNDS,
    "boolean": frozenset({"type"}),
    "array": frozenset({"type", "items", "minItems", "maxItems"}),
}
SUPPORTED = (
    "str, int, float, bool, a choice (Literal[...] of text, or a StrEnum), or a list of text, "
    "numbers or choices; constraints through Field(ge=, gt=, le=, lt=, min_length=, "
    "max_length=)"
)


class ValueKind(StrEnum):
    TEXT = "text"
    INTEGER = "integer"
    NUMBER = "number"
    YES_NO = "yes-no"
    CHOICE = "choice"
    LIST = "list"


@dataclass(frozen=True, slots=True)
class ValueSpec:
    """One value's shape as read from its JSON schema; `item` describes a list's items."""

    kind: ValueKind
    schema: Mapping[str, Any]
    choices: tuple[str, ...] = ()
    item: ValueSpec | None = None

    @property
    def numeric(self) -> bool:
        return self.kind in (ValueKind.INTEGER, ValueKind.NUMBER)


def inline_definitions(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The schema with `$ref`s to its own `$defs` replaced by what they refer to (pydantic
    writes a StrEnum inside a list as a reference), so tools and widgets see one object."""
    definitions = schema.get("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, Mapping):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return inline(definitions[ref.removeprefix("#/$defs/")])
            return {key: inline(value) for key, value in node.items() if key != "$defs"}
        return [inline(item) for item in node] if isinstance(node, list) else node

    return inline(schema)  # type: ignore[no-any-return]


def read_schema(schema: Mapping[str, Any], *, in_list: bool = False) -> ValueSpec:
    """The spec of a value with this JSON schema; ValueError says what is not supported."""
    keys = set(schema) - _IGNORED
    if "enum" in keys or "const" in keys:
        if keys - {"enum", "const", "type"}:
            raise ValueError(f"its choices carry constraints ({_extra(keys, 'enum')})")
        return ValueSpec(ValueKind.CHOICE, schema, _choices(schema))
    kind = schema.get("type")
    if not isinstance(kind, str) or kind not in _ALLOWED:
        raise ValueError(f"its JSON schema is {dict(schema)!r}")
    if keys - _ALLOWED[kind]:
        raise ValueError(f"{_extra(keys, kind)} cannot be described to the person")
    if kind != "array":
        return ValueSpec(_SCALARS[kind], schema)
    if in_list:
        raise ValueError("lists of lists are not supported")
    items = schema.get("items")
    if not isinstance(items, Mapping):
        raise ValueError("a list must say what its items are")
    item = read_schema(items, in_list=True)
    if item.kind is ValueKind.YES_NO:
        raise ValueError("a list of yes/no answers has no sensible form widget")
    return ValueSpec(ValueKind.LIST, schema, item=item)


_SCALARS = {
    "string": ValueKind.TEXT,
    "integer": ValueKind.INTEGER,
    "number": ValueKind.NUMBER,
    "boolean": ValueKind.YES_NO,
}


def _extra(keys: set[str], kind: str) -> str:
    allowed = _ALLOWED.get(kind, frozenset({"enum", "const", "type"}))
    return ", ".join(sorted(keys - allowed))


def _choices(schema: Mapping[str, Any]) -> tuple[str, ...]:
    values = schema["enum"] if "enum" in schema else [schema["const"]]
    if not all(isinstance(value, str) for value in values):
        raise ValueError(f"choices must be text (got {values!r})")
    seen: dict[str, str] = {}
    for value in values:
        if value != value.strip() or not fold(value):
            raise ValueError(f"the choice {value!r} is blank or has surrounding spaces")
        if any(separator in value for separator in _SEPARATORS):
            raise ValueError(f"the choice {value!r} contains a comma, semicolon or line break")
        if fold(value) in seen:
            raise ValueError(f"the choices {seen[fold(value)]!r} and {value!r} read the same")
        seen[fold(value)] = value
    return tuple(values)


def expected(spec: ValueSpec) -> str:
    """What a value must be, as the end of "Ages must be …" ("a whole number from 0 to 120")."""
    if spec.kind is ValueKind.LIST:
        assert spec.item is not None
        return f"{_count(spec.schema)} {_noun(spec.item, plural=True)}"
    return _noun(spec, plural=False)


def _noun(spec: ValueSpec, *, plural: bool) -> str:
    schema = spec.schema
    if spec.kind is ValueKind.TEXT:
        return ("text items" if plural else "text") + _length(schema)
    if spec.kind is ValueKind.INTEGER:
        return ("whole numbers" if plural else "a whole number") + _range(schema)
    if spec.kind is ValueKind.NUMBER:
        return ("numbers" if plural else "a number") + _range(schema)
    if spec.kind is ValueKind.CHOICE:
        return ("choices from: " if plural else "one of: ") + ", ".join(spec.choices)
    return "yes or no"


def number_text(value: float) -> str:
    """1.0 → "1", 0.5 → "0.5": limits and answers read the way a person writes them."""
    return str(int(value)) if float(value).is_integer() else repr(value)


def _range(schema: Mapping[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f" from {number_text(low)} to {number_text(high)}"
    phrases = [
        f"{words} {number_text(schema[key])}"
        for key, words in (
            ("minimum", "at least"),
            ("exclusiveMinimum", "above"),
            ("maximum", "at most"),
            ("exclusiveMaximum", "below"),
        )
        if schema.get(key) is not None
    ]
    if not phrases:
        return ""
    joined = " and ".join(phrases)
    return f" of {joined}" if joined.startswith("at ") else f" {joined}"


def _length(schema: Mapping[str, Any]) -> str:
    shortest, longest = schema.get("minLength", 0), schema.get("maxLength")
    if shortest > 1 and longest is not None:
        return f" of {shortest} to {longest} characters"
    if longest is not None:
        return f" of at most {longest} characters"
    return f" of at least {shortest} characters" if shortest > 1 else ""


def _count(schema: Mapping[str, Any]) -> str:
    fewest, most = schema.get("minItems", 0), schema.get("maxItems")
    if most is not None:
        if fewest == most:
            return f"a list of exactly {most}"
        return f"a list of {fewest} to {most}" if fewest else f"a list of at most {most}"
    if fewest == 1:
        return "a non-empty list of"
    return f"a list of at least {fewest}" if fewest else "a list of"

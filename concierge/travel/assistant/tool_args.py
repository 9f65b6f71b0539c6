"""Tool argument models made from the store's field declarations. Kept small, since every schema is
sent on every call: a description only where the declaration has one."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import time
from typing import Any, TypeVar, cast

from pydantic import Field, create_model

from concierge.store.validation import FieldRule

from .tool_support import ToolArgs


def _without_default(prop: dict[str, Any]) -> None:
    """No default, so null stays in the schema of a patch (it clears the field; see
    `concierge.agent.tool_schema`)."""
    prop.pop("default", None)


def _without_null(prop: dict[str, Any]) -> None:
    """As `_without_default`, and null left out where leaving the field out says the same."""
    _without_default(prop)
    options = [option for option in prop.pop("anyOf", []) if option != {"type": "null"}]
    if len(options) == 1:
        prop.update(options[0])
    elif options:
        prop["anyOf"] = options


ArgsT = TypeVar("ArgsT", bound=ToolArgs)


def rules_model(
    name: str,
    rules: Mapping[str, FieldRule],
    *,
    exclude: Collection[str] = (),
    optional: Collection[str] = (),
    patch: bool = False,
    terse: bool = False,
    doc: str | None = None,
    base: type[ArgsT] = ToolArgs,  # type: ignore[assignment]
    extra: Mapping[str, tuple[Any, Any]] | None = None,
) -> type[ArgsT]:
    """A model with one field per rule the tools take (`FieldRule.tool`, not in `exclude`), after
    `base`'s, then `extra`. `patch`: every field optional, null to clear; else required when it
    has no default and cannot be null (but `optional`, which the tool fills). `terse`: no
    defaults in the schema, null only where a patch clears with it. A time of day is a string:
    JSON Schema's `time` has a UTC offset, which llama.cpp's grammar would force on the model."""
    fields: dict[str, Any] = {}
    for field_name, rule in rules.items():
        if field_name in exclude or not rule.tool:
            continue
        kind = rule.kind
        annotation: Any = kind.python_type if kind is not None else Any
        if annotation is time:
            annotation = str  # JSON Schema's `time` has a UTC offset; the store reads HH:MM
        options: dict[str, Any] = kind.constraints() if kind is not None else {}
        if rule.description:
            options["description"] = rule.description
        nullable = kind is None or kind.nullable
        default: Any = rule.default
        if patch or nullable or field_name in optional:
            default = None
            if nullable or not terse:
                annotation = annotation | None
        elif default is None:
            default = ...
        elif isinstance(default, tuple):
            default = list(default)
        if terse:
            options["json_schema_extra"] = _without_default if patch else _without_null
        fields[field_name] = (annotation, Field(default, **options))
    fields.update(extra or {})
    return cast("type[ArgsT]", create_model(name, __base__=base, __doc__=doc, **fields))

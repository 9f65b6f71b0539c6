"""A tool's schema as sent is compact (no titles, no null noise, no refs, no docstrings) and
means what pydantic's schema means: valid JSON Schema that accepts and refuses the same
values, and the same text on every call."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any, Literal

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field

from concierge.agent import Tool, ToolContext
from concierge.agent.tool_schema import compact_schema


class Colour(StrEnum):
    """A developer's note the model never needs."""

    RED = "red"
    BLUE = "blue"


class Sample(BaseModel):
    """What the model sends; the tool's description says so already."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["add", "remove"]
    title: str | None = Field(None, description="A property named title stays.")
    colour: Colour | None = None
    count: int | None = Field(None, ge=0)
    cleared: str | None = Field(None, min_length=1, json_schema_extra=lambda s: s.pop("default"))
    amount: float | str | None = Field(None, json_schema_extra=lambda s: s.pop("default"))
    level: Literal["low", "high"] | None = Field(None, json_schema_extra=lambda s: s.pop("default"))
    either: int | float | None = None
    share: float = Field(0.0, ge=0.0)
    tags: dict[str, int] = Field(default_factory=dict)
    style: dict[str, str] = Field({"title": "kept", "description": "kept"})


def sent(model: type[BaseModel]) -> dict[str, Any]:
    async def handler(args: BaseModel, ctx: ToolContext) -> str:
        return ""

    spec = Tool("sample", "Sample tool.", model, handler).spec()
    return dict(spec["function"]["parameters"])


def test_the_schema_as_sent_is_compact() -> None:
    schema = sent(Sample)
    properties = schema["properties"]
    assert "description" not in schema and "additionalProperties" not in schema
    assert "$defs" not in schema and "title" not in schema
    assert properties["action"] == {"enum": ["add", "remove"]}
    assert properties["title"] == {"type": "string", "description": "A property named title stays."}
    assert properties["colour"] == {"enum": ["red", "blue"]}  # inlined, docstring dropped
    assert properties["count"] == {"minimum": 0, "type": "integer"}  # optional: no null
    # Where null means something (no default in the schema), it stays, in a type list.
    assert properties["cleared"] == {"type": ["string", "null"], "minLength": 1}
    assert properties["amount"] == {"type": ["number", "string", "null"]}
    assert properties["level"] == {"enum": ["low", "high", None]}
    # integer and number overlap: only anyOf says it exactly.
    assert properties["either"] == {"anyOf": [{"type": "integer"}, {"type": "number"}]}
    assert properties["share"] == {"default": 0, "minimum": 0, "type": "number"}
    assert properties["tags"]["additionalProperties"] == {"type": "integer"}
    assert properties["style"]["default"] == {"title": "kept", "description": "kept"}  # data
    assert schema["required"] == ["action"] and schema["type"] == "object"


def test_the_schema_text_is_the_same_on_every_call() -> None:
    first, second = sent(Sample), sent(Sample)
    assert json.dumps(first) == json.dumps(second)
    assert list(first["properties"]) == list(Sample.model_fields)  # declaration order


def test_branches_sharing_a_type_or_a_keyword_stay_an_any_of() -> None:
    two_strings = {"anyOf": [{"type": "string", "format": "date"}, {"type": "string"}]}
    assert compact_schema({"properties": {"x": two_strings}})["properties"]["x"] == two_strings
    enum_and_more = {"anyOf": [{"enum": ["a"], "type": "string"}, {"type": "integer"}]}
    assert compact_schema({"properties": {"x": enum_and_more}})["properties"]["x"] == {
        "anyOf": [{"enum": ["a"]}, {"type": "integer"}]
    }
    const = {"anyOf": [{"const": 1, "type": "integer"}, {"type": "null"}]}
    assert compact_schema({"properties": {"x": const}})["properties"]["x"] == const


def test_the_compact_schema_is_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(sent(Sample))


values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(-3, 3, allow_nan=False)
    | st.sampled_from(["", "x", "red", "low", "add", "2026-05-01"]),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from("ab"), inner),
    max_leaves=4,
)
arguments = st.fixed_dictionaries(
    {"action": st.sampled_from(["add", "remove", "rename"])},
    optional={
        name: values
        for name in ("title", "colour", "count", "cleared", "amount", "level", "either", "share")
    },
)


@settings(max_examples=150)
@given(arguments)
def test_the_compact_schema_accepts_what_pydantics_accepts(data: dict[str, Any]) -> None:
    """Pydantic's own schema (refs resolved, nothing dropped) and the compact one agree on
    every value, but for what the compact one leaves out on purpose: null for an optional
    field (leaving it out says the same)."""
    full = Sample.model_json_schema()
    full_ok = jsonschema.Draft202012Validator(full).is_valid(data)
    compact_ok = jsonschema.Draft202012Validator(sent(Sample)).is_valid(data)
    optional_null = any(
        data.get(name, 0) is None for name in ("title", "colour", "count", "either")
    )
    if optional_null:
        assert not compact_ok or full_ok
    else:
        assert compact_ok == full_ok, data

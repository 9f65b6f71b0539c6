"""A tool's input schema as the model reads it: pydantic's JSON Schema without what only
costs tokens (every schema is sent on every call), meaning exactly what pydantic meant.

Titles, the arguments object's description and `additionalProperties` go (`parse_arguments`
refuses unknown arguments by name), `$ref`s are inlined, and an optional field loses its null
branch (a field where null means something else keeps it by having no default). Every
OpenAI-compatible server reads the result; llama.cpp's grammar builder turns type lists into
a union.
"""

from __future__ import annotations

from typing import Any

_SCHEMA_MAPS = frozenset({"properties", "$defs", "definitions", "patternProperties"})
"""Keywords whose value maps names to schemas: their keys are names, not keywords."""
_VALUES = frozenset({"default", "enum", "const", "examples"})
"""Keywords whose value is data, kept as it is (but whole numbers without ".0")."""


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The compact form of a pydantic `model_json_schema()` for a tool's arguments."""
    definitions = schema.get("$defs", {})
    compacted: dict[str, Any] = _compact(schema, definitions, top=True)
    compacted.pop("$defs", None)
    return compacted


def _compact(node: Any, definitions: dict[str, Any], *, top: bool = False) -> Any:
    if isinstance(node, list):
        return [_compact(item, definitions) for item in node]
    if isinstance(node, float) and node.is_integer():
        return int(node)
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        node = _inlined(node, definitions)
    result: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title" or key == "$defs":
            continue
        if top and (key == "description" or (key == "additionalProperties" and value is False)):
            continue
        if key == "default" and value is None:
            continue
        if key == "anyOf" and node.get("default", ...) is None and isinstance(value, list):
            value = [branch for branch in value if branch != {"type": "null"}]
            if len(value) == 1:
                result.update(_compact(value[0], definitions))
                continue
        if key in _VALUES:
            result[key] = _value(value)
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            result[key] = {name: _compact(sub, definitions) for name, sub in value.items()}
        else:
            result[key] = _compact(value, definitions)
    if "anyOf" in result:
        merged = _merged_types(result["anyOf"])
        if merged is not None:
            del result["anyOf"]
            result = {**merged, **result}
    if "enum" in result and _enum_implies_type(result["enum"], result.get("type")):
        del result["type"]
    return result


_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def _enum_implies_type(values: Any, declared: Any) -> bool:
    """Whether every enum value has one of the `declared` types (no booleans posing as
    integers), so the `type` keyword adds nothing."""
    types = [declared] if isinstance(declared, str) else declared
    if not isinstance(values, list) or not isinstance(types, list) or not types:
        return False
    allowed = [_JSON_TYPES.get(kind) for kind in types]
    if None in allowed:
        return False
    return all(
        any(
            isinstance(value, python) and not (isinstance(value, bool) and bool not in python)
            for python in allowed
            if python is not None
        )
        for value in values
    )


def _value(data: Any) -> Any:
    if isinstance(data, float) and data.is_integer():
        return int(data)
    if isinstance(data, list):
        return [_value(item) for item in data]
    if isinstance(data, dict):
        return {key: _value(item) for key, item in data.items()}
    return data


def _inlined(node: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    """A `$ref` replaced by its definition; the referring node's own keywords win, and the
    definition's description (a class docstring) is dropped."""
    reference = node["$ref"]
    name = reference.rsplit("/", 1)[-1]
    target = definitions.get(name)
    if not reference.startswith("#/$defs/") or not isinstance(target, dict) or "$ref" in target:
        return node
    definition = {key: value for key, value in target.items() if key != "description"}
    rest = {key: value for key, value in node.items() if key != "$ref"}
    return {**definition, **rest}


_TYPE_KEYWORDS: dict[str, frozenset[str]] = {
    "string": frozenset({"minLength", "maxLength", "pattern", "format"}),
    "number": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}),
    "array": frozenset({"items", "minItems", "maxItems", "uniqueItems", "prefixItems"}),
    "object": frozenset(
        {"properties", "required", "additionalProperties", "minProperties", "maxProperties"}
    ),
    "boolean": frozenset(),
    "null": frozenset(),
}
"""The validation keywords that apply only to values of one type (JSON Schema ignores them
for the others), so branches of different types keep them side by side."""
_TYPE_KEYWORDS["integer"] = _TYPE_KEYWORDS["number"] | {"multipleOf"}
_TYPE_KEYWORDS["number"] |= {"multipleOf"}


def _merged_types(branches: Any) -> dict[str, Any] | None:
    """One schema with a `type` list equal to `anyOf` of `branches`, or None when only
    `anyOf` says it exactly (two branches of one type, a keyword that applies to every
    type). An `enum` branch merges only with a bare null branch: null joins the enum."""
    if not isinstance(branches, list) or len(branches) < 2:
        return None
    if not all(isinstance(branch, dict) for branch in branches):
        return None
    enums = [branch for branch in branches if "enum" in branch]
    if enums:
        rest = [branch for branch in branches if "enum" not in branch]
        if len(enums) > 1 or rest != [{"type": "null"}]:
            return None
        [choices] = enums
        kept = {key: value for key, value in choices.items() if key != "type"}
        return {**kept, "enum": [*choices["enum"], None]}
    types: list[str] = []
    keywords: dict[str, Any] = {}
    for branch in branches:
        kind = branch.get("type")
        if not isinstance(kind, str) or kind not in _TYPE_KEYWORDS or kind in types:
            return None
        if {kind, *types} >= {"integer", "number"}:
            return None
        others = {key: value for key, value in branch.items() if key != "type"}
        if not others.keys() <= _TYPE_KEYWORDS[kind]:
            return None
        types.append(kind)
        keywords.update(others)
    return {"type": types, **keywords}

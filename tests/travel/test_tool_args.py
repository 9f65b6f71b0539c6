"""Tool argument models come from the field rules: the store's limits are checked and its
descriptions are the schema's, a rule added the old way (a plain parse function) still makes
an argument, and the schemas as sent stay small (no titles, no null defaults, no bounds)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from concierge.agent import Tool, ToolContext
from concierge.model.field_kinds import Line, Whole
from concierge.store.validation import (
    EXPENSE_RULES,
    ITEM_RULES,
    STOP_RULES,
    TRIP_RULES,
    FieldRule,
    whole_range,
)
from concierge.travel.assistant.ledger_tools import NewExpense
from concierge.travel.assistant.tool_args import rules_model
from concierge.travel.assistant.trip_tools import ItemEdit, StopEdit, TripChanges


def sent(model: type[BaseModel]) -> dict[str, Any]:
    """The parameters schema the model server receives for a tool taking `model`."""

    async def handler(args: BaseModel, ctx: ToolContext) -> str:
        return ""

    return dict(Tool("sample", "A sample.", model, handler).spec()["function"]["parameters"])


def properties(model: type[BaseModel]) -> dict[str, Any]:
    return dict(sent(model)["properties"])


def test_the_trip_schema_carries_the_stores_descriptions_and_its_limits_are_checked() -> None:
    shown = properties(TripChanges)
    lowest, highest = whole_range(TRIP_RULES["travellers"])
    assert shown["travellers"] == {"type": "integer"}
    assert shown["budget_amount"]["description"] == TRIP_RULES["budget_amount"].description
    assert shown["pace"] == {"enum": ["relaxed", "balanced", "packed"]}
    assert shown["start_date"] == {"type": ["string", "null"], "format": "date"}  # null clears
    assert "shared_values" not in shown and "origin_code" not in shown
    with pytest.raises(ValidationError, match="less than or equal to 999"):
        TripChanges.model_validate({"travellers": highest + 1})
    with pytest.raises(ValidationError):
        TripChanges.model_validate({"travellers": lowest - 1})
    with pytest.raises(ValidationError):
        TripChanges.model_validate({"shared_values": ["P1234567"]})


def test_one_itinerary_schema_takes_every_item_field_and_a_local_time() -> None:
    schema = sent(ItemEdit)
    assert schema["required"] == ["action"]
    assert set(ITEM_RULES) <= set(schema["properties"])
    assert schema["properties"]["action"] == {"enum": ["add", "update", "move", "remove"]}
    assert schema["properties"]["item_id"] == {
        "type": "string",
        "description": "Not for add.",
    }
    # JSON Schema's `time` format carries a UTC offset (llama.cpp's grammar forces one);
    # the store takes a local HH:MM.
    assert schema["properties"]["start_time"] == {
        "type": ["string", "null"],
        "description": ITEM_RULES["start_time"].description,
    }
    item = ItemEdit.model_validate({"action": "add", "day": "2026-05-01", "start_time": "10:30"})
    assert item.model_dump(include=item.model_fields_set)["start_time"] == "10:30"


def test_schemas_as_sent_carry_no_titles_null_defaults_or_refs() -> None:
    for model in (TripChanges, ItemEdit, StopEdit, NewExpense):
        text = json.dumps(sent(model))
        assert "title" not in sent(model)
        assert '"default": null' not in text and "$ref" not in text and "anyOf" not in text
        for prop in properties(model).values():
            assert "title" not in prop


def test_a_rule_with_a_plain_parse_function_still_makes_an_argument() -> None:
    def code(label: str, value: object) -> str:
        return str(value).upper()

    rules = {
        "code": FieldRule("Code", code, ""),
        "count": FieldRule("Count", Whole(1, 9), 1, description="How many."),
        "name": FieldRule("Name", Line(20, required=True)),
    }
    model = rules_model("Sample", rules)
    shown = properties(model)
    assert shown["count"] == {"default": 1, "description": "How many.", "type": "integer"}
    assert sent(model)["required"] == ["name"]
    assert model.model_validate({"code": ["anything"], "name": "x"}).model_dump()["code"] == [
        "anything"
    ]
    with pytest.raises(ValidationError):
        model.model_validate({"name": "x" * 21})
    with pytest.raises(ValidationError):
        model.model_validate({"name": "x", "count": 10})


def compact_size(model: type[BaseModel]) -> int:
    return len(json.dumps(sent(model), separators=(",", ":")))


def test_the_item_stop_and_expense_schemas_come_from_their_rules_and_stay_small() -> None:
    assert properties(ItemEdit)["end_time"]["description"] == ITEM_RULES["end_time"].description
    assert (
        {"place", "arrive", "depart"}
        <= set(properties(StopEdit))
        <= {"action", "stop", "position", *STOP_RULES}
    )
    assert set(properties(NewExpense)) == set(EXPENSE_RULES) - {"item_id"}
    assert sent(NewExpense)["required"] == ["amount", "spent_on"]
    # The separate add, update and move item models measured 1522 + 1609 + 600 together.
    assert compact_size(ItemEdit) <= 1400
    assert compact_size(StopEdit) <= 500
    assert compact_size(NewExpense) <= 600


def test_a_null_left_out_of_the_schema_is_still_accepted_and_limits_still_hold() -> None:
    item = ItemEdit.model_validate({"action": "update", "item_id": "abcd", "end_time": None})
    assert item.model_dump()["end_time"] is None
    with pytest.raises(ValidationError):
        ItemEdit.model_validate({"action": "update", "title": "x" * 201})
    with pytest.raises(ValidationError):
        ItemEdit.model_validate({"action": "update", "item_id": "abcd", "duration_minutes": 0})
    with pytest.raises(ValidationError):
        ItemEdit.model_validate({"action": "rename"})

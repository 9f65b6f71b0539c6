"""The first prompt of an empty trip stays within its budget (by a character estimate here;
by the real tokenizer in tests/real_model), with few general tools described in one line."""

from __future__ import annotations

from pathlib import Path

from concierge.travel.places.index import PlaceIndex
from tests.fakes import FakeOpenAIServer
from tests.travel.first_prompt import BUDGET_TOKENS, estimated_tokens, first_request

TOOL_LIMIT = 12
DESCRIPTION_LIMIT = 120


async def test_the_first_prompt_of_an_empty_trip_fits_the_budget(
    tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    body = await first_request(tmp_path, places, fake_openai)
    assert body["messages"][0]["role"] == "system"
    assert "Trip: New trip" in body["messages"][-1]["content"]  # the snapshot is in it
    estimate = estimated_tokens(body)
    assert estimate <= BUDGET_TOKENS, f"the first prompt is about {estimate:,} tokens"


async def test_the_tools_are_few_and_described_in_one_line(
    tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    body = await first_request(tmp_path, places, fake_openai)
    functions = [tool["function"] for tool in body["tools"]]
    assert len(functions) <= TOOL_LIMIT, [f["name"] for f in functions]
    for function in functions:
        description = function["description"]
        assert "\n" not in description and len(description) <= DESCRIPTION_LIMIT, function["name"]
        assert "title" not in function["parameters"]

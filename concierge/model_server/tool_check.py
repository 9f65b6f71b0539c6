"""Whether a model can change the trip: one tiny request that needs one tool call.

A model that answers in text instead (or a server that refuses tools, as vLLM does without
its tool parser and Ollama for a model without tool support) can talk, but the app's edits
all go through tools."""

from __future__ import annotations

import json
from typing import Any

from concierge.agent.openai_errors import describe_openai_error
from concierge.model.settings import ASSISTANT_ANSWER_CAP, MODEL_IDLE_TIMEOUT, ToolUse
from concierge.text import QT_TRANSLATE_NOOP

from .errors import ConnectionCheckError
from .profile import ModelProfile

TOOL_USE_TEXT: dict[ToolUse, str] = {
    ToolUse.UNTESTED: "",
    ToolUse.EDITS: QT_TRANSLATE_NOOP("ModelServer", "Can edit your trip"),
    ToolUse.TALKS: QT_TRANSLATE_NOOP(
        "ModelServer", "Can talk, but did not use the app's tools: it cannot change your trip"
    ),
}
"""The verdict in words for the person."""

TEST_TOOL = "add_stop"
TEST_PLACE = "Lisbon"
_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": TEST_TOOL,
            "description": "Add a stop to the person's trip.",
            "parameters": {
                "type": "object",
                "properties": {"place": {"type": "string", "description": "The town or city."}},
                "required": ["place"],
            },
        },
    }
]
_MESSAGES: list[dict[str, str]] = [
    {"role": "system", "content": "You change the person's trip only with the tools given."},
    {"role": "user", "content": f"Add {TEST_PLACE} to my trip."},
]


def called_correctly(calls: list[Any]) -> bool:
    """One call of the test tool, its arguments JSON naming the place asked for."""
    if len(calls) != 1 or getattr(calls[0], "function", None) is None:
        return False
    function = calls[0].function
    try:
        arguments = json.loads(function.arguments or "")
    except ValueError:
        return False
    place = arguments.get("place") if isinstance(arguments, dict) else None
    return (
        function.name == TEST_TOOL
        and isinstance(place, str)
        and TEST_PLACE.lower() in place.lower()
    )


async def check_tool_use(profile: ModelProfile) -> ToolUse:
    """Send the test request; EDITS when the model called the tool as asked. A failure to
    reach the server raises `ConnectionCheckError`."""
    import openai

    from concierge.agent.openai_client import auth_headers, model_client

    timeout = profile[MODEL_IDLE_TIMEOUT]
    client = model_client(profile.base_url, profile.client_api_key, max_retries=0, timeout=timeout)
    cap = {profile.preset_info.answer_cap_field: profile[ASSISTANT_ANSWER_CAP]}
    try:
        completion = await client.chat.completions.create(
            model=profile.model,
            messages=_MESSAGES,  # type: ignore[arg-type]
            tools=_TOOLS,  # type: ignore[arg-type]
            extra_headers=auth_headers(client),
            extra_body=cap,
        )
    except openai.BadRequestError:
        return ToolUse.TALKS  # The server refused tools for this model.
    except openai.APIError as error:
        status = error.status_code if isinstance(error, openai.APIStatusError) else None
        message = describe_openai_error(error, profile.base_url, timeout=timeout)
        raise ConnectionCheckError(message, status_code=status) from error
    finally:
        await client.close()
    choices = completion.choices or []
    calls = list(choices[0].message.tool_calls or []) if choices else []
    return ToolUse.EDITS if called_correctly(calls) else ToolUse.TALKS

"""Tools the model can call: typed with pydantic, run in the order the model emitted them.
Every call ends in exactly one `ToolResult`; every failure is an error result the model
can read and correct.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

from pydantic import BaseModel, ValidationError

from .abort import AbortSignal
from .errors import AbortedError, ToolError, UsageError
from .messages import ToolCall, ToolResult, ToolStatus
from .tool_schema import compact_schema

ArgsT = TypeVar("ArgsT", bound=BaseModel)
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ToolOutput:
    """A handler's result: the full `content`, and an optional short `summary`.

    Results older than the last real user turn are sent to the model as their summary.
    """

    content: str
    summary: str | None = None


@dataclass(frozen=True, slots=True)
class ToolContext:
    """`effect_id` tags the call's writes (e.g. as their change-log group) so that, after a
    crash before its result was stored, `OutcomeLookup` can report what it did."""

    signal: AbortSignal
    call_id: str
    effect_id: str = ""


OutcomeLookup: TypeAlias = Callable[[str], Awaitable["str | None"]]
"""Given a tool call's `effect_id`, what it had done, in words for the model, if its writes
were committed; None if nothing was. Asked only for calls left without a result by a crash."""


@dataclass(frozen=True, slots=True)
class PermissionRequest:
    """Asked before a destructive tool runs; the UI answers without a modal event loop."""

    tool_name: str
    call_id: str
    arguments: BaseModel
    description: str


PermissionHandler: TypeAlias = Callable[[PermissionRequest], Awaitable[bool]]
Handler: TypeAlias = Callable[[ArgsT, ToolContext], Awaitable["ToolOutput | str"]]


@dataclass(frozen=True)
class Tool(Generic[ArgsT]):
    """`title` is what the person (never the model) sees for a call."""

    name: str
    description: str
    input_model: type[ArgsT]
    handler: Handler[ArgsT]
    requires_permission: bool | Callable[[ArgsT], bool] = False
    describe_permission: Callable[[ArgsT], str | Awaitable[str]] | None = None
    title: str = ""
    schema: Mapping[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("_", "").replace("-", "").isalnum():
            raise UsageError(f"Tool names use letters, digits, '_' and '-': {self.name!r}")
        object.__setattr__(self, "schema", _parameters_schema(self.input_model))

    def needs_permission(self, arguments: ArgsT) -> bool:
        check = self.requires_permission
        return check(arguments) if callable(check) else bool(check)

    def spec(self) -> dict[str, Any]:
        """The OpenAI `tools` entry; identical on every call (R5), its schema compact
        (`tool_schema`) in the input model's field order."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.schema,
            },
        }


_SCHEMA_TEXT: weakref.WeakKeyDictionary[type[BaseModel], str] = weakref.WeakKeyDictionary()
"""Each input model's schema as JSON, made once: the tools are built again for every trip
shown, and pydantic takes tens of milliseconds for all of them on the GUI thread."""


def _parameters_schema(model: type[BaseModel]) -> dict[str, Any]:
    text = _SCHEMA_TEXT.get(model)
    if text is None:
        schema = compact_schema(model.model_json_schema())
        text = _SCHEMA_TEXT[model] = json.dumps(schema, ensure_ascii=False)
    return json.loads(text)  # type: ignore[no-any-return]


_TOO_DEEP = (
    "The arguments for '{name}' are nested too deeply to read. Send one flat JSON object "
    "matching the tool's schema."
)


def parse_arguments(tool: Tool[Any], raw: str) -> BaseModel:
    """Validate raw model output; raises ToolError with a message the model can act on."""
    text = raw.strip() or "{}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ToolError(
            f"The arguments for '{tool.name}' are not valid JSON ({error.msg} at position "
            f"{error.pos}). Send one JSON object matching the tool's schema."
        ) from None
    except RecursionError:
        raise ToolError(_TOO_DEEP.format(name=tool.name)) from None
    if not isinstance(data, dict):
        raise ToolError(f"The arguments for '{tool.name}' must be a JSON object.")
    try:
        validated: BaseModel = tool.input_model.model_validate(data)
        return validated
    except RecursionError:
        raise ToolError(_TOO_DEEP.format(name=tool.name)) from None
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(arguments)'}: {e['msg'].rstrip('.')}"
            for e in error.errors(include_url=False)
        )
        raise ToolError(f"Invalid arguments for '{tool.name}': {problems}.") from None


def tool_titles(tools: Sequence[Tool[Any]]) -> dict[str, str]:
    """Each tool's name → its title, for tools that have one."""
    return {tool.name: tool.title for tool in tools if tool.title}


def unknown_tool_message(name: str, tools: Sequence[Tool[Any]]) -> str:
    available = ", ".join(t.name for t in tools) or "none"
    return f"There is no tool named '{name}'. Available tools: {available}."


async def run_tool(
    tools: Mapping[str, Tool[Any]],
    call: ToolCall,
    effect: str,
    signal: AbortSignal | None,
    permission_handler: PermissionHandler | None,
) -> ToolResult:
    """Look up, validate, ask permission for and run one call; raises only when aborted."""
    tool = tools.get(call.name)
    if tool is None:
        return _error(call, unknown_tool_message(call.name, tuple(tools.values())))
    tool_signal = signal if signal is not None else AbortSignal()
    try:
        arguments = parse_arguments(tool, call.arguments)
        if tool.needs_permission(arguments) and not await _permit(
            permission_handler, tool, call, arguments
        ):
            return _error(call, "The person declined this action; it was not carried out.")
        output = await tool_signal.race(
            tool.handler(
                arguments, ToolContext(signal=tool_signal, call_id=call.id, effect_id=effect)
            )
        )
    except ToolError as error:
        return _error(call, str(error))
    except (AbortedError, asyncio.CancelledError):
        raise
    except Exception as error:
        log.exception("tool %s failed", call.name)
        return _error(call, f"The tool '{call.name}' failed: {error}")
    if isinstance(output, str):
        output = ToolOutput(output)
    return ToolResult.of(call, output.content, summary=output.summary)


async def _permit(
    handler: PermissionHandler | None, tool: Tool[Any], call: ToolCall, arguments: Any
) -> bool:
    if handler is None:
        return False
    description: str | Awaitable[str] = (
        tool.describe_permission(arguments)
        if tool.describe_permission is not None
        else f"Allow the assistant to run '{tool.name}'?"
    )
    if inspect.isawaitable(description):
        description = await description
    return await handler(PermissionRequest(tool.name, call.id, arguments, description))


def _error(call: ToolCall, content: str) -> ToolResult:
    return ToolResult.of(call, content, ToolStatus.ERROR)

"""What the assistant's tool modules share: strict argument models, one change context per
call, store errors as tool errors, and records found by the short ids the snapshots show."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from concierge.agent import ToolContext, ToolError
from concierge.store import (
    Actor,
    ChangeContext,
    InvalidChangeError,
    Outcome,
    RecordNotFoundError,
    Status,
)
from concierge.text import QT_TRANSLATE_NOOP

from ..errors import TripEditError
from ..lookups.errors import LookupRequestError

T = TypeVar("T")

LIMITS = (
    "minLength",
    "maxLength",
    "maxItems",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
)
"""Bounds the arguments enforce with a message naming the field and the bound: the schema,
sent on every call, need not repeat them on every field."""


def _without_limits(schema: dict[str, Any]) -> None:
    for prop in schema.get("properties", {}).values():
        for part in [prop, *prop.get("anyOf", [])]:
            for limit in LIMITS:
                part.pop(limit, None)


class ToolArgs(BaseModel):
    """Arguments the model did not mean (a misspelt name) are refused, not ignored; bounds
    are checked, not sent (`LIMITS`)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_without_limits)


def assistant_context(ctx: ToolContext, what: str) -> ChangeContext:
    """The context of one tool call: all it writes undoes as one step, named by `what`. The group is
    the call's `effect_id`, so after a crash `committed_outcome` can tell what the call did."""
    label = QT_TRANSLATE_NOOP("ChangeLabel", "the assistant’s {what}").format(what=what)
    context = ChangeContext(actor=Actor.ASSISTANT, label=label)
    return dataclasses.replace(context, group_id=ctx.effect_id) if ctx.effect_id else context


@asynccontextmanager
async def store_errors() -> AsyncIterator[None]:
    """Turns the store's and the editor's validation errors, and the lookup service's
    refusals, into tool errors."""
    try:
        yield
    except (InvalidChangeError, TripEditError, LookupRequestError) as error:
        raise ToolError(str(error)) from None
    except RecordNotFoundError as error:
        raise ToolError(f"Not found: {error}") from None


def written(outcome: Outcome[T]) -> Outcome[T]:
    """The outcome of a write the tool reports; a lock's refusal is the tool's error, in the
    lock's words."""
    if outcome.status is Status.REFUSED:
        raise ToolError(outcome.reason)
    return outcome


class Identified(Protocol):
    @property
    def id(self) -> str: ...


RecordT = TypeVar("RecordT", bound=Identified)


def by_reference(records: Sequence[RecordT], reference: str, noun: str, where: str) -> RecordT:
    """The one record whose id starts with `reference` (a full or shortened id, brackets
    allowed); a ToolError says where to find ids when none or several match."""
    wanted = reference.strip().strip("[]").lower()
    matches = [record for record in records if record.id.startswith(wanted)]
    if not matches:
        raise ToolError(
            f"This trip has no {noun} [{reference}]. Use an id shown in brackets {where}."
        )
    if len(matches) > 1:
        plural = noun.split()[-1] + "s"
        raise ToolError(f"[{reference}] matches several {plural}; give more of the id.")
    return matches[0]

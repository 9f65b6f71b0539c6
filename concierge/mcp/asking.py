"""Asking the person's leave for a destructive tool through the client's elicitation, before it
runs. In the handshake era the server asks mid-call (`elicitation/create`); from 2026-07-28 the
call ends with an input-required result carrying the question, and the client calls again with
the person's answer and the request state we sealed (`RequestStateBoundary`), which names the
question, so an answer counts only for the question it was given to. A client offering no
elicitation is refused with a sentence saying why."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import mcp.types as types
from mcp.server import ServerRequestContext

from concierge.agent import PermissionRequest, ToolError

from .clients import speaks_newest

LEAVE = "concierge.leave"
"""The key of our one question in an input-required result."""
_NO_FIELDS: dict[str, Any] = {"type": "object", "properties": {}}
"""Yes or no is the answer's action; the form asks nothing more."""


def asks_forms(capabilities: types.ClientCapabilities | None) -> bool:
    """Whether the client shows the person a form: a bare `elicitation: {}` (before modes)
    counts; a client offering only to open links does not."""
    offered = capabilities.elicitation if capabilities is not None else None
    return offered is not None and (offered.form is not None or offered.url is None)


def _digest(question: str) -> str:
    return hashlib.sha256(question.encode()).hexdigest()


@dataclass
class Asking:
    """The permission handler of one tool call by `client`; `input_required` after the call
    holds the question to send back, when the answer must come in a call of its own."""

    ctx: ServerRequestContext[Any]
    params: types.CallToolRequestParams
    client: str
    question: str | None = None

    async def __call__(self, request: PermissionRequest) -> bool:
        capabilities = self.ctx.session.client_capabilities
        modern = speaks_newest(self.ctx)
        if not (asks_forms(capabilities) and (modern or self.ctx.session.can_send_request)):
            raise ToolError(
                f"{request.description} This needs the person's leave, and {self.client} "
                "offers no way to ask them (MCP elicitation), so it was not done: ask the "
                "person to make this change in the Concierge window."
            )
        if not modern:
            answer = await self.ctx.session.elicit_form(
                request.description, _NO_FIELDS, related_request_id=self.ctx.request_id
            )
            return answer.action == "accept"
        given = (self.params.input_responses or {}).get(LEAVE)
        if isinstance(given, types.ElicitResult) and self.params.request_state == _digest(
            request.description
        ):
            return given.action == "accept"
        self.question = request.description
        return False

    def input_required(self) -> types.InputRequiredResult | None:
        """The question to ask before the call can run, if it must be asked first."""
        if self.question is None:
            return None
        ask = types.ElicitRequest(
            params=types.ElicitRequestFormParams(message=self.question, requested_schema=_NO_FIELDS)
        )
        return types.InputRequiredResult(
            input_requests={LEAVE: ask}, request_state=_digest(self.question)
        )

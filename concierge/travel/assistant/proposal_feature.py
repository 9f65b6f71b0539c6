"""Propose mode as the model meets it: no leave asked for a removal only proposed, and the
"proposals" block."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from concierge.agent import (
    AbortSignal,
    ContextProvider,
    Notice,
    PermissionHandler,
    PermissionRequest,
)
from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import ProposalRepository, ProposedCall, Settings

from ..safe_text.value_text import one_line
from .feature import AssistantFeature
from .snapshot_budget import Section, fit_sections

MAX_SHOWN = 8


def change_name(call: ProposedCall) -> str:
    """The call's change in the model's words ("addition of “Dinner”"), on one line, naming
    the other program whose assistant proposed it."""
    label = one_line(call.label.removeprefix("the assistant’s "))
    return label if call.program is None else f"{label} (proposed by {one_line(call.program)})"


def asked_unless_proposing(handler: PermissionHandler, settings: Settings) -> PermissionHandler:
    """`handler`, except in propose mode: a removal that is only proposed needs no leave,
    the person decides on it in the review panel."""

    async def ask(request: PermissionRequest) -> bool:
        if await settings.get(ASSISTANT_EDITS) is EditMode.PROPOSE:
            return True
        return await handler(request)

    return ask


def outcome_line(decided: Sequence[ProposedCall]) -> str:
    """ "The person accepted 2 and rejected 1 of your proposed changes." """
    accepted = sum(call.status == "accepted" for call in decided)
    rejected = sum(call.status == "rejected" for call in decided)
    conflicts = len(decided) - accepted - rejected
    parts = [f"accepted {accepted}", f"rejected {rejected}"]
    if conflicts:
        parts.append(f"could not apply {conflicts}")
    return f"The person {', '.join(parts[:-1])} and {parts[-1]} of your proposed changes:"


def decided_rows(decided: Sequence[ProposedCall]) -> list[str]:
    """One line per outcome, the changes in the order proposed."""
    rows: list[str] = []
    for status, heading in (
        ("accepted", "accepted"),
        ("rejected", "rejected"),
        ("conflict", "not applied, the trip changed since"),
    ):
        names = [
            change_name(call) + (f" ({one_line(call.note)})" if call.note else "")
            for call in decided
            if call.status == status
        ]
        if names:
            rows.append(f"- {heading}: {'; '.join(names)}")
    return rows


def proposal_status(proposals: ProposalRepository, trip_id: str, allowance: int) -> ContextProvider:
    """Within `allowance` tokens: the decisions not yet told (then marked told, once a model
    call carried them), and the changes still waiting."""

    async def render(signal: AbortSignal) -> str | Notice | None:
        decided = await proposals.unreported(trip_id)
        pending = await proposals.pending(trip_id)
        text = fit_sections(
            [
                Section(
                    outcome_line(decided),
                    decided_rows(decided),
                    lambda count: f"- … {count:,} more lines",
                ),
                Section(
                    "Your proposed changes the person has not decided on (not in the trip):",
                    [f"- {change_name(call)}" for call in pending[-MAX_SHOWN:]],
                    lambda count: f"- … {count:,} more waiting",
                    count=len(pending),
                ),
            ],
            allowance,
        )
        if not decided:
            return text
        told = [call.call_id for call in decided]

        async def delivered() -> None:
            await proposals.mark_reported(told)

        return Notice(text, delivered)

    return render


@dataclass(eq=False)
class ProposalFeature(AssistantFeature):
    """The "proposals" block; the write tools say themselves what they proposed
    (`WriteReport`)."""

    name = "proposals"

    proposals: ProposalRepository
    trip_id: str

    def status_provider(self) -> ContextProvider:
        return proposal_status(self.proposals, self.trip_id, self.allowance())

"""The wording of app-state snapshots in a realtime session, in one place (R7, R11): the
session keeps every item it was sent until the bridge deletes it, so each snapshot after the
first says, with its number, that it replaces the earlier ones (the bridge deletes those once
the server has the new one, `snapshot_id` naming each).
"""

from __future__ import annotations

from .context import RUNTIME_CONTEXT_LABEL

FIRST_SNAPSHOT = "Snapshot 1 of this session: the app state now."
LATER_SNAPSHOT = (
    "Snapshot {number} of this session: it replaces snapshots 1 to {previous}, which are "
    "out of date; where they differ, only this one is true now."
)
NO_STATE = "The app has no state to report now."


def snapshot_text(number: int, context_text: str | None) -> str:
    """Snapshot `number` (1: the session's first) of `context_text`, the resolved runtime
    context, label first; without one it says the earlier snapshots no longer hold."""
    if number < 1:
        raise ValueError(f"Snapshots are numbered from 1, not {number}.")
    line = (
        FIRST_SNAPSHOT if number == 1 else LATER_SNAPSHOT.format(number=number, previous=number - 1)
    )
    if not context_text:
        return f"{RUNTIME_CONTEXT_LABEL}\n{line}\n\n{NO_STATE}"
    if context_text.startswith(RUNTIME_CONTEXT_LABEL):
        body = context_text[len(RUNTIME_CONTEXT_LABEL) :].lstrip("\n")
    else:
        body = context_text
    return f"{RUNTIME_CONTEXT_LABEL}\n{line}\n\n{body}"


def snapshot_id(generation: int, number: int) -> str:
    """The item id the bridge gives snapshot `number` of its `generation`th connection
    (client-chosen ids may have up to 32 characters)."""
    return f"snapshot_{generation}_{number}"


def snapshot_item(number: int, context_text: str | None, item_id: str) -> dict[str, object]:
    """The `conversation.item.create` event that carries snapshot `number` as item `item_id`:
    a user-role message (the role realtime servers accept for data the model should read)."""
    return {
        "type": "conversation.item.create",
        "item": {
            "id": item_id,
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": snapshot_text(number, context_text)}],
        },
    }

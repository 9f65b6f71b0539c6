"""The change context of the person's own edits in the trip views."""

from __future__ import annotations

from concierge.store import Actor, ChangeContext, Initiator


def person(label: str = "", *, initiator: Initiator | None = None) -> ChangeContext:
    """A fresh context: each edit the person makes is one undo step of its own. A view that
    shows what it wrote passes its `initiator` (`TripView.person`) and skips the echo."""
    return ChangeContext(actor=Actor.PERSON, label=label, initiator=initiator)

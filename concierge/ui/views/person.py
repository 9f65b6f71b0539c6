"""The change context of the person's own edits in the trip views."""

from __future__ import annotations

from concierge.store import Actor, ChangeContext


def person(label: str = "") -> ChangeContext:
    """A fresh context: each edit the person makes is one undo step of its own."""
    return ChangeContext(actor=Actor.PERSON, label=label)

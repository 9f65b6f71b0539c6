"""A turn's visible results: the assistant's marks stay on the trip it changed, and Stop
keeps the words already shown."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.replies import Reply, ToolCallSpec

from .chat import send, transcript, wait_idle, wait_requests, wait_running
from .desktop import Node, Screenshot, Session, until
from .trip_form import FIELDS, editor

MARK = "Changed by the assistant"
STRIP_MAX_WIDTH = 6
COLOUR_TOLERANCE = 60
"""Sum of RGB differences above which the strip is told from the background."""
LONG_ANSWER = " ".join(f"word{index:03d}" for index in range(120))
"""Streamed one word at a time, slowly enough to press Esc in the middle."""


def marked_fields(session: Session) -> list[str]:
    """The trip-form fields that show the assistant's mark, to the eye (the strip beside the
    field differs from the form's background) or to a screen reader (the field's accessible
    description says so)."""
    strips = [node for node in session.ax.find(role="panel") if _is_strip(node)]
    shot = session.screenshot()
    marked = []
    for field in FIELDS:
        node = editor(session, field.label)
        strip = next((s for s in strips if _beside(s, node)), None)
        visible = strip is not None and _stands_out(shot, strip)
        if visible or MARK in node.description:
            marked.append(field.label)
    return marked


def _is_strip(node: Node) -> bool:
    return node.extents is not None and 0 < node.extents[2] <= STRIP_MAX_WIDTH


def _beside(strip: Node, editor: Node) -> bool:
    """Whether `strip` is the mark strip just left of `editor`, on its row."""
    assert strip.extents is not None and editor.extents is not None
    sx, sy, sw, _ = strip.extents
    ex, ey, _, eh = editor.extents
    return ex - STRIP_MAX_WIDTH * 3 <= sx + sw <= ex and ey <= sy < ey + eh


def _stands_out(shot: Screenshot, strip: Node) -> bool:
    """The strip's colour differs from the background just above it (the row gap)."""
    assert strip.extents is not None
    x, y, w, h = strip.extents
    inside = shot.at(x + w // 2, y + h // 2)
    around = shot.at(x + w // 2, max(y - 2, 0))
    return sum(abs(a - b) for a, b in zip(inside, around, strict=True)) > COLOUR_TOLERANCE


def shown_title(session: Session) -> str:
    return editor(session, "Title").text or ""


def test_stop_keeps_the_words_already_shown(session: Session) -> None:
    before = len(session.server.chat_requests)
    session.server.script(Reply.text(LONG_ANSWER, chunks=120, chunk_delay=0.1))
    send(session, "Tell me everything about Porto.")
    wait_requests(session, before + 1)
    wait_running(session)
    until(lambda: "word010" in transcript(session), "ten streamed words in the chat")
    session.input.key("Escape")
    wait_idle(session)
    shown = transcript(session)
    assert "word010" in shown, shown
    assert "word119" not in shown, "the answer ran to its end: Stop was too late to test"
    history = [
        row["payload"] for row in session.app.query("SELECT payload FROM conversation_message")
    ]
    assert any("word010" in payload for payload in history), history


def assistant_changes(session: Session, changes: dict[str, Any]) -> None:
    """One turn in which the assistant calls update_trip with `changes` on the shown trip."""
    before = len(session.server.chat_requests)
    session.server.script(
        Reply.tool_calls(ToolCallSpec("update_trip", changes)),
        Reply.text("Done: I changed your trip."),
    )
    send(session, "Please change my trip.")
    wait_requests(session, before + 2)
    wait_idle(session)


def test_assistant_marks_belong_to_the_trip_it_changed(session: Session) -> None:
    trip_a = shown_title(session)
    assistant_changes(session, {"origin": "Porto", "budget_amount": 5200, "pace": "packed"})
    until(lambda: session.app.trip(trip_a)["pace"] == "packed", "the assistant's change saved")
    until(lambda: "Origin" in marked_fields(session), "the mark on trip A's Origin")

    session.input.click(session.ax.one(name="New trip", role="push button"))
    until(lambda: len(session.app.trips()) == 2, "a second trip")
    trip_b = next(trip["title"] for trip in session.app.trips() if trip["title"] != trip_a)
    until(lambda: shown_title(session) == trip_b, "the form to show the new trip")
    assert marked_fields(session) == [], "trip B shows trip A's marks"

    session.input.click(session.ax.one(role="list item", name=_list_name(session, trip_a)))
    until(lambda: shown_title(session) == trip_a, "the form to show trip A again")
    until(lambda: "Origin" in marked_fields(session), "trip A's marks, still unseen")


def _list_name(session: Session, title: str) -> str:
    """The accessible name of `title`'s row in the trip list (it starts with the title)."""
    names = [node.name for node in session.ax.find(role="list item")]
    return next(name for name in names if name.startswith(f"{title},"))


def test_mark_as_seen_clears_the_marks(session: Session) -> None:
    assistant_changes(session, {"travellers": 6, "notes": "Seen soon"})
    until(lambda: "Travellers" in marked_fields(session), "the mark on Travellers")
    session.input.click(session.ax.one(name="Mark as seen", role="push button"))
    until(lambda: not marked_fields(session), "no marks after Mark as seen")
    unseen = session.app.query("SELECT count(*) AS n FROM change_log WHERE seen = 0")[0]["n"]
    assert unseen == 0


def test_undoing_the_assistant_change_clears_its_marks(session: Session) -> None:
    title = shown_title(session)
    assistant_changes(session, {"interests": ["tiles", "port wine"]})
    until(lambda: "Interests" in marked_fields(session), "the mark on Interests")
    # From the trip list: in a text field Ctrl+Z would undo typing instead.
    session.input.click(session.ax.one(role="list item", name=_list_name(session, title)))
    session.input.key("ctrl+z")
    until(
        lambda: json.loads(session.app.trip(title)["interests"]) != ["tiles", "port wine"],
        "the change undone",
    )
    until(lambda: not marked_fields(session), "no marks once the change is undone")

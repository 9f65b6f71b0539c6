"""Propose mode in the real window: chosen in Settings with the keyboard, a turn's tool
calls appear as proposals above the chat, the person unticks one (Space) and accepts the
rest (Enter), Ctrl+Z undoes the acceptance whole, and the model is told the decision in
its next request."""

from __future__ import annotations

from tests.fakes.replies import Reply, ToolCallSpec

from .chat import runtime_context, send, wait_idle, wait_requests
from .desktop import Session, until

PROPOSED_LIST = "Proposed changes"


def choose_propose_mode(session: Session) -> None:
    session.input.key("ctrl+comma")
    dialog = session.ax.one("the Settings dialog", role="dialog")
    until(
        lambda: "active" in session.ax.one("the Settings dialog", role="dialog").states,
        lambda: f"the Settings dialog to be active ({dialog.states})",
    )
    session.input.key("alt+e")  # Assistant &edits
    until(
        lambda: (node := session.ax.focused()) is not None and "Assistant edits" in node.labels,
        lambda: f"the focus on Assistant edits, not {session.ax.focused()}",
    )
    session.input.key("Down")
    session.input.click(session.ax.one("the OK button", name="OK", role="push button"))
    until(lambda: _stored(session) == '"propose"', "propose mode to be saved")


def _stored(session: Session) -> str | None:
    rows = session.app.query("SELECT value FROM app_setting WHERE key = 'assistant.edits'")
    return str(rows[0]["value"]) if rows else None


def items(session: Session) -> list[str]:
    return [row["title"] for row in session.app.query("SELECT title FROM itinerary_item")]


def travellers(session: Session) -> int:
    return int(session.app.trip()["travellers"])


def test_accept_some_reject_some_then_undo_and_the_model_is_told(session: Session) -> None:
    choose_propose_mode(session)
    day = "2027-04-10"
    session.server.script(
        Reply.tool_calls(
            ToolCallSpec("edit_itinerary", {"action": "add", "day": day, "title": "Port cellar"}),
            ToolCallSpec("edit_itinerary", {"action": "add", "day": day, "title": "Fado night"}),
            ToolCallSpec("update_trip", {"travellers": 4}),
        ),
        Reply.text("I proposed three changes."),
    )
    before = len(session.server.chat_requests)
    send(session, "Plan an evening for four of us.")
    wait_requests(session, before + 2)
    wait_idle(session)
    assert items(session) == [] and travellers(session) == 1  # proposed, not made
    assert len(session.app.query("SELECT * FROM proposal WHERE status = 'pending'")) == 3

    session.input.key("ctrl+shift+r")  # Assistant ▸ Review proposed changes
    until(
        lambda: (node := session.ax.focused()) is not None and node.name == PROPOSED_LIST,
        "the focus on the proposed changes",
    )
    session.input.key("Down", "space", "Return")  # untick "Fado night", accept the rest
    until(lambda: items(session) == ["Port cellar"], "the ticked changes to be made")
    assert travellers(session) == 4
    statuses = session.app.query("SELECT DISTINCT call_id, status FROM proposal")
    assert sorted(row["status"] for row in statuses) == ["accepted", "accepted", "rejected"]
    until(lambda: not session.ax.find(name=PROPOSED_LIST), "the review panel to go")

    session.server.script(Reply.text("Noted."))
    before = len(session.server.chat_requests)
    send(session, "Thanks.")
    request = wait_requests(session, before + 1)[before]
    wait_idle(session)
    told = runtime_context(request)
    assert "The person accepted 2 and rejected 1 of your proposed changes:" in told
    assert "- rejected: addition of “Fado night”" in told

    # From the trip list: in the message field Ctrl+Z would undo typing instead.
    session.input.click(session.ax.one("the trip in the list", role="list item"))
    session.input.key("ctrl+z")
    until(lambda: items(session) == [], "the acceptance to be undone")
    assert travellers(session) == 1

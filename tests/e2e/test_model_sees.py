"""What the person typed is what the next model call sees, even when they send at once or
edit while the assistant works."""

from __future__ import annotations

import threading

import pytest

from tests.fakes.replies import Reply, ToolCallSpec

from .chat import runtime_context, send, wait_idle, wait_requests
from .desktop import Session, until
from .trip_form import FIELDS, add_stop, type_into

_BY_LABEL = {field.label: field for field in FIELDS}

SENT_AT_ONCE = [
    ("Notes", "Ferry at dawn", "Notes: Ferry at dawn"),
    ("Travellers", "5", "Travellers: 5"),
    ("Start date", "10 Apr 2027", "2027-04-10"),
    ("Origin", "Porto", "Home: Porto"),
]
"""(field, typed, what the runtime context must then say)."""


@pytest.mark.parametrize(("label", "typed", "seen"), SENT_AT_ONCE, ids=[s[0] for s in SENT_AT_ONCE])
def test_a_value_typed_and_sent_at_once_is_in_the_model_request(
    session: Session, label: str, typed: str, seen: str
) -> None:
    before = len(session.server.chat_requests)
    session.server.script(Reply.text("Noted."))
    type_into(session, _BY_LABEL[label], typed)
    send(session, f"What do you think of the {label.lower()}?")
    request = wait_requests(session, before + 1)[before]
    wait_idle(session)
    assert seen in runtime_context(request)


def test_an_edit_made_while_a_turn_runs_is_in_the_next_request(session: Session) -> None:
    before = len(session.server.chat_requests)
    release = threading.Event()
    session.server.script(
        Reply.tool_calls(ToolCallSpec("read_trip", {}), wait_for=release),
        Reply.text("Your trip looks fine."),
    )
    send(session, "Check my trip, please.")
    first = wait_requests(session, before + 1)[before]
    try:
        type_into(session, _BY_LABEL["Notes"], "Edited while you worked")
    finally:
        release.set()
    second = wait_requests(session, before + 2)[before + 1]
    wait_idle(session)
    assert "Edited while you worked" not in runtime_context(first)
    assert "Notes: Edited while you worked" in runtime_context(second)


def test_a_stop_typed_and_tabbed_is_in_the_route_of_the_next_request(session: Session) -> None:
    """Add stop from the keyboard, type a place, Tab: the stop is saved and the next model
    call's route runs through it."""
    number = add_stop(session)
    session.input.type("Kyoto")
    session.input.key("Tab")

    def kyoto_saved() -> bool:
        rows = session.app.query("SELECT place FROM trip_stop ORDER BY position")
        return len(rows) == number and "kyoto" in rows[-1]["place"].lower()

    until(kyoto_saved, "the stop Kyoto to be saved")
    before = len(session.server.chat_requests)
    session.server.script(Reply.text("Kyoto is lovely in April."))
    send(session, "Is our route sensible?")
    request = wait_requests(session, before + 1)[before]
    wait_idle(session)
    route = next(
        line for line in runtime_context(request).splitlines() if line.startswith("Route: ")
    )
    home = session.app.trip()["origin"] or "origin not set"
    assert route.startswith(f"Route: {home} → "), route
    assert "→ Kyoto, Japan (Asia/Tokyo) → " in route, route
    assert route.endswith(f"→ {home}"), route

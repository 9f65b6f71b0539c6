"""The Stops list's fields, typed into with real keys and left in every way a person leaves a
field, are in the database and in the route of the next model call: a place with a
completion list open under it, and dates typed into empty arrival and departure fields."""

from __future__ import annotations

import pytest

from tests.fakes.replies import Reply

from .chat import runtime_context, send, wait_idle, wait_requests
from .desktop import Session, until
from .trip_form import Leave, add_stop, click_away, focused_name, leave

SAVE_TIMEOUT = 8.0
"""Seconds a left field may take to reach the database: far above the form's save delay."""

PLACES = {
    Leave.TAB: "Osaka",
    Leave.SHIFT_TAB: "Sapporo",
    Leave.CLICK: "Hiroshima",
    Leave.ENTER: "Nagoya",
}
"""What is typed for each way of leaving: a Japanese city, so a match has zone Asia/Tokyo."""


def stop_places(session: Session) -> list[str]:
    return [
        row["place"] for row in session.app.query("SELECT place FROM trip_stop ORDER BY position")
    ]


def route_of_next_request(session: Session) -> str:
    """Send a message; the Route line of the runtime context the model then received."""
    before = len(session.server.chat_requests)
    session.server.script(Reply.text("A fine route."))
    send(session, "Is our route sensible?")
    request = wait_requests(session, before + 1)[before]
    wait_idle(session)
    return next(
        line for line in runtime_context(request).splitlines() if line.startswith("Route: ")
    )


@pytest.mark.parametrize("way", list(Leave), ids=lambda way: way.name.lower())
def test_a_stop_place_left_in_any_way_is_saved_and_in_the_next_route(
    session: Session, way: Leave
) -> None:
    typed = PLACES[way]
    number = add_stop(session)
    session.input.type(typed)  # its completion list opens under the field
    leave(session, way)
    until(
        lambda: (
            len(stop_places(session)) == number
            and typed.lower() in stop_places(session)[-1].lower()
        ),
        lambda: (
            f"stop {number} typed as {typed!r} and left by {way.value} to be saved "
            f"(stored: {stop_places(session)!r})"
        ),
        SAVE_TIMEOUT,
    )
    if way is not Leave.ENTER:
        until(lambda: focused_name(session) != f"Stop {number} place", "the focus to leave")
    stored = stop_places(session)[-1]
    route = route_of_next_request(session)
    assert f"→ {stored} (Asia/Tokyo) → " in route, route


def test_dates_typed_into_a_stops_empty_date_fields_are_saved_and_in_the_route(
    session: Session,
) -> None:
    number = add_stop(session)
    session.input.type("Nara")
    session.input.key("Tab")
    until(lambda: focused_name(session) == f"Stop {number} arrival date", "focus on arrival")
    session.input.type("12 Apr 2027")
    session.input.key("Tab")
    until(lambda: focused_name(session) == f"Stop {number} departure date", "focus on departure")
    session.input.type("2027-04-15")
    session.input.key("shift+Tab")

    def dates() -> tuple[str | None, str | None] | None:
        rows = session.app.query("SELECT arrive, depart FROM trip_stop ORDER BY position")
        return (rows[-1]["arrive"], rows[-1]["depart"]) if len(rows) == number else None

    until(
        lambda: dates() == ("2027-04-12", "2027-04-15"),
        lambda: f"the stop's dates typed and left by Tab and Shift+Tab (stored: {dates()!r})",
        SAVE_TIMEOUT,
    )
    until(lambda: focused_name(session) == f"Stop {number} arrival date", "focus back on arrival")
    click_away(session)
    stored = stop_places(session)[-1]
    route = route_of_next_request(session)
    assert f"→ {stored} (12–15 Apr, Asia/Tokyo) → " in route, route

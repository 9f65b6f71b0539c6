"""Driving the trip form with real input: focus a field, type into it, leave it.

Fields are found by their visible label (the AT-SPI "labelled by" relation Qt sets from
`QLabel.setBuddy`), so these helpers follow the form wherever the layout puts it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Any

from .desktop import WAIT_TIMEOUT, Node, Session, until

POPUP_GRACE = 3.0
"""Seconds to see whether a click moved the focus before clicking again."""


class Leave(Enum):
    """The ways a person finishes with a field."""

    TAB = "Tab"
    SHIFT_TAB = "Shift+Tab"
    CLICK = "click elsewhere"
    ENTER = "Enter"


class Kind(Enum):
    TEXT = "text"
    """A line edit or plain text edit (completer or not): select all, then type."""
    DATE = "date"
    """A date edit, cleared with its button first, then typed into while empty."""
    CHOICE = "choice"
    """A non-editable combo box: reached with Tab from the field above, chosen by a letter."""


Check = Callable[[Any], bool]
"""Whether a database column holds what was typed."""


def _same(value: Any) -> Check:
    return lambda stored: stored == value


def _text(typed: str) -> Check:
    return _same(typed)


def _place(typed: str) -> Check:
    """The stored place names it ("Porto" may be stored as "Porto (OPO)")."""
    return lambda stored: isinstance(stored, str) and typed.lower() in stored.lower()


def _count(typed: str) -> Check:
    return _same(int(typed))


def _amount(typed: str) -> Check:
    return lambda stored: stored is not None and Decimal(str(stored)) == Decimal(typed)


def _interests(typed: str) -> Check:
    wanted = [part.strip() for part in typed.split(",")]
    return lambda stored: stored is not None and json.loads(stored) == wanted


def _pace(typed: str) -> Check:
    return _same({"p": "packed", "r": "relaxed"}[typed])


_MONTHS = {"Apr": 4, "May": 5}


def _date(typed: str) -> Check:
    """SQLite keeps dates as ISO text; `typed` is ISO or "10 Apr 2027"."""
    if "-" not in typed:
        day, month, year = typed.split()
        typed = f"{year}-{_MONTHS[month]:02d}-{int(day):02d}"
    return _same(typed)


@dataclass(frozen=True)
class Field:
    label: str
    column: str
    kind: Kind
    typed: tuple[str, str, str, str]
    """One input per way of leaving, in `Leave` order (each differs from the one before)."""
    check: Callable[[str], Check]
    above: str = ""
    """The field clicked before tabbing into this one (a CHOICE field, whose popup a click
    would open, or one the form may have scrolled out of view), and how many Tabs away."""
    tabs: int = 1

    def __str__(self) -> str:
        return self.label


FIELDS = (
    Field("Title", "title", Kind.TEXT, ("Azores", "Island hop", "Rail pass", "Slow food"), _text),
    Field("Origin", "origin", Kind.TEXT, ("Lisbon", "Madrid", "Rome", "Athens"), _place),
    Field(
        "Start date",
        "start_date",
        Kind.DATE,
        ("10 Apr 2027", "2027-04-11", "12 Apr 2027", "2027-04-13"),
        _date,
    ),
    Field(
        "End date",
        "end_date",
        Kind.DATE,
        ("2027-05-20", "21 May 2027", "2027-05-22", "23 May 2027"),
        _date,
    ),
    Field("Travellers", "travellers", Kind.TEXT, ("4", "2", "7", "3"), _count),
    Field("Budget", "budget_amount", Kind.TEXT, ("1500", "2750", "980", "4200"), _amount),
    Field("Currency", "budget_currency", Kind.TEXT, ("USD", "GBP", "CHF", "JPY"), _text),
    Field(
        "Interests",
        "interests",
        Kind.TEXT,
        ("food, museums", "hiking", "wine, music", "beaches, ferries"),
        _interests,
    ),
    Field("Pace", "pace", Kind.CHOICE, ("p", "r", "p", "r"), _pace, above="Interests"),
    Field(
        "Notes",
        "notes",
        Kind.TEXT,
        ("Window seats", "Ferry to Pico", "Vegetarian menu", "Late check-out"),
        _text,
        above="Interests",
        tabs=2,
    ),
)


def editor(session: Session, label: str) -> Node:
    """The control that `label` names in the trip form."""
    return session.ax.one(f"the {label!r} field", label=label)


def _inside(inner: Node, outer: Node) -> bool:
    if inner.extents is None or outer.extents is None:
        return False
    ix, iy, iw, ih = inner.extents
    ox, oy, ow, oh = outer.extents
    return ox <= ix and oy <= iy and ix + iw <= ox + ow and iy + ih <= oy + oh


def focus_within(session: Session, target: Node) -> bool:
    """Whether the keyboard focus is `target` or a part of it (an editable combo's line)."""
    focused = session.ax.focused()
    return focused is not None and (
        (bool(target.labels) and set(target.labels) <= set(focused.labels))
        or _inside(focused, target)
    )


def wait_focus(session: Session, target: Node, what: str, timeout: float = WAIT_TIMEOUT) -> None:
    until(lambda: focus_within(session, target), f"focus on {what}", timeout)


def focus(session: Session, field: Field) -> Node:
    """Put the keyboard focus in `field` as a person would; returns its editor."""
    target = editor(session, field.label)
    if field.above:
        above = editor(session, field.above)
        session.input.click(above)
        wait_focus(session, above, field.above)
        for _ in range(field.tabs):
            session.input.key("Tab")
    else:
        session.input.click(target, dx=0.15 if field.kind is Kind.DATE else 0.5)
    wait_focus(session, target, field.label)
    return target


def stored(session: Session, column: str, title: str | None = None) -> Any:
    return session.app.trip(title)[column]


def clear_date(session: Session, field: Field) -> None:
    """Empty a date field with its clear button, waiting until the database agrees."""
    if stored(session, field.column) is None:
        return
    session.input.click(session.ax.one(name=f"Clear {field.label.lower()}", role="push button"))
    until(lambda: stored(session, field.column) is None, f"{field.label} to be cleared")


def type_into(session: Session, field: Field, typed: str) -> None:
    """Focus `field` and enter `typed` there, replacing what it held; the field keeps focus."""
    if field.kind is Kind.DATE:
        clear_date(session, field)
    focus(session, field)
    if field.kind is Kind.TEXT:
        session.input.key("ctrl+a")
    if field.kind is Kind.CHOICE:
        session.input.key(typed)
    else:
        session.input.type(typed)


def leave(session: Session, way: Leave) -> None:
    if way is Leave.TAB:
        session.input.key("Tab")
    elif way is Leave.SHIFT_TAB:
        session.input.key("shift+Tab")
    elif way is Leave.ENTER:
        session.input.key("Return")
    else:
        click_away(session)


def click_away(session: Session) -> None:
    """Click the chat's message field. A completion list open under the field takes the
    first click only to close itself (as in any Qt program), so a person clicks again
    when the focus did not move. The field is found afresh for each click and each look at
    the focus: while a loaded machine still lays the window out, it moves after it is found."""

    def message() -> Node:
        return session.ax.one("the chat's message field", name="Message", role="text")

    def in_message() -> bool:
        return focus_within(session, message())

    session.input.click(message())
    try:
        until(in_message, "focus on the message field", POPUP_GRACE)
    except AssertionError:
        session.input.click(message())
        until(in_message, "focus on the message field")


def focused_name(session: Session) -> str:
    focused = session.ax.focused()
    return focused.name if focused is not None else ""


def add_stop(session: Session) -> int:
    """Add a stop from the keyboard as a person does (Tab from Origin to Add stop, Space);
    returns its number, with the focus in its place field."""
    stops_before = session.app.query("SELECT COUNT(*) AS n FROM trip_stop")[0]["n"]
    origin = next(field for field in FIELDS if field.label == "Origin")
    focus(session, origin)
    for _ in range(3 * stops_before + 1):  # past the stops' place, arrival and departure
        if focused_name(session) == "Add stop":
            break
        session.input.key("Tab")
    until(lambda: focused_name(session) == "Add stop", "focus on Add stop")
    session.input.key("space")
    number = stops_before + 1
    until(lambda: focused_name(session) == f"Stop {number} place", f"focus on stop {number}")
    return number

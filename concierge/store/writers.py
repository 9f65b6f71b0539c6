"""Which program wrote a change: its name, shown to the person ("concierge import"), and a
token of the opening of the database that wrote it, so a process tells its own writes, already
announced on its bus, from another's."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from sqlmodel import Session

WINDOW = "window"
"""The program the person works in: what it writes they see as they write it."""

_SESSION_KEY = "concierge.writer"


def _new_token() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True, slots=True)
class Writer:
    """One opening of the database by one program; `program` is its name as the person calls
    it (`concierge import`, an MCP client's name)."""

    program: str = WINDOW
    token: str = field(default_factory=_new_token)

    @property
    def is_window(self) -> bool:
        """Whether the person watches this program's writes as they happen; another program's
        changes start unseen, marked with its name."""
        return self.program == WINDOW


COMPANION_MARK = "/"
"""Joins the opening's token and a companion's device in the token of a companion's writer."""


def companion_writer(opening: Writer, device_id: str, device_name: str) -> Writer:
    """The writer of what a companion's device changed, applied by this opening (`opening`):
    the change log names the device ("Ana's laptop"), undo leaves its changes alone
    (`is_companion_token`), and this process announces them itself, so its watcher of other
    programs' writes skips them (`outside_writes`)."""
    return Writer(program=device_name, token=f"{opening.token}{COMPANION_MARK}{device_id}")


def is_companion_token(token: str | None) -> bool:
    """Whether a change-log row's `writer_id` is a companion's device's (see `companion_writer`)."""
    return token is not None and COMPANION_MARK in token


UNNAMED = Writer(token="")
"""The writer of a session not opened by a `Database` (scripts over a bare engine)."""


def note_writer(session: Session, writer: Writer) -> None:
    """Say who writes in `session` (`Database` does, for each transaction)."""
    session.info[_SESSION_KEY] = writer


def writer_of(session: Session) -> Writer:
    found = session.info.get(_SESSION_KEY)
    return found if isinstance(found, Writer) else UNNAMED

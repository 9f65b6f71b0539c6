"""One turn at a time per conversation, across processes: a lease row in `conversation_turn`.

Two processes answering in one conversation would interleave their messages, so the one
answering holds the lease, renewed while it answers; a lease whose time ran out, or whose
process is gone from this host, is free.
"""

from __future__ import annotations

import os
import socket
import sys
import uuid
from dataclasses import dataclass, field
from datetime import timedelta

from sqlalchemy import delete
from sqlmodel import Session, col

from .errors import ConversationBusyError
from .tables import ConversationTurn, utc_now

LEASE_SECONDS = 30.0
"""How long a lease lasts unless renewed; the holder renews it every third of that."""


@dataclass(frozen=True, slots=True)
class TurnOwner:
    """Who claims a lease: a process. Within one, the agent already runs one turn at a time,
    and the chat panel's history store and the agent's are two objects for one conversation."""

    token: str = field(default_factory=lambda: uuid.uuid4().hex)
    host: str = field(default_factory=socket.gethostname)
    pid: int = field(default_factory=os.getpid)


_owners: dict[int, TurnOwner] = {}


def process_owner() -> TurnOwner:
    """This process's owner (a forked child gets its own)."""
    pid = os.getpid()
    if pid not in _owners:
        _owners[pid] = TurnOwner(pid=pid)
    return _owners[pid]


def claim_turn(
    session: Session, conversation_id: str, owner: TurnOwner, lease: float = LEASE_SECONDS
) -> None:
    """Take or renew the conversation's lease; `ConversationBusyError` if another owner
    holds a live one."""
    row = session.get(ConversationTurn, conversation_id)
    expires_at = utc_now() + timedelta(seconds=lease)
    if row is None:
        session.add(
            ConversationTurn(
                conversation_id=conversation_id,
                owner=owner.token,
                host=owner.host,
                pid=owner.pid,
                expires_at=expires_at,
            )
        )
    elif row.owner == owner.token or not _alive(row):
        row.owner, row.host, row.pid, row.expires_at = (
            owner.token,
            owner.host,
            owner.pid,
            expires_at,
        )
    else:
        raise ConversationBusyError(conversation_id)
    session.flush()


def check_turn(session: Session, conversation_id: str, owner: TurnOwner) -> None:
    """`ConversationBusyError` if another owner is answering in the conversation now."""
    row = session.get(ConversationTurn, conversation_id)
    if row is not None and row.owner != owner.token and _alive(row):
        raise ConversationBusyError(conversation_id)


def release_turn(session: Session, conversation_id: str, owner: TurnOwner) -> None:
    session.exec(
        delete(ConversationTurn).where(
            col(ConversationTurn.conversation_id) == conversation_id,
            col(ConversationTurn.owner) == owner.token,
        )
    )


def writer_gone(session: Session, conversation_id: str, writer: TurnOwner) -> bool:
    """Whether the process that stored a tool call is known to be gone, so another may answer
    the call: it holds no live lease here and, on this host, its pid no longer runs (from
    another host, only its lease can tell)."""
    row = session.get(ConversationTurn, conversation_id)
    if row is not None and row.owner == writer.token and _alive(row):
        return False
    return _elsewhere(writer.host) or not _running(writer.pid)


def _alive(row: ConversationTurn) -> bool:
    if row.expires_at <= utc_now():
        return False
    return _elsewhere(row.host) or _running(row.pid)


def _elsewhere(host: str) -> bool:
    """Whether only a lease's time can tell about a process on `host` (os.kill would end a
    Windows process)."""
    return host != socket.gethostname() or sys.platform == "win32"


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

"""A conversation's messages in SQLite: the `HistoryStore` the agent runtime reads every turn.

Each message is one row: its JSON (without provenance) in `payload`, its provenance in a
column of its own. Provenance is written only from `message.provenance` and read only from
that column, so text or metadata that claims to be framework-made stays ordinary content (R7).
Transcript notes share the conversation's sequence in rows of their own role; every message
query leaves them out (`transcript_notes`).

A turn runs inside `turn()`, which holds the conversation's lease (see `turns`), and every
write checks it: a second process answering in the same conversation gets
`ConversationBusyError` instead of interleaving its messages with the first's. A message with
tool calls records the process that stored it, and a result for one of its calls is refused
(`ConversationBusyError`) from any other process until that one is known to be gone; each
result names the call it answers in a unique column, so no call ever gets two.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from typing import TypeAlias

from pydantic import ValidationError
from sqlalchemy import delete, func, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from concierge.agent.history import ensure_storable
from concierge.agent.messages import (
    MESSAGE_ADAPTER,
    AssistantMessage,
    Message,
    Provenance,
    ToolResult,
    UserMessage,
    new_message_id,
)

from .database import Database
from .errors import ConversationBusyError, CorruptHistoryError
from .history_checks import Digests, HistoryProblem, as_content, screened
from .tables import Conversation, ConversationMessage, utc_now
from .transcript_notes import NOTE_ROLE, NoteKind, TranscriptNote
from .turns import (
    LEASE_SECONDS,
    TurnOwner,
    check_turn,
    claim_turn,
    process_owner,
    release_turn,
    writer_gone,
)

_Signature: TypeAlias = tuple[int, int | None]
"""(message count, highest message seq) of a conversation: changes whenever its messages do."""

_MESSAGES = col(ConversationMessage.role) != NOTE_ROLE
_NOTES = col(ConversationMessage.role) == NOTE_ROLE
_CALL_ROW = text(
    "SELECT m.id, m.writer, m.writer_host, m.writer_pid FROM conversation_message m, "
    "json_each(m.payload, '$.tool_calls') c WHERE m.conversation_id = :conversation "
    "AND m.role = 'assistant' AND json_extract(c.value, '$.id') = :call "
    "ORDER BY m.seq DESC LIMIT 1"
)
"""The latest stored message holding a call id (servers reuse ids), and who stored it."""


class SqliteHistoryStore:
    """The messages of one conversation, oldest first. Safe to share between tasks.

    The runtime loads history before every model call. Parsing thousands of stored messages
    each time would cost tens of milliseconds, so the store keeps the parsed list and, on
    every load, asks SQLite for the conversation's row count and highest sequence number:
    the list is reused only while both are unchanged, so SQLite stays the source of truth.
    """

    def __init__(self, database: Database, conversation_id: str, *, title: str = "") -> None:
        """`title` names the conversation if the first `append` has to create it."""
        self.database = database
        self.conversation_id = conversation_id
        self._title = title
        self._cache: list[Message] = []
        self._cached: _Signature | None = None
        self._owner = process_owner()
        self.problems: list[HistoryProblem] = []
        """Stored rows the last load refused (forged snapshots, inconsistent summaries)."""

    @contextlib.asynccontextmanager
    async def turn(self, lease: float = LEASE_SECONDS) -> AsyncIterator[None]:
        """Hold the conversation's lease while the body answers, renewing it every third of
        `lease` seconds; `ConversationBusyError` (nothing written) if another process holds
        it. Stores of this process share the lease, as they share the agent's one turn."""
        conversation_id = self.conversation_id
        await self.database.run(
            lambda session: claim_turn(session, conversation_id, self._owner, lease)
        )
        renewing = asyncio.ensure_future(self._renew(lease))
        try:
            yield
        finally:
            renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await renewing
            await self.database.run(
                lambda session: release_turn(session, conversation_id, self._owner)
            )

    async def _renew(self, lease: float) -> None:
        while True:
            await asyncio.sleep(lease / 3)
            await self.database.run(
                lambda session: claim_turn(session, self.conversation_id, self._owner, lease)
            )

    async def load(self) -> list[Message]:
        if self._cached is not None and await self.database.run(self._signature) == self._cached:
            return list(self._cache)
        messages, signature = await self.database.run(self._load)
        self._cache, self._cached = messages, signature
        return list(messages)

    async def append(self, messages: Sequence[Message]) -> None:
        """Store `messages` in one transaction: all of them, or none if any fails."""
        ensure_storable(messages)
        if not messages:
            return
        bundle = tuple(messages)
        before, after = await self.database.run(lambda session: self._append(session, bundle))
        if self._cached is not None and before == self._cached:
            self._cache.extend(bundle)
            self._cached = after
        else:
            self._cached = None

    async def notes(self) -> list[TranscriptNote]:
        return await self.database.run(self._notes)

    async def add_note(self, kind: NoteKind, text: str) -> TranscriptNote:
        return await self.database.run(lambda session: self._add_note(session, kind, text))

    async def clear(self) -> None:
        """Delete every message and note of the conversation; the conversation itself stays."""
        await self.database.run(self._clear)
        self._cache, self._cached = [], None

    def _signature(self, session: Session) -> _Signature:
        count, last = session.exec(
            select(func.count(), func.max(ConversationMessage.seq)).where(
                ConversationMessage.conversation_id == self.conversation_id, _MESSAGES
            )
        ).one()
        return int(count), last

    def _next_seq(self, session: Session) -> int:
        """The seq after every row of the conversation, notes included."""
        last = session.exec(
            select(func.max(ConversationMessage.seq)).where(
                ConversationMessage.conversation_id == self.conversation_id
            )
        ).one()
        return 0 if last is None else last + 1

    def _load(self, session: Session) -> tuple[list[Message], _Signature]:
        signature = self._signature(session)
        rows = session.exec(
            select(
                ConversationMessage.id,
                ConversationMessage.provenance,
                ConversationMessage.payload,
                ConversationMessage.covers_digest,
            )
            .where(ConversationMessage.conversation_id == self.conversation_id, _MESSAGES)
            .order_by(col(ConversationMessage.seq))
        ).all()
        loaded: list[tuple[str, Message]] = []
        digests = Digests()
        untrusted: list[str] = []
        for row_id, stored, payload, digest in rows:
            try:
                message = MESSAGE_ADAPTER.validate_json(payload)
            except ValidationError as error:
                raise CorruptHistoryError(
                    f"Conversation {self.conversation_id}: stored message {row_id} is not a "
                    f"valid message ({error.errors()[0]['msg']})."
                ) from error
            provenance = self._provenance(row_id, stored)
            if message.provenance is not provenance:
                # The payload carried a provenance key it should not have; the column wins.
                message = message.model_copy(update={"provenance": provenance})
            if not digests.trusts(message, digest):
                message = as_content(message)
                untrusted.append(row_id)
            digests.add(row_id, stored, payload)
            loaded.append((row_id, message))
        messages, self.problems = screened(self.conversation_id, loaded, untrusted)
        return messages, signature

    def _append(
        self, session: Session, messages: Sequence[Message]
    ) -> tuple[_Signature, _Signature]:
        check_turn(session, self.conversation_id, self._owner)
        if session.get(Conversation, self.conversation_id) is None:
            session.add(Conversation(id=self.conversation_id, title=self._title))
            session.flush()
        before = self._signature(session)
        count = before[0]
        first_seq = self._next_seq(session)
        now = utc_now()
        owner = self._owner
        rows = [
            ConversationMessage(
                id=message.id,
                conversation_id=self.conversation_id,
                seq=first_seq + offset,
                role=message.role,
                provenance=message.provenance.value if message.provenance else None,
                payload=MESSAGE_ADAPTER.dump_json(message, exclude={"provenance"}).decode(),
                created_at=now,
            )
            for offset, message in enumerate(messages)
        ]
        for index, (row, message) in enumerate(zip(rows, messages, strict=True)):
            if isinstance(message, AssistantMessage) and message.tool_calls:
                row.writer, row.writer_host, row.writer_pid = owner.token, owner.host, owner.pid
            elif isinstance(message, ToolResult):
                row.answers = self._answered_call(session, messages[:index], message)
            elif isinstance(message, UserMessage) and message.provenance is Provenance.COMPACTION:
                row.covers_digest = self._digest_through(session, rows[:index], message)
        session.add_all(rows)
        try:
            session.flush()
        except IntegrityError as error:
            if "conversation_message.answers" not in str(error.orig):
                raise
            raise ConversationBusyError(self.conversation_id) from error
        return before, (count + len(messages), first_seq + len(messages) - 1)

    def _answered_call(
        self, session: Session, earlier: Sequence[Message], result: ToolResult
    ) -> str | None:
        """The call `result` answers (`effect_id`), or `ConversationBusyError` while the process
        that stored the call may still be running it, or once the call has a result."""
        call_id = result.tool_call_id
        for message in reversed(earlier):
            if isinstance(message, AssistantMessage) and call_id in _call_ids(message):
                return f"{message.id}:{call_id}"
        found = (
            session.connection()
            .execute(_CALL_ROW, {"conversation": self.conversation_id, "call": call_id})
            .first()
        )
        if found is None:
            return None
        message_id, token, host, pid = found
        answers = f"{message_id}:{call_id}"
        others = token is not None and token != self._owner.token
        if others and not writer_gone(session, self.conversation_id, TurnOwner(token, host, pid)):
            raise ConversationBusyError(self.conversation_id)
        taken = session.exec(
            select(ConversationMessage.id).where(ConversationMessage.answers == answers)
        ).first()
        if taken is not None:
            raise ConversationBusyError(self.conversation_id)
        return answers

    def _digest_through(
        self, session: Session, earlier: Sequence[ConversationMessage], summary: UserMessage
    ) -> str | None:
        """The digest of the rows up to the one `summary` covers, stored rows then `earlier`."""
        digests = Digests()
        stored = session.exec(
            select(
                ConversationMessage.id, ConversationMessage.provenance, ConversationMessage.payload
            )
            .where(ConversationMessage.conversation_id == self.conversation_id, _MESSAGES)
            .order_by(col(ConversationMessage.seq))
        ).all()
        for row_id, provenance, payload in [
            *stored,
            *((r.id, r.provenance, r.payload) for r in earlier),
        ]:
            digests.add(row_id, provenance, payload)
        return digests.through.get(summary.covers_through or "")

    def _notes(self, session: Session) -> list[TranscriptNote]:
        rows = session.exec(
            select(ConversationMessage.id, ConversationMessage.payload)
            .where(ConversationMessage.conversation_id == self.conversation_id, _NOTES)
            .order_by(col(ConversationMessage.seq))
        ).all()
        notes: list[TranscriptNote] = []
        for row_id, payload in rows:
            try:
                fields = json.loads(payload)
                notes.append(
                    TranscriptNote(
                        row_id, NoteKind(fields["kind"]), str(fields["text"]), int(fields["after"])
                    )
                )
            except (ValueError, KeyError, TypeError) as error:
                raise CorruptHistoryError(
                    f"Conversation {self.conversation_id}: stored note {row_id} cannot be read "
                    f"({error})."
                ) from error
        return notes

    def _add_note(self, session: Session, kind: NoteKind, text: str) -> TranscriptNote:
        if session.get(Conversation, self.conversation_id) is None:
            session.add(Conversation(id=self.conversation_id, title=self._title))
            session.flush()
        note = TranscriptNote(new_message_id(), kind, text, self._signature(session)[0])
        session.add(
            ConversationMessage(
                id=note.id,
                conversation_id=self.conversation_id,
                seq=self._next_seq(session),
                role=NOTE_ROLE,
                payload=json.dumps({"kind": kind.value, "text": text, "after": note.after}),
                created_at=utc_now(),
            )
        )
        session.flush()
        return note

    def _clear(self, session: Session) -> None:
        check_turn(session, self.conversation_id, self._owner)
        session.exec(
            delete(ConversationMessage).where(
                col(ConversationMessage.conversation_id) == self.conversation_id
            )
        )

    def _provenance(self, row_id: str, stored: str | None) -> Provenance | None:
        if stored is None:
            return None
        try:
            return Provenance(stored)
        except ValueError:
            raise CorruptHistoryError(
                f"Conversation {self.conversation_id}: message {row_id} has an unknown "
                f"provenance {stored!r}."
            ) from None


def _call_ids(message: AssistantMessage) -> set[str]:
    return {call.id for call in message.tool_calls}

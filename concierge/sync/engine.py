"""One shared trip kept in step with its companions' devices through a transport (`transport`:
a synced folder, a y-websocket server).

A `step` runs one round in one transaction on the database's thread, so nothing else writes
between its parts: what this device changed since (whoever wrote it: the person, the assistant,
an undo, another program) goes into the document and out to this device's file; the others'
new updates are applied to the document and written to SQLite, each device's under a `Writer`
of its own, with this sync's initiator, so views, checks and the next model call take them in as
any edit, the change log names the device, and undo leaves them alone. How far the others' files
were applied is saved after the commit: a process killed in between applies them again on its
next start, which changes nothing twice, since each field is a register and SQLite already has
the values. A local write on the bus starts a step, and so does an update the transport hears
of (a server's, live)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from sqlmodel import Session

from concierge.store.change_writer import ChangeWriter
from concierge.store.changes import Change, ChangeBus, ChangeContext, EntityKind, Initiator
from concierge.store.database import Database
from concierge.store.transaction import commit_and_publish, run_logged
from concierge.store.writers import companion_writer, note_writer
from concierge.text import QT_TRANSLATE_NOOP

from .authors import sign
from .document import ANSWERS, TripDocument
from .folder import load_offsets, save_offsets
from .mirror import new_record, to_document, to_store
from .shape import SHARED, SharedKind
from .transport import Offsets, PeerUpdates, Transport

log = logging.getLogger(__name__)

FROM_DEVICE = QT_TRANSLATE_NOOP("ChangeLabel", "Changed on {device}")
"""The change log's label of a companion's changes."""
ANSWERED = frozenset({EntityKind.FORM, EntityKind.FORM_ANSWER})
"""Changes that change the brief's answers in the document."""
RESTORE = QT_TRANSLATE_NOOP("ChangeLabel", "Restore what was removed on another device")


class Device(NamedTuple):
    """This device as its companions see it: a stable id, and the name shown on its changes."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Removed:
    """A row removed on some device, with its last values (a companion's edits made after the
    removal included), which the person can restore."""

    kind: SharedKind
    row_id: str
    texts: dict[str, str]
    """Each field's value as the document keeps it, JSON text."""


@dataclass(frozen=True, slots=True)
class StepReport:
    """What one step did: updates applied from others, whether this device sent one, and the
    others' files still waiting for a whole frame."""

    applied: int
    sent: bool
    waiting: tuple[str, ...]


class TripSync:
    """Keeps the trip `trip_id` of `database` in step with the companions through `transport`;
    its state (how far the others' updates were applied) lives in `state_dir`."""

    def __init__(
        self,
        database: Database,
        bus: ChangeBus,
        trip_id: str,
        device: Device,
        transport: Transport,
        state_dir: Path,
    ) -> None:
        self.database = database
        self.bus = bus
        self.trip_id = trip_id
        self.device = device
        self.transport = transport
        self.initiator = Initiator(f"sync {trip_id}")
        self._state = state_dir / f"{trip_id}.json"
        self._offsets: Offsets = load_offsets(self._state)
        self._document = TripDocument()
        self._dirty: set[str] | None = None
        """The kinds written here since the last step, by name (None: every kind)."""
        self._lock = asyncio.Lock()
        self._pending: set[asyncio.Task[StepReport]] = set()
        self._again = False
        """A write came while a step ran: it may have read the trip before, so another
        step follows."""
        self._unsubscribe = bus.subscribe(self._on_change)

    async def start(self) -> StepReport:
        """Rebuild the document from this device's updates and the others' as far as applied,
        run a first step, then take the transport's updates as they come."""
        self._document = await asyncio.to_thread(self._rebuilt)
        report = await self.step()
        self.transport.connect(self._wake)
        return report

    def _rebuilt(self) -> TripDocument:
        document = TripDocument()
        for update in self.transport.own_updates():
            document.apply(update)
        known = self.transport.peer_updates({}, until=self._offsets)
        for updates in known.updates.values():
            for update in updates:
                document.apply(update)
        return document

    def close(self) -> None:
        self._unsubscribe()
        self.transport.close()
        self._again = False

    async def settled(self) -> None:
        """Wait for the steps local writes started so far."""
        while self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)

    async def step(self) -> StepReport:
        """One round: send this device's changes, apply the others' new ones."""
        async with self._lock:
            found = await asyncio.to_thread(self.transport.peer_updates, self._offsets)
            try:
                report = await commit_and_publish(
                    self.database, self.bus, lambda session: self._round(session, found)
                )
            except BaseException:
                self._document = await asyncio.to_thread(self._rebuilt)
                self._dirty = None
                raise
            self._offsets = found.offsets
            await asyncio.to_thread(save_offsets, self._state, self._offsets)
            return report

    def _round(self, session: Session, found: PeerUpdates) -> tuple[StepReport, list[Change]]:
        document = self._document
        dirty, self._dirty = self._dirty, set()
        before = document.state()
        with document.doc.transaction(origin=self.device.id):
            document.name_device(self.device.id, self.device.name)
            sign(document.doc, self.device.id)
            to_document(session, self.trip_id, document, dirty)
        sent = document.state() != before
        if sent:
            self.transport.append(document.update_since(before))
        changes: list[Change] = []
        applied = 0
        for device_id, updates in sorted(found.updates.items()):
            document.take_touched()
            for update in updates:
                document.apply(update)
            kinds = document.take_touched()
            applied += len(updates)
            name = document.device_name(device_id)
            note_writer(session, companion_writer(self.database.writer, device_id, name))
            context = ChangeContext(label=FROM_DEVICE.format(device=name), initiator=self.initiator)
            writer = ChangeWriter(session, context)
            to_store(session, writer, self.trip_id, document, kinds)
            changes.extend(writer.changes)
        note_writer(session, self.database.writer)
        return StepReport(applied, sent, tuple(found.waiting)), changes

    def removed(self) -> list[Removed]:
        """The trip's rows removed on any device, in the kinds' order."""
        return [
            Removed(kind, row_id, texts)
            for kind in SHARED
            for row_id, texts in sorted(self._document.removed(kind).items())
        ]

    async def restore(self, entry: Removed) -> None:
        """Make a removed row again, with its last values, as the person's own change (undo
        removes it again), and send it."""

        def write(session: Session, writer: ChangeWriter) -> None:
            writer.describe(RESTORE)
            record = new_record(session, entry.kind, self.trip_id, entry.row_id, entry.texts)
            writer.create(entry.kind.spec, record)

        await run_logged(self.database, self.bus, None, write)
        await self.settled()

    def _on_change(self, change: Change) -> None:
        """A committed write on the bus: a step sends it, unless it is this sync's own."""
        if change.initiator is self.initiator or self.trip_id not in (
            change.trip_id,
            change.entity_id,
        ):
            return
        if self._dirty is not None:
            self._dirty.add(ANSWERS if change.entity in ANSWERED else change.entity.value)
        self._wake()

    def _wake(self) -> None:
        """Start a step, or, while one runs, another after it."""
        if self._pending:
            self._again = True
            return
        self._start_step()

    def _start_step(self) -> None:
        try:
            task = asyncio.get_running_loop().create_task(self.step())
        except RuntimeError:
            return
        self._pending.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[StepReport]) -> None:
        """Runs before `settled` sees the task done, so a step it starts is waited for too."""
        self._pending.discard(task)
        if self._again and not self._pending:
            self._again = False
            self._start_step()
        if not task.cancelled() and (error := task.exception()) is not None:
            log.error("sync of trip %s failed: %s", self.trip_id, error, exc_info=error)

"""Keeping every shared trip in step while the app runs: one task per trip starts its
`TripSync`, then steps it every few seconds (the engine reads the folder on a worker thread and
writes on the database's), and keeps what the person is shown of it: when it last synced, or
what stops it, in words (the folder missing, the passphrase wrong). A trip that cannot sync is
tried again on the next poll. No Qt."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session, col, select

from concierge.model.field_kinds import Limited
from concierge.model.settings import SharedTrip
from concierge.model_server.secrets import SecretSaved
from concierge.store.changes import Action, ChangeBus
from concierge.store.database import Database
from concierge.store.tables import ChangeLogEntry
from concierge.store.writers import is_companion_token
from concierge.text import QT_TRANSLATE_NOOP

from .engine import Removed, TripSync
from .folder import SHARE_FILE, WrongPassphrase, folder_key
from .invite import Transport, transport_of
from .room import ServerRoom
from .shares import SharedTrips
from .transports import LocationError, open_transport

log = logging.getLogger(__name__)

POLL_SECONDS = 2.0
"""How often each shared trip looks for its companions' updates: a listing of the folder."""

FOLDER_MISSING = QT_TRANSLATE_NOOP(
    "Sync", "The shared folder {folder} is missing: is its drive connected?"
)
NOT_ARRIVED = QT_TRANSLATE_NOOP(
    "Sync",
    "Waiting for the shared trip to arrive in {folder}: is your sync app (Syncthing, "
    "Nextcloud, Dropbox…) running?",
)
WRONG_PASSPHRASE = QT_TRANSLATE_NOOP(
    "Sync", "The passphrase does not open this shared trip: ask for the invite again."
)
NO_SECRET = QT_TRANSLATE_NOOP(
    "Sync",
    "This device no longer has the trip's passphrase (the keyring did not keep it): join "
    "again with the invite.",
)
SERVER_AWAY = QT_TRANSLATE_NOOP(
    "Sync", "Waiting for the sync server {location}: is it running, and is this device online?"
)
REFUSED = QT_TRANSLATE_NOOP("Sync", "The sync server will not take this device: {reason}")
FAILED = QT_TRANSLATE_NOOP("Sync", "Sync stopped: {error}")
TAKEN = QT_TRANSLATE_NOOP(
    "Sync", "The folder {folder} already holds a shared trip: choose an empty folder."
)


class SyncProblem(Exception):
    """What stops a trip's sync, in words for the person (`message`, a `Message`); one that
    waiting cannot mend (a wrong passphrase: only a new invite does) is not tried again."""

    def __init__(self, message: str, *, lasting: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.lasting = lasting


@dataclass(frozen=True, slots=True)
class SyncState:
    """What the person is shown of one shared trip's sync."""

    trip_id: str
    synced_at: float | None = None
    """When it last synced whole (`time.monotonic`), None before the first time."""
    problem: str | None = None
    """What stops it now, in words (None: it syncs)."""
    waiting: int = 0
    """Companions' files still arriving (a frame not whole or not yet readable)."""


class SyncRunner:
    """Runs the sync of each trip in `shares` on the running loop, until `aclose`;
    `on_state` hears every change of a trip's `SyncState` (on the loop's thread)."""

    def __init__(
        self,
        database: Database,
        bus: ChangeBus,
        shares: SharedTrips,
        state_dir: Path,
        *,
        poll_seconds: float | None = None,
    ) -> None:
        self.database = database
        self.bus = bus
        self.shares = shares
        self.state_dir = state_dir
        self.poll_seconds = POLL_SECONDS if poll_seconds is None else poll_seconds
        self.on_state: Callable[[SyncState], None] = lambda _state: None
        self.states: dict[str, SyncState] = {}
        self._syncs: dict[str, TripSync] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._stepped: dict[str, asyncio.Event] = {}

    async def start(self) -> None:
        """Start the sync of every trip shared so far."""
        for share in await self.shares.all():
            self._launch(share)

    async def share(self, share: SharedTrip, secret: str, *, first: bool) -> SecretSaved:
        """Share a trip (`first`: this device starts sharing it, making the folder's salt) or
        join one, keep its setup, and start its sync; raises `SyncProblem` if the folder
        cannot take it."""
        if first and transport_of(share.location) is Transport.FOLDER:
            root = Path(share.location)
            if (root / SHARE_FILE).exists():
                raise SyncProblem(TAKEN.format(folder=share.location))
            await asyncio.to_thread(folder_key, root, secret)
        saved = await self.shares.add(share, secret)
        await self._stop(share.trip_id)
        self._launch(share)
        return saved

    async def stepped(self, trip_id: str) -> SyncState:
        """Wait for the trip's next step, or the problem that stops it."""
        event = self._stepped.setdefault(trip_id, asyncio.Event())
        event.clear()
        await event.wait()
        return self.states[trip_id]

    def sync(self, trip_id: str) -> TripSync | None:
        """The trip's sync, while it runs."""
        return self._syncs.get(trip_id)

    async def removed(self, trip_id: str) -> list[Removed]:
        """What another device removed from the trip, and this one may restore: rows the
        document keeps as removed, less those this device removed itself."""
        sync = self._syncs.get(trip_id)
        if sync is None:
            return []
        entries = sync.removed()
        own = await self.database.run(lambda session: _removed_here(session, entries))
        return [entry for entry in entries if entry.row_id not in own]

    async def restore(self, trip_id: str, entry: Removed) -> None:
        sync = self._syncs.get(trip_id)
        if sync is not None:
            await sync.restore(entry)

    async def aclose(self) -> None:
        for trip_id in list(self._tasks):
            await self._stop(trip_id)

    async def _stop(self, trip_id: str) -> None:
        task = self._tasks.pop(trip_id, None)
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def _launch(self, share: SharedTrip) -> None:
        self._tasks[share.trip_id] = asyncio.get_running_loop().create_task(self._run(share))

    def _note(self, state: SyncState) -> None:
        self.states[state.trip_id] = state
        self.on_state(state)
        event = self._stepped.get(state.trip_id)
        if event is not None:
            event.set()

    async def _run(self, share: SharedTrip) -> None:
        """Open, start and step the trip's sync; on a problem, say it and try again."""
        while True:
            sync: TripSync | None = None
            try:
                sync = await self._open(share)
                self._syncs[share.trip_id] = sync
                report = await sync.start()
                while True:
                    away = self._server_away(share, sync)
                    synced = None if away else time.monotonic()
                    self._note(SyncState(share.trip_id, synced, away, len(report.waiting)))
                    await asyncio.sleep(self.poll_seconds)
                    self._check_folder(share)
                    report = await sync.step()
            except SyncProblem as problem:
                self._note(SyncState(share.trip_id, problem=problem.message))
                if problem.lasting:
                    return
            except Exception as error:
                log.exception("sync of trip %s failed", share.trip_id)
                self._note(SyncState(share.trip_id, problem=FAILED.format(error=str(error))))
            finally:
                self._syncs.pop(share.trip_id, None)
                if sync is not None:
                    sync.close()
                    if isinstance(sync.transport, ServerRoom):
                        await sync.transport.wait_closed()
            await asyncio.sleep(self.poll_seconds)

    def _server_away(self, share: SharedTrip, sync: TripSync) -> str | None:
        """What keeps a server's trip from syncing now, if anything: a refusal ends it; while
        the room is away it tries again by itself, and edits wait in its journal."""
        room = sync.transport
        if not isinstance(room, ServerRoom):
            return None
        if room.refused is not None:
            raise SyncProblem(REFUSED.format(reason=str(room.refused)), lasting=True)
        return None if room.connected else SERVER_AWAY.format(location=share.location)

    def _check_folder(self, share: SharedTrip) -> None:
        if transport_of(share.location) is not Transport.FOLDER:
            return
        root = Path(share.location)
        if not root.is_dir():
            raise SyncProblem(FOLDER_MISSING.format(folder=share.location))
        if not (root / SHARE_FILE).is_file():
            raise SyncProblem(NOT_ARRIVED.format(folder=share.location))

    async def _open(self, share: SharedTrip) -> TripSync:
        self._check_folder(share)
        secret = await self.shares.secret(share.trip_id)
        if secret is None:
            raise SyncProblem(NO_SECRET, lasting=True)
        device = await self.shares.device(share)
        try:
            transport = await asyncio.to_thread(
                open_transport,
                share.location,
                secret,
                trip_id=share.trip_id,
                device_id=device.id,
                state_dir=self.state_dir,
            )
        except WrongPassphrase:
            raise SyncProblem(WRONG_PASSPHRASE, lasting=True) from None
        except LocationError as error:
            raise SyncProblem(FAILED.format(error=str(error)), lasting=True) from None
        return TripSync(self.database, self.bus, share.trip_id, device, transport, self.state_dir)


def _removed_here(session: Session, entries: list[Removed]) -> set[str]:
    """Of `entries`, the rows whose last removal here was this device's own, not applied
    from a companion's."""
    ids = [entry.row_id for entry in entries]
    if not ids:
        return set()
    rows = session.exec(
        select(ChangeLogEntry.entity_id, ChangeLogEntry.writer_id)
        .where(col(ChangeLogEntry.entity_id).in_(ids), ChangeLogEntry.action == Action.DELETE)
        .order_by(col(ChangeLogEntry.id))
    ).all()
    last = {entity_id: writer for entity_id, writer in rows}
    return {entity_id for entity_id, writer in last.items() if not is_companion_token(writer)}


def removed_title(entry: Removed) -> str:
    """What names a removed row: its first field of words (in declaration order: an item's
    title, a pin's text) that holds some."""
    rules = entry.kind.spec.declaration.fields
    for name in entry.kind.fields:
        rule, text = rules.get(name), entry.texts.get(name)
        if rule is None or text is None or not isinstance(rule.kind, Limited | None):
            continue
        value = json.loads(text)
        if isinstance(value, str) and value.strip():
            return value
    return entry.row_id

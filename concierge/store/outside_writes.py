"""Noticing what other processes write to the database, so an open window shows it.

`PRAGMA data_version`, polled on a connection of the watcher's own thread, changes whenever any
other connection commits. The change-log rows written since by another `Writer` (this
process's own were announced on its bus already) become `Change`s on the app's bus, delivered
on the event loop's thread, so every view, the plan checks and the assistant's next runtime
context take them in as any edit. An undo or redo writes no row but flips rows' `undone` under
a new `flip_serial`: the rows flipped since (even flipped back meanwhile) are announced as the undo
or redo their state now shows, unless this process announced the same groups' step itself.
What is not logged but shown, a trip's import review queue and its proposals, is compared per
trip and announced as `ImportNews` and `ProposalNews`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .change_writer import decode_order, logged_fields
from .changes import Action, Actor, Change, ChangeBus, EntityKind, ImportNews, ProposalNews
from .engine import BUSY_TIMEOUT_SECONDS
from .undo import INVERSE
from .writers import COMPANION_MARK, Writer

log = logging.getLogger(__name__)

POLL_SECONDS = 0.2
"""How often the watcher asks SQLite whether another connection committed: a read of one
counter, cheap enough for five times a second, and well inside a second to show it."""

_FIELDS = "id, entity, entity_id, trip_id, action, before, after, sources_after, actor, group_id"
_CHANGES = (
    f"SELECT {_FIELDS} FROM change_log WHERE id > ? AND writer_id IS NOT ? "
    "AND coalesce(writer_id, '') NOT LIKE ? ORDER BY id"
)
"""Rows of other writers, less those of companions' devices this process applied and announced
itself (`writers.companion_writer`)."""
_FLIPPED = f"SELECT {_FIELDS}, undone FROM change_log WHERE flip_serial > ? ORDER BY id"
_QUEUES = {
    "imports": "SELECT trip_id, count(*), max(id), sum(status = 'pending'), max(decided_at) "
    "FROM import_candidate GROUP BY trip_id",
    "proposals": "SELECT trip_id, count(*), max(id), sum(status = 'pending'), max(decided_at), "
    "sum(reported) FROM proposal GROUP BY trip_id",
}
"""A digest per trip of each unlogged table a view shows: a new, decided or reopened row
changes it."""

Digest = dict[str, tuple[object, ...]]


@dataclass(frozen=True, slots=True)
class OutsideNews:
    """What other processes changed since the last look."""

    changes: tuple[Change, ...] = ()
    steps: tuple[Change, ...] = ()
    """What undos and redos did (each `Change` flagged `undo` or `redo`)."""
    imports: frozenset[str] = frozenset()
    """The trips whose import review queue changed."""
    proposals: frozenset[str] = frozenset()
    """The trips whose proposals changed."""

    def __bool__(self) -> bool:
        return bool(self.changes or self.steps or self.imports or self.proposals)


@dataclass
class _Seen:
    """What the watcher has seen so far, on its own thread."""

    last_id: int = 0
    last_flip: int = 0
    digests: dict[str, Digest] = field(default_factory=dict)


class OutsideWrites:
    """Watches one database file for other processes' commits and publishes them on `bus`.
    `start` on the event loop whose thread the bus's subscribers live on; `aclose` (or `close`)
    stops the watching thread within one poll."""

    def __init__(
        self, path: Path, writer: Writer, bus: ChangeBus, *, poll_seconds: float = POLL_SECONDS
    ) -> None:
        self.path = path
        self.writer = writer
        self.bus = bus
        self.poll_seconds = poll_seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._publishing = False
        self._local_lock = threading.Lock()
        self._local: dict[str, set[str]] = {table: set() for table in _QUEUES}
        self._local_steps: set[str] = set()
        """Groups whose undo or redo this process announced since the last poll."""
        self._unsubscribe = [
            bus.subscribe(self._note_local_step),
            bus.imports.subscribe(lambda news: self._note_local("imports", news.trip_id)),
            bus.proposals.subscribe(lambda news: self._note_local("proposals", news.trip_id)),
        ]

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    async def start(self) -> None:
        """Take what the file holds now as seen and start watching from there (once)."""
        if self._thread is not None or self._stop.is_set():
            return
        self._loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = self._loop.create_future()
        self._thread = threading.Thread(
            target=self._watch, args=(ready,), name="concierge-outside-writes", daemon=True
        )
        self._thread.start()
        await ready

    async def aclose(self) -> None:
        """Stop watching and wait for the thread to end (at most one poll and one read)."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread.is_alive():
            await asyncio.to_thread(thread.join)
        self.close()

    def close(self) -> None:
        """Stop watching, blocking until the thread has ended. Idempotent."""
        self._stop.set()
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()

    # -- on the event loop's thread ----------------------------------------------------------

    def _note_local(self, table: str, trip_id: str) -> None:
        """This process announced news of a trip's queue itself: the change the watcher sees
        around it is this process's own, not to announce again (`_hold_queues`)."""
        if not self._publishing:
            with self._local_lock:
                self._local[table].add(trip_id)

    def _note_local_step(self, change: Change) -> None:
        """This process undid or redid the change's group: the flips the watcher sees around
        it are this process's own (`_hold_queues`)."""
        if (change.undo or change.redo) and not self._publishing:
            with self._local_lock:
                self._local_steps.add(change.group_id)

    def _publish(self, news: OutsideNews) -> None:
        if self._stop.is_set():
            return
        log.info(
            "another program wrote: %d changes, %d undone or redone, import queues %s, "
            "proposals %s",
            len(news.changes),
            len(news.steps),
            sorted(news.imports),
            sorted(news.proposals),
        )
        self._publishing = True
        try:
            self.bus.publish(news.changes + news.steps)
            for trip_id in sorted(news.imports):
                self.bus.imports.publish(ImportNews(trip_id))
            for trip_id in sorted(news.proposals):
                self.bus.proposals.publish(ProposalNews(trip_id))
        finally:
            self._publishing = False

    # -- on the watcher's thread -------------------------------------------------------------

    def _watch(self, ready: asyncio.Future[None]) -> None:
        loop = self._loop
        assert loop is not None
        try:
            connection = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None
            )
        except sqlite3.Error as error:
            log.error("cannot watch %s for other programs' writes: %s", self.path, error)
            loop.call_soon_threadsafe(_settle, ready)
            return
        with closing(connection):
            try:
                seen = _Seen()
                version = _data_version(connection)
                self._read(connection, seen)
            except sqlite3.Error as error:
                log.error("cannot watch %s for other programs' writes: %s", self.path, error)
                return
            finally:
                loop.call_soon_threadsafe(_settle, ready)
            held = OutsideNews()
            while not self._stop.wait(self.poll_seconds):
                found = OutsideNews()
                try:
                    now = _data_version(connection)
                    if now != version:
                        found = self._read(connection, seen)
                        version = now
                except sqlite3.Error as error:
                    log.warning("cannot read other programs' writes yet: %s", error)
                news, held = self._hold_queues(found, held)
                if news:
                    self._deliver(loop, news)

    def _hold_queues(
        self, found: OutsideNews, held: OutsideNews
    ) -> tuple[OutsideNews, OutsideNews]:
        """The news to deliver now, and the queue and step news to hold until the next poll.
        This process announces its own queue news, undos and redos on the event loop just after
        its commit, so a poll may see the commit first: that news waits one poll, and goes
        unless this process announced the same trip's news, or the same groups' step,
        meanwhile."""
        with self._local_lock:
            local = {table: frozenset(trips) for table, trips in self._local.items()}
            steps = frozenset(self._local_steps)
            for trips in self._local.values():
                trips.clear()
            self._local_steps.clear()

        def unannounced(news: OutsideNews) -> OutsideNews:
            return OutsideNews(
                (),
                tuple(step for step in news.steps if step.group_id not in steps),
                news.imports - local["imports"],
                news.proposals - local["proposals"],
            )

        return dataclasses.replace(unannounced(held), changes=found.changes), unannounced(found)

    def _deliver(self, loop: asyncio.AbstractEventLoop, news: OutsideNews) -> None:
        try:
            loop.call_soon_threadsafe(self._publish, news)
        except RuntimeError:  # The loop closed: nobody is left to tell.
            self._stop.set()

    def _read(self, connection: sqlite3.Connection, seen: _Seen) -> OutsideNews:
        """What other writers committed since `seen`, in one read transaction; `seen` moves on.
        The first read only takes the file's state as seen."""
        first = not seen.digests
        connection.execute("BEGIN")
        try:
            token = self.writer.token  # hex: nothing LIKE reads as a pattern
            mine = f"{token}{COMPANION_MARK}%"
            rows = connection.execute(_CHANGES, (seen.last_id, token, mine)).fetchall()
            newest, last_flip = connection.execute(
                "SELECT coalesce(max(id), 0), coalesce(max(flip_serial), 0) FROM change_log"
            ).fetchone()
            digests = {
                table: {row[0]: tuple(row[1:]) for row in connection.execute(query)}
                for table, query in _QUEUES.items()
            }
            stepped = [] if first else connection.execute(_FLIPPED, (seen.last_flip,)).fetchall()
        finally:
            connection.execute("COMMIT")
        seen.last_id = max(seen.last_id, newest)
        seen.last_flip = max(seen.last_flip, last_flip)
        changed: dict[str, frozenset[str]] = {}
        for table, digest in digests.items():
            before = seen.digests.get(table, {})
            differ = {
                trip
                for trip in before.keys() | digest.keys()
                if before.get(trip) != digest.get(trip)
            }
            changed[table] = frozenset(differ)
            seen.digests[table] = digest
        if first:
            return OutsideNews()
        changes = tuple(change for row in rows for change in _changes_of(row))
        undos = [row[:-1] for row in reversed(stepped) if row[-1]]  # newest first, as undo
        redos = [row[:-1] for row in stepped if not row[-1]]
        steps = tuple(
            _stepped(change, undo=undo)
            for undo, step_rows in ((True, undos), (False, redos))
            for row in step_rows
            for change in _changes_of(row)
        )
        return OutsideNews(changes, steps, changed["imports"], changed["proposals"])


def _data_version(connection: sqlite3.Connection) -> int:
    (version,) = connection.execute("PRAGMA data_version").fetchone()
    return int(version)


def _settle(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


def _changes_of(row: tuple[Any, ...]) -> Iterator[Change]:
    """The `Change`s one change-log row announces, as its writer announced them."""
    _, entity, entity_id, trip_id, action, before, after, sources_after, actor, group_id = row
    kind, done, by, group = EntityKind(entity), Action(action), Actor(actor), str(group_id)
    trip = None if trip_id is None else str(trip_id)
    old, new, sources = (
        None if text is None else str(text) for text in (before, after, sources_after)
    )
    if done is Action.REORDER:
        for moved in decode_order(old, new)[1]:
            yield Change(kind, moved, trip, Action.UPDATE, frozenset({"position"}), by, group)
        return
    yield Change(kind, str(entity_id), trip, done, logged_fields(old, new, sources), by, group)


def _stepped(change: Change, *, undo: bool) -> Change:
    """What undoing (`undo`) or redoing the logged `change` did, as the undo announces it."""
    action = INVERSE[change.action] if undo else change.action
    return dataclasses.replace(change, action=action, undo=undo, redo=not undo)

"""The y-websocket transport: a shared trip is a room on a Yjs WebSocket server (`serve`), which
forwards every update to the room's other devices as it comes, for edits that show live.

The room is a pycrdt document kept here beside the engine's, rebuilt from this device's journal
(`journal`), so a connection's sync exchange (Yjs' step 1 and 2) sends the server whatever this
device made while it was away, and brings what it missed. Updates that come are split by the
device that made them (`authors`), journaled, then handed to the engine, which applies them to
SQLite first. A dropped connection is tried again with a growing wait; a refused secret or
certificate stops the tries with the reason."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pycrdt import (
    Doc,
    TransactionEvent,
    YMessageType,
    YSyncMessageType,
    create_sync_message,
    create_update_message,
    handle_sync_message,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from .authors import by_device
from .journal import Journal
from .transport import Offsets, PeerUpdates

log = logging.getLogger(__name__)

SECRET_HEADER = "Authorization"
SOURCE = "room"
"""The offsets' key: how many of the others' journaled updates the engine applied."""
LARGEST = 2**28
"""The largest message taken, 256 MiB: the first exchange carries a whole trip, well past
websockets' default of 1 MiB for a trip of a few hundred items."""
REFUSED = (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND)


class RoomRefused(Exception):
    """The server will not let this device in (no secret, a wrong one, an unknown room) or
    cannot be trusted (its certificate): trying again would not help."""


@dataclass(frozen=True, slots=True)
class Backoff:
    """How long to wait before trying a lost server again: `first`, doubling up to `most`."""

    first: float = 0.5
    most: float = 30.0


PATIENT = Backoff()


def bearer(secret: str) -> str:
    return f"Bearer {secret}"


class ServerRoom:
    """This device in the room `url` (the server's address and the room's path), let in by
    `secret`, its journal at `journal`."""

    def __init__(
        self,
        url: str,
        secret: str,
        device_id: str,
        journal: Path,
        *,
        tls: ssl.SSLContext | None = None,
        backoff: Backoff = PATIENT,
    ) -> None:
        self.url = url
        self.device_id = device_id
        self._secret = secret
        self._tls = tls
        self._backoff = backoff
        self._unknown = urlsplit(url).netloc
        """Whom an update from no signed device is put down to: the server."""
        self._guard = threading.Lock()
        """The document and the lists: the engine appends on the database's thread."""
        self._journal = Journal(journal)
        self._doc: Doc[Any] = Doc(allow_multithreading=True)
        self._own: list[bytes] = []
        self._received: list[tuple[str, bytes]] = []
        for device, update in self._journal.read():
            self._doc.apply_update(update)
            if device == device_id:
                self._own.append(update)
            else:
                self._received.append((device, update))
        self._taken: list[bytes] = []
        self._subscription = self._doc.observe(self._taken_in)
        self._taking = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[bytes] | None = None
        self._task: asyncio.Task[None] | None = None
        self._synced = asyncio.Event()
        self._away = asyncio.Event()
        self._away.set()
        self._stopped = asyncio.Event()
        self.refused: RoomRefused | None = None

    @property
    def connected(self) -> bool:
        """Whether the room is joined and its first exchange done."""
        return self._synced.is_set()

    def own_updates(self) -> list[bytes]:
        with self._guard:
            return list(self._own)

    def peer_updates(self, offsets: Offsets, until: Offsets | None = None) -> PeerUpdates:
        start = offsets.get(SOURCE, 0)
        with self._guard:
            end = len(self._received) if until is None else until.get(SOURCE, 0)
            found = PeerUpdates(offsets={SOURCE: max(start, end)})
            for device, update in self._received[start:end]:
                found.updates.setdefault(device, []).append(update)
        return found

    def append(self, update: bytes) -> None:
        with self._guard:
            self._journal.append([(self.device_id, update)])
            self._own.append(update)
            self._doc.apply_update(update)
            loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None:
            loop.call_soon_threadsafe(outbox.put_nowait, update)

    def connect(self, heard: Callable[[], None]) -> None:
        if self._task is None:
            self._loop = asyncio.get_running_loop()
            self._task = self._loop.create_task(self._run(heard))

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def wait_closed(self) -> None:
        """Wait until the connection `close` cancelled has ended."""
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def joined(self) -> None:
        """Wait until the room is joined and its first exchange done; raise `RoomRefused` if
        the server will not let this device in."""
        synced = asyncio.ensure_future(self._synced.wait())
        stopped = asyncio.ensure_future(self._stopped.wait())
        try:
            await asyncio.wait((synced, stopped), return_when=asyncio.FIRST_COMPLETED)
        finally:
            synced.cancel()
            stopped.cancel()
        if self.refused is not None:
            raise self.refused

    async def left(self) -> None:
        """Wait until the connection is lost (or was never made)."""
        await self._away.wait()

    async def _run(self, heard: Callable[[], None]) -> None:
        wait = self._backoff.first
        try:
            while True:
                try:
                    async with connect(
                        self.url,
                        additional_headers={SECRET_HEADER: bearer(self._secret)},
                        ssl=self._tls,
                        proxy=None,
                        max_size=LARGEST,
                    ) as link:
                        wait = self._backoff.first
                        await self._session(link, heard)
                except InvalidStatus as error:
                    if error.response.status_code in REFUSED:
                        reason = error.response.body.decode(errors="replace").strip()
                        raise RoomRefused(f"{self.url} refused this device: {reason}") from None
                    log.info("%s answered %s; trying again", self.url, error)
                except ssl.SSLCertVerificationError as error:
                    raise RoomRefused(f"{self.url} is not to be trusted: {error}") from None
                except InvalidURI as error:
                    raise RoomRefused(str(error)) from None
                except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as error:
                    log.info("%s not reached (%s); trying again in %.1f s", self.url, error, wait)
                finally:
                    self._synced.clear()
                    self._away.set()
                    self._outbox = None
                await asyncio.sleep(wait)
                wait = min(wait * 2, self._backoff.most)
        except RoomRefused as refused:
            log.error("%s", refused)
            self.refused = refused
        finally:
            self._stopped.set()

    async def _session(self, link: ClientConnection, heard: Callable[[], None]) -> None:
        """One connection: the sync exchange, then updates both ways until it drops."""
        outbox: asyncio.Queue[bytes] = asyncio.Queue()
        with self._guard:
            self._outbox = outbox
            hello = create_sync_message(self._doc)
        await link.send(hello)
        sending = asyncio.create_task(self._send(link, outbox))
        try:
            async for message in link:
                if isinstance(message, bytes):
                    await self._take(link, message, heard)
        finally:
            sending.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await sending

    async def _send(self, link: ClientConnection, outbox: asyncio.Queue[bytes]) -> None:
        while True:
            update = await outbox.get()
            await link.send(create_update_message(update))

    async def _take(
        self, link: ClientConnection, message: bytes, heard: Callable[[], None]
    ) -> None:
        """Handle one message of the server's (awareness, for cursors, is not used here)."""
        if len(message) < 2 or message[0] != YMessageType.SYNC:
            return
        with self._guard:
            before = self._doc.get_state()
            self._taking = True
            try:
                reply = handle_sync_message(message[1:], self._doc)
            finally:
                self._taking = False
            taken, self._taken = self._taken, []
            parts = [part for update in taken for part in self._parts(update, before)]
            if parts:
                self._journal.append(parts)
                self._received.extend(parts)
        if parts:
            heard()
        if reply is not None:
            await link.send(reply)
        if message[1] == YSyncMessageType.SYNC_STEP2:
            self._away.clear()
            self._synced.set()

    def _parts(self, update: bytes, before: bytes) -> list[tuple[str, bytes]]:
        return by_device(self._doc, update, before, self._unknown)

    def _taken_in(self, event: TransactionEvent) -> None:
        if self._taking:
            self._taken.append(event.update)

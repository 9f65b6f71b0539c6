"""A Yjs WebSocket server for shared trips, to run on a home machine (`concierge sync-server`):
pycrdt-websocket's rooms, one per shared trip at `/<trip id>`, behind a check of the room's
secret made before the WebSocket opens, over TLS when given a certificate.

A room's secret is derived from the server's (an HMAC of the room's name), so the server keeps
no list of rooms, and a companion given one trip's secret can enter that trip's room only."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import os
import re
import secrets
import ssl
from contextlib import AsyncExitStack
from http import HTTPStatus
from pathlib import Path
from types import TracebackType
from urllib.parse import urlsplit

from pycrdt.websocket import WebsocketServer, exception_logger
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .room import LARGEST, SECRET_HEADER, bearer

log = logging.getLogger(__name__)

ROOM = re.compile(r"/([A-Za-z0-9_-]{1,128})")
"""A room's path: a trip's id."""
SECRET_FILE = "sync-server.secret"


def server_secret(folder: Path) -> str:
    """The server's secret, kept in `folder` (the data folder), made the first time; only its
    owner can read the file."""
    path = folder / SECRET_FILE
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(secrets.token_urlsafe(32))
    return path.read_text(encoding="utf-8").strip()


def room_secret(server_secret: str, room: str) -> str:
    """The secret that lets a device into `room` of the server whose secret is
    `server_secret`."""
    digest = hmac.new(server_secret.encode(), room.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def server_tls(certificate: str, key: str) -> ssl.SSLContext:
    """TLS for the server with the person's certificate (chain) and its private key, PEM."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    return context


class Channel:
    """One device's WebSocket as pycrdt's `Channel`: a send to a device gone is dropped (the
    room forwards to every device, and the one leaving is taken out after)."""

    def __init__(self, connection: ServerConnection, path: str) -> None:
        self._connection = connection
        self._path = path

    @property
    def path(self) -> str:
        return self._path

    def __aiter__(self) -> Channel:
        return self

    async def __anext__(self) -> bytes:
        try:
            return await self.recv()
        except ConnectionClosed:
            raise StopAsyncIteration from None

    async def send(self, message: bytes) -> None:
        try:
            await self._connection.send(message)
        except ConnectionClosed:
            log.debug("a device left %s before an update reached it", self._path)

    async def recv(self) -> bytes:
        while True:
            message = await self._connection.recv()
            if isinstance(message, bytes):
                return message


class RoomServer:
    """Serves rooms on `host`:`port` (0: a free port) while entered, to devices that give the
    room's secret; TLS with `tls`."""

    def __init__(
        self, secret: str, host: str, port: int, tls: ssl.SSLContext | None = None
    ) -> None:
        self._secret = secret
        self._host = host
        self._port = port
        self._tls = tls
        self._rooms = WebsocketServer(
            auto_clean_rooms=False, exception_handler=exception_logger, log=log
        )
        self._server: Server | None = None
        self._opening = asyncio.Lock()
        self._running = AsyncExitStack()

    @property
    def url(self) -> str:
        """Where the server listens, as a device is given it (`ws://` or `wss://`)."""
        assert self._server is not None, "the server is not running"
        port = next(iter(self._server.sockets)).getsockname()[1]
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"{'wss' if self._tls else 'ws'}://{host}:{port}"

    async def __aenter__(self) -> RoomServer:
        async with AsyncExitStack() as starting:
            await starting.enter_async_context(self._rooms)
            self._server = await serve(
                self._serve,
                self._host,
                self._port,
                ssl=self._tls,
                process_request=self._check,
                max_size=LARGEST,
            )
            self._running = starting.pop_all()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        await self._running.__aexit__(kind, error, traceback)

    def _check(self, connection: ServerConnection, request: Request) -> Response | None:
        """Refuse, before the WebSocket opens, a path that is no room or a wrong secret."""
        found = ROOM.fullmatch(urlsplit(request.path).path)
        if found is None:
            return self._refuse(connection, HTTPStatus.NOT_FOUND, "no such room")
        given = request.headers.get(SECRET_HEADER)
        if given is None:
            return self._refuse(connection, HTTPStatus.UNAUTHORIZED, "the room's secret is missing")
        wanted = bearer(room_secret(self._secret, found.group(1)))
        if not hmac.compare_digest(given.encode(), wanted.encode()):
            return self._refuse(connection, HTTPStatus.FORBIDDEN, "wrong secret for this room")
        return None

    def _refuse(self, connection: ServerConnection, status: HTTPStatus, reason: str) -> Response:
        log.info("refused %s: %s", connection.remote_address, reason)
        return connection.respond(status, f"{reason}\n")

    async def _serve(self, connection: ServerConnection) -> None:
        path = urlsplit(connection.request.path).path if connection.request else ""
        async with self._opening:
            # pycrdt-websocket starts a new room once per device that asks for it at the same
            # time, and the second start waits forever: start it here, one at a time.
            await self._rooms.get_room(path)
        await self._rooms.serve(Channel(connection, path))

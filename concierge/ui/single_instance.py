"""One Concierge per data folder: a second launch asks the first to show its window and exits.
Two processes on one folder would each recover the other's running lookups as interrupted
and answer in the same conversations.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

LOCK_NAME = "concierge.lock"
SHOW = b"show\n"
SHOWN = b"shown\n"
ANSWER_TIMEOUT_MS = 10_000
"""How long a second launch waits for the first to answer: the first may still be starting
(migrating its database) before its event loop reads the request."""


def server_name(folder: Path) -> str:
    """The local server's name for `folder`: short (it becomes a socket path on Unix) and the
    same for every spelling of the folder's path."""
    digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:20]
    return f"concierge-{digest}"


class SingleInstance(QObject):
    """The data folder's lock and the server a second launch talks to."""

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.name = server_name(folder)
        self._lock = QLockFile(str(folder / LOCK_NAME))
        self._lock.setStaleLockTime(0)  # Stale only when its process is gone, never by age.
        self._server: QLocalServer | None = None
        self._on_show: Callable[[], None] | None = None
        self._show_pending = False

    def acquire(self) -> bool:
        """Take the folder's lock (removing one its dead owner left) and start listening;
        False if another live process holds it, `OSError` if the lock file cannot be made."""
        if not self._lock.tryLock(0):
            if self._lock.error() is QLockFile.LockError.LockFailedError:
                return False
            raise OSError(f"Cannot create the lock file {self.folder / LOCK_NAME}.")
        QLocalServer.removeServer(self.name)  # A killed owner leaves its socket behind.
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            log.warning("cannot listen as %s: %s", self.name, server.errorString())
        server.newConnection.connect(self._accept)
        self._server = server
        return True

    def owner_pid(self) -> int | None:
        pid, _host, _app = self._lock.getLockInfo()
        return int(pid) or None

    def on_show(self, show: Callable[[], None]) -> None:
        """Call `show` whenever a second launch asks; at once if one asked before now."""
        self._on_show = show
        if self._show_pending:
            self._show_pending = False
            show()

    def ask_owner_to_show(self) -> bool:
        """From a second launch: ask the lock's holder to show its window; False if it won't."""
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(ANSWER_TIMEOUT_MS):
            return False
        socket.write(SHOW)
        socket.waitForBytesWritten(ANSWER_TIMEOUT_MS)
        answer = b""
        while SHOWN not in answer and socket.waitForReadyRead(ANSWER_TIMEOUT_MS):
            answer += bytes(socket.readAll().data())
        socket.disconnectFromServer()
        return SHOWN in answer

    def release(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _accept(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda socket=socket: self._read(socket))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        if SHOW not in bytes(socket.peek(64).data()):
            return
        socket.readAll()
        log.info("another launch on %s asked this window to show itself", self.folder)
        if self._on_show is None:
            self._show_pending = True
        else:
            self._on_show()
        socket.write(SHOWN)
        socket.flush()

"""The synced-folder transport: a folder the person already syncs (Syncthing, Nextcloud,
Dropbox…) holds, per device, files of the document's updates that only that device appends to;
each device reads the others'.

Every update is one frame: a magic, the length of what follows, a nonce and the update sealed
with AES-GCM under a key derived by scrypt from the passphrase the companions share (the salt is
the folder's, in `concierge-share.json`), with the file and the frame's offset as associated
data, so the cloud holds no value in clear and a frame cannot be moved. A frame not yet whole,
or not yet readable (a sync client fills files in pieces), stops the reading of its file until a
later look: nothing is applied in part. Each start of a device opens a new file, so a frame
half-written when a process died is never followed by another."""

from __future__ import annotations

import json
import logging
import os
import secrets
import struct
import uuid
from collections.abc import Callable
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from .transport import Offsets, PeerUpdates

log = logging.getLogger(__name__)

SHARE_FILE = "concierge-share.json"
SUFFIX = ".updates"
MAGIC = b"CYU1"
HEADER = struct.Struct(">4sI")
NONCE_BYTES = 12
SCRYPT_N = 2**15
"""scrypt's cost: about 32 MiB and a tenth of a second, once per start."""


CHECK = b"concierge shared folder"
"""Sealed under the key in the folder's file by the first device, so a device given another
passphrase is told at once rather than seeing every update wait."""


class WrongPassphrase(ValueError):
    """The passphrase does not open the shared folder."""


def folder_key(root: Path, passphrase: str) -> bytes:
    """The key of the shared folder `root` for `passphrase`, making the folder's salt if it has
    none yet (the first device to share); raises `WrongPassphrase` if the folder's check does
    not open with it."""
    root.mkdir(parents=True, exist_ok=True)
    share = root / SHARE_FILE
    salt = secrets.token_bytes(16)
    if not share.exists():
        key = _derive(salt, passphrase)
        nonce = secrets.token_bytes(NONCE_BYTES)
        check = (nonce + AESGCM(key).encrypt(nonce, CHECK, None)).hex()
        _write_whole(share, json.dumps({"format": 1, "salt": salt.hex(), "check": check}).encode())
    shared = json.loads(share.read_text(encoding="utf-8"))
    key = _derive(bytes.fromhex(shared["salt"]), passphrase)
    if "check" in shared:
        sealed = bytes.fromhex(shared["check"])
        try:
            AESGCM(key).decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], None)
        except InvalidTag:
            raise WrongPassphrase(root) from None
    return key


def _derive(salt: bytes, passphrase: str) -> bytes:
    return Scrypt(salt=salt, length=32, n=SCRYPT_N, r=8, p=1).derive(passphrase.encode())


def _write_whole(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all (a temporary file renamed into place)."""
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    with temporary.open("wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


class SyncFolder:
    """One device's view of a shared folder: its own file of this run, and the others'."""

    def __init__(self, root: Path, device_id: str, key: bytes) -> None:
        self.root = root
        self.device_id = device_id
        self._aead = AESGCM(key)
        self._file = root / device_id / f"{uuid.uuid4().hex}{SUFFIX}"

    def append(self, update: bytes) -> None:
        """Append one sealed update to this run's file and make it durable."""
        self._file.parent.mkdir(parents=True, exist_ok=True)
        with self._file.open("ab") as file:
            offset = file.tell()
            nonce = secrets.token_bytes(NONCE_BYTES)
            sealed = self._aead.encrypt(nonce, update, self._context(self._file, offset))
            file.write(HEADER.pack(MAGIC, len(nonce) + len(sealed)) + nonce + sealed)
            file.flush()
            os.fsync(file.fileno())

    def connect(self, heard: Callable[[], None]) -> None:
        """Nothing comes by itself: the others' files are read when the engine steps (the
        window looks at the folder every few seconds)."""

    def close(self) -> None:
        """Nothing to stop: no file stays open between steps."""

    def own_updates(self) -> list[bytes]:
        """Every whole update this device wrote, in any run."""
        return [
            update
            for path in self._files(self.root / self.device_id)
            for update in self._read(path, 0, None)[0]
        ]

    def peer_updates(self, offsets: Offsets, until: Offsets | None = None) -> PeerUpdates:
        """The other devices' whole updates past `offsets` (and, with `until`, only up to it)."""
        found = PeerUpdates(offsets=dict(offsets))
        if not self.root.is_dir():
            return found
        for folder in sorted(self.root.iterdir()):
            if not folder.is_dir() or folder.name == self.device_id:
                continue
            for path in self._files(folder):
                name = path.relative_to(self.root).as_posix()
                limit = None if until is None else until.get(name, 0)
                updates, end, complete = self._read(path, offsets.get(name, 0), limit)
                if updates:
                    found.updates.setdefault(folder.name, []).extend(updates)
                found.offsets[name] = end
                if not complete:
                    found.waiting.append(name)
        return found

    def _files(self, folder: Path) -> list[Path]:
        if not folder.is_dir():
            return []
        return sorted(path for path in folder.iterdir() if path.name.endswith(SUFFIX))

    def _context(self, path: Path, offset: int) -> bytes:
        return f"{path.parent.name}/{path.name}".encode() + offset.to_bytes(8, "big")

    def _read(self, path: Path, start: int, limit: int | None) -> tuple[list[bytes], int, bool]:
        """The whole frames of `path` from `start` (up to `limit`), where they end, and
        whether the file was read to its end."""
        try:
            data = path.read_bytes()
        except OSError as error:
            log.info("cannot read %s yet: %s", path, error)
            return [], start, False
        if limit is not None:
            data = data[:limit]
        updates: list[bytes] = []
        position = start
        while position < len(data):
            if position + HEADER.size > len(data):
                return updates, position, False
            magic, length = HEADER.unpack_from(data, position)
            end = position + HEADER.size + length
            if magic != MAGIC or end > len(data) or length <= NONCE_BYTES:
                return updates, position, False
            body = data[position + HEADER.size : end]
            try:
                update = self._aead.decrypt(
                    body[:NONCE_BYTES], body[NONCE_BYTES:], self._context(path, position)
                )
            except InvalidTag:
                log.warning(
                    "%s: a frame at %d does not open (yet, or another passphrase)", path, position
                )
                return updates, position, False
            updates.append(update)
            position = end
        return updates, position, True


def save_offsets(path: Path, offsets: Offsets) -> None:
    """Keep how far the others' files were applied (in this device's data folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_whole(path, json.dumps({"offsets": offsets}, sort_keys=True).encode())


def load_offsets(path: Path) -> Offsets:
    if not path.exists():
        return {}
    found: dict[str, int] = json.loads(path.read_text(encoding="utf-8"))["offsets"]
    return found

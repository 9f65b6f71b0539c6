"""The folder of attached files: `<data dir>/documents/`, one file `<sha256><suffix>` per content.

A file is written under a hidden temporary name, flushed, then renamed within the folder
(atomic), so a crash never leaves a half-written file under a real name. Nothing here touches
the database.
"""

from __future__ import annotations

import contextlib
import hashlib
import mimetypes
import os
import uuid
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from concierge.text import QT_TRANSLATE_NOOP

from .errors import DocumentError

FOLDER_NAME = "documents"
MAX_BYTES = 50 * 1024 * 1024
"""The largest file that can be attached (50 MiB): tickets and photos, not videos."""
CHUNK_BYTES = 1024 * 1024
TEMPORARY_PREFIX = ".incoming-"

Progress = Callable[[int, int], None]
"""Called with (bytes copied so far, bytes in all) while a file is copied."""


_MISSING = QT_TRANSLATE_NOOP("StoreError", "“{name}” does not exist (moved or deleted?).")
_UNREADABLE = QT_TRANSLATE_NOOP("StoreError", "“{name}” cannot be read: {strerror}.")


@dataclass(frozen=True, slots=True)
class StoredFile:
    """A file as it was copied into the folder."""

    stored_name: str
    sha256: str
    size_bytes: int
    media_type: str


def documents_folder(data_dir: Path) -> Path:
    return data_dir / FOLDER_NAME


def media_type_of(file_name: str) -> str:
    guessed, _ = mimetypes.guess_type(file_name, strict=False)
    return guessed or "application/octet-stream"


def stored_name_for(sha256: str, file_name: str) -> str:
    """The content's name in the folder; the suffix stays so the system viewer knows it."""
    suffix = "".join(ch for ch in Path(file_name).suffix.lower() if ch.isalnum() or ch == ".")
    return f"{sha256}{suffix[:16]}"


def size_text(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


class DocumentFolder:
    """Copies files in, names where they are, and removes the ones nothing refers to."""

    def __init__(self, root: Path, *, max_bytes: int = MAX_BYTES) -> None:
        self.root = root
        self.max_bytes = max_bytes

    def path_of(self, stored_name: str) -> Path:
        """Where a stored file is; refuses names that would lead out of the folder."""
        if not stored_name or Path(stored_name).name != stored_name or stored_name[0] == ".":
            raise DocumentError(
                QT_TRANSLATE_NOOP(
                    "StoreError", "“{stored_name}” is not the name of a stored document."
                ).format(stored_name=stored_name)
            )
        return self.root / stored_name

    def check_source(self, source: Path) -> int:
        """The size of `source`, or a `DocumentError` saying why it cannot be attached."""
        name = str(source)
        try:
            if source.is_dir():
                raise DocumentError(
                    QT_TRANSLATE_NOOP(
                        "StoreError", "“{name}” is a folder; attach the files in it one by one."
                    ).format(name=name)
                )
            size = source.stat().st_size
        except OSError as error:
            why = _MISSING if isinstance(error, FileNotFoundError) else _UNREADABLE
            raise DocumentError(why.format(name=name, strerror=error.strerror)) from error
        if not source.is_file():
            raise DocumentError(
                QT_TRANSLATE_NOOP("StoreError", "“{name}” is not a regular file.").format(name=name)
            )
        if size > self.max_bytes:
            raise DocumentError(
                QT_TRANSLATE_NOOP(
                    "StoreError", "“{name}” is {size_text}; a document can be at most {size_text2}."
                ).format(
                    name=source.name,
                    size_text=size_text(size),
                    size_text2=size_text(self.max_bytes),
                )
            )
        return size

    def copy_in(self, source: Path, progress: Progress | None = None) -> StoredFile:
        """Copy `source` into the folder, blocking; on failure no file stays."""
        total = self.check_source(source)
        self.root.mkdir(parents=True, exist_ok=True)
        temporary = self.root / f"{TEMPORARY_PREFIX}{uuid.uuid4().hex}"
        digest = hashlib.sha256()
        copied = 0
        try:
            with source.open("rb") as reader, temporary.open("xb") as writer:
                while chunk := reader.read(CHUNK_BYTES):
                    copied += len(chunk)
                    if copied > self.max_bytes:
                        raise DocumentError(
                            QT_TRANSLATE_NOOP(
                                "StoreError",
                                "“{name}” grew past {size_text} while it was being copied.",
                            ).format(name=source.name, size_text=size_text(self.max_bytes))
                        )
                    digest.update(chunk)
                    writer.write(chunk)
                    if progress is not None:
                        progress(copied, max(total, copied))
                writer.flush()
                os.fsync(writer.fileno())
            sha256 = digest.hexdigest()
            stored_name = stored_name_for(sha256, source.name)
            final = self.root / stored_name
            if final.is_file() and final.stat().st_size == copied:
                temporary.unlink()
            else:
                os.replace(temporary, final)
                _sync_folder(self.root)
        except OSError as error:
            raise DocumentError(
                QT_TRANSLATE_NOOP(
                    "StoreError", "“{source}” could not be copied: {strerror}."
                ).format(source=source, strerror=error.strerror)
            ) from error
        finally:
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
        return StoredFile(stored_name, sha256, copied, media_type_of(source.name))

    def is_empty(self) -> bool:
        """Nothing stored (or no folder yet): nothing to prune, no need to ask the database."""
        try:
            return next(self.root.iterdir(), None) is None
        except FileNotFoundError:
            return True

    def prune(
        self, keep: Collection[str], *, leftovers: bool, before: float | None = None
    ) -> list[str]:
        """Delete the stored files not named in `keep` and return their names; with `leftovers` also
        a crashed copy's temporary files (only safe while no copy runs); with `before`, only files
        last written before it."""
        if not self.root.is_dir():
            return []
        deleted = []
        for entry in sorted(self.root.iterdir()):
            name = entry.name
            temporary = name.startswith(TEMPORARY_PREFIX)
            if not entry.is_file() or name in keep or (temporary and not leftovers):
                continue
            if name.startswith(".") and not temporary:
                continue
            if before is not None and entry.stat().st_mtime >= before:
                continue
            with contextlib.suppress(FileNotFoundError):
                entry.unlink()
                deleted.append(name)
        return deleted


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open a folder for this."""
    if os.name != "posix":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)

"""Files attached to a trip or to one of its itinerary items, kept in the data folder.

Attaching copies the file into `<data dir>/documents/` before writing its row, so a row never
names a missing file, except a row a companion's device attached to a shared trip: its file
stays on that device (`away`). Removing deletes the row but not the file (undo may put the row
back); `prune_files` deletes files no row or change-log entry names. Copies and pruning exclude
each other: a copy's file may have its final name before its row exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable, Collection
from pathlib import Path

from sqlalchemy import ColumnElement
from sqlmodel import Session, col, select

from concierge.model.fields import DOCUMENT
from concierge.text import QT_TRANSLATE_NOOP

from .change_pruning import referenced_document_files
from .change_writer import ChangeWriter
from .changes import Action, Change, ChangeBus, ChangeContext, EntityKind
from .database import Database
from .document_files import DocumentFolder, Progress, StoredFile
from .entities import DOCUMENTS, ITEMS, TRIPS
from .errors import InvalidChangeError, StoreError
from .new_record import new_record
from .outcome import Outcome
from .records import DocumentRecord
from .repository import RecordRepository
from .tables import ChangeLogEntry, Document
from .validation import parse_changes
from .writers import is_companion_token

log = logging.getLogger(__name__)

PRUNE_AFTER_SECONDS = 5.0
"""How long after the last change the folder is pruned: one prune for a burst of edits."""
START_GRACE_SECONDS = 3600.0
"""At start-up, files written this recently stay: another process (the window, while the
command line starts) may be between copying a file and writing its row."""


class DocumentRepository(RecordRepository[DocumentRecord]):
    """Documents, as immutable `DocumentRecord`s; their files in `folder`."""

    spec = DOCUMENTS

    def __init__(
        self,
        database: Database,
        bus: ChangeBus,
        folder: DocumentFolder,
        *,
        prune_after: float | None = PRUNE_AFTER_SECONDS,
    ) -> None:
        """`prune_after`: seconds after a change to prune the folder; None: only at start-up
        and after this repository's own writes."""
        super().__init__(database, bus)
        self.folder = folder
        self.prune_after = prune_after
        self._lock = asyncio.Lock()
        self._copies = 0
        self._prune_timer: asyncio.TimerHandle | None = None
        self._prune_task: asyncio.Task[None] | None = None
        self._closed = False
        self._unsubscribe = bus.subscribe(self._on_change) if prune_after is not None else None

    def path_of(self, document: DocumentRecord) -> Path:
        """Where the document's file is (to open it with the system's viewer)."""
        return self.folder.path_of(document.stored_name)

    async def for_trip(self, trip_id: str) -> list[DocumentRecord]:
        """Every document of the trip (its items' too), oldest first."""
        return await self.database.run(
            lambda session: _records(session, col(Document.trip_id) == trip_id)
        )

    async def away(self, documents: Collection[DocumentRecord]) -> dict[str, str]:
        """Id → the companion's device each document was attached on whose file is not on this
        one (of a shared trip). A file of this device's that is gone is not away but missing."""
        missing = await asyncio.to_thread(
            lambda: [d.id for d in documents if not self.path_of(d).is_file()]
        )
        if not missing:
            return {}
        return await self.database.run(lambda session: _attached_on(session, missing))

    async def for_item(self, item_id: str) -> list[DocumentRecord]:
        return await self.database.run(
            lambda session: _records(session, col(Document.item_id) == item_id)
        )

    async def attach(
        self,
        source: Path,
        *,
        trip_id: str,
        item_id: str | None = None,
        note: str = "",
        progress: Progress | None = None,
        context: ChangeContext | None = None,
    ) -> Outcome[DocumentRecord]:
        """Copy `source` into the folder, then attach it to the trip (or its item); `progress` runs
        on the event loop. On any error nothing is attached and no file stays."""
        async with self._lock:
            self._copies += 1
        try:
            stored = await asyncio.to_thread(self.folder.copy_in, source, _on_loop(progress))
            return await self._write_row(source.name, stored, trip_id, item_id, note, context)
        finally:
            self._copies -= 1
            await self.prune_files()

    async def remove(
        self, document_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[bool]:
        """Detach the document (its file stays for undo); False if there was none."""

        def write(session: Session, writer: ChangeWriter) -> bool:
            row = session.get(Document, document_id)
            if row is None:
                return False
            document = DOCUMENTS.to_record(row)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Remove document “{file}”").format(
                    file=document.file_name
                )
            )
            writer.delete(DOCUMENTS, row, document)
            return True

        removed = await self.logged(context, write)
        await self.prune_files()
        return removed

    async def prune_files(self) -> list[str]:
        """Delete the files no document or change-log entry names; the names deleted. Skipped
        while a copy is under way: the last copy to finish prunes again."""
        async with self._lock:
            if self._copies or self.folder.is_empty():
                return []
            keep = await self.database.run(referenced_document_files)
            return await asyncio.to_thread(self.folder.prune, keep, leftovers=False)

    async def aclose(self) -> None:
        """Stop pruning after changes; waits for a prune already running."""
        self._closed = True
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._prune_timer is not None:
            self._prune_timer.cancel()
            self._prune_timer = None
        if self._prune_task is not None:
            await asyncio.wait([self._prune_task])

    def _on_change(self, change: Change) -> None:
        if self._closed or self._prune_timer is not None or self.prune_after is None:
            return
        with contextlib.suppress(RuntimeError):  # No loop (a script's last write): next start.
            loop = asyncio.get_running_loop()
            self._prune_timer = loop.call_later(self.prune_after, self._start_prune)

    def _start_prune(self) -> None:
        self._prune_timer = None
        if not self._closed and (self._prune_task is None or self._prune_task.done()):
            self._prune_task = asyncio.ensure_future(self._prune_quietly())

    async def _prune_quietly(self) -> None:
        try:
            await self.prune_files()
        except (StoreError, OSError) as error:  # The database closed first: next start prunes.
            log.info("Pruning the documents folder failed: %s", error)

    def prune_files_at_start(self) -> list[str]:
        """`prune_files` before anything runs, blocking, also deleting a crashed copy's temporary
        files; only files older than an hour, as another process may be attaching one now."""
        if self.folder.is_empty():
            return []
        keep = self.database.run_sync(referenced_document_files)
        return self.folder.prune(keep, leftovers=True, before=time.time() - START_GRACE_SECONDS)

    async def _write_row(
        self,
        file_name: str,
        stored: StoredFile,
        trip_id: str,
        item_id: str | None,
        note: str,
        context: ChangeContext | None,
    ) -> Outcome[DocumentRecord]:
        def write(session: Session, writer: ChangeWriter) -> DocumentRecord:
            trip = TRIPS.find(session, trip_id)
            if trip is None:
                raise InvalidChangeError(
                    "trip_id",
                    QT_TRANSLATE_NOOP("StoreError", "The trip to attach the document to is gone."),
                )
            if item_id is not None:
                item = ITEMS.find(session, item_id)
                if item is None or item.trip_id != trip_id:
                    raise InvalidChangeError(
                        "item_id",
                        QT_TRANSLATE_NOOP(
                            "StoreError", "The itinerary item to attach the document to is gone."
                        ),
                    )
            described = {"file_name": file_name, "note": note.strip(), "item_id": item_id}
            document = new_record(
                DocumentRecord,
                trip_id=trip_id,
                stored_name=stored.stored_name,
                media_type=stored.media_type,
                size_bytes=stored.size_bytes,
                sha256=stored.sha256,
                **parse_changes(DOCUMENT.noun, DOCUMENT.fields, described),
            )
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Attach “{file}”").format(file=document.file_name)
            )
            return writer.create(DOCUMENTS, document)

        return await self.logged(context, write)


def detach_item_documents(session: Session, writer: ChangeWriter, item_id: str) -> None:
    """Move the item's documents to its trip, logged, before the item is removed, so undoing the
    removal attaches them again."""
    for row in session.exec(select(Document).where(col(Document.item_id) == item_id)).all():
        before = DOCUMENTS.to_record(row)
        writer.update(DOCUMENTS, row, before, dataclasses.replace(before, item_id=None))


def delete_trip_documents(session: Session, writer: ChangeWriter, trip_id: str) -> None:
    """Delete the trip's documents, logged (their files stay for undo)."""
    for row in session.exec(select(Document).where(col(Document.trip_id) == trip_id)).all():
        writer.delete(DOCUMENTS, row, DOCUMENTS.to_record(row))


def has_item_documents(session: Session, item_id: str) -> bool:
    found = session.exec(select(Document.id).where(col(Document.item_id) == item_id)).first()
    return found is not None


def _attached_on(session: Session, document_ids: list[str]) -> dict[str, str]:
    """Id → the companion's device whose change made each of the documents, if one did."""
    rows = session.exec(
        select(ChangeLogEntry.entity_id, ChangeLogEntry.program, ChangeLogEntry.writer_id)
        .where(col(ChangeLogEntry.entity) == EntityKind.DOCUMENT.value)
        .where(col(ChangeLogEntry.action) == Action.CREATE.value)
        .where(col(ChangeLogEntry.entity_id).in_(document_ids))
        .order_by(col(ChangeLogEntry.id))
    ).all()
    return {
        entity_id: program or ""
        for entity_id, program, writer_id in rows
        if is_companion_token(writer_id) and program
    }


def _records(session: Session, where: ColumnElement[bool]) -> list[DocumentRecord]:
    order = (col(Document.created_at), col(Document.id))
    rows = session.exec(select(Document).where(where).order_by(*order)).all()
    return [DOCUMENTS.to_record(row) for row in rows]


def _on_loop(progress: Progress | None) -> Progress | None:
    """`progress`, called on the running loop's thread from the copying thread."""
    if progress is None:
        return None
    loop = asyncio.get_running_loop()
    report: Callable[[int, int], None] = progress

    def relay(copied: int, total: int) -> None:
        loop.call_soon_threadsafe(report, copied, total)

    return relay

"""The trip's lookup jobs as a table: kind, progress (with the status line) and status.
A finished record is never replaced by an unfinished one: a late progress write cannot
bring a finished job back to life.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from concierge.store import LookupJobRecord, LookupStatus
from concierge.travel.lookups import KINDS, LookupKind
from concierge.ui.i18n import shown, translate

KIND_COLUMN, PROGRESS_COLUMN, STATUS_COLUMN = range(3)
COLUMN_COUNT = 3
JOB_ROLE = Qt.ItemDataRole.UserRole + 1
"""The row's `LookupJobRecord`."""
PROGRESS_ROLE = Qt.ItemDataRole.UserRole + 2
"""Progress as a whole percentage, 0–100 (an int)."""


def headers() -> tuple[str, str, str]:
    """The column titles in the window's language."""
    return (
        translate("LookupJobs", "Lookup"),
        translate("LookupJobs", "Progress"),
        translate("LookupJobs", "Status"),
    )


def status_texts() -> Mapping[LookupStatus, str]:
    """Each status in words, in the window's language."""
    return {
        LookupStatus.QUEUED: translate("LookupJobs", "Queued"),
        LookupStatus.RUNNING: translate("LookupJobs", "Running"),
        LookupStatus.SUCCEEDED: translate("LookupJobs", "Succeeded"),
        LookupStatus.FAILED: translate("LookupJobs", "Failed"),
        LookupStatus.CANCELLED: translate("LookupJobs", "Cancelled"),
        LookupStatus.INTERRUPTED: translate("LookupJobs", "Interrupted"),
    }


def status_text(status: LookupStatus) -> str:
    return status_texts().get(status, status.value)


Index = QModelIndex | QPersistentModelIndex


def kind_title(kind: str, kinds: Mapping[str, LookupKind] = KINDS) -> str:
    spec = kinds.get(kind)
    return shown(spec.title) if spec is not None else kind


def progress_percent(job: LookupJobRecord) -> int:
    if job.status is LookupStatus.SUCCEEDED:
        return 100
    return max(0, min(100, round(job.progress * 100)))


def can_cancel(job: LookupJobRecord) -> bool:
    return not job.status.finished


def can_retry(job: LookupJobRecord) -> bool:
    return job.status in (LookupStatus.FAILED, LookupStatus.CANCELLED, LookupStatus.INTERRUPTED)


class LookupJobsModel(QAbstractTableModel):
    def __init__(self, kinds: Mapping[str, LookupKind] = KINDS, parent: Any = None) -> None:
        super().__init__(parent)
        self._kinds = kinds
        self._jobs: list[LookupJobRecord] = []
        self._rows: dict[str, int] = {}
        """Job id → row: a busy trip gathers hundreds of jobs, and each change looks one up."""

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._jobs)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation is Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < COLUMN_COUNT
        ):
            return headers()[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._jobs):
            return None
        job = self._jobs[index.row()]
        column = index.column()
        if role == JOB_ROLE:
            return job
        if role == PROGRESS_ROLE:
            return progress_percent(job)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            if column == KIND_COLUMN:
                return kind_title(job.kind, self._kinds)
            if column == PROGRESS_COLUMN:
                return f"{progress_percent(job)}% · {shown(job.status_line)}".rstrip(" ·")
            if column == STATUS_COLUMN:
                return status_text(job.status)
        if role == Qt.ItemDataRole.ToolTipRole:
            return shown(job.summary)
        return None

    def job(self, row: int) -> LookupJobRecord | None:
        return self._jobs[row] if 0 <= row < len(self._jobs) else None

    def jobs(self) -> list[LookupJobRecord]:
        return list(self._jobs)

    def row_of(self, job_id: str) -> int:
        return self._rows.get(job_id, -1)

    def reset(self, jobs: Iterable[LookupJobRecord]) -> None:
        self.beginResetModel()
        self._jobs = list(jobs)
        self._rows = {job.id: row for row, job in enumerate(self._jobs)}
        self.endResetModel()

    def upsert(self, job: LookupJobRecord) -> bool:
        """Add or replace the job's row; False if the update was stale and ignored."""
        row = self.row_of(job.id)
        if row < 0:
            self.beginInsertRows(QModelIndex(), len(self._jobs), len(self._jobs))
            self._rows[job.id] = len(self._jobs)
            self._jobs.append(job)
            self.endInsertRows()
            return True
        old = self._jobs[row]
        if old == job or (old.status.finished and not job.status.finished):
            return False
        self._jobs[row] = job
        self.dataChanged.emit(self.index(row, 0), self.index(row, COLUMN_COUNT - 1))
        return True

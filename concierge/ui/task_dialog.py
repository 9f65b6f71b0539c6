"""A dialog whose slow work runs as background tasks: they stop as it closes, and Cancel or
Escape waits while it is `busy` keeping what was chosen, so nothing is left half saved."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from concierge.ui.async_support import BackgroundTasks


class TaskDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = BackgroundTasks(self)
        self.busy = False
        """Saving: Cancel and Escape are ignored until it ends."""

    def reject(self) -> None:
        if not self.busy:
            super().reject()

    def done(self, result: int) -> None:
        self.tasks.cancel_all()
        super().done(result)

    async def shutdown(self) -> None:
        await self.tasks.shutdown()

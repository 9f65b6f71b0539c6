"""Telling the person their database is damaged, before any window uses it, and offering the
newest good backup in its place."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QMessageBox, QWidget

from concierge.store import CorruptDatabaseError

RESTORE = "Restore the backup"
QUIT = "Quit"


def damaged_database_box(error: CorruptDatabaseError, parent: QWidget | None = None) -> QMessageBox:
    """The message box for `error`: Restore (when there is a good backup) or Quit."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle("Concierge found a damaged database")
    box.setText(
        "Your database is damaged. Concierge has not changed it and will not write into it."
    )
    details = [f"File: {error.path}", f"SQLite's check found: {error.problems[0]}"]
    if error.backup is not None:
        made = datetime.fromtimestamp(error.backup.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        box.setInformativeText(
            f"A backup made on {made} passed the same check. Restore it? The damaged file is "
            "kept beside it; changes made after the backup are not in it."
        )
        box.addButton(RESTORE, QMessageBox.ButtonRole.AcceptRole)
        details.append(f"Backup: {error.backup}")
    else:
        box.setInformativeText(
            "There is no good backup to restore. Keep a copy of the file before trying to "
            "repair it (for example with the sqlite3 tool's .recover command)."
        )
    box.setDetailedText("\n".join(details))
    box.setDefaultButton(box.addButton(QUIT, QMessageBox.ButtonRole.RejectRole))
    return box


def ask_to_restore(error: CorruptDatabaseError) -> bool:
    """Show the box and wait (start-up, before the event loop runs); True for Restore."""
    box = damaged_database_box(error)
    box.exec()
    clicked = box.clickedButton()
    return clicked is not None and clicked.text() == RESTORE

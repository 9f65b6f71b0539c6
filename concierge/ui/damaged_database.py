"""Telling the person their database is damaged, before any window uses it, and offering the
newest good backup in its place."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QMessageBox, QWidget

from concierge.store import CorruptDatabaseError
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate

RESTORE = QT_TRANSLATE_NOOP("DamagedDatabase", "Restore the backup")
QUIT = QT_TRANSLATE_NOOP("DamagedDatabase", "Quit")


def damaged_database_box(error: CorruptDatabaseError, parent: QWidget | None = None) -> QMessageBox:
    """The message box for `error`: Restore (when there is a good backup) or Quit."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(translate("DamagedDatabase", "Concierge found a damaged database"))
    box.setText(
        translate(
            "DamagedDatabase",
            "Your database is damaged. Concierge has not changed it and will not write into it.",
        )
    )
    details = [
        translate("DamagedDatabase", "File: {path}").format(path=error.path),
        translate("DamagedDatabase", "SQLite's check found: {problem}").format(
            problem=error.problems[0]
        ),
    ]
    if error.backup is not None:
        made = datetime.fromtimestamp(error.backup.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        box.setInformativeText(
            translate(
                "DamagedDatabase",
                "A backup made on {made} passed the same check. Restore it? The damaged file is "
                "kept beside it; changes made after the backup are not in it.",
            ).format(made=made)
        )
        box.addButton(shown(RESTORE), QMessageBox.ButtonRole.AcceptRole)
        details.append(translate("DamagedDatabase", "Backup: {path}").format(path=error.backup))
    else:
        box.setInformativeText(
            translate(
                "DamagedDatabase",
                "There is no good backup to restore. Keep a copy of the file before trying to "
                "repair it (for example with the sqlite3 tool's .recover command).",
            )
        )
    box.setDetailedText("\n".join(details))
    box.setDefaultButton(box.addButton(shown(QUIT), QMessageBox.ButtonRole.RejectRole))
    return box


def ask_to_restore(error: CorruptDatabaseError) -> bool:
    """Show the box and wait (start-up, before the event loop runs); True for Restore."""
    box = damaged_database_box(error)
    box.exec()
    clicked = box.clickedButton()
    return clicked is not None and clicked.text() == shown(RESTORE)

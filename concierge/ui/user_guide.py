"""Help ▸ User guide, rendered by Qt's Markdown reader (no network, no WebEngine). Headings
get GitHub's anchors, so the guide's links work here and on the web."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QUrl
from PySide6.QtGui import (
    QKeyEvent,
    QKeySequence,
    QShortcut,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QWidget,
)

from concierge.ui.close_dialog import CloseDialog
from concierge.ui.i18n import translate

GUIDE = Path(__file__).resolve().parent.parent / "resources" / "user-guide.md"
"""The shipped guide (package data; in the frozen app beside the other resources)."""
HEADING_ROOM = {1: 4.0, 2: 14.0, 3: 10.0}
"""Pixels above a heading of each level (deeper ones take level 3's)."""


def anchor(heading: str, taken: set[str]) -> str:
    """GitHub's anchor for `heading`: lower case, only letters, digits, spaces, hyphens and
    underscores kept, spaces made hyphens; a repeated one gets "-1", "-2"…"""
    base = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
    name, number = base, 0
    while name in taken:
        number += 1
        name = f"{base}-{number}"
    taken.add(name)
    return name


def headings(document: QTextDocument) -> list[tuple[int, str]]:
    """(level, text) of every heading in `document`, in order."""
    found: list[tuple[int, str]] = []
    block = document.begin()
    while block.isValid():
        level = block.blockFormat().headingLevel()
        if level:
            found.append((level, block.text()))
        block = block.next()
    return found


def name_headings(document: QTextDocument) -> None:
    """Give every heading its GitHub anchor, so `#anchor` links scroll to it, and room above
    it (Qt's Markdown reader sets none, which runs sections together)."""
    taken: set[str] = set()
    block = document.begin()
    while block.isValid():
        level = block.blockFormat().headingLevel()
        if level:
            cursor = QTextCursor(block)
            spaced = QTextBlockFormat()
            spaced.setTopMargin(HEADING_ROOM.get(level, HEADING_ROOM[3]))
            cursor.mergeBlockFormat(spaced)
            cursor.movePosition(
                QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor
            )
            named = QTextCharFormat()
            named.setAnchor(True)
            named.setAnchorNames([anchor(block.text(), taken)])
            cursor.mergeCharFormat(named)
        block = block.next()


class UserGuideDialog(CloseDialog):
    """The guide with a find field; not modal, so the person can follow it in the window."""

    def __init__(self, parent: QWidget | None = None, guide: Path = GUIDE) -> None:
        super().__init__("userGuide", translate("UserGuide", "User guide"), parent, modal=False)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("userGuideText")
        self.browser.setAccessibleName(translate("UserGuide", "User guide"))
        self.browser.setOpenExternalLinks(True)
        label, self.find_field = self.search_field(
            translate("UserGuide", "&Find:"),
            translate("UserGuide", "Find in the guide"),
            translate("UserGuide", "Enter finds the next match, Shift+Enter the previous"),
        )
        self.find_field.setObjectName("userGuideFind")
        self.not_found = QLabel(translate("UserGuide", "Not found."), self)
        self.not_found.hide()
        find_row = QHBoxLayout()
        find_row.addWidget(label)
        find_row.addWidget(self.find_field, 1)
        find_row.addWidget(self.not_found)
        self.add(find_row)
        self.add(self.browser, 1)
        self.find_field.installEventFilter(self)
        self.find_field.textChanged.connect(lambda _text: self.not_found.hide())
        for keys, slot in (
            (QKeySequence.StandardKey.Find, self.focus_find),
            (QKeySequence.StandardKey.FindNext, self._find_next),
            (QKeySequence.StandardKey.FindPrevious, self._find_previous),
        ):
            QShortcut(keys, self).activated.connect(slot)
        self.resize(720, 760)
        self._load(guide)

    def _load(self, guide: Path) -> None:
        try:
            text = guide.read_text(encoding="utf-8")
        except OSError as error:
            missing = translate(
                "UserGuide", "The user guide is missing from this installation ({error})."
            )
            self.browser.setPlainText(missing.format(error=error.strerror or error))
            return
        self.browser.document().setBaseUrl(QUrl.fromLocalFile(str(guide)))
        self.browser.setMarkdown(text)
        name_headings(self.browser.document())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in the find field finds the next match, Shift+Enter the previous one."""
        if (
            watched is self.find_field
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.find_match(backward=shift)
            return True
        return super().eventFilter(watched, event)

    def headings(self) -> list[tuple[int, str]]:
        return headings(self.browser.document())

    def focus_find(self) -> None:
        self.find_field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.find_field.selectAll()

    def _find_next(self) -> None:
        self.find_match(backward=False)

    def _find_previous(self) -> None:
        self.find_match(backward=True)

    def find_match(self, *, backward: bool) -> bool:
        words = self.find_field.text()
        if not words:
            return False
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        found = self.browser.find(words, flags)
        if not found:
            cursor = self.browser.textCursor()
            cursor.movePosition(
                QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
            )
            self.browser.setTextCursor(cursor)
            found = self.browser.find(words, flags)
        self.not_found.setVisible(not found)
        return found

"""One field of the trip form: its editors, a mark strip for the assistant's changes, and a
note line under them for a hint ("Airport OPO · time zone Europe/Lisbon") or an error."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from concierge.ui.colours import Tone, secondary, tint
from concierge.ui.i18n import shown
from concierge.ui.views.locks import FIELD_LOCKED_TEXT, LOCKED_TEXT, lock_icon
from concierge.ui.views.marks import CHANGED_BY_ASSISTANT
from concierge.ui.wrapped_label import wrapped_label

_MARK_WIDTH = 4


class FieldRow(QWidget):
    """Editors in a row; `described` (default `editors[0]`) is the focusable one the
    label names and the note describes."""

    def __init__(
        self,
        editors: Sequence[QWidget],
        parent: QWidget | None = None,
        *,
        described: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.editors = tuple(editors)
        self._described = described or self.editors[0]
        self.marker = QFrame(self)
        self.marker.setObjectName("assistantMark")
        self.marker.setFixedWidth(_MARK_WIDTH)
        self.note = wrapped_label(self, name="fieldNote", hidden=True)
        line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.marker)
        for editor in self.editors:
            line.addWidget(editor, 1 if editor is self.editors[0] else 0)
        self.padlock = QLabel(self)
        self.padlock.setObjectName("fieldLock")
        self.padlock.setPixmap(lock_icon(self).pixmap(16, 16))
        self.padlock.setToolTip(shown(FIELD_LOCKED_TEXT))
        self.padlock.hide()
        line.addWidget(self.padlock)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(line)
        layout.addWidget(self.note)
        self._hint = ""
        self._pending = ""
        self._error = ""
        self._marked = False
        self._mark_words: str = CHANGED_BY_ASSISTANT
        """Who made the unseen change: the assistant, or another program by its name."""
        self._locked = False
        self._tooltip = self.editors[0].toolTip()
        self._shown: tuple[str, bool] | None = None
        """The note text and error styling last applied, so a repeat is free."""
        self._description: str | None = None
        self._apply_mark(False)

    @property
    def editor(self) -> QWidget:
        return self._described

    @property
    def error(self) -> str:
        return self._error

    @property
    def marked(self) -> bool:
        return self._marked

    @property
    def note_text(self) -> str:
        """What the note line says now: the error, a pending change, or the hint."""
        return self.note.text()

    # Each setter does nothing when nothing changes: the form re-applies every field on each
    # batched store change, and a note's text, style sheet or palette change re-lays out and
    # repaints the whole form (several milliseconds of C++ on the GUI thread).

    def set_hint(self, text: str) -> None:
        """How the store understood the value; shown when there is no error or pending note."""
        if text != self._hint:
            self._hint = text
            self._render()

    def set_pending(self, text: str) -> None:
        """Someone else changed the stored value while the person edits this field."""
        if text != self._pending:
            self._pending = text
            self._render()

    def set_error(self, text: str) -> None:
        """A declared message (`concierge.text.Message`) is shown translated."""
        if text != self._error:
            self._error = text
            self._render()

    @property
    def locked(self) -> bool:
        return self._locked

    def set_marked(self, marked: bool, words: str = CHANGED_BY_ASSISTANT) -> None:
        """Show (or clear) the mark of an unseen change, saying who made it (`words`, from
        `changed_by`)."""
        if marked != self._marked or (marked and words != self._mark_words):
            self._mark_words = words
            self._apply_mark(marked)

    def set_locked(self, locked: bool) -> None:
        """Show (or clear) the padlock of a field locked against the assistant's changes."""
        if locked != self._locked:
            self._locked = locked
            self.padlock.setVisible(locked)
            self._describe()

    def _apply_mark(self, marked: bool) -> None:
        # Only a marked strip paints its background; unmarked it shows the row's, whatever
        # the palette. (Reading the strip's own colour to unmark it kept it amber for good.)
        self._marked = marked
        tint(self.marker, Tone.MARK if marked else None, QPalette.ColorRole.Window)
        self.marker.setAutoFillBackground(marked)
        self.marker.update()
        self.marker.setToolTip(shown(self._mark_words) if marked else "")
        tip = shown(self._mark_words) if marked else self._tooltip
        self.editor.setToolTip(tip)
        self._describe()

    def _render(self) -> None:
        text = shown(self._error or self._pending or self._hint)
        state = (text, bool(self._error))
        if state != self._shown:
            if self._shown is None or state[1] != self._shown[1]:
                tint(self.note, Tone.ERROR if self._error else secondary)
            if self._shown is None or text != self._shown[0]:
                self.note.setText(text)
            self.note.setVisible(bool(text))
            self._shown = state
        self._describe()

    def _describe(self) -> None:
        """Screen readers hear the error, the assistant mark, the lock and the hint."""
        parts = [self._error, self._mark_words if self._marked else "", self._pending]
        parts.append(LOCKED_TEXT if self._locked else "")
        parts.append(self._hint)
        description = ". ".join(shown(part) for part in parts if part)
        if description != self._description:
            self._description = description
            self.editor.setAccessibleDescription(description)

"""What the trip form's and the brief's editors share: the bindings in form order and the
signals that tell the form when to save (never for values shown by `put`).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from PySide6.QtCore import Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from .form_binding import FieldBinding

B = TypeVar("B", bound=FieldBinding[Any])


def set_plain_text(edit: QPlainTextEdit, text: str) -> None:
    """Show `text`, keeping the cursor where it was (as far as the new text allows)."""
    position = edit.textCursor().position()
    edit.setPlainText(text)
    cursor = edit.textCursor()
    cursor.setPosition(min(position, len(text)), QTextCursor.MoveMode.MoveAnchor)
    edit.setTextCursor(cursor)


class FormFields(QWidget, Generic[B]):
    """Editors of one form; subclasses build them and fill `bindings` and `by_key`."""

    edited = Signal(str)
    """The person changed the field with this key."""
    finished = Signal(str)
    """The field with this key should be saved now."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._putting = False
        self.active = True
        """False once the form has shut down: focus changes while the window is torn
        down must not try to save anything."""
        self.bindings: list[B] = []
        self.by_key: dict[str, B] = {}

    def tab_chain(self) -> list[QWidget]:
        """Every focusable control, top to bottom."""
        raise NotImplementedError

    def put(self, binding: B, value: object) -> None:
        """Show a stored value in the field; it becomes the field's baseline."""
        self._putting = True
        try:
            binding.show(value)
        finally:
            self._putting = False
        binding.shown = value
        binding.loaded = True
        binding.row.set_pending("")

    def _edited(self, key: str, *, debounce: bool = True) -> None:
        """A change by the person; a debounced field is saved after a pause in typing.
        `debounce=False`: the change waits for the person to finish (Enter, leaving), as
        half a typed date is no date."""
        if not self.active or self._putting:
            return
        self.edited.emit(key)
        timer = self.by_key[key].timer
        if timer is not None:
            if debounce:
                timer.start()
            else:
                timer.stop()

    def _finished(self, key: str) -> None:
        if self.active and not self._putting:
            self.finished.emit(key)

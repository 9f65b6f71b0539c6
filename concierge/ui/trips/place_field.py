"""A place typed freely, with completions from the airport index as the person types.

`PlaceIndex.search` takes a millisecond or two, so it runs on the GUI thread once the index
has loaded in a worker thread. Typed text is replaced only by a suggestion picked.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import QCompleter, QLineEdit, QWidget

from concierge.travel.edits.trips import PlaceRole, TripEditor, place_text_field
from concierge.travel.places.index import PlaceIndex
from concierge.ui.async_support import BackgroundTasks

from .click_through import ClickThrough

SUGGESTIONS = 8
_STORED_FORM = re.compile(r".+ \((?P<code>[A-Z]{3})\)")


class PlaceEdit(QLineEdit):
    """`picked(label)` when the person chooses a completion; `left` when a click outside
    the open list left the field (the click goes on to what was clicked)."""

    picked = Signal(str)
    left = Signal()

    def __init__(
        self, places: PlaceIndex, tasks: BackgroundTasks, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._places = places
        self._tasks = tasks
        self._loading = False
        self.suggestions = QStringListModel(self)
        self.completer_ = QCompleter(self.suggestions, self)
        self.completer_.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer_.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer_.setMaxVisibleItems(SUGGESTIONS)
        self.setCompleter(self.completer_)
        ClickThrough(self.completer_).dismissed.connect(self.left)
        self.textEdited.connect(self._suggest)
        self.completer_.activated.connect(self._picked)

    def _suggest(self, text: str) -> None:
        if not self._places.is_loaded:
            if not self._loading and not self._tasks.closed:
                self._loading = True
                self._tasks.start(self._load(), name="load places")
            return
        labels = [place.label for place in self._places.search(text, SUGGESTIONS)]
        self.suggestions.setStringList(labels)
        if labels and self.hasFocus():
            self.completer_.complete()
        elif (popup := self.completer_.popup()) is not None:
            popup.hide()

    async def _load(self) -> None:
        try:
            await self._places.load_in_thread()
        finally:
            self._loading = False
        if self.hasFocus():
            self._suggest(self.text())

    def _picked(self, label: str) -> None:
        self.setText(label)
        self.picked.emit(label)


def place_changes(editor: TripEditor, role: PlaceRole, text: str) -> dict[str, object]:
    """The stored fields for a place as typed (kept as typed when unknown); slow for unknown
    text, so call it in a worker thread. "Porto (OPO)" reads back through its code."""
    typed = text.strip()
    if match := _STORED_FORM.fullmatch(typed):
        fields = editor.place_fields(role, match["code"], strict=False)
        if fields[place_text_field(role)] == typed:
            return fields
    return editor.place_fields(role, typed, strict=False)

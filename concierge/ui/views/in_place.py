"""Renames typed in place in a list: what is typed counts before Enter is pressed."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView


def commit_open_editor(view: QAbstractItemView) -> None:
    """Hand the text of the view's open editor to the model, as Enter would, keeping it open."""
    index = view.currentIndex()
    editor = view.indexWidget(index.siblingAtColumn(0)) if index.isValid() else None
    if editor is not None and view.state() == QAbstractItemView.State.EditingState:
        view.itemDelegate().commitData.emit(editor)

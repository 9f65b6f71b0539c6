"""Finding text a person sees that did not go through the translation system.

`pseudo_language()` installs a translator that wraps every translated string in ⟦…⟧ (Qt's own
included); `untranslated(widget)` then lists every visible text under a widget that carries no
such mark: labels, buttons, group and tab titles, placeholders, tool tips, accessible names
and descriptions, menus and their actions, table and tree headers, combo box entries and
window titles. Text that is the person's own data is named in `allowed`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, Qt, QTranslator
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTableView,
    QTextEdit,
    QTreeView,
    QWidget,
)

OPEN, CLOSE = "⟦", "⟧"
_NEUTRAL = re.compile(r"^[\W\d_]*$")
"""Numbers, punctuation, symbols and keyboard shortcuts: the same in every language."""


class PseudoTranslator(QTranslator):
    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return f"{OPEN}{source}{CLOSE}" if source else source

    def isEmpty(self) -> bool:
        return False


@contextmanager
def pseudo_language() -> Iterator[None]:
    app = QCoreApplication.instance()
    assert app is not None
    translator = PseudoTranslator(app)
    app.installTranslator(translator)
    try:
        yield
    finally:
        app.removeTranslator(translator)


def plain(text: str) -> str:
    if "<" in text and re.search(r"<[a-zA-Z/][^>]*>", text):
        document = QTextDocument()
        document.setHtml(text)
        text = document.toPlainText()
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()


def is_marked(text: str) -> bool:
    text = plain(text)
    if _NEUTRAL.match(text):
        return True
    text = text.split("\t", 1)[0]  # a menu entry's shortcut column: keys, not words
    # A shortcut in brackets, "(⟦Ctrl⟧+O)": Qt translated the modifier, the key is a key.
    text = re.sub(rf"\([^()]*{CLOSE}[^()]*\)", "", text)
    innermost = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:  # a translated value inside a translated sentence: "⟦To {x} by bus⟧"
        text, removed = innermost.subn("", text)
        if not removed:
            return bool(_NEUTRAL.match(text))


def texts_of(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(what, text) for every text `widget` shows or says about itself."""
    name = type(widget).__name__
    yield f"{name} tool tip", widget.toolTip()
    yield f"{name} accessible name", widget.accessibleName()
    yield f"{name} accessible description", widget.accessibleDescription()
    if widget.isWindow():
        yield f"{name} window title", widget.windowTitle()
    if isinstance(widget, QLabel):
        yield "label", widget.text()
    if isinstance(widget, QAbstractButton):
        yield "button", widget.text()
    if isinstance(widget, QGroupBox):
        yield "group title", widget.title()
    if isinstance(widget, QLineEdit | QTextEdit | QPlainTextEdit):
        yield f"{name} placeholder", widget.placeholderText()
    if isinstance(widget, QTabBar):
        for index in range(widget.count()):
            yield "tab", widget.tabText(index)
            yield "tab tool tip", widget.tabToolTip(index)
    if isinstance(widget, QComboBox) and not widget.isEditable():
        for index in range(widget.count()):
            yield "combo entry", widget.itemText(index)
    if isinstance(widget, QTableView | QTreeView) and widget.model() is not None:
        model = widget.model()
        for section in range(model.columnCount(QModelIndex())):
            yield "header", str(model.headerData(section, Qt.Orientation.Horizontal) or "")
    if isinstance(widget, QMenu):
        yield from actions_texts(widget.actions())
    if isinstance(widget, QMainWindow):
        yield from actions_texts(widget.menuBar().actions())


def actions_texts(actions: Iterable[QAction]) -> Iterator[tuple[str, str]]:
    for action in actions:
        if action.isSeparator():
            continue
        yield "menu entry", action.text()
        yield "menu tool tip", action.toolTip() if action.toolTip() != action.text() else ""
        if action.menu() is not None:
            yield from actions_texts(action.menu().actions())


def untranslated(
    root: QWidget,
    allowed: Callable[[str], bool] = lambda _text: False,
    *,
    visible_only: bool = True,
) -> list[str]:
    """Each text under `root` (itself included) shown without going through translation."""
    found: list[str] = []
    widgets: list[QObject] = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        assert isinstance(widget, QWidget)
        if visible_only and not (widget is root or widget.isVisibleTo(root)):
            continue
        for what, text in texts_of(widget):
            if text and not is_marked(text) and not allowed(plain(text)):
                found.append(f"{what} ({widget.objectName() or type(widget).__name__}): {text!r}")
    return sorted(set(found))

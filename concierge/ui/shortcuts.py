"""Help ▸ Keyboard shortcuts, read from the live actions each time, so it cannot drift."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow, QMenu, QTreeWidget, QTreeWidgetItem, QWidget

from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.close_dialog import CloseDialog
from concierge.ui.i18n import shown, translate
from concierge.ui.wrapped_label import wrapped_label

OTHER_GROUP = QT_TRANSLATE_NOOP("ShortcutsDialog", "Window")
SEARCH_LABEL = QT_TRANSLATE_NOOP("ShortcutsDialog", "Search shortcuts")


@dataclass(frozen=True)
class Shortcut:
    group: str
    name: str
    keys: str
    """Every key sequence that triggers it, as the platform writes them, joined by “ or ”."""


def _plain(text: str) -> str:
    """A menu text without its mnemonic marker and ellipsis: "&Settings…" → "Settings"."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def _keys(sequences: list[QKeySequence]) -> str:
    native = QKeySequence.SequenceFormat.NativeText
    return translate("ShortcutsDialog", " or ").join(
        sequence.toString(native) for sequence in sequences if not sequence.isEmpty()
    )


def _menu_titles(window: QWidget) -> dict[int, str]:
    """Each menu-bar menu (and its submenus) by id, with the top menu's title."""
    titles: dict[int, str] = {}
    if isinstance(window, QMainWindow):

        def walk(menu: QMenu, title: str) -> None:
            titles[id(menu)] = title
            for action in menu.actions():
                sub = action.menu()
                if isinstance(sub, QMenu):
                    walk(sub, title)

        for action in window.menuBar().actions():
            menu = action.menu()
            if isinstance(menu, QMenu):
                walk(menu, _plain(menu.title()))
    return titles


def _area(widget: QWidget | None, window: QWidget) -> str:
    """The nearest named part of the window holding `widget`."""
    while widget is not None and widget is not window:
        if widget.accessibleName():
            return widget.accessibleName()
        widget = widget.parentWidget()
    return shown(OTHER_GROUP)


def _group(action: QAction, window: QWidget, menus: dict[int, str]) -> str:
    owners = action.associatedObjects()
    for owner in owners:
        if id(owner) in menus:
            return menus[id(owner)]
    widgets = [o for o in owners if isinstance(o, QWidget) and not isinstance(o, QMenu)]
    parent = action.parent()
    if not widgets and isinstance(parent, QWidget):
        widgets = [parent]
    if not widgets:
        return shown(OTHER_GROUP)
    owner = widgets[0]  # a view or field: its panel names the group ("Trips", not "Message")
    return _area(owner.parentWidget() or owner, window)


def shortcuts_of(window: QWidget) -> list[Shortcut]:
    """Every shortcut of `window`'s actions (and described `QShortcut`s), grouped, in the
    order the window holds them; an action in several places is listed once."""
    menus = _menu_titles(window)
    found: list[Shortcut] = []
    for action in window.findChildren(QAction):
        keys = _keys(action.shortcuts())
        if keys and action.text():
            found.append(Shortcut(_group(action, window, menus), _plain(action.text()), keys))
    for shortcut in window.findChildren(QShortcut):
        keys = _keys(shortcut.keys())
        parent = shortcut.parent()
        if keys and shortcut.whatsThis():
            area = _area(parent if isinstance(parent, QWidget) else None, window)
            found.append(Shortcut(area, shortcut.whatsThis(), keys))
    order = list(dict.fromkeys([*menus.values(), *(s.group for s in found)]))
    unique = list(dict.fromkeys(found))
    return sorted(unique, key=lambda s: order.index(s.group))


class ShortcutsDialog(CloseDialog):
    """Not modal, so the person can try a shortcut with the list open."""

    def __init__(self, window: QWidget) -> None:
        title = translate("ShortcutsDialog", "Keyboard shortcuts")
        super().__init__("shortcutsDialog", title, window, modal=False)
        self._window = window
        label, self.search = self.search_field(
            translate("ShortcutsDialog", "&Search"),
            shown(SEARCH_LABEL),
            translate("ShortcutsDialog", "Type to find an action or a key, e.g. undo or Ctrl"),
        )
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName(translate("ShortcutsDialog", "Keyboard shortcuts"))
        self.tree.setHeaderLabels(
            [translate("ShortcutsDialog", "Action"), translate("ShortcutsDialog", "Keys")]
        )
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        no_match = translate("ShortcutsDialog", "No shortcut matches.")
        self.empty = wrapped_label(self, no_match, hidden=True)
        self.add(label)
        self.add(self.search)
        self.add(self.tree, 1)
        self.add(self.empty)
        self.search.textChanged.connect(self._filter)
        self.resize(480, 560)
        self.reload()

    def reload(self) -> None:
        self.tree.clear()
        self._rows: list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = []
        groups: dict[str, tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = {}
        for shortcut in shortcuts_of(self._window):
            if shortcut.group not in groups:
                group = QTreeWidgetItem(self.tree, [shortcut.group])
                group.setFirstColumnSpanned(True)
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                groups[shortcut.group] = (group, [])
                self._rows.append(groups[shortcut.group])
            group, rows = groups[shortcut.group]
            rows.append(QTreeWidgetItem(group, [shortcut.name, shortcut.keys]))
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        self._filter(self.search.text())

    def shown_rows(self) -> list[tuple[str, str, str]]:
        return [
            (group.text(0), row.text(0), row.text(1))
            for group, rows in self._rows
            for row in rows
            if not row.isHidden()
        ]

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        any_shown = False
        for group, rows in self._rows:
            shown = 0
            for row in rows:
                haystack = f"{group.text(0)} {row.text(0)} {row.text(1)}".casefold()
                hide = not all(word in haystack for word in words)
                row.setHidden(hide)
                shown += not hide
            group.setHidden(shown == 0)
            any_shown = any_shown or shown > 0
        self.empty.setVisible(not any_shown)

"""Tabs whose panels are built when first wanted: a panel costs start-up its imports, its
widgets and its first load, and only one tab of a tab widget is on screen at a time.

A placeholder holds the tab's place (its title, its position) until the panel is built, on
the tab's first showing or when the window first asks for the panel (a menu, a shortcut, a
problem to show); the panel then takes the placeholder's place.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QTabWidget, QWidget


class PanelPlaceholder(QWidget):
    """Stands in a tab for the panel named `name` until it is built."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name


def build_when_shown(tabs: QTabWidget, build: Callable[[str], object]) -> None:
    """Call `build(name)` as a placeholder's tab becomes the current one."""

    def shown(index: int) -> None:
        page = tabs.widget(index)
        if isinstance(page, PanelPlaceholder):
            build(page.name)

    tabs.currentChanged.connect(shown)


def put_in_place(tabs: QTabWidget, name: str, panel: QWidget) -> None:
    """Put `panel` in the tab its placeholder `name` holds; the current tab stays current
    (no change of tab is signalled: the person sees the same tab, now with its panel)."""
    index = next(
        (
            i
            for i in range(tabs.count())
            if isinstance(page := tabs.widget(i), PanelPlaceholder) and page.name == name
        ),
        None,
    )
    if index is None:
        return
    placeholder = tabs.widget(index)
    assert placeholder is not None
    current = tabs.currentIndex()
    was_blocked = tabs.blockSignals(True)
    try:
        title = tabs.tabText(index)
        tabs.removeTab(index)
        tabs.insertTab(index, panel, title)
        tabs.setCurrentIndex(current)
    finally:
        tabs.blockSignals(was_blocked)
    placeholder.deleteLater()

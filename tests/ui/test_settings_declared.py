"""A setting declared in a fixture, with no other change, shows in the Settings dialog, is
edited with the keyboard, saved on OK and read back through `Settings`: adding a setting is
one declaration."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

import pytest
from pydantic import Field
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from concierge.model.settings import (
    SETTINGS,
    UNDO_DEPTH,
    Editor,
    Section,
    Setting,
    declare,
)
from concierge.store import Settings
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.settings import SettingsDialog
from tests.ui.test_settings_dialog import (  # noqa: F401 (fixtures)
    MakeDialog,
    Opened,
    _isolated,
    database,
    host,
    make_dialog,
    opened,
    secrets,
    settings,
    tab_to,
    type_into,
)
from tests.ui.waiting import until


@pytest.fixture
def declared() -> Iterator[tuple[Setting[Any], Setting[Any]]]:
    """Two settings of the Editing section, declared as the app declares its own."""
    added = (
        declare(
            "history.keep_days",
            Annotated[int, Field(ge=1, le=365)],
            30,
            QT_TRANSLATE_NOOP("Setting", "How many days the change log keeps."),
            label=QT_TRANSLATE_NOOP("SettingsDialog", "&Keep days"),
            section=Section.EDITING,
            editor=Editor.NUMBER,
            unit=QT_TRANSLATE_NOOP("SettingsDialog", "days"),
        ),
        declare(
            "history.confirm_undo",
            bool,
            False,
            QT_TRANSLATE_NOOP("Setting", "Ask before each Undo."),
            label=QT_TRANSLATE_NOOP("SettingsDialog", "Confirm undo"),
            section=Section.EDITING,
            editor=Editor.CHECK,
        ),
    )
    yield added
    for setting in added:
        del SETTINGS[setting.key]


async def test_a_declared_setting_is_shown_edited_saved_and_read_back(
    declared: tuple[Setting[Any], Setting[Any]],
    make_dialog: MakeDialog,
    qtbot: QtBot,
    opened: Opened,
    settings: Settings,
) -> None:
    days, confirm = declared
    dialog = await make_dialog()
    spin, box = dialog.control(days), dialog.control(confirm)
    assert isinstance(spin, QSpinBox) and isinstance(box, QCheckBox)
    await until(spin.isEnabled)
    labels = {label.text(): label.buddy() for label in dialog.findChildren(QLabel)}
    assert labels["&Keep days"] is spin and spin.accessibleName() == "Keep days"
    assert box.text() == box.accessibleName() == "Confirm undo"
    assert spin.text() == "30 days" and "From 1 to 365 days" in spin.toolTip()
    assert spin.toolTip().startswith("How many days the change log keeps.")

    await tab_to(qtbot, dialog.control(UNDO_DEPTH), spin)  # after Assistant edits, in order
    type_into(qtbot, spin, "400")
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is box
    qtbot.keyClick(box, Qt.Key.Key_Space)
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(dialog.problem_label.isVisible)
    assert dialog.problem_label.text() == (
        "Keep days must be a whole number from 1 to 365 days, not 400."
    )
    assert QApplication.focusWidget() is spin and await settings.get(days) == 30

    type_into(qtbot, spin, "90")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: dialog.result() == SettingsDialog.DialogCode.Accepted)
    assert await settings.get(days) == 90
    assert await settings.get(confirm) is True

    again = await make_dialog()
    await until(again.control(days).isEnabled)
    assert again.control(days).text() == "90 days"
    assert again.control(confirm).isChecked()  # type: ignore[attr-defined]

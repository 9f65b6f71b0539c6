"""The rows of one section of the Settings dialog, built from the declarations, with how
they are read from and saved to the settings store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QWidget

from concierge.model.settings import SECTION_TITLES, Section, Setting, section_settings
from concierge.store import Settings
from concierge.ui.i18n import shown
from concierge.ui.wrapped_label import wrapped_label

from .devices import DeviceCombo, sound_devices
from .rows import Row, build_row


class SettingRows:
    """Every setting of `section` (or the `settings` given, as the welcome asks them), one row
    each in `form`, in declaration order."""

    def __init__(
        self, section: Section | Sequence[Setting[Any]], parent: QWidget, form: QFormLayout
    ) -> None:
        self.form = form
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.rows: dict[Setting[Any], Row] = {}
        chosen = section_settings(section) if isinstance(section, Section) else section
        for setting in chosen:
            row = build_row(setting, parent)
            self.rows[setting] = row
            if row.check_box:
                form.addRow(row.field)
            else:
                label = QLabel(shown(setting.label), parent)
                label.setBuddy(row.control)
                form.addRow(label, row.field)
        self.note = wrapped_label(parent, hidden=True)
        form.addRow(self.note)
        self.loaded = False

    def __getitem__(self, setting: Setting[Any]) -> Row:
        return self.rows[setting]

    @property
    def focus_chain(self) -> list[QWidget]:
        return [widget for row in self.rows.values() for widget in row.chain]

    def enable(self, enabled: bool) -> None:
        for row in self.rows.values():
            row.control.setEnabled(enabled)

    def problems(self) -> list[tuple[Row, str]]:
        return [(row, problem) for row in self.rows.values() if (problem := row.problem())]

    async def load(self, settings: Settings) -> None:
        """Show the stored values (and the sound devices connected now, for a device row)."""
        combos = [row.control for row in self.rows.values()]
        devices = [combo for combo in combos if isinstance(combo, DeviceCombo)]
        if devices:
            found, note = await sound_devices()
            for combo in devices:
                combo.offer(found)
            if note:
                self.note.setText(note)
                self.note.show()
        for setting, row in self.rows.items():
            row.write(await settings.get(setting))
        self.enable(True)
        self.loaded = True

    def values(self) -> dict[Setting[Any], Any]:
        return {setting: row.read() for setting, row in self.rows.items()}

    async def save(self, settings: Settings) -> None:
        """Store the values shown, once the stored ones were (else they stay as they are)."""
        if not self.loaded:
            return
        values = self.values()
        for setting, value in values.items():  # First: a value that does not fit stops all.
            settings.check(setting, value)
        for setting, value in values.items():
            await settings.set(setting, value)


class SettingsSection(QGroupBox):
    """A titled section of the dialog; its controls are off until the stored values show."""

    def __init__(self, section: Section, parent: QWidget | None = None) -> None:
        super().__init__(shown(SECTION_TITLES[section]), parent)
        self.setObjectName(f"{section.value}Section")
        self.setAccessibleName(shown(SECTION_TITLES[section]))
        self.rows = SettingRows(section, self, QFormLayout(self))
        self.note = self.rows.note
        self.rows.enable(False)

    def control(self, setting: Setting[Any]) -> QWidget:
        return self.rows[setting].control

    @property
    def focus_chain(self) -> list[QWidget]:
        return self.rows.focus_chain

    @property
    def loaded(self) -> bool:
        return self.rows.loaded

    async def load(self, settings: Settings) -> None:
        await self.rows.load(settings)

    async def save(self, settings: Settings) -> None:
        await self.rows.save(settings)

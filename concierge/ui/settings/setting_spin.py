"""A spin box for a whole-number setting, its limits, default and tooltip taken from the
setting's declaration."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractSpinBox, QSpinBox, QWidget

from concierge.model.settings import Setting, whole_range
from concierge.ui.i18n import ENGLISH, current_language, shown, shown_number, translate

TYPED_MAXIMUM = 999_999_999
"""How far typing may go past the setting's range, so OK can refuse it in words."""


def whole(value: float) -> str:
    """A whole number as the window writes it ("2,048" in English, "2.048" in Portuguese)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if current_language() == ENGLISH:
        return f"{value:,}"
    return shown_number(value, 0 if isinstance(value, int) else 2)


class SettingSpinBox(QSpinBox):
    """Typing may leave the setting's range, so that OK refuses the number in words instead
    of the box silently putting back the previous one."""

    def __init__(
        self, setting: Setting[Any], name: str, unit: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setting = setting
        self.name = name
        self.unit = unit
        self.lowest, self.highest = whole_range(setting)
        self.setRange(0, TYPED_MAXIMUM)
        self.setGroupSeparatorShown(True)
        self.setSuffix(f" {unit}")
        self.setAccessibleName(name)
        self.setToolTip(
            translate(
                "SettingSpinBox",
                "{description} From {lowest} to {highest} {unit}; {default} unless changed.",
            ).format(
                description=shown(setting.description),
                lowest=whole(self.lowest),
                highest=whole(self.highest),
                unit=unit,
                default=whole(setting.default),
            )
        )
        self.show_setting(setting.default)

    def show_setting(self, value: float) -> None:
        """Show a stored value (a float setting's, rounded to whole units)."""
        self.setValue(round(value))

    def stepBy(self, steps: int) -> None:
        super().stepBy(steps)
        self.setValue(min(max(self.value(), self.lowest), self.highest))

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if self.value() > self.lowest:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        if self.value() < self.highest:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        return flags

    def problem(self) -> str | None:
        """Why the number shown cannot be saved, in words; None when it can."""
        if self.hasAcceptableInput() and self.lowest <= self.value() <= self.highest:
            return None
        typed = whole(self.value()) if self.hasAcceptableInput() else self.cleanText().strip()
        if typed:
            text = translate(
                "SettingSpinBox",
                "{name} must be a whole number from {lowest} to {highest} {unit}, not {typed}.",
            )
        else:
            text = translate(
                "SettingSpinBox", "{name} must be a whole number from {lowest} to {highest} {unit}."
            )
        return text.format(
            name=self.name,
            lowest=whole(self.lowest),
            highest=whole(self.highest),
            unit=self.unit,
            typed=typed,
        )

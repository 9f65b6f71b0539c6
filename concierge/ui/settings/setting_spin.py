"""A spin box for a whole-number setting, its limits, default and tooltip taken from the
setting's declaration."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractSpinBox, QSpinBox, QWidget

from concierge.store.settings import Setting, whole_range

TYPED_MAXIMUM = 999_999_999
"""How far typing may go past the setting's range, so OK can refuse it in words."""


class SettingSpinBox(QSpinBox):
    """The arrow keys stay within the setting's range; typing may leave it, and `problem`
    says so, so that OK refuses the number with a message instead of the box silently
    putting back the previous one."""

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
            f"{setting.description} From {self.lowest:,} to {self.highest:,} {unit}; "
            f"{setting.default:,g} unless changed."
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
        typed = f"{self.value():,}" if self.hasAcceptableInput() else self.cleanText().strip()
        shown = f", not {typed}" if typed else ""
        return (
            f"{self.name} must be a whole number from {self.lowest:,} to "
            f"{self.highest:,} {self.unit}{shown}."
        )

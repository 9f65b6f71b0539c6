"""The numeric date pattern of the person's locale, shared by every view that reads a typed
date (the trip form's dates, an item's days, an expense's date)."""

from __future__ import annotations

from PySide6.QtCore import QLocale


def local_pattern() -> str:
    """The numeric date pattern people of the current locale type, e.g. "dd/MM/yyyy"."""
    return QLocale().dateFormat(QLocale.FormatType.ShortFormat)

"""The index types Qt's item models take, named once for every model and delegate."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex

AnyIndex = QModelIndex | QPersistentModelIndex
"""What Qt passes a model's `data`, `flags` and `setData` (a live or a persistent index)."""
ROOT = QModelIndex()
"""The invisible parent of a list model's rows."""

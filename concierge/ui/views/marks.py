"""How views point out what the assistant changed and the person has not looked at yet.

One look everywhere: an amber accent (a strip beside a form field, a tint behind an
itinerary row) plus words in the tooltip and accessible description, so the mark does not
rely on colour alone.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

ACCENT = QColor(224, 161, 0)
"""The strip beside a form field the assistant changed."""
TINT = QColor(224, 161, 0, 56)
"""Behind an itinerary row the assistant added or changed; translucent, so it reads on
light and dark palettes alike."""

CHANGED_BY_ASSISTANT = "Changed by the assistant"
ADDED_BY_ASSISTANT = "Added by the assistant"

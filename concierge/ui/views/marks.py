"""How views mark what the assistant changed unseen, and facts nobody confirmed: an amber
accent plus words in tooltip and accessible description, so not by colour alone.
"""

from __future__ import annotations

from concierge.text import QT_TRANSLATE_NOOP

CHANGED_BY_ASSISTANT = QT_TRANSLATE_NOOP("Marks", "Changed by the assistant")
"""Each of these is an English `str` (tests and views compare it): show it with `shown`."""
ADDED_BY_ASSISTANT = QT_TRANSLATE_NOOP("Marks", "Added by the assistant")
UNVERIFIED = QT_TRANSLATE_NOOP("Marks", "Set by the assistant, not confirmed")
"""A fact the assistant set, until the person confirms or edits it or a lookup or import
backs it: its text in `Tone.UNVERIFIED`, these words in tooltip and description."""

"""An error's message as the person reads it: the store and the travel layer raise errors
whose first argument may be a marked message (`concierge.text`), which `str(error)` would
turn back into plain English."""

from __future__ import annotations

from concierge.ui.i18n import shown


def error_text(error: BaseException) -> str:
    """The error's sentence in the window's language (unmarked text as it is)."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return shown(error.args[0])
    return str(error)

"""An error's message as the person reads it.

`str(error)` turns a declared message (`concierge.text.Message`, which the store and the
travel layer raise) into plain English; the views keep the message itself, so `shown` can
translate it and write its dates in the person's locale.
"""

from __future__ import annotations

from concierge.ui.i18n import shown


def error_message(error: BaseException) -> str:
    """The message the error was raised with (a `Message` stays one), else its text."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


def shown_error(error: BaseException) -> str:
    """The error's message in the person's language."""
    return shown(error_message(error))

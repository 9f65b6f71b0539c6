"""The refusals every reader of a file words alike: the disk would not give it up, or the
format's library choked on its content. One wording each, whichever format is read."""

from __future__ import annotations

from concierge.text import QT_TRANSLATE_NOOP, Translatable

from .model import ImportFileError


def unreadable(file_name: str, error: OSError) -> ImportFileError:
    """The file could not be read from disk; the system's reason in brackets."""
    return ImportFileError(
        file_name,
        QT_TRANSLATE_NOOP("Import", "it cannot be read ({strerror}).").format(
            strerror=error.strerror
        ),
    )


def damaged(file_name: str, template: Translatable, error: Exception) -> ImportFileError:
    """A library failed on the content in one of its many ways; `template` names the format
    and puts the error's class and first words in `{reason}`."""
    reason = f"{type(error).__name__}: {str(error)[:120]}"
    return ImportFileError(file_name, template.format(reason=reason))

"""Why a lookup stopped: input to fix, or a cancel request noticed by the worker thread."""

from __future__ import annotations


class LookupInputError(ValueError):
    """The lookup cannot run on this input; the message says what to fix (the job fails
    with it, and the person or the model reads it as it is)."""


class LookupCancelled(Exception):
    """Raised inside a kind's worker thread at its next progress report after a cancel, so
    work that Python cannot interrupt still stops early."""

"""Why a lookup stopped or was refused: input to fix, a service that could not answer, a
request that cannot be honoured, or a cancel request noticed by the worker thread."""

from __future__ import annotations

from ..errors import TravelError


class LookupInputError(TravelError):
    """The lookup cannot run on this input; the message says what to fix (the job fails
    with it, and the person or the model reads it as it is)."""


class OnlineLookupError(LookupInputError):
    """The service could not be asked or gave no usable answer; the message says why and
    what the person can do (the job fails with it)."""


class LookupRequestError(TravelError):
    """A start, cancel or retry request that cannot be honoured (unknown kind, job or trip);
    no job was created or changed."""


class LookupCancelled(Exception):
    """Raised inside a kind's worker thread at its next progress report after a cancel, so
    work that Python cannot interrupt still stops early."""

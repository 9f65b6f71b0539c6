"""What can go wrong asking a model server, worded for the person."""

from __future__ import annotations

from concierge.text import TranslatedError


class ConnectionCheckError(TranslatedError):
    """A model server could not be asked what it offers."""

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code

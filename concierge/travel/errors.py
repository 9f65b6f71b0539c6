"""Errors of the travel domain: input it cannot use or a service it could not ask, each worded
as a sentence for the person (or for the assistant, as a tool error it can act on).

Every one derives from `TravelError`, so a front-end catches "the domain refused this input"
in one clause and lets a bug surface as a bug.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from concierge.text import TranslatedError

if TYPE_CHECKING:
    from .place import Place


class TravelError(TranslatedError):
    """Base class for every error of `concierge.travel`; `str(error)` is readable as it is,
    and keeps a marked message translatable."""


class DateError(TravelError):
    """A date or time zone that cannot be used; the message says what to write instead."""


class CurrencyError(TravelError):
    """An unknown currency code or an amount a currency cannot express; the text says why."""


class PlaceError(TravelError):
    """Text that names no single place; ``choices`` are places the person may have meant."""

    def __init__(self, message: str, choices: Sequence[Place] = ()) -> None:
        super().__init__(message)
        self.choices = tuple(choices)


class UnknownPlaceError(PlaceError):
    """Nothing by that name or code; ``choices`` are close spellings."""


class AmbiguousPlaceError(PlaceError):
    """Several different places answer to the text; ``choices`` are the candidates."""


class TripEditError(TravelError):
    """An edit that cannot be applied; the message names the field and how to fix it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field

"""Errors of the travel domain, each a sentence for the person, so a front end catches "the domain
refused this input" in one clause and a bug still surfaces as a bug."""

from __future__ import annotations

from concierge.text import TranslatedError


class TravelError(TranslatedError):
    """Base class for every error of `concierge.travel`; `str(error)` is readable as it is,
    and keeps a marked message translatable."""


class CurrencyError(TravelError):
    """An unknown currency code or an amount a currency cannot express; the text says why."""


class TripEditError(TravelError):
    """An edit that cannot be applied; the message names the field and how to fix it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field

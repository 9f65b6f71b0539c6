"""The refusal of a value's reader: a ValueError whose text is the sentence for the person, which
each layer above keeps (and which stays translatable)."""

from __future__ import annotations

from concierge.text import TranslatedValueError


class UnreadableValue(TranslatedValueError):
    """Text that is not a value of the kind asked for, or reads as more than one."""


class AmountError(UnreadableValue):
    """Text that is not one amount of money: unreadable, or ambiguous ("1,250")."""


class AmbiguousAmount(AmountError):
    """Text that reads as two different amounts ("1,250": 1250 or 1.25)."""


class DateTextError(UnreadableValue):
    """Text that is not one calendar date (or dates a trip cannot span, or no time zone)."""


class ClockError(UnreadableValue):
    """Text that is not a time of day or a duration."""

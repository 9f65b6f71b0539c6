"""The ISO 4217 currencies a trip budget can be kept in: those that are legal tender in some country
today, by the Unicode CLDR data that Babel ships.

Babel rather than pycountry: CLDR also has the minor units, which currency replaced a withdrawn one
(HRK → EUR in 2023) and number formatting per locale, which pycountry lacks. Fund codes, precious
metals, SDR and test codes are never legal tender in CLDR's territory data, so they are out without
a list. The data is read on first use, so importing the store loads none of it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Set
from datetime import date
from functools import cache
from typing import NamedTuple, TypeVar

_S = TypeVar("_S")


class Tender(NamedTuple):
    """One stretch of a currency's use as legal tender in one territory (dates inclusive)."""

    code: str
    start: date | None
    end: date | None

    def on(self, day: date) -> bool:
        """Whether the currency was legal tender there on `day`."""
        return (self.start is None or self.start <= day) and (self.end is None or day <= self.end)


def _day(parts: tuple[int, int, int] | None) -> date | None:
    return None if parts is None else date(*parts)


@cache
def tender_history() -> Mapping[str, tuple[Tender, ...]]:
    """Territory code ("HR") → every currency that has been legal tender there, oldest first."""
    from babel.core import get_global

    return {
        territory: tuple(
            Tender(code, _day(start), _day(end)) for code, start, end, tender in rows if tender
        )
        for territory, rows in get_global("territory_currencies").items()
    }


def codes_in_use(day: date) -> frozenset[str]:
    """The codes that are legal tender in at least one territory on `day`."""
    return frozenset(
        stretch.code
        for stretches in tender_history().values()
        for stretch in stretches
        if stretch.on(day)
    )


@cache
def _in_use_today() -> frozenset[str]:
    return codes_in_use(date.today())


class _CodesInUse(Set[str]):
    """The codes in use today, read on first use."""

    def __contains__(self, code: object) -> bool:
        return code in _in_use_today()

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(_in_use_today()))

    def __len__(self) -> int:
        return len(_in_use_today())

    @classmethod
    def _from_iterable(cls, codes: Iterable[_S], /) -> frozenset[_S]:
        """Set operations ("&", "|", "-") answer a frozenset."""
        return frozenset(codes)


CURRENCY_CODES: Set[str] = _CodesInUse()
"""Every ISO 4217 code a budget may be kept in, iterated in code order."""


def minor_units(code: str) -> int:
    """How many decimals an amount in `code` may carry (JPY 0, EUR 2, BHD 3), from CLDR."""
    from babel.numbers import get_currency_precision

    return int(get_currency_precision(code))

"""The ISO 4217 currencies a trip budget can be kept in: those that are legal tender in some
country today, by the Unicode CLDR data that Babel ships.

Babel rather than pycountry, because one library then answers everything the app asks:
CLDR's territory data says which currency each country uses from when to when (so the
codes in use, and what replaced a withdrawn one, HRK → EUR in 2023, follow from it), its
currency data gives the decimals amounts are written with (JPY 0, BHD 3), and its locale
data names countries and currencies in every language the app may be translated into and
formats numbers the way each reads them. pycountry has the ISO lists and their translations
but no minor units, no territory → currency history and no formatting. Babel follows each
CLDR release (2.19 carries CLDR 49), is widely used (Sphinx, Flask-Babel) and is pure Python:
an 11 MB wheel, nearly all of it locale data.

Fund codes (BOV, CLF, CHE, …), precious metals, SDR, bond units and test codes are never
legal tender in CLDR's territory data, so they are out without a list. The data is read on
first use, so importing the store loads none of it. The store refuses any other code from
every writer; `concierge.travel.money.currencies` adds names, minor units and formatting.
"""

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

"""ISO 4217 currencies a traveller can pay with, from CLDR through Babel in the app's locale.
Amounts are ``Decimal``; floats never touch money."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from functools import cache
from types import MappingProxyType

from concierge.model.currency_codes import (
    CURRENCY_CODES,
    codes_in_use,
    minor_units,
    tender_history,
)
from concierge.model.values import write_amount
from concierge.text import QT_TRANSLATE_NOOP

from ..errors import CurrencyError as CurrencyError
from ..locale.app_locale import DEFAULT_LOCALE, ByLocale, app_locale
from ..locale.folding import fold


@dataclass(frozen=True, slots=True)
class Currency:
    """One ISO 4217 currency; ``minor_units`` is how many decimals an amount may carry."""

    code: str
    name: str
    minor_units: int


def _table(locale: str) -> Mapping[str, Currency]:
    from babel.numbers import get_currency_name

    return MappingProxyType(
        {
            code: Currency(code, get_currency_name(code, locale=locale), minor_units(code))
            for code in CURRENCY_CODES
        }
    )


CURRENCIES: ByLocale[Currency] = ByLocale(_table)
"""Every accepted ISO 4217 code → its ``Currency`` named in the app's locale, in code order."""


@cache
def withdrawn() -> Mapping[str, tuple[str, ...]]:
    """Withdrawn codes, each with the currency that replaced it where it was given up last (HRK →
    EUR); none when the country is gone (DDM)."""
    today = date.today()
    in_use = codes_in_use(today)
    ends: dict[str, dict[str, date]] = {}
    for territory, stretches in tender_history().items():
        for stretch in stretches:
            if stretch.code not in in_use and stretch.end is not None and stretch.end < today:
                last = ends.setdefault(stretch.code, {})
                last[territory] = max(last.get(territory, date.min), stretch.end)
    found: dict[str, tuple[str, ...]] = {}
    for code, by_territory in sorted(ends.items()):
        latest = max(by_territory.values())
        replaced_by: list[str] = []
        for territory in sorted(t for t, end in by_territory.items() if end == latest):
            current = [s for s in tender_history()[territory] if s.on(today)]
            newest = max((s.start or date.min for s in current), default=None)
            replaced_by += [
                s.code
                for s in current
                if (s.start or date.min) == newest and s.code not in replaced_by
            ]
        found[code] = tuple(replaced_by)
    return MappingProxyType(found)


@cache
def _codes_by_name(locale: str) -> Mapping[str, str]:
    """Folded currency names, singular and plural, in English and `locale` → code."""
    from babel.numbers import get_currency_name

    return {
        fold(get_currency_name(code, count, language)): code
        for language in dict.fromkeys((DEFAULT_LOCALE, locale))
        for count in (None, 1, 2)
        for code in CURRENCY_CODES
    }


def validate_currency(code: str) -> str:
    """The upper-case ISO code for ``code`` (" eur" → "EUR"), or a ``CurrencyError`` saying why."""
    normal = code.strip().upper()
    if normal in CURRENCIES:
        return normal
    if not normal:
        raise CurrencyError(
            QT_TRANSLATE_NOOP(
                "Validation", "No currency given. Use a three-letter ISO 4217 code such as EUR."
            )
        )
    if normal in withdrawn():
        replaced_by = " or ".join(withdrawn()[normal])
        raise CurrencyError(
            f"{normal} is no longer in use; it was replaced by {replaced_by}."
            if replaced_by
            else f"{normal} is no longer in use."
        )
    names, typed = _codes_by_name(app_locale()), fold(code)
    by_name = names.get(typed) or names.get(typed.removesuffix("s"))
    hint = f" Did you mean {by_name}?" if by_name else ""
    raise CurrencyError(
        QT_TRANSLATE_NOOP(
            "Validation",
            "Unknown currency {strip!r}.{hint} Use a three-letter ISO 4217 code "
            "such as EUR or USD.",
        ).format(strip=code.strip(), hint=hint)
    )


def currency(code: str) -> Currency:
    """The ``Currency`` for a code, validated as by ``validate_currency``."""
    return CURRENCIES[validate_currency(code)]


def quantize_money(amount: Decimal, code: str, *, exact: bool = False) -> Decimal:
    """``amount`` in the currency's minor units, rounded half to even; ``exact=True`` refuses one
    that needs rounding ("12.345 EUR" is an error)."""
    if not amount.is_finite():
        raise CurrencyError(
            QT_TRANSLATE_NOOP("Validation", "{amount} is not an amount of money.").format(
                amount=amount
            )
        )
    info = currency(code)
    step = Decimal(1).scaleb(-info.minor_units)
    try:
        rounded = amount.quantize(step, rounding=ROUND_HALF_EVEN)
    except InvalidOperation:
        raise CurrencyError(
            QT_TRANSLATE_NOOP("Validation", "{amount} is too large an amount of money.").format(
                amount=amount
            )
        ) from None
    if exact and rounded != amount:
        units = "no decimals" if info.minor_units == 0 else f"{info.minor_units} decimals"
        raise CurrencyError(
            QT_TRANSLATE_NOOP(
                "Validation", "{amount} {code} has too many decimals; {code} has {units}."
            ).format(amount=amount, code=info.code, units=units)
        )
    return abs(rounded) if rounded.is_zero() else rounded  # no "-0.00"


def format_money(amount: Decimal, code: str, locale: str | None = None) -> str:
    """The amount as people of `locale` (the app's by default) read it, then the code, never a
    symbol ("$" is a dozen currencies): "1,234.50 EUR", "1.234,50 EUR" in pt_BR."""
    return write_amount(
        quantize_money(amount, code), validate_currency(code), locale or app_locale()
    )


CONVERSION_TARGETS = ("EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD")
"""Currencies "Convert budget" offers (all published by the European Central Bank)."""


def conversion_targets(source: str | None) -> tuple[str, ...]:
    """The currencies offered for converting a budget in `source`, without `source`."""
    return tuple(code for code in CONVERSION_TARGETS if code != (source or "").upper())

"""ISO 4217 currencies a traveller can pay with: codes, English names, minor units, formatting.

The table is `concierge.store.currency_codes` (the store refuses any other code). Amounts
are ``Decimal`` throughout; floats never touch money.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from types import MappingProxyType

from concierge.store.currency_codes import ISO_4217_TABLE

from .errors import CurrencyError as CurrencyError
from .folding import fold


@dataclass(frozen=True, slots=True)
class Currency:
    """One ISO 4217 currency; ``minor_units`` is how many decimals an amount may carry."""

    code: str
    name: str
    minor_units: int


# Codes people still type that ISO has withdrawn, with what replaced them.
_WITHDRAWN = {
    "ANG": "XCG",
    "BGN": "EUR",
    "HRK": "EUR",
    "LTL": "EUR",
    "LVL": "EUR",
    "EEK": "EUR",
    "SKK": "EUR",
    "SIT": "EUR",
    "CYP": "EUR",
    "MTL": "EUR",
    "DEM": "EUR",
    "FRF": "EUR",
    "ITL": "EUR",
    "ESP": "EUR",
    "PTE": "EUR",
    "GRD": "EUR",
    "SLL": "SLE",
    "ZWL": "ZWG",
    "VEF": "VES",
    "MRO": "MRU",
    "STD": "STN",
    "BYR": "BYN",
    "ZMK": "ZMW",
    "GHC": "GHS",
    "TRL": "TRY",
}


def _parse(table: str) -> dict[str, Currency]:
    found: dict[str, Currency] = {}
    for row in table.replace("\n", "|").split("|"):
        if row.strip():
            code, rest = row.strip().split(" ", 1)
            name, minor = rest.rsplit(" ", 1)
            found[code] = Currency(code, name, int(minor))
    return found


CURRENCIES: Mapping[str, Currency] = MappingProxyType(_parse(ISO_4217_TABLE))
"""Every accepted ISO 4217 code → its ``Currency``, in code order."""

_BY_NAME = {fold(c.name): c.code for c in CURRENCIES.values()}


def validate_currency(code: str) -> str:
    """The upper-case ISO code for ``code`` (" eur" → "EUR"), or a ``CurrencyError`` saying why."""
    normal = code.strip().upper()
    if normal in CURRENCIES:
        return normal
    if not normal:
        raise CurrencyError("No currency given. Use a three-letter ISO 4217 code such as EUR.")
    if normal in _WITHDRAWN:
        raise CurrencyError(
            f"{normal} is no longer in use; it was replaced by {_WITHDRAWN[normal]}."
        )
    by_name = _BY_NAME.get(fold(code)) or _BY_NAME.get(fold(code).removesuffix("s"))
    hint = f" Did you mean {by_name}?" if by_name else ""
    raise CurrencyError(
        f"Unknown currency {code.strip()!r}.{hint} "
        "Use a three-letter ISO 4217 code such as EUR or USD."
    )


def currency(code: str) -> Currency:
    """The ``Currency`` for a code, validated as by ``validate_currency``."""
    return CURRENCIES[validate_currency(code)]


def quantize_money(amount: Decimal, code: str, *, exact: bool = False) -> Decimal:
    """``amount`` with exactly the currency's minor units.

    Rounds half to even (banker's rounding, the ``decimal`` default), which keeps long
    sums of rounded amounts unbiased: 0.125 EUR → 0.12, 0.135 EUR → 0.14, 1234.5 JPY →
    1234. With ``exact=True`` an amount that would need rounding is refused instead; use
    that for amounts a person or the model typed, so "12.345 EUR" is an error, not 12.34.
    """
    if not amount.is_finite():
        raise CurrencyError(f"{amount} is not an amount of money.")
    info = currency(code)
    step = Decimal(1).scaleb(-info.minor_units)
    try:
        rounded = amount.quantize(step, rounding=ROUND_HALF_EVEN)
    except InvalidOperation:
        raise CurrencyError(f"{amount} is too large an amount of money.") from None
    if exact and rounded != amount:
        units = "no decimals" if info.minor_units == 0 else f"{info.minor_units} decimals"
        raise CurrencyError(f"{amount} {info.code} has too many decimals; {info.code} has {units}.")
    return abs(rounded) if rounded.is_zero() else rounded  # no "-0.00"


def format_money(amount: Decimal, code: str) -> str:
    """The amount as people read it, "1,234.50 EUR" or "1,234 JPY": thousands grouped,
    the currency's minor units, then the code.

    Rounding is ``quantize_money``'s half-to-even. The format is deliberately
    locale-independent so that text shown to the model and to the person agrees.
    """
    rounded = quantize_money(amount, code)
    return f"{rounded:,f} {validate_currency(code)}"


CONVERSION_TARGETS = ("EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD")
"""Currencies "Convert budget" offers (all published by the European Central Bank)."""


def conversion_targets(source: str | None) -> tuple[str, ...]:
    """The currencies offered for converting a budget in `source`, without `source`."""
    return tuple(code for code in CONVERSION_TARGETS if code != (source or "").upper())

"""The trip's budget in another currency at the ECB reference rate, which always states its date:
the ECB may have stopped publishing one (RUB in 2022)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from currency_converter import CurrencyConverter  # type: ignore[import-untyped]  # no stubs

from concierge.model.values.dates import format_date
from concierge.text import QT_TRANSLATE_NOOP

from ...money.currencies import CurrencyError, format_money, quantize_money, validate_currency
from ...money.ecb_rates import ecb_rates
from .. import parameters
from ..errors import LookupInputError
from ..parameters import Parameters
from .base import LookupContext

RATE_PLACES = 6
"""Decimals kept of a cross rate: more than the ECB's 4–5 significant digits."""


@dataclass(frozen=True, slots=True)
class Conversion:
    amount: Decimal
    source: str
    target: str
    rate: Decimal
    converted: Decimal
    rate_date: date
    latest_data_date: date

    def summary(self) -> str:
        return (
            f"{format_money(self.amount, self.source)} ≈ "
            f"{format_money(self.converted, self.target)} at the ECB rate of "
            f"{format_date(self.rate_date)} (1 {self.source} = {self.rate} {self.target})"
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "amount": str(self.amount),
            "from_currency": self.source,
            "to_currency": self.target,
            "rate": str(self.rate),
            "converted": str(self.converted),
            "rate_date": self.rate_date.isoformat(),
            "source": "European Central Bank reference rates shipped with the app",
        }
        if self.rate_date < self.latest_data_date:
            data["note"] = (
                f"The ECB's last rate for this pair is from {format_date(self.rate_date)}; "
                f"its other rates go to {format_date(self.latest_data_date)}."
            )
        return data


def convert(amount: Decimal, source: str, target: str) -> Conversion:
    """`amount` of `source` in `target` at the latest ECB rate both currencies have."""
    codes = []
    for code in (source, target):
        try:
            codes.append(validate_currency(code))
        except CurrencyError as error:
            raise LookupInputError(str(error)) from None
    source, target = codes
    rates = ecb_rates()
    for code in codes:
        if code not in rates.currencies:
            supported = ", ".join(sorted(c for c in rates.currencies if _current(rates, c)))
            raise LookupInputError(
                QT_TRANSLATE_NOOP(
                    "Lookup",
                    "The European Central Bank publishes no rate for {code}, so it cannot "
                    "be converted here. Use one of: {supported}.",
                ).format(code=code, supported=supported)
            )
    rate_date = min(rates.bounds[source].last_date, rates.bounds[target].last_date)
    raw = rates.convert(1, source, target, date=rate_date)
    rate = Decimal(repr(raw)).quantize(Decimal(1).scaleb(-RATE_PLACES)).normalize()
    return Conversion(
        amount=amount,
        source=source,
        target=target,
        rate=rate,
        converted=quantize_money(amount * rate, target),
        rate_date=rate_date,
        latest_data_date=max(b.last_date for b in rates.bounds.values()),
    )


def _current(rates: CurrencyConverter, code: str) -> bool:
    """Whether the ECB still publishes `code` (it is in the latest day's rates)."""
    latest = max(b.last_date for b in rates.bounds.values())
    return bool(rates.bounds[code].last_date == latest)


def run(params: Parameters, ctx: LookupContext) -> Conversion:
    amount = parameters.amount(params, "amount")
    source = parameters.text(params, "currency", "Set the budget's currency, e.g. EUR.")
    target = parameters.text(
        params, "to_currency", "Say which currency to convert the budget to, e.g. USD."
    )
    ctx.progress.report(0.2, "Loading European Central Bank rates")
    return convert(amount, source, target)

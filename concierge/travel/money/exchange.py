"""Money from one currency in another at the ECB's rate of a given day. A currency the ECB does not
publish that day is an `ExchangeError`, since a years-old rate passed off as today's would mislead.
Cross rates are rounded half to even, so half-cent cases round up as often as down."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from currency_converter import (  # type: ignore[import-untyped]  # no stubs
    CurrencyConverter,
    RateNotFoundError,
)

from concierge.model.values.dates import format_date

from ..errors import TravelError
from .currencies import CurrencyError, quantize_money, validate_currency
from .ecb_rates import ecb_rates

BASE = "EUR"
"""The currency the ECB quotes every rate against."""
MAX_GAP_DAYS = 14
"""The longest run of days without a rate treated as holidays (Christmas to New Year is the
longest); a longer one means the ECB had stopped publishing the currency."""


class ExchangeError(TravelError):
    """A conversion the shipped ECB rates cannot make; the message names the currency."""


@dataclass(frozen=True, slots=True)
class Rate:
    """1 `source` = `rate` `target`, at the ECB rate of `rate_date` (asked for `day`)."""

    source: str
    target: str
    rate: Decimal
    day: date
    rate_date: date
    estimate: bool
    """`day` is after the shipped data: the newest rate stands in for one not yet known."""

    @property
    def fallback(self) -> bool:
        """The ECB published no rate on `day` itself (a weekend, a holiday, the future)."""
        return self.rate_date != self.day

    def describe(self) -> str:
        """The rate and how it was chosen, e.g. "1 USD = 0.931099 EUR, ECB rate of 2 May 2026
        (none published on 3 May 2026)"."""
        if self.source == self.target:
            return "same currency"
        shown = f"{self.rate:.6g}" if self.rate < 10**6 else f"{self.rate:.0f}"
        text = f"1 {self.source} = {shown} {self.target}, ECB rate of {format_date(self.rate_date)}"
        if self.estimate:
            return f"{text}, the latest known: an estimate for {format_date(self.day)}"
        if self.fallback:
            return f"{text} (none published on {format_date(self.day)})"
        return text


@dataclass(frozen=True, slots=True)
class Converted:
    amount: Decimal
    """In `rate.target`, rounded to its minor units."""
    rate: Rate


class Exchange:
    """Conversions over one loaded set of ECB rates. Build it off the GUI thread
    (`load_exchange`): loading the data takes a noticeable fraction of a second."""

    def __init__(self, rates: CurrencyConverter) -> None:
        self._rates = rates
        self.latest = max(bounds.last_date for bounds in rates.bounds.values())
        """The last day of the shipped data."""

    def published(self) -> tuple[str, ...]:
        """The currencies the ECB still publishes (on the data's last day), sorted."""
        return tuple(
            sorted(
                code
                for code, bounds in self._rates.bounds.items()
                if bounds.last_date == self.latest
            )
        )

    def rate(self, source: str, target: str, day: date) -> Rate:
        """The rate of `day` from `source` to `target` (see the module docstring)."""
        source, target = _code(source), _code(target)
        if source == target:
            return Rate(source, target, Decimal(1), day, day, estimate=False)
        for code in (source, target):
            self._check_published(code, day)
        estimate = day > self.latest
        wanted = self.latest if estimate else day
        for back in range(MAX_GAP_DAYS + 1):
            on = wanted - timedelta(days=back)
            per_euro = (self._per_euro(source, on), self._per_euro(target, on))
            if per_euro[0] is not None and per_euro[1] is not None:
                rate = per_euro[1] / per_euro[0]
                return Rate(source, target, rate, day, on, estimate=estimate)
        raise self._no_rate(source, target, wanted)

    def convert(self, amount: Decimal, source: str, target: str, day: date) -> Converted:
        """`amount` of `source` in `target` at `day`'s rate, to the target's minor units."""
        rate = self.rate(source, target, day)
        return Converted(quantize_money(amount * rate.rate, rate.target), rate)

    def _per_euro(self, code: str, day: date) -> Decimal | None:
        """Units of `code` per euro published on `day`, or None (no rate that day)."""
        if code == BASE:
            return Decimal(1)
        try:
            value = self._rates.convert(1, BASE, code, date=day)
        except RateNotFoundError:
            return None
        # The file's figures have at most six significant digits; repr gives them back.
        return Decimal(repr(value))

    def _check_published(self, code: str, day: date) -> None:
        if code not in self._rates.currencies:
            raise ExchangeError(
                f"The European Central Bank publishes no rate for {code}, so amounts in "
                f"{code} cannot be converted. It publishes {', '.join(self.published())}."
            )
        if code == BASE:
            return
        bounds = self._rates.bounds[code]
        if bounds.last_date < self.latest and day > bounds.last_date:
            raise ExchangeError(
                f"The European Central Bank stopped publishing {code} on "
                f"{format_date(bounds.last_date)}; there is no rate for {format_date(day)}."
            )
        if day < bounds.first_date:
            raise ExchangeError(
                f"The European Central Bank's rates for {code} start on "
                f"{format_date(bounds.first_date)}; there is none for {format_date(day)}."
            )

    def _no_rate(self, source: str, target: str, day: date) -> ExchangeError:
        return ExchangeError(
            f"The European Central Bank published no {source}/{target} rate in the "
            f"{MAX_GAP_DAYS} days up to {format_date(day)}."
        )


def _code(code: str) -> str:
    try:
        return validate_currency(code)
    except CurrencyError as error:
        raise ExchangeError(str(error)) from None


_shared: Exchange | None = None


def exchange() -> Exchange:
    """The process's one `Exchange` (loads the rates on first use: call off the GUI thread,
    or await `load_exchange`)."""
    global _shared
    if _shared is None:
        _shared = Exchange(ecb_rates())
    return _shared


_loading: asyncio.Task[Exchange] | None = None


async def load_exchange() -> Exchange:
    """The shared `Exchange`, loaded in a worker thread the first time (callers waiting
    meanwhile share the one load)."""
    global _loading
    if _shared is not None:
        return _shared
    if (
        _loading is None
        or _loading.get_loop() is not asyncio.get_running_loop()
        or (_loading.done() and (_loading.cancelled() or _loading.exception() is not None))
    ):  # a load that failed is tried again, not its failure kept for the process's life
        _loading = asyncio.ensure_future(asyncio.to_thread(exchange))
    return await asyncio.shield(_loading)


async def exchange_within(seconds: float) -> Exchange | None:
    """The shared `Exchange` if it is loaded within `seconds`, else None (the load goes on,
    for the next caller)."""
    try:
        return await asyncio.wait_for(asyncio.shield(load_exchange()), seconds)
    except TimeoutError:
        return None

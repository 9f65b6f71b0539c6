"""Counts as the window writes them: "1,234" in English (as the app always wrote them, the
system's locale aside), the language's own separators otherwise ("1.234")."""

from __future__ import annotations

from concierge.ui.i18n import ENGLISH, current_language, shown_number


def grouped(count: int | float, decimals: int = 0) -> str:
    if current_language() == ENGLISH:
        return f"{count:,.{decimals}f}"
    return shown_number(count, decimals)


def percent(share: float) -> str:
    """A share as a whole percentage: "42%" (in English as `{:.0%}` wrote it)."""
    if current_language() == ENGLISH:
        return f"{share:.0%}"
    return f"{shown_number(share * 100, 0)}%"

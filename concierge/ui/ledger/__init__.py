"""The Money tab: a trip's expenses, their totals and charts, live."""

from .panel import LedgerPanel

__all__ = ["LedgerPanel"]

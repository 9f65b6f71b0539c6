"""The lookups panel: the current trip's background lookups with progress, cancel, retry
and their full results; selecting finished ones makes them part of the assistant's
selection context."""

from __future__ import annotations

from .details import job_markdown
from .model import LookupJobsModel
from .panel import LookupsPanel

__all__ = [
    "LookupJobsModel",
    "LookupsPanel",
    "job_markdown",
]

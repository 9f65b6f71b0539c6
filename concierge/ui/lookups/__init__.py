"""The lookups panel: the current trip's background lookups and their results."""

from __future__ import annotations

from .details import job_markdown
from .model import LookupJobsModel
from .panel import LookupsPanel

__all__ = [
    "LookupJobsModel",
    "LookupsPanel",
    "job_markdown",
]

"""The import review queue and the window's ways in: File ▸ Import…, dropped files."""

from .panel import ImportsPanel
from .runner import IMPORT_FILTER, ImportRunner

__all__ = ["IMPORT_FILTER", "ImportRunner", "ImportsPanel"]

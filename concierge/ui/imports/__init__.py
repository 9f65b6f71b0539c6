"""The import review queue and the window's ways in: File ▸ Import…, dropped files, and a
CSV file's column choices (`mapping_dialog`, with the CSV reader it needs: imported when a
CSV file is first opened, not with the window)."""

from .panel import ImportsPanel
from .runner import IMPORT_FILTER, ImportRunner, date_pattern

__all__ = ["IMPORT_FILTER", "ImportRunner", "ImportsPanel", "date_pattern"]

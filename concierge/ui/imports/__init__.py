"""The import review queue and the window's ways in: File ▸ Import…, dropped files, and a
CSV file's column choices."""

from .mapping_dialog import CsvMappingDialog
from .panel import ImportsPanel
from .runner import IMPORT_FILTER, ImportRunner, date_pattern

__all__ = ["IMPORT_FILTER", "CsvMappingDialog", "ImportRunner", "ImportsPanel", "date_pattern"]

"""The trip taken out of the window: exported files, the printed itinerary."""

from .actions import FORMATS, ExportFormat, TripExports
from .pdf import itinerary_document, itinerary_pdf

__all__ = ["FORMATS", "ExportFormat", "TripExports", "itinerary_document", "itinerary_pdf"]

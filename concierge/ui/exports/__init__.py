"""The trip taken out of the window: exported files, the printed itinerary."""

from .actions import FORMATS, TripExports

__all__ = ["FORMATS", "TripExports"]

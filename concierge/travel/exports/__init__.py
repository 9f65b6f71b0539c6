"""A trip taken out of the app: a calendar (.ics) and the text of a printable itinerary.

Qt-free; the PDF itself is drawn by `concierge.ui.exports` from the HTML made here.
"""

from .files import ExportError, export_file_name, write_file
from .ics import trip_calendar
from .itinerary_html import itinerary_html
from .plan import TripPlan, read_plan

__all__ = [
    "ExportError",
    "TripPlan",
    "export_file_name",
    "itinerary_html",
    "read_plan",
    "trip_calendar",
    "write_file",
]

"""A trip taken out of the app: a calendar (.ics) and the text of a printable itinerary.

Qt-free; the PDF itself is drawn by `concierge.ui.exports` from the HTML made here. The
calendar is `exports.ics`, imported where it is written (the iCalendar library takes a
sixth of a second to import, which the window's start-up does not wait for).
"""

from .files import ExportError, export_file_name, write_file
from .itinerary_html import itinerary_html
from .plan import TripPlan, read_plan

__all__ = [
    "ExportError",
    "TripPlan",
    "export_file_name",
    "itinerary_html",
    "read_plan",
    "write_file",
]

"""A trip taken out of the app: the plan a calendar (.ics) or a printed itinerary is made from.
`exports.ics` is imported where it is written: the iCalendar library takes a sixth of a second to
import, which the window's start-up does not wait for."""

from .files import ExportError, export_file_name, write_file
from .plan import TripPlan, read_plan

__all__ = [
    "ExportError",
    "TripPlan",
    "export_file_name",
    "read_plan",
    "write_file",
]

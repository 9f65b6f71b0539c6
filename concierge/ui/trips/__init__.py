"""The trip planner's views: trip list, trip form and itinerary.

Each is a self-contained widget taking its services in the constructor; build them inside
the running event loop and `await shutdown()` each before the loop stops.
"""

from .item_editor import ItemEditor
from .itinerary_model import ItineraryModel
from .itinerary_view import ItineraryView
from .trip_form import TripForm
from .trip_list import TripListPanel
from .trip_list_model import TripListModel

__all__ = [
    "ItemEditor",
    "ItineraryModel",
    "ItineraryView",
    "TripForm",
    "TripListModel",
    "TripListPanel",
]

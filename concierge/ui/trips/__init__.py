"""The trip planner's views; build them inside the running event loop and `await
shutdown()` each before the loop stops."""

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

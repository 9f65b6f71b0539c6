"""Documents attached to a trip or an itinerary item: the Documents tab and the item
dialog's Documents row."""

from .documents_box import DocumentsBox
from .item_documents import item_documents
from .panel import DocumentsPanel

__all__ = ["DocumentsBox", "DocumentsPanel", "item_documents"]

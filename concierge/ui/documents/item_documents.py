"""The Documents row of the itinerary item dialog: the item's own files, attached, opened
and removed there. Only for an item that exists: a new one is saved first."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from concierge.store import ChangeHistory, DocumentRepository, ItineraryItemRecord
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.async_support import BackgroundTasks

from .documents_box import DocumentsBox

EMPTY_TEXT = QT_TRANSLATE_NOOP(
    "Documents", "None. Drop a ticket or voucher here, or choose Attach… (Ctrl+O)."
)
LIST_HEIGHT = 72


def item_documents(
    documents: DocumentRepository,
    history: ChangeHistory,
    tasks: BackgroundTasks,
    item: ItineraryItemRecord,
    parent: QWidget,
) -> DocumentsBox:
    """A box over the item's documents; its work runs on the view's `tasks`, so closing the
    dialog mid-copy loses nothing."""
    box = DocumentsBox(documents, history, tasks, parent, empty_text=EMPTY_TEXT)
    box.setObjectName("itemDocuments")
    box.list.setFixedHeight(LIST_HEIGHT)
    parent.addAction(box.attach_action)  # Ctrl+O anywhere in the dialog.
    box.set_scope(item.trip_id, item.id)
    box.reload()
    return box

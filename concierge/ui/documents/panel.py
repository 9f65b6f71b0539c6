"""The Documents tab: every file attached to the trip or to one of its items, live. A
document's content reaches the model only when sent to the assistant, with that one message.
"""

from __future__ import annotations

from PySide6.QtCore import QKeyCombination, Qt, Signal
from PySide6.QtWidgets import QWidget

from concierge.store import (
    Action,
    Change,
    ChangeBus,
    ChangeHistory,
    DocumentRepository,
    EntityKind,
    ItineraryRepository,
    TripRepository,
)
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate
from concierge.ui.views.actions import make_action
from concierge.ui.views.layouts import note_label
from concierge.ui.views.trip_view import TripView

from .documents_box import DocumentsBox

NO_TRIP_TEXT = QT_TRANSLATE_NOOP("Documents", "Select a trip to see its documents.")
EMPTY_TEXT = QT_TRANSLATE_NOOP(
    "Documents",
    "No documents yet. Drop tickets, vouchers or photos here, or choose Attach… (Ctrl+O). "
    "They are copied into Concierge's data folder and sent to the assistant only when you "
    "attach one to a message (Send to assistant).",
)
SEND_SHORTCUT = QKeyCombination(
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_A
)


class DocumentsPanel(TripView[Change]):
    send_requested = Signal(object)
    """Attach this `DocumentRecord` to the chat's next message."""

    def __init__(
        self,
        documents: DocumentRepository,
        itinerary: ItineraryRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(bus, parent, name="documents")
        self.setObjectName("documentsPanel")
        self.setAccessibleName(translate("Documents", "Documents"))
        self.trips = trips
        self.box = DocumentsBox(
            documents, history, self.tasks, self, itinerary=itinerary, empty_text=EMPTY_TEXT
        )
        self.send_action = make_action(
            self, translate("Documents", "Send to assistant"), SEND_SHORTCUT, self.send_selected
        )
        self.send_button = self.box.add_selection_action(self.send_action)
        self.placeholder = note_label(shown(NO_TRIP_TEXT), self)
        self.stack = self.stack_pages(self.placeholder, self.box, top=4)
        self.setFocusProxy(self.box)
        self.stack.setCurrentWidget(self.placeholder)

    def send_selected(self) -> None:
        record = self.box.selected()
        if record is not None and not self.box.refused_away(record):
            self.send_requested.emit(record)

    def takes(self, news: Change, trip_id: str) -> bool:
        if news.trip_id != trip_id:
            return False
        if news.entity is EntityKind.DOCUMENT:
            if news.undo and news.action is Action.CREATE:
                self.box.forget_offer(news.entity_id)
            return True
        if news.entity is EntityKind.ITINERARY_ITEM:  # A title shown beside its documents.
            return news.action is not Action.UPDATE or "title" in news.fields
        return news.entity is EntityKind.TRIP and news.action is not Action.UPDATE

    def forget(self) -> None:
        self.box.set_scope(self.trip_id)
        self.stack.setCurrentWidget(self.placeholder if self.trip_id is None else self.box)

    def show_no_trip(self) -> None:
        self.placeholder.setText(shown(NO_TRIP_TEXT))
        self.stack.setCurrentWidget(self.placeholder)

    async def load(self, trip_id: str) -> None:
        trip = await self.trips.get(trip_id)
        if trip_id != self.trip_id:
            return
        if trip is None:
            self.show_deleted()
        else:
            await self.box.load()
            self.stack.setCurrentWidget(self.box)
        self.refreshed.emit()

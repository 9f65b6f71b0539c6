"""The trip list: pick, create, rename in place, duplicate, delete and reorder trips.

Deleting happens at once with Undo offered (the change log restores a trip whole), since a
confirmation would slow the person down and a modal question cannot run in a coroutine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping

from PySide6.QtCore import QItemSelection, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QListView,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from concierge.store import (
    Action,
    Change,
    EntityKind,
    StoreError,
    TripRecord,
)
from concierge.text import QT_TRANSLATE_NOOP, error_text
from concierge.travel.edits.home import home_values
from concierge.travel.services import TravelServices
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import translate
from concierge.ui.views.actions import (
    action_button,
    make_action,
    make_actions,
    move_actions,
    on_widget,
)
from concierge.ui.views.in_place import commit_open_editor
from concierge.ui.views.person import person
from concierge.ui.views.refresher import Refresher
from concierge.ui.views.undo_bar import UndoBar
from concierge.ui.views.undo_offer import UndoOffer

from .trip_list_delegate import TripItemDelegate
from .trip_list_model import TripListModel

LISTED_FIELDS = frozenset({"title", "start_date", "end_date", "position"})
"""The trip fields the list shows or orders by; other updates need no reload."""
LISTED_STOP_FIELDS = frozenset({"place", "position"})
"""The stop fields the list shows (the route's places in order)."""


class TripListPanel(QWidget):
    """The trips, with New trip (Ctrl+N), Rename (F2), Duplicate, Delete (Delete) and
    Alt+Up / Alt+Down to reorder. Build it inside the running event loop; it loads at once.
    """

    trip_selected = Signal(object)
    """The selected trip's id, or None: emitted whenever the selection changes."""
    refreshed = Signal()
    """The list now shows the store's current trips."""
    task_failed = Signal(str, object)
    """A background task raised unexpectedly: (task name, exception)."""

    def __init__(self, services: TravelServices, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tripListPanel")
        self.setAccessibleName(translate("TripList", "Trips"))
        self.trips = services.trips
        self.stops = services.stops
        self.history = services.history
        self.settings, self.editor = services.settings, services.editor
        self.tasks = BackgroundTasks(self)
        self._renames: set[asyncio.Task[None]] = set()
        self.tasks.failed.connect(self.task_failed)
        self.model = TripListModel(self)
        self.view = QListView(self)
        self.view.setObjectName("tripList")
        self.view.setAccessibleName(translate("TripList", "Trips"))
        self.view.setModel(self.model)
        self.view.setItemDelegate(TripItemDelegate(self.view))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
        )
        self.view.setUniformItemSizes(True)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.undo_bar = UndoBar(self)

        self.new_action = make_action(
            self, translate("TripList", "New trip"), QKeySequence.StandardKey.New, self.new_trip
        )
        self.new_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(self.new_action)
        self.rename_action, self.duplicate_action, self.delete_action = make_actions(
            self,
            (translate("TripList", "Rename"), Qt.Key.Key_F2, self.rename_selected),
            (translate("TripList", "Duplicate"), None, self.duplicate_selected),
            (
                translate("TripList", "Delete"),
                QKeySequence.StandardKey.Delete,
                self.delete_selected,
            ),
        )
        self.move_up_action, self.move_down_action = move_actions(self, self.move_selected)
        on_widget(
            self.view,
            (self.rename_action, self.delete_action, self.move_up_action, self.move_down_action),
        )

        self.new_button = action_button(self, self.new_action)
        self.new_button.setObjectName("newTripButton")
        self.rename_button = action_button(self, self.rename_action)
        self.rename_button.setObjectName("renameTripButton")
        self.duplicate_button = action_button(self, self.duplicate_action)
        self.duplicate_button.setObjectName("duplicateTripButton")
        self.delete_button = action_button(self, self.delete_action)
        self.delete_button.setObjectName("deleteTripButton")
        buttons = QGridLayout()  # two rows keep the list narrow on small screens
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.new_button, 0, 0)
        buttons.addWidget(self.rename_button, 0, 1)
        buttons.addWidget(self.duplicate_button, 1, 0)
        buttons.addWidget(self.delete_button, 1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)  # Below the list: visual order is tab order.
        layout.addWidget(self.undo_bar)
        self.setFocusProxy(self.view)
        QWidget.setTabOrder(self.view, self.new_button)
        QWidget.setTabOrder(self.new_button, self.rename_button)
        QWidget.setTabOrder(self.rename_button, self.duplicate_button)
        QWidget.setTabOrder(self.duplicate_button, self.delete_button)

        self._selected_id: str | None = None
        self._pending_select: str | None = None
        self._edit_pending = False
        self._syncing = False
        self._undo_offer: UndoOffer | None = None
        self.model.rename_requested.connect(self._start_rename)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.undo_bar.undo_requested.connect(self.undo_delete)
        self._refresher = Refresher(self.tasks, self._reload, name="load trips")
        self._unsubscribe: Callable[[], None] | None = services.bus.subscribe(self._on_change)
        self._update_actions()
        self._refresher.request()

    @property
    def selected_trip_id(self) -> str | None:
        return self._selected_id

    def set_trip(self, trip_id: str | None) -> None:
        """Select `trip_id` (once loaded, if the list is still loading); None clears."""
        if trip_id is None:
            self._pending_select = None
            self.view.clearSelection()
            self._set_selected(None)
            return
        if self.model.row_of(trip_id) is None:
            self._pending_select = trip_id
            self._refresher.request()
            return
        self._select(trip_id)

    def new_trip(self) -> None:
        """Create a trip at the end of the list, select it and start editing its title."""
        self.tasks.start(self._create(), name="create trip")

    def rename_selected(self) -> None:
        index = self._selected_index()
        if index.isValid():
            self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self.view.edit(index)

    def duplicate_selected(self) -> None:
        if self._selected_id is not None:
            self.tasks.start(self._duplicate(self._selected_id), name="duplicate trip")

    def delete_selected(self) -> None:
        trip = self._selected_trip()
        if trip is not None:
            self.tasks.start(self._delete(trip), name="delete trip")

    def move_selected(self, step: int) -> None:
        """Move the selected trip `step` rows (−1 up, +1 down) in the list."""
        index = self._selected_index()
        target = index.row() + step
        if index.isValid() and 0 <= target < self.model.rowCount() and self._selected_id:
            self.tasks.start(self._move(self._selected_id, target), name="move trip")

    def undo_delete(self) -> None:
        offer, self._undo_offer = self._undo_offer, None
        if offer is not None:
            self.undo_bar.dismiss()
            self.tasks.start(self._undo(offer), name="undo delete trip")

    async def flush(self) -> None:
        """Hand a rename being typed in place to the store (the editor stays open) and wait
        until the store has answered every rename."""
        commit_open_editor(self.view)
        while self._renames:
            await asyncio.wait(tuple(self._renames))

    async def shutdown(self) -> None:
        """Save a rename being typed, stop following the store and end every task this
        panel started."""
        if not self.tasks.closed:
            await self.flush()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self.tasks.shutdown()

    async def _reload(self) -> None:
        trips = await self.trips.all()
        self._apply(trips, await self.stops.routes())

    def _apply(
        self, trips: list[TripRecord], routes: Mapping[str, tuple[str, ...]] | None = None
    ) -> None:
        previous = self._selected_id
        previous_row = self.model.row_of(previous) if previous is not None else None
        self._syncing = True
        try:
            self.model.sync(trips, routes)
        finally:
            self._syncing = False
        pending = self._pending_select
        if pending is not None and self.model.row_of(pending) is not None:
            self._pending_select = None
            self._select(pending)
            if self._edit_pending:
                self._edit_pending = False
                self.rename_selected()
        elif previous is not None and self.model.row_of(previous) is None:
            count = self.model.rowCount()
            if count:
                neighbour = self.model.trip_at(min(previous_row or 0, count - 1))
                assert neighbour is not None
                self._select(neighbour.id)
            else:
                self._set_selected(None)
        elif previous is not None:
            self._select(previous)
        self._update_actions()
        self.refreshed.emit()

    async def _create(self) -> None:
        title = translate("TripList", "New trip")  # The store's default title, translated.
        values = await home_values(self.settings, self.editor)
        if title != "New trip":
            values["title"] = title
        record = (await self.trips.create(values, context=person())).record
        self._pending_select = record.id
        self._edit_pending = True
        self._refresher.request()

    def _start_rename(self, trip_id: str, title: str) -> None:
        task = self.tasks.start(self._rename(trip_id, title), name="rename trip")
        self._renames.add(task)
        task.add_done_callback(self._renames.discard)

    async def _rename(self, trip_id: str, title: str) -> None:
        try:
            await self.trips.rename(trip_id, title, context=person())
        except StoreError as error:
            self.undo_bar.inform(error_text(error))
            self._refresher.request()

    async def _duplicate(self, trip_id: str) -> None:
        try:
            record = (await self.trips.duplicate(trip_id, context=person())).record
        except StoreError as error:
            self.undo_bar.inform(error_text(error))
            return
        self._pending_select = record.id
        self._refresher.request()

    async def _delete(self, trip: TripRecord) -> None:
        label = QT_TRANSLATE_NOOP("ChangeLabel", "Delete trip “{title}”").format(title=trip.title)
        if (await self.trips.delete(trip.id, context=person(label))).record:
            self._undo_offer = UndoOffer(trip.id, label, (trip.id,))
            self.undo_bar.offer(
                translate("TripList", "Deleted “{title}”.").format(title=trip.title)
            )

    async def _undo(self, offer: UndoOffer) -> None:
        if await self.undo_bar.undo(self.history, offer):
            self._pending_select = offer.trip_id
            self._refresher.request()

    async def _move(self, trip_id: str, position: int) -> None:
        try:
            await self.trips.move(trip_id, position, context=person())
        except StoreError as error:
            self.undo_bar.inform(error_text(error))

    def _on_change(self, change: Change) -> None:
        if change.entity is EntityKind.TRIP_STOP:
            if change.action is not Action.UPDATE or change.fields & LISTED_STOP_FIELDS:
                self._refresher.request()
            return
        if change.entity is not EntityKind.TRIP:
            return
        offer = self._undo_offer
        if offer is not None and change.undo and change.entity_id == offer.trip_id:
            self._undo_offer = None  # Restored by an undo elsewhere (Edit ▸ Undo).
            self.undo_bar.dismiss()
        if change.action is not Action.UPDATE or change.fields & LISTED_FIELDS:
            self._refresher.request()  # Notes, budget, travellers …: not shown in the list.

    def _select(self, trip_id: str) -> None:
        index = self.model.index_of(trip_id)
        if not index.isValid():
            return
        selection = self.view.selectionModel()
        if not selection.isSelected(index) or selection.currentIndex() != index:
            selection.setCurrentIndex(
                index, selection.SelectionFlag.ClearAndSelect | selection.SelectionFlag.Current
            )
        self.view.scrollTo(index)
        self._set_selected(trip_id)

    def _selection_changed(self, *_: QItemSelection) -> None:
        if self._syncing:
            return
        trip = self._selected_trip_in_view()
        self._set_selected(None if trip is None else trip.id)

    def _set_selected(self, trip_id: str | None) -> None:
        changed = trip_id != self._selected_id
        self._selected_id = trip_id
        self._update_actions()
        if changed:
            self.trip_selected.emit(trip_id)

    def _selected_trip_in_view(self) -> TripRecord | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.trip_at(rows[0].row()) if rows else None

    def _selected_trip(self) -> TripRecord | None:
        index = self._selected_index()
        return self.model.trip_at(index.row()) if index.isValid() else None

    def _selected_index(self) -> QModelIndex:
        if self._selected_id is None:
            return QModelIndex()
        return self.model.index_of(self._selected_id)

    def _update_actions(self) -> None:
        index = self._selected_index()
        has = index.isValid()
        for action in (self.rename_action, self.duplicate_action, self.delete_action):
            action.setEnabled(has)
        self.move_up_action.setEnabled(has and index.row() > 0)
        self.move_down_action.setEnabled(has and index.row() < self.model.rowCount() - 1)

    def _context_menu(self, position: QPoint) -> None:
        menu = QMenu(self)
        for action in (
            self.new_action,
            self.rename_action,
            self.duplicate_action,
            self.delete_action,
            self.move_up_action,
            self.move_down_action,
        ):
            menu.addAction(action)
        menu.popup(self.view.viewport().mapToGlobal(position))
        menu.aboutToHide.connect(menu.deleteLater)

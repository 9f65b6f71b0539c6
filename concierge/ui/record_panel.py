"""What the goals and pinned panels share: an ordered list of a trip's records, added,
renamed in place, removed with Undo offered and reordered from the keyboard, following the
store live. `flush` saves a rename being typed; the add line is a draft until Enter.
"""

from __future__ import annotations

from collections.abc import Coroutine, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTreeView,
    QWidget,
)

from concierge.store import (
    Action,
    Change,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    EntityKind,
    StoreError,
    TripRepository,
)
from concierge.ui.i18n import translate
from concierge.ui.record_table import R, RecordTableModel, unseen_reason
from concierge.ui.views.actions import (
    action_button,
    make_action,
    make_actions,
    move_actions,
    move_buttons,
    on_widget,
)
from concierge.ui.views.in_place import commit_open_editor
from concierge.ui.views.layouts import note_label, tab_order, vbox
from concierge.ui.views.person import person
from concierge.ui.views.trip_view import TripView
from concierge.ui.views.undo_bar import UndoBar
from concierge.ui.views.undo_offer import UndoOffer
from concierge.ui.wrapped_label import wrapped_label

OTHER_COLUMNS_SHARE = 0.5
"""The columns after the first always get this share of the list's width when they need it,
and the rest when the first column's text does not: on a narrow window the text the person
typed keeps room (what is cut is elided, and in full in the tooltip)."""


class RecordListPanel(TripView[Change], Generic[R]):
    """The records of one trip (`set_trip`)."""

    entity: EntityKind
    marked_fields: Mapping[str, str] = MappingProxyType({})
    """What an assistant change to a record's fields is called in its tooltip."""

    def __init__(
        self,
        model: RecordTableModel[R],
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
        *,
        name: str,
        new_label: str,
        placeholder: str,
        no_trip_text: str,
        empty_text: str,
        rename_text: str = "",
    ) -> None:
        super().__init__(bus, parent, name=name.lower(), accessible_name=name)
        self.trips = trips
        self.history = history
        self.model = model
        model.setParent(self)
        self._no_trip_text = no_trip_text

        self.view = QTreeView(self)
        self.view.setAccessibleName(name)
        self.view.setModel(model)
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setAllColumnsShowFocus(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
        )
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.viewport().installEventFilter(self)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for section in range(1, model.columnCount()):
            header.setSectionResizeMode(section, QHeaderView.ResizeMode.Interactive)

        self.new_label = QLabel(new_label, self)
        self.new_edit = QLineEdit(self)
        self.new_edit.setAccessibleName(new_label)
        self.new_edit.setPlaceholderText(placeholder)
        self.new_label.setBuddy(self.new_edit)
        self.add_action = make_action(
            self, translate("RecordListPanel", "Add"), None, self.add_from_line
        )
        self.add_button = action_button(self, self.add_action)
        self.rename_action, self.remove_action = make_actions(
            self,
            (
                rename_text or translate("RecordListPanel", "Rename"),
                Qt.Key.Key_F2,
                self.rename_selected,
            ),
            (
                translate("RecordListPanel", "Remove"),
                QKeySequence.StandardKey.Delete,
                self.remove_selected,
            ),
        )
        self.move_up_action, self.move_down_action = move_actions(self, self.move_selected)
        on_widget(self.view, self.view_actions())
        self.rename_button = action_button(self, self.rename_action)
        self.remove_button = action_button(self, self.remove_action)
        self.move_up_button, self.move_down_button = move_buttons(
            self, self.move_up_action, self.move_down_action
        )
        self.empty_label = wrapped_label(self, empty_text)
        self.empty_label.setContentsMargins(4, 2, 4, 2)
        self.undo_bar = UndoBar(self)
        self.placeholder = note_label(no_trip_text, self)

        self.add_row = QHBoxLayout()
        self.add_row.setContentsMargins(0, 0, 0, 0)
        self.add_row.addWidget(self.new_label)
        self.add_row.addWidget(self.new_edit, 1)
        self.add_row.addWidget(self.add_button)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in self.buttons():
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.button_row = buttons
        """The buttons under the list; a panel may add its own before the stretch."""
        self.body = vbox(  # Visual order is tab order.
            self,
            self.add_row,
            self.view,
            self.empty_label,
            buttons,
            self.undo_bar,
            grow=self.view,
            top=4,
        )
        self.stack = self.stack_pages(self.placeholder, self.body)

        self._loaded = False
        self._focus_when_loaded = False
        self._selected: str | None = None
        self._pending_select: str | None = None
        self._undo_offer: UndoOffer | None = None
        self.new_edit.returnPressed.connect(self.add_from_line)
        self.model.edit_requested.connect(
            lambda record_id, text: self._start(self._rename(record_id, text), "rename")
        )
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.view.selectionModel().currentRowChanged.connect(self._selection_changed)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.undo_bar.undo_requested.connect(self.undo_remove)
        self.stack.setCurrentWidget(self.placeholder)
        self._update_actions()

    def chain(self, extra: Sequence[QWidget] = (), after: Sequence[QWidget] = ()) -> None:
        """Set the tab order: the add line (with `extra` after the text), the list, the
        buttons (with `after` last), the undo bar."""
        widgets = [
            self.new_edit,
            *extra,
            self.add_button,
            self.view,
            *self.buttons(),
            *after,
            self.undo_bar.undo_button,
            self.undo_bar.dismiss_button,
        ]
        tab_order(widgets)

    def buttons(self) -> list[QWidget]:
        return [self.rename_button, self.remove_button, self.move_up_button, self.move_down_button]

    def view_actions(self) -> list[QAction]:
        return [self.rename_action, self.remove_action, self.move_up_action, self.move_down_action]

    async def read_records(self, trip_id: str) -> list[R]:
        """The records the list shows for the trip, in order."""
        raise NotImplementedError

    async def add_record(self, trip_id: str, text: str) -> R:
        raise NotImplementedError

    async def rename_record(self, record_id: str, text: str) -> None:
        raise NotImplementedError

    async def remove_record(self, record: R, context: ChangeContext) -> bool:
        raise NotImplementedError

    async def move_record(self, record: R, position: int) -> None:
        raise NotImplementedError

    def watches(self, change: Change, trip_id: str) -> bool:
        """Whether a change of this panel's kind concerns the trip's list."""
        return change.trip_id == trip_id

    def siblings(self, record: R) -> list[R]:
        """The records `record` is ordered among (its position counts from the first)."""
        return list(self.model.records)

    def removal(self, record: R) -> tuple[str, str]:
        """(undo label, message) for removing `record`."""
        raise NotImplementedError

    def undo_trip(self, record: R) -> str | None:
        """The trip the removal's undo step belongs to (None: no trip)."""
        return self._trip_id

    @property
    def loaded(self) -> bool:
        """The list shows the current trip's records."""
        return self._loaded

    def selected(self) -> R | None:
        """The selected record, else the current one (where Tab put the focus)."""
        rows = self.view.selectionModel().selectedRows()
        index = rows[0] if rows else self.view.currentIndex()
        return self.model.record_at(index.row()) if index.isValid() else None

    def select(self, record_id: str) -> None:
        index = self.model.index_of(record_id)
        if index.isValid():
            selection = self.view.selectionModel()
            selection.setCurrentIndex(
                index, selection.SelectionFlag.ClearAndSelect | selection.SelectionFlag.Rows
            )
            self.view.scrollTo(index)
        else:
            self._pending_select = record_id

    def take_focus(self) -> None:
        """Focus the list, or the add line when there is nothing in it; a trip still loading
        (a tab built as it is first shown) once it has loaded."""
        if not self._loaded and self.trip_id is not None:
            self._focus_when_loaded = True
            return
        target = self.view if self.model.rowCount() else self.new_edit
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def forget(self) -> None:
        self._loaded = False
        self._pending_select = None
        self._undo_offer = None
        self.undo_bar.dismiss()
        self.model.sync([])
        self.placeholder.setText(self._no_trip_text)
        self.empty_label.hide()  # Until the trip's records are read.
        self.stack.setCurrentWidget(self.placeholder if self.trip_id is None else self.body)
        self._update_actions()

    def add_from_line(self) -> None:
        """Add what the add line holds; it is emptied once the store has it."""
        if self._trip_id is not None:
            self._start(self._add(self._trip_id, self.new_edit.text()), "add")

    def rename_selected(self) -> None:
        index = self.view.currentIndex()
        if self.selected() is not None and index.isValid():
            self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self.view.edit(index.siblingAtColumn(0))

    def remove_selected(self) -> None:
        record = self.selected()
        if record is not None:
            self._start(self._remove(record), "remove")

    def move_selected(self, step: int) -> None:
        """Move the selected record `step` places (−1 up, +1 down) among its siblings."""
        record = self.selected()
        if record is None:
            return
        ids = [sibling.id for sibling in self.siblings(record)]
        target = ids.index(record.id) + step
        if 0 <= target < len(ids):
            self._start(self._reorder(record, target), "move")

    def undo_remove(self) -> None:
        offer, self._undo_offer = self._undo_offer, None
        if offer is not None:
            self.undo_bar.dismiss()
            self._start(self._undo(offer), "undo remove")

    async def flush(self) -> None:
        """Hand a rename being typed in place to the store (the editor stays open) and wait
        until the store has answered every edit started here."""
        commit_open_editor(self.view)
        await self.settle_writes()

    def leave_trip(self) -> None:
        commit_open_editor(self.view)

    async def before_shutdown(self) -> None:
        await self.flush()

    def _start(self, coro: Coroutine[Any, Any, None], what: str) -> None:
        if self.tasks.closed:
            coro.close()
            return
        task = self.tasks.start(coro, name=f"{what} {self.accessibleName().lower()}")
        self.track_write(task)

    def takes(self, news: Change, trip_id: str) -> bool:
        gone = news.entity is EntityKind.TRIP and news.entity_id == trip_id
        if not gone and (news.entity is not self.entity or not self.watches(news, trip_id)):
            return False
        offer = self._undo_offer
        if offer is not None and news.undo and news.entity_id in offer.entity_ids:
            self._undo_offer = None  # Restored by an undo elsewhere (Edit ▸ Undo).
            self.undo_bar.dismiss()
        return not (gone and news.action is Action.UPDATE)

    async def load(self, trip_id: str) -> None:
        trip = await self.trips.get(trip_id)
        records = await self.read_records(trip_id) if trip is not None else []
        unseen = await self.history.unseen_assistant_changes(trip_id) if trip else {}
        if trip_id != self._trip_id:
            return
        if trip is None:
            self._loaded = False
            self.model.sync([])
            self.show_deleted()
            self._update_actions()
            self.refreshed.emit()
            return
        reasons = {
            entity_id: reason
            for (entity, entity_id), fields in unseen.items()
            if entity is self.entity
            and (reason := unseen_reason(fields, self.marked_fields)) is not None
        }
        selected = self._selected
        self.model.sync(records, reasons)
        self._fit_columns()
        self._loaded = True
        self.stack.setCurrentWidget(self.body)
        self.empty_label.setVisible(not records)
        wanted = self._pending_select or selected
        if wanted is not None and self.model.row_of(wanted) is not None:
            self._pending_select = None
            current = self.selected()
            if current is None or current.id != wanted:
                self.select(wanted)
        self._update_actions()
        if self._focus_when_loaded:
            self._focus_when_loaded = False
            self.take_focus()
        self.refreshed.emit()

    async def _add(self, trip_id: str, text: str) -> None:
        try:
            record = await self.add_record(trip_id, text)
        except StoreError as error:
            self.undo_bar.inform(str(error))
            return
        self.undo_bar.dismiss()
        if self.new_edit.text() == text:
            self.new_edit.clear()
        self._pending_select = record.id
        self.reload()

    async def _rename(self, record_id: str, text: str) -> None:
        try:
            await self.rename_record(record_id, text)
        except StoreError as error:
            self.undo_bar.inform(str(error))
            self.reload()

    async def _remove(self, record: R) -> None:
        trip_id = self._trip_id
        if trip_id is None:
            return
        label, text = self.removal(record)
        try:
            removed = await self.remove_record(record, person(label))
        except StoreError as error:
            self.undo_bar.inform(str(error))
            return
        if removed:
            self._undo_offer = UndoOffer(self.undo_trip(record), label, (record.id,))
            self.undo_bar.offer(text)

    async def _undo(self, offer: UndoOffer) -> None:
        if await self.undo_bar.undo(self.history, offer):
            self._pending_select = offer.entity_ids[0]
            self.reload()

    async def _reorder(self, record: R, position: int) -> None:
        try:
            await self.move_record(record, position)
        except StoreError as error:
            self.undo_bar.inform(str(error))

    async def _mark_seen(self, trip_id: str, record_id: str) -> None:
        await self.history.mark_seen(trip_id, self.entity, record_id)

    def _selection_changed(self, *_: object) -> None:
        record = self.selected()
        self._selected = record.id if record is not None else None
        if record is not None and self.model.is_unseen(record.id) and self._trip_id:
            self.model.mark_seen(record.id)
            self._start(self._mark_seen(self._trip_id, record.id), "mark seen")
        self._update_actions()

    def _update_actions(self) -> None:
        record = self.selected()
        has_trip = self._trip_id is not None and self.stack.currentWidget() is self.body
        self.add_action.setEnabled(has_trip)
        self.new_edit.setEnabled(has_trip)
        self.rename_action.setEnabled(record is not None)
        self.remove_action.setEnabled(record is not None)
        ids = [sibling.id for sibling in self.siblings(record)] if record is not None else []
        position = ids.index(record.id) if record is not None else -1
        self.move_up_action.setEnabled(position > 0)
        self.move_down_action.setEnabled(0 <= position < len(ids) - 1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()  # Also when a hidden tab is first laid out.
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """Give the columns after the first their contents' width within what the first
        leaves (at least their share), shrinking the widest first."""
        header = self.view.header()
        wanted = {
            column: max(self.view.sizeHintForColumn(column), header.sectionSizeHint(column))
            for column in range(1, self.model.columnCount())
        }
        width = self.view.viewport().width()
        first = self.view.sizeHintForColumn(0)
        room = max(int(width * OTHER_COLUMNS_SHARE), width - first)
        if width <= 0:
            return  # Not laid out yet.
        while sum(wanted.values()) > room:
            widest = max(wanted, key=lambda column: wanted[column])
            excess = sum(wanted.values()) - room
            others = max((w for c, w in wanted.items() if c != widest), default=0)
            wanted[widest] -= max(1, min(excess, wanted[widest] - others))
        for column, width in wanted.items():
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def _context_menu(self, position: QPoint) -> None:
        menu = QMenu(self)
        self.fill_menu(menu)
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.view.viewport().mapToGlobal(position))

    def fill_menu(self, menu: QMenu) -> None:
        for action in self.view_actions():
            menu.addAction(action)

"""The itinerary of the selected trip: items grouped by day, beside the current day as a
timeline, the selection shared between the two and kept by id across refreshes. Selecting
tells `SelectionState`, so the assistant knows what "these" means.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Sequence
from datetime import date, timedelta

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QToolButton,
    QTreeView,
    QWidget,
)

from concierge.store import (
    Action,
    Change,
    DocumentRepository,
    EntityKind,
    InvalidChangeError,
    ItineraryItemRecord,
    LockKind,
    LockRecord,
    StoreError,
    TripRecord,
)
from concierge.text import QT_TRANSLATE_NOOP, error_text
from concierge.travel.checks import Severity
from concierge.travel.itinerary.day_layout import timeline_entries
from concierge.travel.itinerary.item_zones import TripZones
from concierge.travel.services import TravelServices
from concierge.ui.colours import follow_palette
from concierge.ui.column_shares import ColumnShares
from concierge.ui.documents import item_documents
from concierge.ui.i18n import shown, translate
from concierge.ui.problems.icons import SeverityIcons
from concierge.ui.problems.marks import NO_MARKS, ProblemMarks
from concierge.ui.scroll_bars import use_steady_scroll_bars
from concierge.ui.views.actions import key_text
from concierge.ui.views.layouts import note_label, tab_order, vbox
from concierge.ui.views.locks import (
    FieldLockMenu,
    LockKey,
    lock_action,
    lock_icon,
    show_field_locked,
)
from concierge.ui.views.person import person
from concierge.ui.views.trip_view import TripView
from concierge.ui.views.undo_bar import UndoBar
from concierge.ui.views.undo_offer import UndoOffer
from concierge.ui.wrapped_label import wrapped_label

from .day_timeline import DayTimeline
from .item_editor import ItemEditor
from .itinerary_days import DayGroup, group_by_day
from .itinerary_model import ItineraryModel
from .itinerary_toolbar import ItineraryToolbar

RELOAD_GAP_MS = 250
"""While changes keep coming, reloads (a few milliseconds on the GUI thread) start at least
this far apart; the person's own edits here reload at once."""
TRIP_FIELDS_SHOWN = frozenset({"start_date", "end_date"})
"""The trip's fields the itinerary depends on (its days and their headings); a change to
any other field of the trip leaves the itinerary as it is."""
STOP_FIELDS_SHOWN = frozenset({"timezone", "arrive", "depart", "position"})

TIMELINE_KEYS = "Ctrl+T"
"""Shows or hides the day timeline (the list then takes the whole width)."""
NO_TRIP_TEXT = QT_TRANSLATE_NOOP("ItineraryView", "Select a trip to see its itinerary.")
EMPTY_TEXT = QT_TRANSLATE_NOOP(
    "ItineraryView", "Nothing planned yet. Add the first item with Add item."
)
"""English `str`s, shown translated."""
_TIME_WIDTHS_KEPT = 16
TIME_SHARE = 0.34
"""The most of the list's width the time column takes."""
_REMEASURE_ON = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange})


class ItineraryView(TripView[Change]):
    """The itinerary of one trip (`set_trip`)."""

    items_selected = Signal(object)
    """The ids of the selected items (a tuple, possibly empty), in itinerary order."""

    view_name = "itinerary"
    object_name = "itineraryView"
    accessible_name = QT_TRANSLATE_NOOP("ItineraryView", "Itinerary")

    def __init__(self, services: TravelServices, parent: QWidget | None = None) -> None:
        super().__init__(services.bus, parent)
        self.itinerary = services.itinerary
        self.trips = services.trips
        self.stops = services.stops
        self.locks = services.locks
        self._lock_list: list[LockRecord] = []
        self._zones = TripZones()
        """The shown trip's zones, from its stops; kept, they keep what they read."""
        self.history = services.history
        self.selection = services.selection
        self.model = ItineraryModel(self)
        self.tree = QTreeView(self)
        use_steady_scroll_bars(self.tree)
        self.tree.setObjectName("itineraryTree")
        self.tree.setAccessibleName(translate("ItineraryView", "Itinerary"))
        self.tree.setModel(self.model)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setIndentation(self.tree.indentation() // 2)  # Days are the only level.
        header = self.tree.header()
        header.setStretchLastSection(False)
        # Sized to its times by `_fit_times`, only when they change: ResizeToContents measures
        # every row again on each layout, a few milliseconds per itinerary refresh.
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        self._time_texts: frozenset[str] | None = None
        self._time_widths: dict[frozenset[str], int] = {}
        """Measured widths by the times shown: a write that adds an item and one that removes
        it again (an assistant or lookup editing in a loop) switch between known widths."""
        self._time_width = 0
        header.installEventFilter(self)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.column_shares = ColumnShares(header, {2: 0.18, 3: 0.18})  # Place, Notes
        self.empty_label = wrapped_label(self, shown(EMPTY_TEXT))
        self.placeholder = note_label(shown(NO_TRIP_TEXT), self)
        self.undo_bar = UndoBar(self)
        self.toolbar = ItineraryToolbar(self, self.tree, self)
        self.timeline = DayTimeline(self)
        """The selected day beside the list; its selection and the list's follow each other."""
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("itinerarySplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.timeline)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.timeline_action = QAction(translate("ItineraryView", "Timeline"), self)
        self.timeline_action.setCheckable(True)
        self.timeline_action.setChecked(True)
        self.timeline_action.setShortcut(QKeySequence(TIMELINE_KEYS))
        self.timeline_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.timeline_action.setToolTip(
            translate("ItineraryView", "Show the day timeline beside the list ({keys})").format(
                keys=key_text(TIMELINE_KEYS)
            )
        )
        self.timeline_action.toggled.connect(self._show_timeline)
        self.addAction(self.timeline_action)
        self.lock_action = lock_action(self, self.toggle_lock)
        self._lock_key = LockKey(self.lock_action, [self.tree, self.timeline])
        self.model.lock_icon = lock_icon(self.tree)
        self.timeline_button = QToolButton(self)
        self.timeline_button.setDefaultAction(self.timeline_action)
        self.timeline_button.setAccessibleName(translate("ItineraryView", "Timeline"))
        actions = QHBoxLayout()
        actions.addWidget(self.toolbar, 1)  # Below the tree: visual order is tab order.
        actions.addWidget(self.timeline_button)
        self.body = vbox(
            self, self.splitter, self.empty_label, actions, self.undo_bar, grow=self.splitter
        )
        self.stack = self.stack_pages(self.placeholder, self.body)
        self.setFocusProxy(self.tree)
        chain = [self.tree, self.timeline, *self.toolbar.buttons(), self.timeline_button]
        tab_order(chain)

        self._trip: TripRecord | None = None
        self._unverified: dict[str, tuple[str, ...]] = {}
        """The trip's items' facts the assistant set that nobody confirmed, by item id."""
        self._selected: tuple[str, ...] = ()
        self._restoring = False
        self._pending_select: tuple[str, ...] | None = None
        self._undo_offer: UndoOffer | None = None
        self.editor: ItemEditor | None = None
        self._timeline_date: date | None = None
        self._focus_after_editor: QWidget = self.tree
        """Where the keyboard goes back to when the item dialog closes."""
        self.documents: DocumentRepository | None = None
        """Given, the item dialog has a Documents row for an item that exists."""
        self.tree.selectionModel().selectionChanged.connect(self._selection_changed)
        self.tree.doubleClicked.connect(self._double_clicked)
        self.timeline.item_selected.connect(self._select_from_timeline)
        self.timeline.item_activated.connect(self._open_item)
        self.timeline.day_requested.connect(self._step_timeline_day)
        self.timeline.addAction(self.toolbar.remove_action)  # Delete works there too.
        self.undo_bar.undo_requested.connect(self.undo_remove)
        self._loaded_at = -math.inf
        self._marks: ProblemMarks = NO_MARKS
        self._icons = SeverityIcons()
        self.stack.setCurrentWidget(self.placeholder)
        self._update_actions()
        follow_palette(self, self._apply_marks)  # The icons follow a switch to dark.

    @property
    def selected_item_ids(self) -> tuple[str, ...]:
        return self._selected

    def forget(self) -> None:
        self._trip = None
        self._pending_select = None
        self._undo_offer = None
        self.undo_bar.dismiss()
        self._close_editor()
        self._clear_days()
        self._timeline_date = None
        self._show_timeline_day()

    def show_no_trip(self) -> None:
        self.stack.setCurrentWidget(self.placeholder)
        self._update_actions()

    def select_items(self, item_ids: Sequence[str]) -> None:
        """Select these items (those present), e.g. ones the assistant points at."""
        self._restore_selection(tuple(item_ids), None)
        self._selection_changed()

    def show_problems(self, marks: ProblemMarks) -> None:
        """Mark the rows, day headings and timeline blocks these problems are about."""
        if marks != self._marks:
            self._marks = marks
            self.model.set_marks(marks)
            self.timeline.set_marks(marks.items)

    def _apply_marks(self) -> None:
        """The palette changed: draw the marks' icons again."""
        self.model.set_marks(self._marks, self._icon)
        self.timeline.set_marks(self._marks.items)

    def _icon(self, severity: Severity) -> QIcon:
        return self._icons.of(severity, self.palette())

    def select_day(self, day: date) -> bool:
        """Make this day's heading the current row; False when the itinerary has no such day."""
        index = self.model.index_of_day(day)
        if not index.isValid():
            return False
        flags = QItemSelectionModel.SelectionFlag
        self.tree.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)
        self.tree.scrollTo(index)
        return True

    def add_item(self) -> None:
        """Open the item dialog for a new item on the selected day (or the first day)."""
        if self._trip_id is None:
            return
        trip = self._trip
        day = self._default_day()
        self._open_editor(
            ItemEditor(
                self,
                day=day,
                timezone=self._zone_on(day),
                currency=trip.budget_currency if trip is not None else "EUR",
            )
        )

    def _zone_on(self, day: date | None) -> str | None:
        """A new item's time zone: its day's (`TripZones.on`)."""
        return self._zones.on(day)

    def edit_selected(self) -> None:
        item = self._current_item()
        if item is not None:
            self._open_editor(ItemEditor(self, day=item.day, item=item))

    def remove_selected(self) -> None:
        items = self._selected_items()
        if self._trip_id is not None and items:
            self.tasks.start(self._remove(self._trip_id, items), name="remove items")

    def move_selected(self, step: int) -> None:
        """Move the current item `step` places within its day (−1 earlier, +1 later)."""
        item = self._current_item()
        if item is None:
            return
        count = len(next(g.own_items() for g in self.model.days if g.day == item.day))
        target = item.position + step
        if 0 <= target < count:
            self._start_move(item, item.day, target)

    def move_selected_to_adjacent_day(self, step: int) -> None:
        """Move the current item to the end of the day before (−1) or the start of the next."""
        item = self._current_item()
        if item is None:
            return
        days = [group.day for group in self.model.days]
        index = days.index(item.day) + step
        day = days[index] if 0 <= index < len(days) else item.day + timedelta(days=step)
        self._start_move(item, day, None if step < 0 else 0)

    def move_selected_to_day(self, day: date) -> None:
        item = self._current_item()
        if item is not None and day != item.day:
            self._start_move(item, day, None)

    def days(self) -> tuple[DayGroup, ...]:
        return self.model.days

    def confirm_selected(self) -> None:
        """Confirm the facts the assistant set on the selected items, in one undo step."""
        ids = [item.id for item in self._selected_items() if self.model.is_unverified(item.id)]
        if ids:
            self.tasks.start(self._confirm(ids), name="confirm item details")

    async def _confirm(self, item_ids: Sequence[str], editor: ItemEditor | None = None) -> None:
        try:
            await self.itinerary.confirm(item_ids, context=person())
        except StoreError as error:
            if editor is not None:
                editor.show_error("", error_text(error))
            else:
                self.undo_bar.inform(error_text(error))
            return
        if editor is not None and self.editor is editor:
            editor.mark_unverified(())
        self.reload_now()

    def current_day(self) -> date | None:
        item = self._current_item()
        return None if item is None else item.day

    def toggle_lock(self) -> None:
        """Lock the current item (on a day's heading: the day), or unlock it."""
        trip_id = self._trip_id
        index = self.tree.currentIndex()
        item = self.model.item_at(index)
        day = self.model.day_at(index)
        if trip_id is None or day is None:
            return
        if item is not None:
            work = self.locks.toggle(LockKind.ITEM, item.id, context=person())
        else:
            work = self.locks.toggle(
                LockKind.DAY, day.isoformat(), trip_id=trip_id, context=person()
            )
        self.tasks.start(self._write(work), name="lock")

    async def _write(self, work: Awaitable[object]) -> None:
        """Wait for the person's write, then show it (or, refused, say why)."""
        try:
            await work
        except StoreError as error:
            self.undo_bar.inform(error_text(error))
            return
        self.reload_now()

    def undo_remove(self) -> None:
        offer, self._undo_offer = self._undo_offer, None
        if offer is not None:
            self.undo_bar.dismiss()
            self.tasks.start(self._undo(offer), name="undo remove items")

    async def before_shutdown(self) -> None:
        self._close_editor()

    def takes(self, news: Change, trip_id: str) -> bool:
        if news.trip_id != trip_id:
            return False
        offer = self._undo_offer
        if offer is not None and news.undo and news.entity_id in offer.entity_ids:
            self._undo_offer = None  # Restored by an undo elsewhere.
            self.undo_bar.dismiss()
        return _shown_here(news)

    def delay_ms(self) -> int:
        since = (time.monotonic() - self._loaded_at) * 1000
        return max(self.coalesce_ms, round(RELOAD_GAP_MS - since))

    async def load(self, trip_id: str) -> None:
        self._loaded_at = time.monotonic()
        trip = await self.trips.get(trip_id)
        items = await self.itinerary.items(trip_id) if trip is not None else []
        stops = await self.stops.stops(trip_id) if trip is not None else []
        locks = await self.locks.locks(trip_id) if trip is not None else []
        unseen = await self.history.unseen_assistant_changes(trip_id) if trip else {}
        unverified = await self.itinerary.unverified(trip_id) if trip else {}
        if trip_id != self._trip_id:
            return
        if trip is None:
            self._show_deleted()
            return
        self._trip = trip
        if (zones := TripZones.of(stops)) != self._zones:
            self._zones = zones
        self._lock_list = locks
        self._unverified = unverified
        unseen_items = {
            entity_id: fields
            for (entity, entity_id), fields in unseen.items()
            if entity is EntityKind.ITINERARY_ITEM
        }
        pending = self._pending_select
        self._pending_select = None
        wanted = pending if pending is not None else self._selected
        current = self.model.item_at(self.tree.currentIndex())
        scroll = self.tree.verticalScrollBar().value()
        self._restoring = True
        try:
            zones = self._zones
            days = group_by_day(trip, items, zones)
            if self.model.set_days(
                days,
                unseen_items,
                zones=zones,
                unverified=unverified,
                locked_items=frozenset(lock.target for lock in locks if lock.kind is LockKind.ITEM),
                locked_days=frozenset(lock.day for lock in locks if lock.day is not None),
            ):
                # The days changed: a reset, so expansion, spans, selection and scrolling
                # are set up again. Otherwise the rows changed in place and all survive.
                self.tree.expandAll()
                for row in range(self.model.rowCount()):
                    self.tree.setFirstColumnSpanned(row, self.model.index(-1, 0), True)
                self._restore_selection(wanted, current.id if current else None)
                self.tree.verticalScrollBar().setValue(scroll)
            elif pending is not None or self._selected_ids() != set(wanted):
                # New items to select, or selected ones that moved to another day.
                self._restore_selection(wanted, current.id if current else None)
        finally:
            self._restoring = False
        self._fit_times()
        self.placeholder.setText(shown(NO_TRIP_TEXT))
        self.stack.setCurrentWidget(self.body)
        self.empty_label.setVisible(not items)
        self._selection_changed()
        self.refreshed.emit()

    def _fit_times(self) -> None:
        """Fit the time column to the times shown, when they differ from last time."""
        texts = self.model.time_texts()
        if texts == self._time_texts:
            return
        self._time_texts = texts
        width = self._time_widths.get(texts)
        if width is None:
            width = max(self.tree.sizeHintForColumn(0), self.tree.header().sectionSizeHint(0))
            if len(self._time_widths) >= _TIME_WIDTHS_KEPT:
                self._time_widths.clear()
            self._time_widths[texts] = width
        self._time_width = width
        self._cap_times()

    def _cap_times(self) -> None:
        """The time column at its measured width, but never more than a share of the list, so
        a narrow list keeps room for the titles (a cut time reads in full in its tooltip)."""
        cap = max(self.tree.header().minimumSectionSize(), round(self.tree.width() * TIME_SHARE))
        width = min(self._time_width, cap)
        if width != self.tree.columnWidth(0):
            self.tree.header().resizeSection(0, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.header() and event.type() == QEvent.Type.Resize:
            self._cap_times()
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _REMEASURE_ON:  # Text widths change: measure the times again.
            self._time_widths.clear()
            self._time_texts = None
            if self.model.rowCount():
                self._fit_times()
        super().changeEvent(event)

    def _show_deleted(self) -> None:
        self._trip = None
        self.show_deleted()
        self._clear_days()
        self._update_actions()
        self._show_timeline_day()
        self.refreshed.emit()

    async def _save_item(self, editor: ItemEditor, values: dict[str, object]) -> None:
        trip_id = self._trip_id
        if trip_id is None:
            return
        item = editor.item
        try:
            if item is None:
                added = (await self.itinerary.add(trip_id, values, context=person())).record
                self._pending_select = (added.id,)
            else:
                changes = {k: v for k, v in values.items() if getattr(item, k) != v}
                if changes:
                    await self.itinerary.update(item.id, changes, context=person())
                self._pending_select = (item.id,)
        except InvalidChangeError as error:
            editor.show_error(error.field, error_text(error))
            return
        except StoreError as error:
            editor.show_error("", error_text(error))
            return
        editor.accept()
        self.reload_now()

    async def _remove(self, trip_id: str, items: Sequence[ItineraryItemRecord]) -> None:
        if len(items) == 1:
            label = QT_TRANSLATE_NOOP("ChangeLabel", "Remove “{title}” from the itinerary").format(
                title=items[0].title
            )
            text = translate("ItineraryView", "Removed “{title}”.").format(title=items[0].title)
        else:
            label = QT_TRANSLATE_NOOP(
                "ChangeLabel", "Remove {count} items from the itinerary"
            ).format(count=len(items))
            text = translate("ItineraryView", "Removed {count} items.").format(count=len(items))
        context = person(label)
        try:
            for item in items:
                await self.itinerary.remove(item.id, context=context)
        except StoreError as error:
            self.undo_bar.inform(error_text(error))
            return
        self._undo_offer = UndoOffer(trip_id, label, tuple(item.id for item in items))
        self.undo_bar.offer(text)
        self.reload_now()

    async def _undo(self, offer: UndoOffer) -> None:
        if await self.undo_bar.undo(self.history, offer) and offer.trip_id == self._trip_id:
            self._pending_select = offer.entity_ids
            self.reload_now()

    def _start_move(self, item: ItineraryItemRecord, day: date, position: int | None) -> None:
        work = self.itinerary.move(item.id, day=day, position=position, context=person())
        self.tasks.start(self._write(work), name="move item")

    async def _mark_seen(self, trip_id: str, item_ids: Sequence[str]) -> None:
        for item_id in item_ids:
            await self.history.mark_seen(trip_id, EntityKind.ITINERARY_ITEM, item_id)

    def _restore_selection(self, item_ids: tuple[str, ...], current: str | None) -> None:
        selection = self.tree.selectionModel()
        flags = QItemSelectionModel.SelectionFlag
        selection.clearSelection()
        chosen = QItemSelection()
        for item_id in item_ids:
            index = self.model.index_of_item(item_id)
            if index.isValid():
                chosen.select(index, index.siblingAtColumn(self.model.columnCount() - 1))
        selection.select(chosen, flags.Select)
        focus_id = current if current in item_ids else (item_ids[0] if item_ids else current)
        if focus_id is not None:
            index = self.model.index_of_item(focus_id)
            if index.isValid():
                selection.setCurrentIndex(index, flags.NoUpdate)
                self.tree.scrollTo(index)

    def _selection_changed(self, *_: object) -> None:
        if self._restoring:
            return
        items = self._selected_items()
        before = set(self._selected)
        self._set_selected(tuple(item.id for item in items))
        # Only a new selection counts as looking: an item that stays selected while the
        # assistant changes it keeps its mark.
        self._look_at([item.id for item in items if item.id not in before])
        self._update_actions()
        self._show_timeline_day()

    def _look_at(self, item_ids: Sequence[str]) -> None:
        """The person selected or opened these items: clear the assistant's marks."""
        unseen = [item_id for item_id in item_ids if self.model.is_unseen(item_id)]
        if unseen and self._trip_id is not None:
            for item_id in unseen:
                self.model.mark_seen(item_id)
            self.tasks.start(self._mark_seen(self._trip_id, unseen), name="mark items seen")

    def _set_selected(self, item_ids: tuple[str, ...]) -> None:
        if item_ids == self._selected:
            return
        self._selected = item_ids
        self.selection.select_items(item_ids)
        self.items_selected.emit(item_ids)

    def _selected_ids(self) -> set[str]:
        rows = self.tree.selectionModel().selectedRows(0)
        return {item.id for index in rows if (item := self.model.item_at(index)) is not None}

    def _selected_items(self) -> list[ItineraryItemRecord]:
        rows = self.tree.selectionModel().selectedRows(0)
        found = [item for index in rows if (item := self.model.item_at(index)) is not None]
        order = {item.id: n for n, item in enumerate(_all_items(self.model))}
        return sorted(found, key=lambda item: order.get(item.id, 0))

    def _current_item(self) -> ItineraryItemRecord | None:
        item = self.model.item_at(self.tree.currentIndex())
        if item is not None and item.id in self._selected:
            return item
        items = self._selected_items()
        return items[0] if len(items) == 1 else item

    def _default_day(self) -> date:
        day = self.model.day_at(self.tree.currentIndex())
        if day is not None:
            return day
        if self._trip is not None and self._trip.start_date is not None:
            return self._trip.start_date
        days = self.model.days
        return days[0].day if days else date.today()

    def _update_actions(self) -> None:
        item = self._current_item()
        group = next((g for g in self.model.days if item and g.day == item.day), None)
        self.toolbar.set_state(
            has_trip=self._trip is not None,
            has_item=item is not None,
            has_selection=bool(self._selected),
            can_move_up=item is not None and item.position > 0,
            can_move_down=(
                item is not None
                and group is not None
                and item.position < len(group.own_items()) - 1
            ),
            can_confirm=any(self.model.is_unverified(item_id) for item_id in self._selected),
        )

    def _open_editor(self, editor: ItemEditor) -> None:
        self._close_editor()
        self.editor = editor
        item = editor.item
        if item is not None:
            self._look_at([item.id])
            self._offer_field_locks(editor, item)
            if self.documents is not None:
                box = item_documents(self.documents, self.history, self.tasks, item, editor)
                editor.add_row(translate("ItineraryView", "Documents"), box)
            editor.mark_unverified(self._unverified.get(item.id, ()))
            editor.confirm_requested.connect(
                lambda: self.tasks.start(self._confirm([item.id], editor), name="confirm item")
            )
        editor.save_requested.connect(
            lambda values: self.tasks.start(self._save_item(editor, values), name="save item")
        )
        editor.finished.connect(lambda _result: self._editor_closed(editor))
        editor.open()

    def _offer_field_locks(self, editor: ItemEditor, item: ItineraryItemRecord) -> None:
        """Each field's context menu locks or unlocks it; locked ones show a padlock."""
        locked = {
            lock.field
            for lock in self._lock_list
            if lock.kind is LockKind.FIELD and lock.target == item.id
        }
        for name in locked & editor.fields.keys():
            show_field_locked(editor.fields[name], True)

        async def toggle(name: str) -> None:
            try:
                now = (
                    await self.locks.toggle(
                        LockKind.FIELD,
                        item.id,
                        entity=EntityKind.ITINERARY_ITEM,
                        field=name,
                        context=person(),
                    )
                ).record
            except StoreError as error:
                editor.show_error(name, error_text(error))
                return
            (locked.add if now else locked.discard)(name)
            show_field_locked(editor.fields[name], now)

        FieldLockMenu(
            editor,
            {widget: name for name, widget in editor.fields.items()},
            locked.__contains__,
            lambda name: self.tasks.start(toggle(name), name="lock item field"),
        )

    def _editor_closed(self, editor: ItemEditor) -> None:
        if self.editor is editor:
            self.editor = None
            self._focus_after_editor.setFocus(Qt.FocusReason.OtherFocusReason)
            self._focus_after_editor = self.tree
        editor.deleteLater()

    def _close_editor(self) -> None:
        if self.editor is not None:
            self.editor.reject()

    def _double_clicked(self, index: QModelIndex) -> None:
        item = self.model.item_at(index)
        if item is not None:
            self._open_editor(ItemEditor(self, day=item.day, item=item))

    def _open_item(self, item_id: str) -> None:
        item = next((i for i in _all_items(self.model) if i.id == item_id), None)
        if item is not None:
            self._open_editor(ItemEditor(self, day=item.day, item=item))
            self._focus_after_editor = self.timeline

    def _clear_days(self) -> None:
        """Empty the list as one change of selection to nothing."""
        self._restoring = True
        try:
            self.model.set_days([])
        finally:
            self._restoring = False
        self._set_selected(())

    def _select_from_timeline(self, item_id: str) -> None:
        self._restoring = True  # One selection change, not a cleared one and then a new one.
        try:
            self._restore_selection((item_id,), item_id)
        finally:
            self._restoring = False
        self._selection_changed()

    def _step_timeline_day(self, step: int) -> None:
        """Show the day before or after in the timeline, its heading current in the list."""
        days = [group.day for group in self.model.days]
        if self._timeline_date not in days:
            return
        index = days.index(self._timeline_date) + step
        if 0 <= index < len(days):
            flags = QItemSelectionModel.SelectionFlag
            row = self.model.index_of_day(days[index])
            self.tree.selectionModel().setCurrentIndex(row, flags.ClearAndSelect | flags.Rows)
            self.tree.scrollTo(row)

    def _show_timeline(self, shown: bool) -> None:
        if not shown and self.timeline.hasFocus():
            self.tree.setFocus(Qt.FocusReason.OtherFocusReason)
        self.timeline.setVisible(shown)

    def _timeline_day(self) -> DayGroup | None:
        """The day the timeline shows: the list's current day, else the one shown before,
        else the first day with something planned, else the first day."""
        days = self.model.days
        wanted = self.model.day_at(self.tree.currentIndex())
        if wanted is None:
            wanted = self._timeline_date
        found = next((group for group in days if group.day == wanted), None)
        if found is None:
            found = next((group for group in days if group.items), days[0] if days else None)
        return found

    def _show_timeline_day(self) -> None:
        group = self._timeline_day()
        if group is None:
            self._timeline_date = None
            self.timeline.set_day("", [])
            return
        self._timeline_date = group.day
        items = {item.id: item for item in _all_items(self.model)}.values()
        entries = timeline_entries(map(self._zones.read, items), group.day)
        self.timeline.set_day(group.heading, entries)
        current = self._current_item()
        self.timeline.select(current.id if current is not None else None)


def _shown_here(change: Change) -> bool:
    """Whether `change` can alter what the itinerary shows (a reload costs three reads and
    a repaint, and the trip's other fields change as often as someone types in them)."""
    if change.entity in (EntityKind.ITINERARY_ITEM, EntityKind.TRIP_LOCK):
        return True
    if change.entity is EntityKind.TRIP:
        return change.action is not Action.UPDATE or bool(change.fields & TRIP_FIELDS_SHOWN)
    if change.entity is EntityKind.TRIP_STOP:
        return change.action is not Action.UPDATE or bool(change.fields & STOP_FIELDS_SHOWN)
    return False


def _all_items(model: ItineraryModel) -> list[ItineraryItemRecord]:
    return [item for group in model.days for item in group.own_items()]

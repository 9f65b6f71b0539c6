"""The lookups panel: the current trip's background lookups, live (about ten updates a
second at most). Selected finished jobs go into `SelectionState` for the assistant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QKeyCombination,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QMenu,
    QPushButton,
    QSplitter,
    QStyle,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from concierge.store import LookupJobRecord
from concierge.travel.lookups import LookupRequestError, LookupService
from concierge.travel.money.currencies import CONVERSION_TARGETS
from concierge.travel.selection import SelectionState
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.views.actions import action_button, make_action
from concierge.ui.views.trip_view import TripView
from concierge.ui.wrapped_label import wrapped_label

from .delegate import ProgressDelegate
from .details import job_markdown
from .model import (
    KIND_COLUMN,
    PROGRESS_COLUMN,
    STATUS_COLUMN,
    LookupJobsModel,
    can_cancel,
    can_retry,
    kind_title,
    status_texts,
)

SELECT_ONLY_ROW = (
    QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
)


def no_trip_details() -> str:
    return translate("LookupsPanel", "Select a trip to see and start its lookups.")


def no_job_details() -> str:
    return translate("LookupsPanel", "Select a lookup to see its full result.")


class LookupsPanel(TripView[LookupJobRecord]):
    """The lookups of one trip; jobs keep running when it goes (the service owns them)."""

    coalesce_ms = 100
    """Job-bus changes are applied to the table at most this often (~10 Hz)."""
    settings_requested = Signal()
    """The person chose to turn on an online lookup: open Settings (Online lookups)."""

    def __init__(
        self, lookups: LookupService, selection: SelectionState, parent: QWidget | None = None
    ) -> None:
        super().__init__(lookups.jobs.bus, parent, name="lookups")
        self.setObjectName("lookupsPanel")
        self.setAccessibleName(translate("LookupsPanel", "Lookups"))
        self.lookups = lookups
        self.selection = selection
        self._loading = False
        self._pending: dict[str, LookupJobRecord] = {}
        self._select_when_shown: str | None = None
        self._details_source: str | None = None

        self.model = LookupJobsModel(lookups.kinds, self)
        self.table = QTableView(self)
        self.table.setObjectName("lookupsTable")
        self.table.setAccessibleName(translate("LookupsPanel", "Lookups"))
        self.table.setModel(self.model)
        self.table.setItemDelegateForColumn(PROGRESS_COLUMN, ProgressDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        # Sized once to the longest text they can show (`_fit_columns`): ResizeToContents
        # measures every row again after each change, even while the tab is hidden.
        header.setSectionResizeMode(KIND_COLUMN, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(PROGRESS_COLUMN, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(STATUS_COLUMN, QHeaderView.ResizeMode.Interactive)
        self._fit_columns()

        self.details = QTextBrowser(self)
        self.details.setObjectName("lookupDetails")
        self.details.setAccessibleName(translate("LookupsPanel", "Lookup details"))
        self.details.setReadOnly(True)
        self.details.setOpenLinks(False)

        look_up = translate("LookupsPanel", "Look up")
        self.look_up_button = QPushButton(look_up, self)
        self.look_up_button.setAccessibleName(look_up)
        self.look_up_button.setToolTip(translate("LookupsPanel", "Start a lookup for this trip"))
        self.look_up_menu = QMenu(look_up, self)
        self.look_up_menu.setToolTipsVisible(True)
        self.start_actions: dict[str, QAction] = {}
        """Menu actions by kind name ("currency:USD" for a conversion target)."""
        for name, spec in lookups.kinds.items():
            if "to_currency" in spec.uses:
                submenu = self.look_up_menu.addMenu(
                    translate("LookupsPanel", "{title} to").format(title=shown(spec.title))
                )
                for code in CONVERSION_TARGETS:
                    action = submenu.addAction(code)
                    action.triggered.connect(
                        lambda _=False, k=name, c=code: self.start({"to_currency": c}, kind=k)
                    )
                    self.start_actions[f"{name}:{code}"] = action
                continue
            action = self.look_up_menu.addAction(shown(spec.title))
            action.setToolTip(shown(spec.description))
            action.triggered.connect(lambda _=False, k=name: self.start(kind=k))
            self.start_actions[name] = action
        self.look_up_menu.addSeparator()
        self.online_settings_action = self.look_up_menu.addAction(
            translate("LookupsPanel", "Turn on online lookups in Settings…")
        )
        self.online_settings_action.triggered.connect(self.settings_requested)
        self.online_settings_action.setVisible(False)
        self.look_up_button.clicked.connect(self._show_menu)

        self.cancel_action = make_action(
            self,
            translate("LookupsPanel", "Cancel lookup"),
            QKeySequence.StandardKey.Delete,
            self.cancel_current,
        )
        self.retry_action = make_action(
            self,
            translate("LookupsPanel", "Retry lookup"),
            QKeyCombination(Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_R),
            self.retry_current,
        )
        for action in (self.cancel_action, self.retry_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.table.addAction(action)
        self.cancel_button = action_button(self, self.cancel_action)
        self.retry_button = action_button(self, self.retry_action)

        self.notice = wrapped_label(self, name="lookupsNotice", hidden=True)

        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.look_up_button)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.retry_button)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.notice)
        layout.addWidget(split, 1)
        QWidget.setTabOrder(self.look_up_button, self.cancel_button)
        QWidget.setTabOrder(self.cancel_button, self.retry_button)
        QWidget.setTabOrder(self.retry_button, self.table)
        QWidget.setTabOrder(self.table, self.details)

        selection_model = self.table.selectionModel()
        selection_model.selectionChanged.connect(self._selection_changed)
        selection_model.currentRowChanged.connect(lambda *_: self._render_state())
        self._render_state()

    def forget(self) -> None:
        self._pending.clear()
        self._select_when_shown = None
        self.model.reset(())
        self._show_notice("")
        if self.selection.current.lookup_ids:
            self.selection.select_lookups(())
        self._render_state()
        self._loading = self.trip_id is not None

    def start(self, parameters: Mapping[str, Any] | None = None, *, kind: str) -> None:
        if self._trip_id is not None:
            self.start_lookup(self._trip_id, kind, parameters)

    def start_lookup(
        self, trip_id: str, kind: str, parameters: Mapping[str, Any] | None = None
    ) -> None:
        """Start a lookup for any trip (the trip form's starter); shown here when it is current."""
        if self.tasks.closed:
            return
        self.tasks.start(self._start(trip_id, kind, parameters), name=f"start {kind} lookup")

    def current_job(self) -> LookupJobRecord | None:
        index = self.table.currentIndex()
        return self.model.job(index.row()) if index.isValid() else None

    def cancel_current(self) -> None:
        job = self.current_job()
        if job is not None and can_cancel(job) and not self.tasks.closed:
            self.tasks.start(self._cancel(job.id), name="cancel lookup")

    def retry_current(self) -> None:
        job = self.current_job()
        if job is not None and can_retry(job) and not self.tasks.closed:
            self.tasks.start(self._retry(job.id), name="retry lookup")

    async def load(self, trip_id: str) -> None:
        try:
            jobs = await self.lookups.jobs.list_for_trip(trip_id)
        finally:
            if trip_id == self._trip_id:
                self._loading = False
        if trip_id != self._trip_id:
            return
        self.model.reset(jobs)
        self._apply_pending()
        self._render_state()
        self.refreshed.emit()

    async def _start(self, trip_id: str, kind: str, parameters: Mapping[str, Any] | None) -> None:
        try:
            job_id = await self.lookups.start(trip_id, kind, parameters)
        except LookupRequestError as error:
            self._show_notice(shown_error(error))
            return
        self._show_notice("")
        self._select_soon(job_id)

    async def _cancel(self, job_id: str) -> None:
        try:
            await self.lookups.cancel(job_id)
        except LookupRequestError as error:
            self._show_notice(shown_error(error))

    async def _retry(self, job_id: str) -> None:
        try:
            new_id = await self.lookups.retry(job_id)
        except LookupRequestError as error:
            self._show_notice(shown_error(error))
            return
        self._select_soon(new_id)

    def takes(self, news: LookupJobRecord, trip_id: str) -> bool:
        if news.trip_id != trip_id:
            return False
        self._pending[news.id] = news
        return True

    def refresh(self) -> None:
        self._apply_pending()

    def _apply_pending(self) -> None:
        if self._loading:
            return  # `_load` applies them after the snapshot.
        pending, self._pending = self._pending, {}
        for job in pending.values():
            self.model.upsert(job)
        self._select_if_shown()
        self._render_state()

    def _select_soon(self, job_id: str) -> None:
        self._select_when_shown = job_id
        self._select_if_shown()

    def _select_if_shown(self) -> None:
        job_id = self._select_when_shown
        if job_id is None:
            return
        row = self.model.row_of(job_id)
        if row >= 0:
            self._select_when_shown = None
            # Not `selectRow`: with Ctrl or Shift still held (Ctrl+R just pressed) it would add
            # the job to the selection, or toggle it off, instead of selecting only it.
            self.table.selectionModel().setCurrentIndex(self.model.index(row, 0), SELECT_ONLY_ROW)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._render_state()

    def _render_state(self) -> None:
        has_trip = self._trip_id is not None
        self.look_up_button.setEnabled(has_trip)
        job = self.current_job()
        self.cancel_action.setEnabled(job is not None and can_cancel(job))
        self.retry_action.setEnabled(job is not None and can_retry(job))
        if not has_trip:
            text = no_trip_details()
        elif job is None:
            text = no_job_details()
        else:
            text = job_markdown(job)
        if text != self._details_source:
            self._details_source = text
            self.details.setMarkdown(text)
        self._sync_selection()

    def _sync_selection(self) -> None:
        """Selected finished jobs go into the selection state (running ones when they finish)."""
        if self._trip_id is None or self.selection.current.trip_id != self._trip_id:
            return
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        jobs = (self.model.job(row) for row in rows)
        self.selection.select_lookups(
            tuple(job.id for job in jobs if job is not None and job.status.finished)
        )

    def _fit_columns(self) -> None:
        """The kind and status columns as wide as the longest kind title and status."""
        texts = {
            KIND_COLUMN: [kind_title(name, self.lookups.kinds) for name in self.lookups.kinds],
            STATUS_COLUMN: list(status_texts().values()),
        }
        metrics = self.table.fontMetrics()
        style = self.table.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1
        header = self.table.horizontalHeader()
        for column, candidates in texts.items():
            widest = max(metrics.horizontalAdvance(text) for text in candidates)
            width = max(header.sectionSizeHint(column), widest + 2 * margin + 1)
            header.resizeSection(column, width)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_columns()
        super().changeEvent(event)

    def _show_notice(self, text: str) -> None:
        self.notice.setText(text)
        self.notice.setAccessibleName(text)
        self.notice.setVisible(bool(text))

    def _show_menu(self) -> None:
        if not self.tasks.closed:
            self.tasks.start(self._offer_menu(self._trip_id), name="offer lookups")

    async def _offer_menu(self, trip_id: str | None) -> None:
        """Pop up the menu with what can run now: no conversion from the trip's currency to
        itself, and an online lookup that is off in Settings disabled, saying why."""
        trip = await self.lookups.trips.get(trip_id) if trip_id is not None else None
        await self.update_offers(trip.budget_currency if trip is not None else None)
        button = self.look_up_button
        self.look_up_menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    async def update_offers(self, currency: str | None) -> None:
        off = False
        for key, action in self.start_actions.items():
            name, _, code = key.partition(":")
            if code:
                action.setVisible(code != (currency or "").upper())
                continue
            refused = await self.lookups.refusal(name)
            title = shown(self.lookups.kinds[name].title)
            off_text = translate("LookupsPanel", "{title} (off in Settings)").format(title=title)
            action.setText(off_text if refused else title)
            action.setEnabled(refused is None)
            action.setToolTip(shown(refused or self.lookups.kinds[name].description))
            off = off or refused is not None
        self.online_settings_action.setVisible(off)

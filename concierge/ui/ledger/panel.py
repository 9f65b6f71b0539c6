"""The Money tab: the trip's expenses, their totals in the trip's currency at the ECB rate
of each expense's day, the budget against planned and spent, and a chart of spending.
A value the store refuses is named under the editor, its field focused, nothing typed lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSplitter,
    QStyle,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from concierge.model.values import AmountError, editable_amount, read_amount
from concierge.model.values.dates import read_typed_date, short_date
from concierge.model.values.errors import DateTextError
from concierge.store import (
    Action,
    Change,
    ChangeBus,
    ChangeHistory,
    EntityKind,
    ExpenseCategory,
    InvalidChangeError,
    LedgerRepository,
    StoreError,
    TripRecord,
    TripRepository,
)
from concierge.store.validation import DEFAULT_PAYER, EXPENSE_RULES, text_limit
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.assistant.ledger_view import COSTED_FIELDS, PlannedCosts, no_planned_costs
from concierge.travel.locale.app_locale import app_locale
from concierge.travel.money.currencies import format_money
from concierge.travel.money.exchange import load_exchange
from concierge.travel.money.ledger_totals import LedgerTotals, ledger_totals
from concierge.ui.colours import Tone, secondary, tint
from concierge.ui.i18n import number_locale, shown, shown_date, shown_error, translate
from concierge.ui.record_table import unseen_reason
from concierge.ui.views.actions import action_button, make_action
from concierge.ui.views.date_pattern import local_pattern
from concierge.ui.views.layouts import note_label, tab_order, vbox
from concierge.ui.views.person import person
from concierge.ui.views.trip_view import TripView
from concierge.ui.views.undo_bar import UndoBar
from concierge.ui.views.undo_offer import UndoOffer, undo_offered
from concierge.ui.wrapped_label import wrapped_label

from .charts import BudgetBar, SpendingChart
from .model import (
    ExpenseRow,
    ExpensesModel,
    category_text,
    expense_rows,
    marked_fields,
    split_text,
)


def no_trip_text() -> str:
    return translate("LedgerPanel", "Select a trip to see what was spent on it.")


def loading_text() -> str:
    return translate("LedgerPanel", "Loading the expenses and the exchange rates…")


def empty_text() -> str:
    return translate("LedgerPanel", "No expenses yet. New expense (Ctrl+N) adds one.")


def add_text() -> str:
    return translate("LedgerPanel", "Add")


def amount_text(amount: Decimal) -> str:
    """An amount as the editor shows it: "1234.50", "1234,50" where the comma is the
    locale's decimal point (no grouping: it is read back as typed)."""
    return editable_amount(amount, number_locale())


def typed_amount(text: str) -> Decimal | str:
    """What the person typed, read as their locale writes amounts; text that is no amount
    goes to the store as typed, which refuses it with its sentence."""
    try:
        read = read_amount(text, number_locale())
    except AmountError:
        return text.strip()
    return read.value if read.currency is None else text.strip()


def rates_text(totals: LedgerTotals) -> str:
    """Which ECB rates the totals used: "Converted to EUR at ECB rates of 2 May 2026 to
    9 May 2026." ("" when nothing was converted)."""
    days = totals.rate_dates
    if days is None:
        return ""
    first, last = days
    if first == last:
        note = translate("LedgerPanel", "at the ECB rate of {day}").format(day=shown_date(first))
    else:
        note = translate("LedgerPanel", "at ECB rates of {first} to {last}").format(
            first=shown_date(first), last=shown_date(last)
        )
    if totals.estimates:
        note += translate("LedgerPanel", "; {count} at the latest rate, an estimate").format(
            count=totals.estimates
        )
    return translate("LedgerPanel", "Converted to {code} {note}.").format(
        code=totals.currency, note=note
    )


DATE_EXAMPLE = date(2026, 5, 14)
WIDEST_DATE = date(2028, 12, 28)
"""The date field is at least as wide as this date written as the form writes dates."""
LINE_EDIT_PADDING = 8
"""QLineEdit's own space between frame and text (2 px a side) and the cursor, rounded up."""


def _width_for(edit: QLineEdit, text: str) -> int:
    """The width `edit` needs to show `text` whole: the text, its margins and the frame."""
    margins = edit.textMargins()
    frame = edit.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, edit)
    padding = 2 * frame + margins.left() + margins.right() + LINE_EDIT_PADDING
    return edit.fontMetrics().horizontalAdvance(text) + padding


class LedgerPanel(TripView[Change]):
    """One trip's money (`set_trip`)."""

    def __init__(
        self,
        ledger: LedgerRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
        *,
        planned: PlannedCosts = no_planned_costs,
    ) -> None:
        super().__init__(bus, parent, name="money")
        self.setObjectName("ledgerPanel")
        self.setAccessibleName(translate("LedgerPanel", "Money"))
        self.ledger = ledger
        self.trips = trips
        self.history = history
        self.planned = planned
        self.totals: LedgerTotals | None = None
        self._trip: TripRecord | None = None
        self._editing: str | None = None
        """The expense the editor saves to; None: it adds a new one."""
        self._undo_offer: UndoOffer | None = None
        self._focus_when_loaded = False

        self.model = ExpensesModel(self)
        self.view = QTreeView(self)
        self.view.setObjectName("expensesTable")
        self.view.setAccessibleName(translate("LedgerPanel", "Expenses"))
        self.view.setModel(self.model)
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setAllColumnsShowFocus(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.header().setStretchLastSection(True)

        self.new_action = make_action(
            self,
            translate("LedgerPanel", "New expense"),
            QKeySequence.StandardKey.New,
            self.new_expense,
        )
        self.new_action.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.New), QKeySequence(Qt.Key.Key_Insert)]
        )
        self.new_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(self.new_action)
        self.edit_action = make_action(
            self, translate("LedgerPanel", "Edit"), Qt.Key.Key_F2, self.edit_selected
        )
        self.remove_action = make_action(
            self,
            translate("LedgerPanel", "Remove"),
            QKeySequence.StandardKey.Delete,
            self.remove_selected,
        )
        self.confirm_action = make_action(
            self,
            translate("LedgerPanel", "Confirm amount"),
            QKeyCombination(
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
                Qt.Key.Key_K,
            ),
            self.confirm_selected,
        )
        for action in (self.edit_action, self.remove_action, self.confirm_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.view.addAction(action)
        self.view.activated.connect(lambda _index: self.edit_selected())

        hints = {
            "spent_on": translate("LedgerPanel", "e.g. {example}").format(
                example=short_date(DATE_EXAMPLE)
            ),
            "amount": translate("LedgerPanel", "e.g. 12.50"),
            "currency": "EUR",
            "category": "",
            "description": translate("LedgerPanel", "e.g. Taxi to the hotel"),
            "paid_by": shown(DEFAULT_PAYER),
            "split": translate("LedgerPanel", "Everyone equally, or e.g. Me: 2, Ana: 1"),
        }
        self.fields: dict[str, QWidget] = {
            name: self._field(name, hint) for name, hint in hints.items()
        }
        self.date_edit, self.amount_edit, self.currency_edit = self._lines(
            "spent_on", "amount", "currency"
        )
        self.description_edit, self.paid_by_edit, self.split_edit = self._lines(
            "description", "paid_by", "split"
        )
        category = self.fields["category"]
        assert isinstance(category, QComboBox)
        self.category_combo = category
        self.date_edit.setMinimumWidth(_width_for(self.date_edit, short_date(WIDEST_DATE)))
        self.currency_edit.textEdited.connect(self._upper_currency)
        self.save_action = make_action(self, add_text(), None, self.submit)
        self.save_button = action_button(self, self.save_action)
        self.new_button = action_button(self, self.new_action)
        self.remove_button = action_button(self, self.remove_action)
        self.error_label = wrapped_label(
            self, name="ledgerError", accessible=translate("LedgerPanel", "Problem"), hidden=True
        )
        tint(self.error_label, Tone.ERROR)

        editor = QGridLayout()
        editor.setContentsMargins(0, 0, 0, 0)
        for index, widget in enumerate(self.fields.values()):
            row, column = divmod(index, 4)
            label = QLabel(widget.accessibleName(), self)
            label.setBuddy(widget)
            editor.addWidget(label, row * 2, column)
            editor.addWidget(widget, row * 2 + 1, column)
        editor.addWidget(self.save_button, 3, 3)

        self.budget_label = wrapped_label(self, name="budgetLabel")
        self.budget_bar = BudgetBar(self)
        self.rates_label = wrapped_label(self, name="ratesLabel")
        tint(self.rates_label, secondary)
        self.totals_label = wrapped_label(self, name="totalsLabel")
        self.totals_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.chart = SpendingChart(self)
        self.empty_label = QLabel(empty_text(), self)
        self.undo_bar = UndoBar(self)

        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        summary = QWidget(self)
        right = QVBoxLayout(summary)
        right.setContentsMargins(0, 0, 4, 0)
        right.addWidget(self.budget_label)
        right.addWidget(self.budget_bar)
        right.addWidget(self.totals_label)
        right.addWidget(self.rates_label)
        right.addWidget(self.chart, 1)
        self.summary_scroll = QScrollArea(self)
        self.summary_scroll.setObjectName("ledgerSummary")
        self.summary_scroll.setWidgetResizable(True)
        self.summary_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.summary_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.summary_scroll.setWidget(summary)
        entry = vbox(
            self, editor, self.error_label, self.view, self.empty_label, buttons, grow=self.view
        )
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("ledgerSplitter")
        self.splitter.addWidget(entry)
        self.splitter.addWidget(self.summary_scroll)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.body = vbox(self, self.splitter, self.undo_bar, grow=self.splitter, top=4)
        self.placeholder = note_label(no_trip_text(), self)
        self.stack = self.stack_pages(self.placeholder, self.body)

        order = [
            *self.fields.values(),
            self.save_button,
            self.view,
            self.new_button,
            self.remove_button,
            self.undo_bar.undo_button,
            self.undo_bar.dismiss_button,
        ]
        tab_order(order)
        self.undo_bar.undo_requested.connect(self.undo_remove)
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.stack.setCurrentWidget(self.placeholder)
        self._update_actions()

    def _save_says(self, text: str) -> None:
        self.save_action.setText(text)
        self.save_button.setText(text)

    def _upper_currency(self, text: str) -> None:
        """Codes are shown as ISO writes them, whatever case they are typed in."""
        if text != text.upper():
            cursor = self.currency_edit.cursorPosition()
            self.currency_edit.setText(text.upper())
            self.currency_edit.setCursorPosition(cursor)

    def _field(self, name: str, hint: str) -> QWidget:
        """The editor of an expense field, named by its declaration; Enter in it saves."""
        rule = EXPENSE_RULES[name]
        widget: QWidget
        if name == "category":
            widget = combo = QComboBox(self)
            for category in ExpenseCategory:
                combo.addItem(category_text(category), category.value)
        else:
            widget = QLineEdit(self)
            widget.setPlaceholderText(hint)
            if (limit := text_limit(rule)) is not None:
                widget.setMaxLength(limit)
        widget.setAccessibleName(shown(rule.label))
        widget.installEventFilter(self)
        return widget

    def _lines(self, *names: str) -> list[QLineEdit]:
        return [edit for name in names if isinstance(edit := self.fields[name], QLineEdit)]

    def forget(self) -> None:
        self._trip = None
        self.totals = None
        self._editing = None
        self._undo_offer = None
        self.undo_bar.dismiss()
        self.model.sync([])
        self._clear_editor(keep_context=False)
        self.placeholder.setText(loading_text())
        self.stack.setCurrentWidget(self.placeholder)
        self._update_actions()

    def show_no_trip(self) -> None:
        self.placeholder.setText(no_trip_text())
        self.stack.setCurrentWidget(self.placeholder)
        self._update_actions()

    def takes(self, news: Change, trip_id: str) -> bool:
        offer = self._undo_offer
        if offer is not None and news.undo and news.entity_id in offer.entity_ids:
            self._undo_offer = None  # Restored by an undo elsewhere (Edit ▸ Undo).
            self.undo_bar.dismiss()
        if news.entity is EntityKind.ITINERARY_ITEM and news.action is Action.UPDATE:
            return news.trip_id == trip_id and bool(news.fields & COSTED_FIELDS)
        return news.trip_id == trip_id

    async def load(self, trip_id: str) -> None:
        trip = await self.trips.get(trip_id)
        expenses = await self.ledger.expenses(trip_id) if trip is not None else []
        costs = await self.planned(trip_id) if trip is not None else []
        unseen = await self.history.unseen_assistant_changes(trip_id) if trip else {}
        unverified = await self.ledger.unverified(trip_id) if trip is not None else {}
        rates = await load_exchange()
        if trip_id != self.trip_id:
            return
        if trip is None:
            self._trip = None
            self.model.sync([])
            self.show_deleted()
            self._update_actions()
            self.refreshed.emit()
            return
        first_load = self._trip is None
        self._trip = trip
        totals = ledger_totals(trip, expenses, rates, costs)
        self.totals = totals
        reasons = {
            entity_id: reason
            for (entity, entity_id), fields in unseen.items()
            if entity is EntityKind.EXPENSE
            and (reason := unseen_reason(fields, marked_fields())) is not None
        }
        self.model.sync(expense_rows(totals, unverified), reasons)
        self.empty_label.setVisible(not expenses)
        self._show_totals(totals)
        if first_load:
            self._clear_editor(keep_context=False)
        self.stack.setCurrentWidget(self.body)
        self._update_actions()
        if self._focus_when_loaded:
            self._focus_when_loaded = False
            self.take_focus()
        self.refreshed.emit()

    def new_expense(self) -> None:
        if self._trip is None:
            return
        self._editing = None
        self._save_says(add_text())
        self._clear_editor(keep_context=True)
        self.date_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.date_edit.selectAll()

    def edit_selected(self) -> None:
        row = self.selected()
        if row is None:
            return
        expense = row.expense
        self._editing = expense.id
        self._save_says(translate("LedgerPanel", "Save"))
        self.date_edit.setText(short_date(expense.spent_on))
        self.amount_edit.setText(amount_text(expense.amount))
        self.currency_edit.setText(expense.currency)
        self.category_combo.setCurrentIndex(self.category_combo.findData(expense.category.value))
        self.description_edit.setText(expense.description)
        self.paid_by_edit.setText(expense.paid_by)
        self.split_edit.setText(split_text(expense))
        self.error_label.hide()
        self.amount_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.amount_edit.selectAll()

    def submit(self) -> None:
        trip = self._trip
        if trip is None:
            return
        try:
            day = read_typed_date(self.date_edit.text(), local_pattern(), app_locale())
        except DateTextError as error:
            self._problem(
                "spent_on",
                translate("LedgerPanel", "Date: {error}").format(error=shown_error(error)),
            )
            return
        values: dict[str, object] = {
            "spent_on": day,
            "amount": typed_amount(self.amount_edit.text()),
            "currency": self.currency_edit.text() or trip.budget_currency,
            "category": self.category_combo.currentData(),
            "description": self.description_edit.text(),
            "paid_by": self.paid_by_edit.text() or DEFAULT_PAYER,
            "split": self.split_edit.text(),
        }
        self.tasks.start(self._save(trip.id, self._editing, values), name="save expense")

    def confirm_selected(self) -> None:
        """The person confirms the amount the assistant wrote down (one undo step)."""
        row = self.selected()
        if row is not None and row.unverified:
            self.tasks.start(self._confirm(row.id), name="confirm expense")

    async def _confirm(self, expense_id: str) -> None:
        try:
            await self.ledger.confirm([expense_id], context=person())
        except StoreError as error:
            self._problem(None, shown_error(error))
            return
        self.reload_now()

    def remove_selected(self) -> None:
        row = self.selected()
        if row is not None and self.trip_id is not None:
            self.tasks.start(self._remove(self.trip_id, row), name="remove expense")

    def undo_remove(self) -> None:
        offer, self._undo_offer = self._undo_offer, None
        if offer is not None:
            self.undo_bar.dismiss()
            self.tasks.start(self._undo(offer), name="undo remove expense")

    def take_focus(self) -> None:
        """Focus the table when it has expenses, else the editor's first field (once loaded:
        keys must never go into a hidden field)."""
        if self.stack.currentWidget() is not self.body:
            self._focus_when_loaded = self.trip_id is not None
            return
        if self.model.rowCount() > 0:
            self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
            if not self.view.currentIndex().isValid():
                self.view.setCurrentIndex(self.model.index(0, 0))
        else:
            self.date_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def selected(self) -> ExpenseRow | None:
        indexes = self.view.selectionModel().selectedRows()
        return self.model.record_at(indexes[0].row()) if indexes else None

    async def _save(self, trip_id: str, editing: str | None, values: Mapping[str, object]) -> None:
        try:
            if editing is None:
                record = (await self.ledger.add(trip_id, values, context=person())).record
            else:
                record = (await self.ledger.update(editing, values, context=person())).record
        except InvalidChangeError as error:
            self._problem(error.field, shown_error(error))
            return
        except StoreError as error:
            self._problem(None, shown_error(error))
            return
        if trip_id != self.trip_id:
            return
        self.error_label.hide()
        self._editing = None
        self._save_says(add_text())
        self._clear_editor(keep_context=True, day=record.spent_on)
        self.amount_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.reload_now()
        self._select_when_shown(record.id)

    async def _remove(self, trip_id: str, row: ExpenseRow) -> None:
        label = QT_TRANSLATE_NOOP("ChangeLabel", "Remove expense {what}").format(
            what=row.expense.description or row.expense.category.value
        )
        try:
            removed = (await self.ledger.remove(row.id, context=person(label))).record
        except StoreError as error:
            self.undo_bar.inform(shown_error(error))
            return
        if removed:
            self._undo_offer = UndoOffer(trip_id, label, (row.id,))
            money = format_money(row.expense.amount, row.expense.currency)
            what = row.expense.description or translate("LedgerPanel", "expense")
            self.undo_bar.offer(
                translate("LedgerPanel", "Removed {what} ({amount}).").format(
                    what=what, amount=money
                )
            )

    async def _undo(self, offer: UndoOffer) -> None:
        problem = await undo_offered(self.history, offer)
        if problem is not None:
            self.undo_bar.inform(shown(problem))
        self.reload_now()

    def _select_when_shown(self, expense_id: str) -> None:
        def select() -> None:
            self.refreshed.disconnect(select)
            index = self.model.index_of(expense_id)
            if index.isValid():
                self.view.setCurrentIndex(index)

        self.refreshed.connect(select)

    def _show_totals(self, totals: LedgerTotals) -> None:
        code = totals.currency
        planned = totals.planned if totals.planned_count else None
        self.budget_bar.show_totals(code, totals.budget, planned, totals.spent)
        self.budget_label.setText(self.budget_bar.caption())
        lines = [
            translate("LedgerPanel", "{name}: share {share}, paid {paid}").format(
                name=shown(name),
                share=format_money(amount, code),
                paid=format_money(totals.paid.get(name, Decimal(0)), code),
            )
            for name, amount in totals.by_person.items()
        ]
        lines += [
            translate("LedgerPanel", "To settle: {debtor} pays {creditor} {amount}").format(
                debtor=shown(t.debtor),
                creditor=shown(t.creditor),
                amount=format_money(t.amount, code),
            )
            for t in totals.settlements
        ]
        lines += [
            translate("LedgerPanel", "Not in the totals: {what} ({amount}), no ECB rate").format(
                what=u.expense.description or category_text(u.expense.category).lower(),
                amount=format_money(u.expense.amount, u.expense.currency),
            )
            for u in totals.unconverted
        ]
        self.totals_label.setText("\n".join(lines))
        self.totals_label.setVisible(bool(lines))
        rates = rates_text(totals)
        self.rates_label.setText(rates)
        self.rates_label.setVisible(bool(rates))
        self.chart.show_spending(code, totals.by_category, totals.by_day)

    def _clear_editor(self, *, keep_context: bool, day: date | None = None) -> None:
        """Empty the editor; `keep_context` keeps day, currency, payer (expenses come in runs)."""
        trip = self._trip
        if not keep_context or not self.date_edit.text():
            start = day or (trip.start_date if trip is not None else None) or date.today()
            self.date_edit.setText(short_date(start))
        elif day is not None:
            self.date_edit.setText(short_date(day))
        if not keep_context or not self.currency_edit.text():
            self.currency_edit.setText(trip.budget_currency if trip is not None else "")
        if not keep_context or not self.paid_by_edit.text():
            self.paid_by_edit.setText(DEFAULT_PAYER)
        self.amount_edit.clear()
        self.description_edit.clear()
        self.split_edit.clear()
        self.category_combo.setCurrentIndex(
            self.category_combo.findData(ExpenseCategory.OTHER.value)
        )

    def _problem(self, field: str | None, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.show()
        widget = self.fields.get(field or "")
        if widget is not None:
            widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def _selection_changed(self, *_: object) -> None:
        row = self.selected()
        if row is not None and self.model.is_unseen(row.id) and self.trip_id:
            self.model.mark_seen(row.id)
            self.tasks.start(
                self.history.mark_seen(self.trip_id, EntityKind.EXPENSE, row.id),
                name="mark expense seen",
            )
        self._update_actions()

    def _update_actions(self) -> None:
        has_trip = self._trip is not None and self.stack.currentWidget() is self.body
        self.new_action.setEnabled(has_trip)
        self.save_action.setEnabled(has_trip)
        selected = self.selected() is not None
        self.edit_action.setEnabled(selected)
        self.remove_action.setEnabled(selected)
        row = self.selected()
        self.confirm_action.setEnabled(row is not None and row.unverified)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and watched in self.fields.values():
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.submit()
                return True
            if event.key() == Qt.Key.Key_Escape:
                self._editing = None
                self._save_says(add_text())
                self.error_label.hide()
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return super().eventFilter(watched, event)

"""The ledger's expenses as a table model: what was paid, by whom, and what it came to in
the trip's currency at the rate of its day."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import date

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from concierge.model.values.dates import short_date
from concierge.store import ExpenseCategory, ExpenseRecord
from concierge.travel.money.currencies import format_money
from concierge.travel.money.ledger_totals import LedgerTotals
from concierge.ui.colours import Tone, colour
from concierge.ui.i18n import ENGLISH, current_language, shown, translate
from concierge.ui.record_table import RecordTableModel
from concierge.ui.views.marks import UNVERIFIED

COLUMNS = ("Date", "Description", "Category", "Amount", "Paid by", "Split", "In trip currency")
"""The columns' English titles (`columns()` gives them in the window's language)."""
(
    DATE_COLUMN,
    DESCRIPTION_COLUMN,
    CATEGORY_COLUMN,
    AMOUNT_COLUMN,
    PAID_BY_COLUMN,
    SPLIT_COLUMN,
    CONVERTED_COLUMN,
) = range(len(COLUMNS))


def columns() -> tuple[str, ...]:
    return (
        translate("ExpensesTable", "Date"),
        translate("ExpensesTable", "Description"),
        translate("ExpensesTable", "Category"),
        translate("ExpensesTable", "Amount"),
        translate("ExpensesTable", "Paid by"),
        translate("ExpensesTable", "Split"),
        translate("ExpensesTable", "In trip currency"),
    )


def marked_fields() -> Mapping[str, str]:
    """What an assistant change to an expense's field is called in its row's tooltip."""
    return {
        "amount": translate("ExpensesTable", "amount"),
        "currency": translate("ExpensesTable", "currency"),
        "spent_on": translate("ExpensesTable", "date"),
        "category": translate("ExpensesTable", "category"),
        "description": translate("ExpensesTable", "description"),
        "paid_by": translate("ExpensesTable", "who paid"),
        "split": translate("ExpensesTable", "split"),
    }


def category_text(category: ExpenseCategory) -> str:
    """ "Food", in the window's language."""
    names = {
        ExpenseCategory.TRANSPORT: translate("ExpenseCategory", "Transport"),
        ExpenseCategory.LODGING: translate("ExpenseCategory", "Lodging"),
        ExpenseCategory.FOOD: translate("ExpenseCategory", "Food"),
        ExpenseCategory.ACTIVITIES: translate("ExpenseCategory", "Activities"),
        ExpenseCategory.SHOPPING: translate("ExpenseCategory", "Shopping"),
        ExpenseCategory.FEES: translate("ExpenseCategory", "Fees"),
        ExpenseCategory.OTHER: translate("ExpenseCategory", "Other"),
    }
    name = names.get(category) or shown(category.value)
    return name[:1].upper() + name[1:]


def day_text(day: date) -> str:
    """ "14 May" in English (the form the date field reads); else the locale's short form."""
    if current_language() == ENGLISH:
        return short_date(day)
    from babel.dates import format_skeleton

    from concierge.travel.locale.app_locale import app_locale

    return format_skeleton("MMMd", day, locale=app_locale())


def split_text(expense: ExpenseRecord) -> str:
    """ "Me, Ana" for equal parts, "Me: 2, Ana: 1" otherwise (the form the editor reads)."""
    shares = {share.share for share in expense.split}
    if len(shares) <= 1:
        return ", ".join(share.name for share in expense.split)
    return ", ".join(f"{share.name}: {share.share.normalize():f}" for share in expense.split)


@dataclass(frozen=True, slots=True)
class ExpenseRow:
    """One row: the expense, and its amount in the trip's currency with how it was got."""

    id: str
    expense: ExpenseRecord
    converted: str
    how: str
    unverified: bool = False


def expense_rows(totals: LedgerTotals, unverified: Collection[str] = ()) -> list[ExpenseRow]:
    """The rows in the store's order (day paid, then as entered)."""
    rows = [
        ExpenseRow(
            c.expense.id,
            c.expense,
            format_money(c.amount, totals.currency),
            shown(c.rate.describe()),
            c.expense.id in unverified,
        )
        for c in totals.converted
    ]
    rows += [
        ExpenseRow(
            u.expense.id,
            u.expense,
            translate("ExpensesTable", "not converted"),
            shown(u.reason),
            u.expense.id in unverified,
        )
        for u in totals.unconverted
    ]
    return sorted(rows, key=lambda row: (row.expense.spent_on, row.expense.created_at, row.id))


class ExpensesModel(RecordTableModel[ExpenseRow]):
    columns: tuple[str, ...] = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = columns()

    def text(self, record: ExpenseRow, column: int) -> str:
        expense = record.expense
        if column == DATE_COLUMN:
            return day_text(expense.spent_on)
        if column == DESCRIPTION_COLUMN:
            return expense.description
        if column == CATEGORY_COLUMN:
            return category_text(expense.category)
        if column == AMOUNT_COLUMN:
            return format_money(expense.amount, expense.currency)
        if column == PAID_BY_COLUMN:
            return expense.paid_by
        if column == SPLIT_COLUMN:
            return split_text(expense)
        return record.converted

    def tooltip(self, record: ExpenseRow) -> str:
        amount = translate("ExpensesTable", "amount")
        doubt = f"\n{shown(UNVERIFIED)}: {amount}" if record.unverified else ""
        return f"{record.converted}: {record.how}{doubt}"

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (
            AMOUNT_COLUMN,
            CONVERTED_COLUMN,
        ):
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == AMOUNT_COLUMN:
            record = self.record_at(index.row())
            return colour(Tone.UNVERIFIED) if record is not None and record.unverified else None
        return super().data(index, role)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        """Edited in the ledger's editor row, not in place."""
        return super().flags(index) & ~Qt.ItemFlag.ItemIsEditable

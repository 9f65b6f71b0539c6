"""The ledger's expenses as a table model: what was paid, by whom, and what it came to in
the trip's currency at the rate of its day."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from concierge.store import ExpenseRecord
from concierge.travel.currencies import format_money
from concierge.travel.dates import short_date
from concierge.travel.ledger_totals import LedgerTotals
from concierge.ui.colours import Tone, colour
from concierge.ui.record_table import RecordTableModel
from concierge.ui.views.marks import UNVERIFIED

COLUMNS = ("Date", "Description", "Category", "Amount", "Paid by", "Split", "In trip currency")
(
    DATE_COLUMN,
    DESCRIPTION_COLUMN,
    CATEGORY_COLUMN,
    AMOUNT_COLUMN,
    PAID_BY_COLUMN,
    SPLIT_COLUMN,
    CONVERTED_COLUMN,
) = range(len(COLUMNS))
MARKED_FIELDS = {
    "amount": "amount",
    "currency": "currency",
    "spent_on": "date",
    "category": "category",
    "description": "description",
    "paid_by": "who paid",
    "split": "split",
}


def split_text(expense: ExpenseRecord) -> str:
    """ "Me, Ana" for equal parts, "Me: 2, Ana: 1" otherwise (the form the editor reads)."""
    shares = {share.share for share in expense.split}
    if len(shares) <= 1:
        return ", ".join(share.name for share in expense.split)
    return ", ".join(f"{share.name}: {share.share.normalize():f}" for share in expense.split)


@dataclass(frozen=True, slots=True)
class ExpenseRow:
    """One row: the expense, and its amount in the trip's currency with how it was got;
    `unverified`: the assistant wrote the amount down and nobody confirmed it."""

    id: str
    expense: ExpenseRecord
    converted: str
    how: str
    unverified: bool = False


def expense_rows(totals: LedgerTotals, unverified: Collection[str] = ()) -> list[ExpenseRow]:
    """The rows in the store's order (day paid, then as entered); `unverified`: the ids of
    the expenses whose amount the assistant set and nobody confirmed."""
    rows = [
        ExpenseRow(
            c.expense.id,
            c.expense,
            format_money(c.amount, totals.currency),
            c.rate.describe(),
            c.expense.id in unverified,
        )
        for c in totals.converted
    ]
    rows += [
        ExpenseRow(u.expense.id, u.expense, "not converted", u.reason, u.expense.id in unverified)
        for u in totals.unconverted
    ]
    return sorted(rows, key=lambda row: (row.expense.spent_on, row.expense.created_at, row.id))


class ExpensesModel(RecordTableModel[ExpenseRow]):
    columns = COLUMNS

    def text(self, record: ExpenseRow, column: int) -> str:
        expense = record.expense
        if column == DATE_COLUMN:
            return short_date(expense.spent_on)
        if column == DESCRIPTION_COLUMN:
            return expense.description
        if column == CATEGORY_COLUMN:
            return expense.category.value.capitalize()
        if column == AMOUNT_COLUMN:
            return format_money(expense.amount, expense.currency)
        if column == PAID_BY_COLUMN:
            return expense.paid_by
        if column == SPLIT_COLUMN:
            return split_text(expense)
        return record.converted

    def tooltip(self, record: ExpenseRow) -> str:
        doubt = f"\n{UNVERIFIED}: amount" if record.unverified else ""
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

"""A trip's ledger: the expenses paid on it, listed by day paid, then in order entered.

An expense without a split is shared equally between everyone who paid or shared an expense
so far and whoever paid this one ("Me" when nobody was named).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from decimal import Decimal
from typing import Any

from sqlmodel import Session, col, select

from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import ChangeContext, EntityKind
from .entities import EXPENSES, ITEMS, TRIPS
from .errors import InvalidChangeError
from .field_sources import unverified_facts
from .label_text import quoted
from .new_record import new_record
from .outcome import Outcome
from .records import ExpenseRecord, Share
from .repository import RecordRepository
from .tables import Expense
from .validation import EXPENSE_RULES, check_amount, parse_changes

_ENTITY = "an expense"


class LedgerRepository(RecordRepository[ExpenseRecord]):
    """Expenses, as immutable `ExpenseRecord`s. Writes take an optional `ChangeContext`."""

    spec = EXPENSES

    async def unverified(self, trip_id: str) -> dict[str, tuple[str, ...]]:
        """The trip's expenses with amounts the assistant set and nobody confirmed."""
        return await self.database.run(
            lambda session: unverified_facts(session, EntityKind.EXPENSE, trip_id)
        )

    async def confirm(
        self, expense_ids: Collection[str], *, context: ChangeContext | None = None
    ) -> Outcome[int]:
        """The person confirms the assistant's amounts, as one undo step."""

        def write(session: Session, writer: ChangeWriter) -> int:
            return writer.confirm_all(
                EXPENSES,
                expense_ids,
                lambda expense: QT_TRANSLATE_NOOP("ChangeLabel", "Confirm expense {what}").format(
                    what=expense.description or expense.category.value
                ),
                QT_TRANSLATE_NOOP("ChangeLabel", "Confirm {count} expenses"),
            )

        return await self.logged(context, write)

    async def expenses(self, trip_id: str) -> list[ExpenseRecord]:
        """The trip's expenses by day paid, then as entered; empty for an unknown trip."""
        return await self.database.run(lambda session: trip_expenses(session, trip_id))

    async def add(
        self,
        trip_id: str,
        values: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[ExpenseRecord]:
        """A new expense; the currency defaults to the trip's budget currency, the payer to
        "Me", the split to equal parts."""
        parsed = parse_changes(_ENTITY, EXPENSE_RULES, values)
        for required in ("amount", "spent_on"):
            if required not in parsed:
                label = EXPENSE_RULES[required].label
                raise InvalidChangeError(
                    required,
                    QT_TRANSLATE_NOOP("StoreError", "{label} is needed for a new expense.").format(
                        label=label
                    ),
                )

        def write(session: Session, writer: ChangeWriter) -> ExpenseRecord:
            trip = TRIPS.to_record(TRIPS.row(session, trip_id))
            defaults: dict[str, Any] = {
                name: rule.default for name, rule in EXPENSE_RULES.items() if name != "amount"
            }
            fields = {**defaults, "currency": trip.budget_currency, **parsed}
            expense = new_record(ExpenseRecord, trip_id=trip_id, **fields)
            expense = _settled(session, expense, parsed)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Add expense {expense}").format(
                    expense=_named(expense)
                )
            )
            return writer.create(EXPENSES, expense)

        return await self.logged(context, write)

    async def update(
        self,
        expense_id: str,
        changes: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[ExpenseRecord]:
        """Change only the fields named in `changes` (an empty split: equal parts)."""
        parsed = parse_changes(_ENTITY, EXPENSE_RULES, changes)

        def edit(session: Session, writer: ChangeWriter, before: ExpenseRecord) -> ExpenseRecord:
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Edit expense {expense}").format(
                    expense=_named(before)
                )
            )
            return _settled(session, dataclasses.replace(before, **parsed), parsed)

        return await self.edited(expense_id, edit, context)

    async def remove(
        self, expense_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[bool]:
        """Remove the expense; False if there was no such expense."""

        def write(session: Session, writer: ChangeWriter) -> bool:
            row = session.get(Expense, expense_id)
            if row is None:
                return False
            expense = EXPENSES.to_record(row)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Remove expense {expense}").format(
                    expense=_named(expense)
                )
            )
            writer.delete(EXPENSES, row, expense)
            return True

        return await self.logged(context, write)


def trip_expenses(session: Session, trip_id: str) -> list[ExpenseRecord]:
    rows = session.exec(
        select(Expense)
        .where(Expense.trip_id == trip_id)
        .order_by(col(Expense.spent_on), col(Expense.created_at), col(Expense.id))
    ).all()
    return [EXPENSES.to_record(row) for row in rows]


def travellers(expenses: Sequence[ExpenseRecord]) -> list[str]:
    """Everyone named in `expenses` (payers and sharers), in order of first mention."""
    names: dict[str, str] = {}
    for expense in expenses:
        for name in (expense.paid_by, *(share.name for share in expense.split)):
            names.setdefault(name.casefold(), name)
    return list(names.values())


def delete_expenses(session: Session, writer: ChangeWriter, trip_id: str) -> None:
    """Delete, logged, every expense of the trip (before the trip goes)."""
    for row in session.exec(select(Expense).where(Expense.trip_id == trip_id)).all():
        writer.delete(EXPENSES, row, EXPENSES.to_record(row))


def detach_item_expenses(session: Session, writer: ChangeWriter, item_id: str) -> None:
    """Unlink, logged, the expenses of an item about to go, so undo links them again."""
    for row in session.exec(select(Expense).where(Expense.item_id == item_id)).all():
        before = EXPENSES.to_record(row)
        writer.update(EXPENSES, row, before, dataclasses.replace(before, item_id=None))


def has_item_expenses(session: Session, item_id: str) -> bool:
    return session.exec(select(Expense.id).where(Expense.item_id == item_id)).first() is not None


def _settled(
    session: Session, expense: ExpenseRecord, parsed: Mapping[str, object]
) -> ExpenseRecord:
    """`expense` checked across fields, its split filled in when empty."""
    check_amount(expense.amount, expense.currency, parsed)
    if expense.item_id is not None:
        item = ITEMS.find(session, expense.item_id)
        if item is None or item.trip_id != expense.trip_id:
            raise InvalidChangeError(
                "item_id",
                QT_TRANSLATE_NOOP(
                    "StoreError", "This trip has no itinerary item {item_id!r}."
                ).format(item_id=expense.item_id),
            )
    if expense.split:
        return expense
    others = [e for e in trip_expenses(session, expense.trip_id) if e.id != expense.id]
    names = travellers(others)
    if expense.paid_by.casefold() not in {name.casefold() for name in names}:
        names.append(expense.paid_by)
    return dataclasses.replace(expense, split=tuple(Share(name, Decimal(1)) for name in names))


def _named(expense: ExpenseRecord) -> str:
    what = quoted(expense.description) if expense.description else expense.category.value
    return QT_TRANSLATE_NOOP("ChangeLabel", "{what} ({amount} {currency})").format(
        what=what, amount=str(expense.amount), currency=expense.currency
    )

"""The assistant's ledger tool (add an expense) and the ledger's reading, which `read_trip`
gives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from concierge.agent import ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import LedgerRepository, TripRepository
from concierge.store.validation import EXPENSE_RULES
from concierge.text import QT_TRANSLATE_NOOP

from ..money.currencies import format_money
from .feature import AssistantFeature
from .ledger_view import (
    PlannedCosts,
    TripSource,
    ledger_provider,
    no_planned_costs,
    read_totals,
    render_ledger,
)
from .tool_args import rules_model
from .tool_support import ToolArgs, assistant_context, store_errors, written
from .trip_view import short_id
from .write_report import WriteReport

NewExpense: type[ToolArgs] = rules_model(
    "NewExpense", EXPENSE_RULES, optional={"currency"}, terse=True
)


@dataclass(eq=False)
class LedgerTools:
    trip_id: str
    trips: TripRepository
    ledger: LedgerRepository
    report: WriteReport
    planned: PlannedCosts = no_planned_costs

    def all(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="add_expense",
                title="Add an expense",
                description="Record money spent on the trip.",
                input_model=NewExpense,
                handler=self.add_expense,
            ),
        ]

    async def read(self, allowance: int, page: int = 1) -> str:
        """The expenses with their totals, for `read_trip`: `page` of them, in `allowance`
        tokens."""
        totals = await read_totals(self.trips, self.ledger, self.trip_id, self.planned)
        if totals is None:
            raise ToolError("The trip no longer exists.")
        if isinstance(totals, str):
            raise ToolError("The exchange rates are still loading; try again in a moment.")
        unverified = await self.ledger.unverified(self.trip_id)
        return render_ledger(totals, allowance, page, unverified)

    async def add_expense(self, args: ToolArgs, ctx: ToolContext) -> ToolOutput:
        given = args.model_dump(include=args.model_fields_set)
        values = {name: value for name, value in given.items() if value not in ("", None)}
        what = values.get("description") or values.get("category") or "other"
        await self.report.before()
        async with store_errors():
            outcome = await self.ledger.add(
                self.trip_id,
                values,
                context=assistant_context(
                    ctx, QT_TRANSLATE_NOOP("ChangeLabel", "expense “{what}”").format(what=what)
                ),
            )
        expense = written(outcome).record
        money = format_money(expense.amount, expense.currency)
        names = ", ".join(share.name for share in expense.split)
        output = ToolOutput(
            f"Added [{short_id(expense.id)}] {expense.spent_on.isoformat()} {money} "
            f"{expense.category.value}, paid by {expense.paid_by}, split between {names}.",
            summary=f"added expense [{short_id(expense.id)}]",
        )
        return await self.report.told(outcome, output)


class LedgerFeature(AssistantFeature):
    """The trip's money: expenses as tools, totals against the budget as the "money" block."""

    name = "money"

    def __init__(
        self,
        tools: LedgerTools,
        planned: PlannedCosts | None = None,
        trips: TripSource | None = None,
    ) -> None:
        """`planned` and `trips`: the planned costs and the trip the block reads (default:
        the tools' own), e.g. the items and the trip read once per resolution."""
        self.ledger_tools = tools
        self.planned = planned if planned is not None else tools.planned
        self.trips: TripSource = trips if trips is not None else tools.trips

    def tools(self) -> list[Tool[Any]]:
        return self.ledger_tools.all()

    def status_provider(self) -> ContextProvider:
        tools = self.ledger_tools
        return ledger_provider(self.trips, tools.ledger, tools.trip_id, self.planned)

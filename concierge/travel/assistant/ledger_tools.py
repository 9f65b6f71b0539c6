"""The assistant's ledger tools: read the expenses with their totals, and add one."""

from __future__ import annotations

from typing import Any

from concierge.agent import ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import LedgerRepository, TripRepository
from concierge.store.validation import EXPENSE_RULES

from ..currencies import format_money
from .feature import AssistantFeature
from .ledger_view import PlannedCosts, ledger_provider, no_planned_costs, read_totals, render_ledger
from .tool_args import rules_model
from .tool_support import NoArguments, ToolArgs, assistant_context, store_errors
from .trip_view import short_id

NewExpense: type[ToolArgs] = rules_model(
    "NewExpense", EXPENSE_RULES, exclude={"item_id"}, optional={"currency"}, terse=True
)


class LedgerTools:
    def __init__(
        self,
        trip_id: str,
        trips: TripRepository,
        ledger: LedgerRepository,
        planned: PlannedCosts = no_planned_costs,
    ) -> None:
        self.trip_id = trip_id
        self.trips = trips
        self.ledger = ledger
        self.planned = planned

    def all(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="get_ledger",
                title="Read the expenses",
                description="Read the trip's expenses, totals and who owes whom.",
                input_model=NoArguments,
                handler=self.get_ledger,
            ),
            Tool(
                name="add_expense",
                title="Add an expense",
                description="Record money spent on the trip.",
                input_model=NewExpense,
                handler=self.add_expense,
            ),
        ]

    async def get_ledger(self, args: NoArguments, ctx: ToolContext) -> ToolOutput:
        totals = await read_totals(self.trips, self.ledger, self.trip_id, self.planned)
        if totals is None:
            raise ToolError("The trip no longer exists.")
        if isinstance(totals, str):
            raise ToolError("The exchange rates are still loading; try again in a moment.")
        return ToolOutput(render_ledger(totals), summary="(ledger read)")

    async def add_expense(self, args: ToolArgs, ctx: ToolContext) -> ToolOutput:
        given = args.model_dump(include=args.model_fields_set)
        values = {name: value for name, value in given.items() if value not in ("", None)}
        what = values.get("description") or values.get("category") or "other"
        async with store_errors():
            expense = await self.ledger.add(
                self.trip_id, values, context=assistant_context(ctx, f"expense “{what}”")
            )
        money = format_money(expense.amount, expense.currency)
        names = ", ".join(share.name for share in expense.split)
        return ToolOutput(
            f"Added [{short_id(expense.id)}] {expense.spent_on.isoformat()} {money} "
            f"{expense.category.value}, paid by {expense.paid_by}, split between {names}.",
            summary=f"added expense [{short_id(expense.id)}]",
        )


class LedgerFeature(AssistantFeature):
    """The trip's money: expenses as tools, totals against the budget as the "money" block."""

    name = "money"

    def __init__(self, tools: LedgerTools) -> None:
        self.ledger_tools = tools

    def tools(self) -> list[Tool[Any]]:
        return self.ledger_tools.all()

    def status_provider(self) -> ContextProvider:
        tools = self.ledger_tools
        return ledger_provider(tools.trips, tools.ledger, tools.trip_id, tools.planned)

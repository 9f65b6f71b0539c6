"""The assistant's ledger tools: read the expenses with their totals, and add one."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import Field

from concierge.agent import Tool, ToolContext, ToolError, ToolOutput
from concierge.store import LedgerRepository, TripRepository

from .currencies import format_money
from .ledger_view import PlannedCosts, no_planned_costs, read_totals, render_ledger
from .tool_support import NoArguments, ToolArgs, assistant_context, store_errors
from .trip_view import short_id


class NewExpense(ToolArgs):
    amount: Decimal = Field(gt=0)
    currency: str = Field("", description="ISO 4217; default: the trip's.")
    spent_on: date = Field(description="YYYY-MM-DD.")
    category: Literal["transport", "lodging", "food", "activities", "shopping", "fees", "other"] = (
        "other"
    )
    description: str = ""
    paid_by: str = "Me"
    split: list[str] = Field([], description="Names sharing equally; default: all.")


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

    async def add_expense(self, args: NewExpense, ctx: ToolContext) -> ToolOutput:
        values = {name: value for name, value in args.model_dump().items() if value != ""}
        what = args.description or args.category
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

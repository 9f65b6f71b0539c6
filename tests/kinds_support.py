"""An extra kind of item declared in a test: one row added to the table of kinds, and the
test's database given the CHECK constraint the models now declare, as the migration that
ships a new kind would."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext

from concierge.model.categories import ExpenseCategory
from concierge.model.kinds import ITEM_KINDS, JOURNEY_DETAILS, JOURNEY_WORDS, ItemKindSpec
from concierge.store import ItemKind, database_path, upgrade_to_head
from concierge.store.engine import create_sqlite_engine
from concierge.store.tables import kind_check
from concierge.text import QT_TRANSLATE_NOOP

CRUISE = ItemKindSpec(
    value="cruise",
    label=QT_TRANSLATE_NOOP("ItemKind", "Cruise"),
    category=ExpenseCategory.TRANSPORT,
    transport=True,
    details=JOURNEY_DETAILS,
    default_minutes=240,
    hue=200,
    day_words=JOURNEY_WORDS,
    schema_org=("BoatReservation",),
    csv_names=("river cruise",),
    words=r"\bcruise\b",
    words_rank=7,
)
"""A river cruise: a journey on a carrier's boat, counted as transport, with its own
colour and length, that an e-mail's BoatReservation maps to."""


def accept_the_table_of_kinds(path: Path) -> None:
    """Give the database at `path` the item kind's CHECK constraint of the models."""
    engine = create_sqlite_engine(path, foreign_keys=False)
    try:
        with engine.begin() as connection:
            operations = Operations(MigrationContext.configure(connection))
            with operations.batch_alter_table("itinerary_item", recreate="always") as batch:
                batch.drop_constraint(operations.f("ck_itinerary_item_kind"), type_="check")
                batch.create_check_constraint(operations.f("ck_itinerary_item_kind"), kind_check())
    finally:
        engine.dispose()


@pytest.fixture
def cruise(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ItemKind:
    """The cruise added to the table for this test, and the database in `tmp_path` (where
    `open_services(tmp_path)` finds it) made to accept it."""
    monkeypatch.setattr(ITEM_KINDS, "rows", (*ITEM_KINDS.rows, CRUISE))
    path = database_path(tmp_path)
    upgrade_to_head(path)
    accept_the_table_of_kinds(path)
    return ItemKind(CRUISE.value)

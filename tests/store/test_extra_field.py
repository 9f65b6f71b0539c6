"""A field is one row of its entity's declaration: declare a boarding gate on itinerary items
in a fixture, and the store's validation, the assistant's tool schema, a spreadsheet's
column names, the snapshot's item line and the trip file all carry it, with no other change
to them.

What a real new field needs beside its row is what holds data: a column (an Alembic
migration, here the fixture's ALTER TABLE), the table class's attribute and the record's
field. The store refuses to import while those three disagree with the declaration, so
the fixture makes a table class and a record of its own with the gate (the `EntitySpec`
check below is the one that guards the real ones)."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import json
from datetime import date, datetime
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from concierge.model.field_kinds import Line
from concierge.model.fields import ITEM, Entity, FieldRule
from concierge.store import (
    ChangeBus,
    Database,
    InvalidChangeError,
    ItemKind,
    ItineraryItemRecord,
    ItineraryRepository,
    TripRepository,
)
from concierge.store.entities import EntitySpec
from concierge.store.tables import ItineraryItem
from concierge.store.trip_bundle import BundleError, BundlePart, import_bundle, trip_bundle
from concierge.store.validation import ITEM_RULES, parse_changes
from concierge.travel.assistant.tool_args import rules_model
from concierge.travel.assistant.trip_tools import ItemAction
from concierge.travel.assistant.trip_view import render_item
from concierge.travel.imports.csv_items import detect_columns

GATE = FieldRule("Gate", Line(8), "", detail=True, aliases=("boarding gate",))
AT = datetime.fromisoformat("2027-04-10T08:00:00+00:00")


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Entity:
    """Items declare a gate: one row added to the one declaration, for this test."""
    monkeypatch.setitem(ITEM.fields, "gate", GATE)  # type: ignore[arg-type]
    return ITEM


class _Elsewhere(SQLModel, registry=registry()):
    """Tables of the fixture's own, beside (not in) the store's metadata."""


def _gated_table() -> type[SQLModel]:
    """The itinerary item's table class with the gate column (its foreign key left out:
    the trip table is in the store's metadata, not the fixture's)."""
    namespace: dict[str, Any] = {"__tablename__": "itinerary_item", "__annotations__": {}}
    columns = ItineraryItem.__table__.columns  # type: ignore[attr-defined]
    for name, info in ItineraryItem.model_fields.items():
        namespace["__annotations__"][name] = info.annotation
        namespace[name] = Field() if columns[name].foreign_keys else copy.copy(info)
    namespace["__annotations__"]["gate"] = str
    namespace["gate"] = Field(default="")
    return type("GatedItem", (_Elsewhere,), namespace, table=True)


GatedRecord = dataclasses.make_dataclass(
    "GatedRecord",
    [("gate", str, dataclasses.field(default=""))],
    bases=(ItineraryItemRecord,),
    frozen=True,
    slots=True,
)
GatedTable = _gated_table()


def _item(**values: Any) -> Any:
    return GatedRecord(
        id="ab12cd34ef",
        trip_id="t",
        day=date(2027, 4, 10),
        start_time=None,
        timezone=None,
        title="Flight to Osaka",
        place="",
        notes="",
        position=0,
        created_at=AT,
        updated_at=AT,
        kind=ItemKind.FLIGHT,
        **values,
    )


def test_the_store_reads_the_declared_field_by_its_kind(gate: Entity) -> None:
    assert parse_changes(gate.noun, ITEM_RULES, {"gate": "  B12 "}) == {"gate": "B12"}
    with pytest.raises(InvalidChangeError) as refused:
        parse_changes(gate.noun, ITEM_RULES, {"gate": "Terminal 2, gate B12"})
    assert refused.value.field == "gate"
    assert "Gate" in str(refused.value)


def test_the_tool_schema_offers_the_field_with_its_limit(gate: Entity) -> None:
    schema = rules_model("ItemEdit", ITEM_RULES, patch=True, terse=True, base=ItemAction)
    assert schema.model_json_schema()["properties"]["gate"]["type"] == "string"
    with pytest.raises(ValueError, match="at most 8"):
        schema.model_validate({"action": "update", "gate": "Terminal 2, gate B12"})


def test_a_field_the_tools_do_not_take_stays_out_of_the_schema(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(  # type: ignore[arg-type]
        ITEM.fields, "gate", dataclasses.replace(GATE, tool=False)
    )
    schema = rules_model("ItemEdit", ITEM_RULES, patch=True, terse=True, base=ItemAction)
    assert "gate" not in schema.model_json_schema()["properties"]


def test_a_spreadsheet_column_is_known_by_the_fields_name_label_and_aliases(
    gate: Entity,
) -> None:
    header = ["Date", "What", "Boarding gate"]
    assert detect_columns(header)["Boarding gate"] == "gate"
    assert detect_columns(["Date", "Gate"])["Gate"] == "gate"


def test_the_snapshot_lists_the_field_among_the_details(gate: Entity) -> None:
    line = render_item(_item(carrier="TAP", gate="B12"))
    assert line.endswith("flight: Flight to Osaka; carrier TAP, gate B12")


def test_a_sensitive_field_reads_as_on_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(  # type: ignore[arg-type]
        ITEM.fields, "gate", dataclasses.replace(GATE, sensitive=True)
    )
    assert render_item(_item(gate="B12")).endswith("; gate on file")


def test_a_record_or_table_that_disagrees_with_the_declaration_stops_the_import(
    gate: Entity,
) -> None:
    with pytest.raises(TypeError, match="declares"):
        EntitySpec(gate, ItineraryItem, ItineraryItemRecord, lambda record: record.trip_id)
    with pytest.raises(TypeError, match="columns"):
        EntitySpec(gate, ItineraryItem, GatedRecord, lambda record: record.trip_id)
    wrong_default = gate.with_field("gate", dataclasses.replace(GATE, default="A1"))
    with pytest.raises(TypeError, match="default"):
        EntitySpec(wrong_default, GatedTable, GatedRecord, lambda record: record.trip_id)


def test_the_trip_file_carries_the_field_there_and_back(
    database: Database, bus: ChangeBus, trips: TripRepository, itinerary: ItineraryRepository
) -> None:
    trip = asyncio.run(trips.create({"title": "Osaka"})).record
    item = asyncio.run(
        itinerary.add(trip.id, {"day": "2027-04-10", "title": "Flight to Osaka", "kind": "flight"})
    ).record

    def migrate(session: Any) -> None:
        session.execute(
            text("ALTER TABLE itinerary_item ADD COLUMN gate VARCHAR NOT NULL DEFAULT ''")
        )
        session.execute(
            text("UPDATE itinerary_item SET gate = 'B12' WHERE id = :id"), {"id": item.id}
        )

    database.run_sync(migrate)
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(ITEM.fields, "gate", GATE)  # type: ignore[arg-type]
        spec = EntitySpec(ITEM, GatedTable, GatedRecord, lambda record: record.trip_id)
        layout = (BundlePart("itinerary", spec, ("day", "position")),)
        exported = database.run_sync(lambda session: trip_bundle(session, trip.id, layout))
        document = json.loads(json.dumps(exported))
        assert document["itinerary"][0]["gate"] == "B12"

        document["itinerary"][0]["gate"] = " C3 "
        copied = asyncio.run(import_bundle(database, bus, document, layout=layout)).record
        again = database.run_sync(lambda session: trip_bundle(session, copied.id, layout))
        assert again["itinerary"][0]["gate"] == "C3"

        document["itinerary"][0]["gate"] = "Terminal 2, gate B12"
        with pytest.raises(BundleError, match=r"itinerary\[0\]\.gate: Gate is 20 characters"):
            asyncio.run(import_bundle(database, bus, document, layout=layout))

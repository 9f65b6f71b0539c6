"""How the model reads itinerary items: kind, local times with the zones that differ, the
end's day, the length, details with sensitive ones "on file", the cost, and stored values the
rules now refuse marked rather than failing."""

from __future__ import annotations

from datetime import date, time
from decimal import Decimal

from concierge.store import ItemKind
from concierge.travel.assistant.trip_view import render_item
from concierge.travel.safe_text.value_text import sensitive_text
from tests.travel.items_support import make_item


def test_a_plain_activity_reads_as_before() -> None:
    item = make_item(
        id="abcdef123456",
        start_time=time(9),
        timezone="Europe/Lisbon",
        title="Tram 28",
        place="Graça",
        notes="tickets\non board",
    )
    assert render_item(item, "Europe/Lisbon") == (
        "[abcdef12] 09:00 Tram 28 @ Graça (tickets on board)"
    )
    assert render_item(make_item(id="abcdef123456")) == "[abcdef12] --:-- Item"


def test_a_hotel_reads_with_its_nights_address_and_cost() -> None:
    hotel = make_item(
        id="h" * 12,
        kind=ItemKind.LODGING,
        title="Gracery",
        all_day=True,
        end_day=date(2026, 5, 4),
        address="Kabukicho 1-19-1",
        confirmation_code="ABC123",
        cost_amount=Decimal("54000"),
        cost_currency="JPY",
    )
    assert render_item(hotel, "Asia/Tokyo") == (
        "[hhhhhhhh] all day to 2026-05-04 (Mon) lodging: Gracery; address Kabukicho 1-19-1, "
        "confirmation code on file, cost 54,000 JPY"
    )


def test_a_car_names_its_pick_up_and_a_duration_its_length() -> None:
    car = make_item(
        id="c" * 12,
        kind=ItemKind.CAR,
        title="Hire car",
        start_time=time(10),
        timezone="Asia/Tokyo",
        duration_minutes=3 * 24 * 60,
        from_place="Kyoto",
        to_place="Osaka",
        provider="Toyota Rent a Car",
        link="https://example.com/r?id=1",
    )
    assert render_item(car, "Asia/Tokyo") == (
        "[cccccccc] 10:00 to 2026-05-04 (Mon) 10:00 (3 days) car: Hire car; pick-up Kyoto, "
        "drop-off Osaka, provider Toyota Rent a Car, link https://example.com/r?id=1"
    )


def test_values_written_before_a_rule_refused_them_are_marked_not_fatal() -> None:
    broken = make_item(
        id="b" * 12,
        start_time=time(10),
        end_time=time(9),
        timezone="Europe/Lisbon",
        title="Back\n## forged",
        cost_amount=Decimal(5),
    )
    assert render_item(broken, "Europe/Lisbon") == (
        "[bbbbbbbb] 10:00 to 09:00 Back\\n## forged; cost 5 [out of range: The end (1 May 2026 "
        "09:00 Europe/Lisbon) is before the start (1 May 2026 10:00 Europe/Lisbon). If it ends "
        "on a later day, set the end day.]"
    )


def test_sensitive_values_are_only_said_to_be_on_file() -> None:
    assert (sensitive_text("23A"), sensitive_text("  "), sensitive_text("")) == ("on file", "", "")

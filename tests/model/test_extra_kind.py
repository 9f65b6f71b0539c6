"""A kind of item declared in one row of the table, with no other change, works wherever
kinds appear: the store, the assistant's tool schema and snapshot, the CSV, e-mail and
calendar imports, the .ics export, the budget's categories and the timeline. (The item
dialog and the drawn timeline: tests/ui/test_extra_kind.py.)"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import date, time
from decimal import Decimal
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import ItemKind, TripRecord
from concierge.store.tables import kind_check
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.checks import CheckEnv, budget, check_plan
from concierge.travel.checks.plan import read_plan as read_checked_plan
from concierge.travel.exports.ics import trip_calendar
from concierge.travel.exports.plan import read_plan
from concierge.travel.imports import parse_file
from concierge.travel.itinerary.day_layout import TimelineEntry, lay_out
from concierge.travel.money.exchange import exchange
from concierge.travel.services import TravelServices, open_services
from tests import kinds_support
from tests.agent.support import client_for, snapshot_of
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

cruise = kinds_support.cruise

DAY = date(2027, 6, 2)


@pytest.fixture
async def services(cruise: ItemKind, tmp_path: Path) -> AsyncIterator[TravelServices]:
    opened = open_services(tmp_path)
    try:
        yield opened
    finally:
        await opened.lookups.aclose()
        opened.close()


async def douro(services: TravelServices) -> TripRecord:
    return (
        await services.trips.create(
            {
                "title": "Douro",
                "start_date": "2027-06-01",
                "end_date": "2027-06-04",
                "budget_amount": "1000",
                "budget_currency": "EUR",
            }
        )
    ).record


def test_the_row_makes_the_kind(cruise: ItemKind) -> None:
    assert ItemKind("cruise") is cruise is ItemKind.CRUISE
    assert list(ItemKind)[-1] is cruise
    assert cruise.label == "Cruise"
    assert kind_check().endswith("'note', 'cruise')")


async def test_the_assistant_is_offered_the_kind_and_sees_the_item(
    services: TravelServices, cruise: ItemKind, fake_openai: FakeOpenAIServer
) -> None:
    trip = await douro(services)
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    agent = build_trip_assistant(services, trip.id, model)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "add",
                    "day": DAY.isoformat(),
                    "kind": "cruise",
                    "title": "Douro cruise",
                    "start_time": "09:00",
                    "carrier": "Douro Azul",
                    "from_place": "Porto",
                    "to_place": "Régua",
                },
            )
        ),
        Reply.text("Added."),
    )
    await agent.process_request("Add the Douro cruise on the second day")

    tools = {tool["function"]["name"]: tool for tool in fake_openai.chat_requests[0]["tools"]}
    kind = tools["edit_itinerary"]["function"]["parameters"]["properties"]["kind"]
    assert "cruise" in kind["enum"]
    [item] = await services.itinerary.items(trip.id)
    assert (item.kind, item.title, item.carrier) == (cruise, "Douro cruise", "Douro Azul")
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert "cruise: Douro cruise" in snapshot


def test_a_libreoffice_csv_names_the_kind(cruise: ItemKind, tmp_path: Path) -> None:
    """As LibreOffice Calc saves a German sheet: semicolons, quoted text, short dates."""
    path = tmp_path / "Reise.csv"
    path.write_text(
        '"Date";"Time";"What";"Type"\n'
        '"02.06.27";"09:00";"Douro Valley";"river cruise"\n'
        '"03.06.27";"";"Pinhão";"Cruise"\n'
        '"04.06.27";"";"Back on the cruise";""\n',
        encoding="utf-8",
    )
    result = parse_file(path, date_pattern="dd.MM.yy")
    assert result.errors == ()
    assert [(c.day, c.kind) for c in result.candidates] == [
        (date(2027, 6, 2), cruise),
        (date(2027, 6, 3), cruise),
        (date(2027, 6, 4), cruise),  # guessed from the title's words
    ]


BOAT: dict[str, Any] = {
    "@context": "http://schema.org",
    "@type": "BoatReservation",
    "reservationNumber": "DA-22071",
    "reservationStatus": "http://schema.org/ReservationConfirmed",
    "underName": {"@type": "Person", "name": "Ana Silva"},
    "totalPrice": "240.00",
    "priceCurrency": "EUR",
    "reservationFor": {
        "@type": "BoatTrip",
        "name": "Douro Valley cruise",
        "provider": {"@type": "Organization", "name": "Douro Azul"},
        "departureTime": "2027-06-02T09:00:00+01:00",
        "arrivalTime": "2027-06-02T18:30:00+01:00",
        "departureBoatTerminal": {"@type": "BoatTerminal", "name": "Cais da Ribeira"},
    },
}


def test_an_e_mails_boat_reservation_is_the_kind(cruise: ItemKind, tmp_path: Path) -> None:
    message = EmailMessage()
    message["From"] = "Douro Azul <reservas@example.com>"
    message["To"] = "ana@example.org"
    message["Subject"] = "A sua reserva DA-22071"
    message["Date"] = "Mon, 1 Mar 2027 10:00:00 +0000"
    message.set_content("A sua reserva")
    script = f'<script type="application/ld+json">{json.dumps(BOAT)}</script>'
    message.add_alternative(f"<html><head>{script}</head><body>Obrigado!</body></html>", "html")
    path = tmp_path / "reserva.eml"
    path.write_bytes(message.as_bytes(policy=policy.SMTP))
    result = parse_file(path)
    assert result.errors == ()
    (boat,) = result.candidates
    assert (boat.kind, boat.title, boat.day) == (cruise, "Douro Valley cruise", DAY)
    assert (boat.start_time, boat.end_time) == (time(9), time(18, 30))
    assert (boat.confirmation_code, boat.cost_amount) == ("DA-22071", Decimal("240.00"))


GOOGLE_CALENDAR = """BEGIN:VCALENDAR
PRODID:-//Google Inc//Google Calendar 70.9054//EN
VERSION:2.0
CALSCALE:GREGORIAN
METHOD:PUBLISH
X-WR-CALNAME:Portugal
X-WR-TIMEZONE:Europe/Lisbon
BEGIN:VEVENT
DTSTART:20270602T080000Z
DTEND:20270602T173000Z
DTSTAMP:20270301T100000Z
UID:5k2l0vq8a1b2c3d4e5f6g7h8i9@google.com
CREATED:20270301T095500Z
DESCRIPTION:
LAST-MODIFIED:20270301T095500Z
LOCATION:Cais da Ribeira\\, Porto
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Douro river cruise
TRANSP:OPAQUE
END:VEVENT
END:VCALENDAR
"""


async def test_the_calendar_export_names_the_kind_and_reads_back(
    services: TravelServices, cruise: ItemKind, tmp_path: Path
) -> None:
    trip = await douro(services)
    await services.itinerary.add(
        trip.id,
        {
            "day": DAY.isoformat(),
            "kind": "cruise",
            "title": "Douro cruise",
            "start_time": "09:00",
            "timezone": "Europe/Lisbon",
            "end_time": "18:30",
        },
    )
    calendar = trip_calendar(await read_plan(services, trip.id))
    assert b"CATEGORIES:Cruise" in calendar
    assert b"Kind: Cruise" in calendar
    ours = tmp_path / "douro.ics"
    ours.write_bytes(calendar)
    (back,) = parse_file(ours).candidates
    assert (back.kind, back.title, back.start_time) == (cruise, "Douro cruise", time(9))

    google = tmp_path / "google.ics"
    google.write_text(GOOGLE_CALENDAR.replace("\n", "\r\n"), encoding="utf-8")
    (guessed,) = parse_file(google).candidates
    assert (guessed.kind, guessed.title) == (cruise, "Douro river cruise")


async def test_its_cost_counts_in_its_budget_category(
    services: TravelServices, cruise: ItemKind
) -> None:
    trip = await douro(services)
    add = services.itinerary.add
    for day, kind, title, cost in (("2027-06-01", "lodging", "Hotel", "100"),
                                   ("2027-06-02", "cruise", "Douro cruise", "1200")):  # fmt: skip
        await add(
            trip.id,
            {"day": day, "kind": kind, "title": title, "cost_amount": cost, "cost_currency": "EUR"},
        )
    plan = await services.database.run(lambda session: read_checked_plan(session, trip.id))
    assert plan is not None
    (problem,) = check_plan(plan, CheckEnv(rates=exchange()), (budget.CHECKER,))
    assert problem.message.endswith("largest: transport 1,200.00 EUR, lodging 100.00 EUR.")


def test_the_timeline_gives_it_its_usual_length(cruise: ItemKind) -> None:
    entry = TimelineEntry("douro", "Douro cruise", "cruise", time(9), None)
    [block] = lay_out([entry]).blocks
    assert (block.start, block.end, block.open_end) == (9 * 60, 13 * 60, True)

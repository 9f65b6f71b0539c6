"""Saved e-mails carrying schema.org reservations, built with the email package in the shapes
mail clients save (multipart/alternative, quoted-printable or base64 HTML, CRLF lines)."""

from __future__ import annotations

import json
from datetime import date, time
from decimal import Decimal
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from concierge.store import ItemKind
from concierge.travel.imports import parse_file

FLIGHT: dict[str, Any] = {
    "@context": "http://schema.org",
    "@type": "FlightReservation",
    "reservationNumber": "XK7Q2P",
    "reservationStatus": "http://schema.org/ReservationConfirmed",
    "underName": {"@type": "Person", "name": "Ana Silva"},
    "airplaneSeat": "14C",
    "totalPrice": "312.40",
    "priceCurrency": "EUR",
    "reservationFor": {
        "@type": "Flight",
        "flightNumber": "576",
        "airline": {"@type": "Airline", "name": "TAP Air Portugal", "iataCode": "TP"},
        "departureAirport": {"@type": "Airport", "name": "Lisbon", "iataCode": "LIS"},
        "departureTime": "2027-03-15T06:05:00+00:00",
        "arrivalAirport": {"@type": "Airport", "name": "Frankfurt", "iataCode": "FRA"},
        "arrivalTime": "2027-03-15T09:55:00+01:00",
    },
}
HOTEL = {
    "@type": "LodgingReservation",
    "reservationNumber": "H-99812",
    "checkinDate": "2027-03-15T15:00:00+01:00",
    "checkoutDate": "2027-03-18T11:00:00+01:00",
    "reservationFor": {
        "@type": "LodgingBusiness",
        "name": "Hotel Römerhof",
        "address": {
            "@type": "PostalAddress",
            "streetAddress": "Römerberg 3",
            "addressLocality": "Frankfurt",
            "postalCode": "60311",
            "addressCountry": "DE",
        },
    },
    "totalPrice": {"@type": "PriceSpecification", "price": "540.00", "priceCurrency": "EUR"},
}
DINNER = {
    "@type": "FoodEstablishmentReservation",
    "reservationNumber": "T-4",
    "startTime": "2027-03-16T20:00:00",
    "partySize": "2",
    "reservationFor": {
        "@type": "FoodEstablishment",
        "name": "Apfelwein Wagner",
        "address": "Schweizer Str. 71, Frankfurt",
    },
}


def _message(html: str, cte: str = "quoted-printable", plain: str = "Your booking") -> bytes:
    message = EmailMessage()
    message["Received"] = "from mail.example.com by mx.example.net; Mon, 1 Mar 2027 10:00:00 +0000"
    message["From"] = "TAP Air Portugal <noreply@example.com>"
    message["To"] = "ana@example.org"
    message["Subject"] = "Your booking XK7Q2P"
    message["Date"] = "Mon, 1 Mar 2027 10:00:00 +0000"
    message.set_content(plain)
    message.add_alternative(html, subtype="html", cte=cte)
    return message.as_bytes(policy=policy.SMTP)  # CRLF, as clients save .eml files


def _script(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data, ensure_ascii=False)}</script>'


def _html(*blocks: str) -> str:
    body = "".join(blocks)
    return f"<html><head>{body}</head><body><p>Obrigado, Ana — até já!</p></body></html>"


def _save(tmp_path: Path, data: bytes, name: str = "booking.eml") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_a_flight_in_quoted_printable_json_ld(tmp_path: Path) -> None:
    data = _message(_html(_script(FLIGHT)))
    assert b"Content-Transfer-Encoding: quoted-printable" in data
    result = parse_file(_save(tmp_path, data))
    assert result.errors == ()
    (flight,) = result.candidates
    assert flight.kind is ItemKind.FLIGHT
    assert (flight.day, flight.start_time, flight.timezone) == (
        date(2027, 3, 15),
        time(6, 5),
        "Europe/Lisbon",
    )
    assert (flight.end_time, flight.end_timezone) == (time(9, 55), "Europe/Berlin")
    assert (flight.service_number, flight.carrier) == ("TP576", "TAP Air Portugal")
    assert (flight.from_place, flight.to_place, flight.seat) == ("LIS", "FRA", "14C")
    assert (flight.confirmation_code, flight.cost_amount, flight.cost_currency) == (
        "XK7Q2P",
        Decimal("312.40"),
        "EUR",
    )
    assert (flight.source_file, flight.source_ref) == ("booking.eml", "JSON-LD #1")


def test_a_base64_graph_of_a_stay_and_a_dinner(tmp_path: Path) -> None:
    graph = {"@context": "https://schema.org", "@graph": [HOTEL, DINNER]}
    data = _message(_html(_script(graph)), cte="base64")
    assert b"Content-Transfer-Encoding: base64" in data
    result = parse_file(_save(tmp_path, data, "stay.eml"))
    assert result.errors == ()
    stay, dinner = result.candidates
    assert stay.kind is ItemKind.LODGING
    assert (stay.day, stay.start_time, stay.end_day, stay.end_time) == (
        date(2027, 3, 15),
        time(15, 0),
        date(2027, 3, 18),
        time(11, 0),
    )
    assert stay.address == "Römerberg 3, 60311, Frankfurt, DE"
    assert (stay.cost_amount, stay.source_ref) == (Decimal("540.00"), "JSON-LD #1.1")
    assert dinner.kind is ItemKind.MEAL
    assert (dinner.title, dinner.start_time, dinner.notes) == (
        "Apfelwein Wagner",
        time(20, 0),
        "Table for 2",
    )
    assert dinner.source_ref == "JSON-LD #1.2"


def test_a_list_of_trains_buses_cars_and_events(tmp_path: Path) -> None:
    reservations = [
        {
            "@type": "TrainReservation",
            "reservationNumber": "DB-1",
            "reservationFor": {
                "@type": "TrainTrip",
                "trainNumber": "ICE 123",
                "provider": {"@type": "Organization", "name": "Deutsche Bahn"},
                "departureStation": {"@type": "TrainStation", "name": "Frankfurt Hbf"},
                "arrivalStation": {"@type": "TrainStation", "name": "Köln Hbf"},
                "departureTime": "2027-03-18T12:10:00+01:00",
                "arrivalTime": "2027-03-18T13:14:00+01:00",
            },
            "reservedTicket": {"@type": "Ticket", "ticketedSeat": {"seatNumber": "61"}},
        },
        {
            "@type": "BusReservation",
            "reservationFor": {
                "@type": "BusTrip",
                "busNumber": "N12",
                "departureBusStop": {"name": "Köln ZOB"},
                "arrivalBusStop": {"name": "Bonn Hbf"},
                "departureTime": "2027-03-19T08:00:00",
            },
        },
        {
            "@type": "RentalCarReservation",
            "reservationNumber": "CAR-7",
            "pickupTime": "2027-03-19T10:00:00",
            "dropoffTime": "2027-03-21T10:00:00",
            "pickupLocation": {"name": "Bonn Hbf", "address": "Am Hauptbahnhof 1, Bonn"},
            "dropoffLocation": {"name": "Köln Airport"},
            "reservationFor": {"@type": "Car", "name": "VW Golf", "rentalCompany": "Sixt"},
        },
        {
            "@type": "EventReservation",
            "reservationFor": {
                "@type": "Event",
                "name": "Beethoven Symphony No. 9",
                "startDate": "2027-03-20",
                "location": {"@type": "Place", "name": "Beethovenhalle"},
            },
        },
    ]
    result = parse_file(_save(tmp_path, _message(_html(_script(reservations)))))
    assert result.errors == ()
    train, bus, car, concert = result.candidates
    assert (train.kind, train.service_number, train.carrier, train.seat) == (
        ItemKind.TRAIN,
        "ICE 123",
        "Deutsche Bahn",
        "61",
    )
    assert (train.from_place, train.to_place, train.end_time) == (
        "Frankfurt Hbf",
        "Köln Hbf",
        time(13, 14),
    )
    assert (bus.kind, bus.from_place, bus.timezone) == (ItemKind.BUS, "Köln ZOB", None)
    assert (car.kind, car.provider, car.from_place, car.end_day) == (
        ItemKind.CAR,
        "Sixt",
        "Bonn Hbf",
        date(2027, 3, 21),
    )
    assert car.address == "Am Hauptbahnhof 1, Bonn"
    assert (concert.kind, concert.all_day, concert.place) == (
        ItemKind.ACTIVITY,
        True,
        "Beethovenhalle",
    )


MICRODATA = """
<div itemscope itemtype="http://schema.org/FlightReservation">
  <meta itemprop="reservationNumber" content="RXJ34P"/>
  <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed"/>
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Flight">
    <p>Flight <span itemprop="flightNumber">110</span> with
    <span itemprop="airline" itemscope itemtype="http://schema.org/Airline">
      <span itemprop="name">United</span><meta itemprop="iataCode" content="UA">
    </span></p>
    <div itemprop="departureAirport" itemscope itemtype="http://schema.org/Airport">
      <span itemprop="name">San Francisco</span> (<b itemprop="iataCode">SFO</b>)
    </div>
    <time itemprop="departureTime" datetime="2027-03-04T20:15:00-08:00">4 March, 8:15 pm</time>
    <div itemprop="arrivalAirport" itemscope itemtype="http://schema.org/Airport">
      <span itemprop="name">John F. Kennedy</span> <meta itemprop="iataCode" content="JFK">
    </div>
    <meta itemprop="arrivalTime" content="2027-03-05T06:30:00-05:00">
  </div>
</div>
"""


def test_a_flight_in_microdata(tmp_path: Path) -> None:
    result = parse_file(_save(tmp_path, _message(f"<html><body>{MICRODATA}</body></html>")))
    assert result.errors == ()
    (flight,) = result.candidates
    assert (flight.kind, flight.source_ref, flight.confirmation_code) == (
        ItemKind.FLIGHT,
        "microdata #1",
        "RXJ34P",
    )
    assert (flight.service_number, flight.carrier, flight.from_place, flight.to_place) == (
        "UA110",
        "United",
        "SFO",
        "JFK",
    )
    assert (flight.day, flight.start_time, flight.timezone) == (
        date(2027, 3, 4),
        time(20, 15),
        "America/Los_Angeles",
    )
    assert (flight.end_day, flight.end_time, flight.end_timezone) == (
        date(2027, 3, 5),
        time(6, 30),
        "America/New_York",
    )


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        (
            _script(
                {
                    **FLIGHT,
                    "reservationFor": {
                        **FLIGHT["reservationFor"],
                        "departureTime": "2027-13-01T10:00",
                    },
                }
            ),
            "In bad.eml, JSON-LD #1: its departureTime '2027-13-01T10:00' is not a valid date",
        ),
        (
            _script({**HOTEL, "checkinDate": "2027-02-30"}),
            "In bad.eml, JSON-LD #1: its checkinDate '2027-02-30' is not a valid date",
        ),
        (
            _script({**HOTEL, "checkoutDate": "2027-03-10"}),
            "In bad.eml, JSON-LD #1: it ends before it starts.",
        ),
        (
            '<script type="application/ld+json">{"@type": "FlightReservation",</script>',
            "In bad.eml, JSON-LD #1: it is not valid JSON",
        ),
        (
            _script({**FLIGHT, "totalPrice": "lots"}),
            "In bad.eml, JSON-LD #1: its price 'lots' is not a number.",
        ),
    ],
)
def test_wrong_types_and_invalid_dates_are_named(tmp_path: Path, block: str, expected: str) -> None:
    result = parse_file(_save(tmp_path, _message(_html(block, _script(DINNER))), "bad.eml"))
    assert [c.title for c in result.candidates] == ["Apfelwein Wagner"]
    (error,) = result.errors
    assert error.startswith(expected)


def test_a_cost_the_item_cannot_hold_is_left_out_and_said_so(tmp_path: Path) -> None:
    odd = {**DINNER, "totalPrice": "80", "priceCurrency": "Euros"}
    (dinner,) = parse_file(_save(tmp_path, _message(_html(_script(odd))))).candidates
    assert (dinner.cost_amount, dinner.cost_currency) == (None, None)
    assert any(
        w.startswith("The cost was left out: Cost currency must be") for w in dinner.warnings
    )


def test_an_unknown_charset_still_gives_its_reservations(tmp_path: Path) -> None:
    data = _message(_html(_script(DINNER)), cte="base64")
    data = data.replace(b'charset="utf-8"', b'charset="x-unknown-1"')
    assert b"x-unknown-1" in data
    (dinner,) = parse_file(_save(tmp_path, data)).candidates
    assert dinner.title == "Apfelwein Wagner"


def test_a_full_vocabulary_type_and_a_cancellation(tmp_path: Path) -> None:
    cancelled = {
        **DINNER,
        "@type": "http://schema.org/FoodEstablishmentReservation",
        "reservationStatus": "http://schema.org/ReservationCancelled",
    }
    (dinner,) = parse_file(_save(tmp_path, _message(_html(_script(cancelled))))).candidates
    assert dinner.kind is ItemKind.MEAL
    assert "The reservation is marked as cancelled." in dinner.warnings


def test_a_plain_message_has_nothing_to_import_and_says_so(tmp_path: Path) -> None:
    message = EmailMessage()
    message["From"] = "friend@example.org"
    message["Subject"] = "See you in Lisbon"
    message.set_content("Dinner on Friday?")
    result = parse_file(_save(tmp_path, bytes(message), "note.eml"))
    assert (result.candidates, result.errors) == ((), ())
    assert result.warnings == ("The message has no HTML part to import.",)


@pytest.mark.parametrize(
    ("price", "amount"),
    [("1,234.56", Decimal("1234.56")), ("12,50", Decimal("12.50")), ("€ 80", Decimal("80"))],
)
def test_a_price_is_read_by_the_one_amount_reader(
    tmp_path: Path, price: str, amount: Decimal
) -> None:
    priced = {**DINNER, "totalPrice": price, "priceCurrency": "EUR"}
    (dinner,) = parse_file(_save(tmp_path, _message(_html(_script(priced))))).candidates
    assert (dinner.cost_amount, dinner.cost_currency) == (amount, "EUR")


def test_a_price_that_reads_two_ways_is_left_out_and_said_so(tmp_path: Path) -> None:
    priced = {**DINNER, "totalPrice": "1,250", "priceCurrency": "EUR"}
    (dinner,) = parse_file(_save(tmp_path, _message(_html(_script(priced))))).candidates
    assert (dinner.cost_amount, dinner.cost_currency) == (None, None)
    assert (
        "The cost was left out: '1,250' could mean 1250 or 1.25; write it as 1250 or as 1.25."
        in dinner.warnings
    )

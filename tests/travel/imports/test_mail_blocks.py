"""Confirmation e-mails as airlines send them: the reservation sits among Organization,
WebSite, BreadcrumbList and WebPage blocks, in JSON-LD (several scripts, an @graph linking
nodes by @id) and in microdata. The reservation is imported, the rest left out and said so;
a message holding only such blocks is refused, naming what it holds."""

from __future__ import annotations

import json
from datetime import date, time
from email import policy
from email.charset import QP, Charset
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path

import pytest

from concierge.store import ItemKind
from concierge.travel.imports import ImportFileError, parse_file

ORGANIZATION = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "name": "TAP Air Portugal",
    "url": "https://www.flytap.com",
    "logo": "https://www.flytap.com/logo.png",
    "sameAs": ["https://www.facebook.com/TAPPortugal", "https://twitter.com/tapairportugal"],
}
WEBSITE = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "url": "https://www.flytap.com",
    "potentialAction": {
        "@type": "SearchAction",
        "target": "https://www.flytap.com/search?q={search_term_string}",
        "query-input": "required name=search_term_string",
    },
}
GRAPH = {
    "@context": "https://schema.org",
    "@graph": [
        {
            "@type": "Airline",
            "@id": "https://www.flytap.com/#airline",
            "name": "TAP Air Portugal",
            "iataCode": "TP",
        },
        {
            "@type": "WebPage",
            "@id": "https://www.flytap.com/booking#page",
            "name": "Your booking confirmation",
        },
        {
            "@type": "FlightReservation",
            "reservationNumber": "K9XW4T",
            "reservationStatus": "https://schema.org/ReservationConfirmed",
            "underName": {"@type": "Person", "name": "Ana Silva"},
            "provider": {"@id": "https://www.flytap.com/#airline"},
            "reservationFor": {
                "@type": "Flight",
                "flightNumber": "2501",
                "airline": {"@id": "https://www.flytap.com/#airline"},
                "departureAirport": {"@type": "Airport", "name": "Lisbon", "iataCode": "LIS"},
                "departureTime": "2027-03-12T06:30:00+00:00",
                "arrivalAirport": {"@type": "Airport", "name": "Porto", "iataCode": "OPO"},
                "arrivalTime": "2027-03-12T07:25:00+00:00",
            },
        },
    ],
}
BREADCRUMBS = """
<ol itemscope itemtype="https://schema.org/BreadcrumbList">
  <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
    <a itemprop="item" href="https://www.flytap.com/"><span itemprop="name">Home</span></a>
    <meta itemprop="position" content="1" />
  </li>
  <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">
    <a itemprop="item" href="https://www.flytap.com/my-trips">
      <span itemprop="name">My trips</span></a>
    <meta itemprop="position" content="2" />
  </li>
</ol>
"""
FOOTER = """
<div itemscope itemtype="http://schema.org/Organization">
  <span itemprop="name">TAP Air Portugal</span>, <span itemprop="address">Lisboa</span>
  <a itemprop="url" href="https://www.flytap.com">flytap.com</a>
</div>
"""


def ld_json(data: object) -> str:
    return f'<script type="application/ld+json">\n{json.dumps(data, indent=2)}\n</script>'


def confirmation(path: Path, head: str, body: str) -> Path:
    """A multipart/alternative message as an airline's mailer sends it: plain text, then
    the HTML in quoted-printable, CRLF lines."""
    message = MIMEMultipart("alternative")
    message["From"] = "TAP Air Portugal <no-reply@flytap.com>"
    message["To"] = "ana.silva@example.org"
    message["Subject"] = "Booking confirmation K9XW4T"
    message["Date"] = "Mon, 01 Feb 2027 09:12:44 +0000"
    message["Message-ID"] = "<20270201091244.K9XW4T@mailer.flytap.com>"
    message.attach(MIMEText("Your booking K9XW4T is confirmed.", "plain", "utf-8"))
    html = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"{head}</head><body><table><tr><td>{body}"
        "<p>Obrigado por voar connosco — Flight TP 2501 Lisboa → Porto</p>"
        "</td></tr></table></body></html>"
    )
    quoted = Charset("utf-8")
    quoted.body_encoding = QP
    message.attach(MIMEText(html, "html", quoted))  # type: ignore[arg-type]  # takes a Charset
    path.write_bytes(message.as_bytes(policy=policy.SMTP))
    return path


def airline_mail(path: Path) -> Path:
    """The airline's confirmation: three JSON-LD scripts, two microdata items."""
    head = ld_json(ORGANIZATION) + ld_json(WEBSITE) + ld_json(GRAPH)
    return confirmation(path, head, BREADCRUMBS + FOOTER)


def test_the_reservation_is_imported_and_the_other_blocks_left_out_and_said_so(
    tmp_path: Path,
) -> None:
    file = airline_mail(tmp_path / "confirmation.eml")
    assert b"Content-Type: multipart/alternative" in file.read_bytes()

    result = parse_file(file)

    assert result.errors == ()
    (flight,) = result.candidates
    assert (flight.kind, flight.source_ref) == (ItemKind.FLIGHT, "JSON-LD #3.3")
    assert (flight.day, flight.start_time, flight.timezone) == (
        date(2027, 3, 12),
        time(6, 30),
        "Europe/Lisbon",
    )
    assert (flight.service_number, flight.confirmation_code) == ("TP2501", "K9XW4T")
    assert (flight.carrier, flight.provider) == ("TAP Air Portugal", "TAP Air Portugal")
    assert result.warnings == (
        "Left out, as they are not reservations: Organization (JSON-LD #1), WebSite "
        "(JSON-LD #2), Airline (JSON-LD #3.1), WebPage (JSON-LD #3.2), BreadcrumbList "
        "(microdata #1), Organization (microdata #2).",
    )


def test_a_message_of_only_other_blocks_is_refused_saying_what_it_holds(
    tmp_path: Path,
) -> None:
    file = confirmation(
        tmp_path / "newsletter.eml", ld_json(ORGANIZATION) + ld_json(WEBSITE), BREADCRUMBS
    )

    with pytest.raises(ImportFileError) as refused:
        parse_file(file)

    assert str(refused.value) == (
        "Cannot import newsletter.eml: it holds no reservation Concierge imports "
        "(FlightReservation, TrainReservation, BusReservation, RentalCarReservation, "
        "LodgingReservation, EventReservation, FoodEstablishmentReservation), only "
        "Organization (JSON-LD #1), WebSite (JSON-LD #2), BreadcrumbList (microdata #1)."
    )


def test_a_broken_reservation_beside_other_blocks_is_still_named(tmp_path: Path) -> None:
    broken = json.loads(json.dumps(GRAPH))
    broken["@graph"][2]["reservationFor"]["departureTime"] = "2027-03-32T06:30:00Z"
    file = confirmation(tmp_path / "bad.eml", ld_json(ORGANIZATION) + ld_json(broken), "")

    result = parse_file(file)

    assert result.candidates == ()
    (error,) = result.errors
    assert error.startswith("In bad.eml, JSON-LD #2.3: its departureTime '2027-03-32T06:30:00Z'")


def test_references_in_a_cycle_are_read_once(tmp_path: Path) -> None:
    looped = json.loads(json.dumps(GRAPH))
    looped["@graph"][0]["parentOrganization"] = {"@id": "https://www.flytap.com/#airline"}
    (flight,) = parse_file(confirmation(tmp_path / "loop.eml", ld_json(looped), "")).candidates
    assert flight.carrier == "TAP Air Portugal"


def test_the_listing_names_the_first_few_of_many_blocks_left_out(tmp_path: Path) -> None:
    offers = "".join(
        f'<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Offer {n}'
        "</span></div>"
        for n in range(1, 31)
    )
    file = confirmation(tmp_path / "offers.eml", ld_json(GRAPH), offers)

    result = parse_file(file)

    assert len(result.candidates) == 1
    (left_out,) = result.warnings
    assert left_out.startswith("Left out, as they are not reservations: Airline (JSON-LD #1.1), ")
    assert left_out.endswith("Product (microdata #10), …."), left_out

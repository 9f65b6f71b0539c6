"""`concierge import` with an airline's confirmation e-mail: the reservation is queued and the
listing says which other schema.org blocks were left out; a message of only such blocks is
refused in one line naming what it holds, and nothing is queued."""

from __future__ import annotations

from pathlib import Path

from concierge.travel.services import open_services
from tests.cli.support import run_cli
from tests.travel.imports.test_mail_blocks import (
    BREADCRUMBS,
    ORGANIZATION,
    WEBSITE,
    airline_mail,
    confirmation,
    ld_json,
)


async def _trip(data: Path) -> str:
    services = open_services(data)
    try:
        return (await services.trips.create({"title": "Porto"})).record.id
    finally:
        await services.aclose()
        services.close()


async def test_the_listing_names_the_blocks_left_out(tmp_path: Path) -> None:
    data = tmp_path / "data"
    await _trip(data)
    file = airline_mail(tmp_path / "confirmation.eml")

    done = run_cli("import", file, "--trip", "Porto", "--data-dir", data)

    assert done.returncode == 0, done.stderr
    queued, summary = done.stdout.splitlines()
    assert queued.split("\t")[:5] == [
        "queued",
        "flight",
        "2027-03-12 06:30 Lisbon → 07:25 Lisbon",
        "Flight TP2501 LIS → OPO",
        "K9XW4T",
    ]
    assert summary.startswith("Queued 1 record from confirmation.eml for review.")
    assert done.stderr.splitlines() == [
        f"{file}: Left out, as they are not reservations: Organization (JSON-LD #1), WebSite "
        "(JSON-LD #2), Airline (JSON-LD #3.1), WebPage (JSON-LD #3.2), BreadcrumbList "
        "(microdata #1), Organization (microdata #2)."
    ]


async def test_only_other_blocks_is_refused_naming_them(tmp_path: Path) -> None:
    data = tmp_path / "data"
    await _trip(data)
    head = ld_json(ORGANIZATION) + ld_json(WEBSITE)
    file = confirmation(tmp_path / "newsletter.eml", head, BREADCRUMBS)

    done = run_cli("import", file, "--trip", "Porto", "--data-dir", data)

    assert (done.returncode, done.stdout) == (1, "")
    (line,) = done.stderr.splitlines()
    assert line.startswith(
        "concierge import: Cannot import newsletter.eml: it holds no reservation Concierge "
        "imports (FlightReservation, "
    )
    assert line.endswith(
        "only Organization (JSON-LD #1), WebSite (JSON-LD #2), BreadcrumbList (microdata #1). "
        "Nothing was imported."
    )

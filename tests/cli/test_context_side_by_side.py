"""`concierge context` run several times side by side on one data folder, with the exchange
rates loading slowly in each process: the budget problem is there every time (each checker's
result depends on the trip's data, never on how fast the rates load)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from concierge.travel.services import open_services
from tests.cli.support import run_cli

SLOW_RATES = """
import time

from concierge.travel.money import exchange as _exchange

_read = _exchange.ecb_rates


def _slowly():
    time.sleep(1.5)
    return _read()


_exchange.ecb_rates = _slowly
"""

RUNS = 3
OVERRUN = "over the budget of 1,000.00 EUR"


async def _seed(folder: Path) -> None:
    services = open_services(folder)
    try:
        trip = (
            await services.trips.create(
                {"title": "Porto", "budget_amount": "1000", "budget_currency": "EUR"}
            )
        ).record
        for amount, currency in (("1100", "EUR"), ("5000", "JPY")):
            await services.ledger.add(
                trip.id, {"amount": amount, "currency": currency, "spent_on": "2027-04-09"}
            )
        await services.aclose()
    finally:
        services.close()


def test_the_budget_problem_shows_in_every_run_side_by_side(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    asyncio.run(_seed(folder))
    machine = tmp_path / "machine"
    machine.mkdir()
    (machine / "sitecustomize.py").write_text(SLOW_RATES, encoding="utf-8")
    with ThreadPoolExecutor(RUNS) as pool:
        slow = [
            pool.submit(run_cli, "context", "Porto", "--data-dir", folder, python_path=machine)
            for _ in range(RUNS)
        ]
        quick = [pool.submit(run_cli, "context", "Porto", "--data-dir", folder) for _ in range(1)]
        runs = [future.result() for future in (*slow, *quick)]
    for done in runs:
        assert done.returncode == 0, done.stderr
        assert OVERRUN in done.stdout, done.stdout

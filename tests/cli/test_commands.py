"""Every command in a subprocess on a real data folder, as a script or support would run it:
output, exit status (0 ok, 1 failure with one line on stderr, 2 usage) and what is stored."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import ChangeHistory
from concierge.store.trip_bundle import FORMAT, VERSION
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import client_for, snapshot_of
from tests.cli.support import (
    BOOKING_CODE,
    PASSPORT,
    ROOT,
    Seeded,
    exported,
    run_cli,
    seed,
    without_ids,
)
from tests.fakes import FakeOpenAIServer, Reply


@pytest.fixture
def seeded(tmp_path: Path) -> Seeded:
    return asyncio.run(seed(tmp_path / "data"))


@pytest.fixture
async def services(seeded: Seeded) -> AsyncIterator[TravelServices]:
    opened = open_services(seeded.folder)
    try:
        yield opened
    finally:
        await opened.aclose()
        opened.close()


def failed(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a failed command printed on stderr."""
    assert done.returncode == 1, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def listed(seeded: Seeded) -> list[list[str]]:
    done = run_cli("trips", "--data-dir", seeded.folder)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return [line.split("\t") for line in done.stdout.splitlines()]


def test_trips_lists_each_trip_on_one_line_id_title_and_dates(seeded: Seeded) -> None:
    assert listed(seeded) == [
        [seeded.porto, "Porto long weekend", "2027-04-09 to 2027-04-12"],
        [seeded.kyoto, "Kyoto in autumn", "2027-11-14 to 2027-11-24"],
        [seeded.undated, "Someday", "no dates"],
    ]


def test_the_data_dir_may_come_before_the_command(seeded: Seeded) -> None:
    done = run_cli("--data-dir", seeded.folder, "trips")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith(seeded.porto)


async def test_export_writes_the_whole_trip_to_stdout(
    seeded: Seeded, services: TravelServices
) -> None:
    done = run_cli("export", "Porto long weekend", "--format", "json", "--data-dir", seeded.folder)

    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document == await exported(services, seeded.porto)
    assert (document["format"], document["version"]) == (FORMAT, VERSION)
    assert document["trip"]["budget_amount"] == "1200.10"
    assert [item["title"] for item in document["itinerary"]] == [
        "Train to Porto Campanhã",
        "Check in",
        "Anniversary dinner",
    ]
    assert document["forms"][0]["answers"] == {"diet": "vegetarian"}
    assert [goal["status"] for goal in document["goals"]] == ["done", "open"]
    assert [pin["text"] for pin in document["pins"]] == ["Vegetarian options for one of us"]


async def test_export_carries_the_route_the_bookings_and_the_ledger_but_no_document(
    seeded: Seeded, services: TravelServices
) -> None:
    done = run_cli("export", "Kyoto in autumn", "--data-dir", seeded.folder)

    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document == await exported(services, seeded.kyoto)
    assert [(s["place"], s["arrive"], s["depart"]) for s in document["stops"]] == [
        ("Tokyo", "2027-11-15", "2027-11-18"),
        ("Kyoto", "2027-11-18", "2027-11-22"),
        ("Osaka", "2027-11-22", "2027-11-24"),
    ]
    flight, train, _, _ = document["itinerary"]
    assert (flight["timezone"], flight["end_day"], flight["end_time"]) == (
        "Europe/Lisbon",
        "2027-11-15",
        "07:55:00",
    )
    assert (flight["cost_amount"], flight["confirmation_code"]) == ("850", BOOKING_CODE)
    assert train["duration_minutes"] == 135
    rail_pass, dinner = document["expenses"]
    assert (rail_pass["amount"], rail_pass["currency"], rail_pass["item_id"]) == (
        "50000",
        "JPY",
        train["id"],
    )
    assert rail_pass["split"] == [{"name": "Me", "share": "1"}, {"name": "Ana", "share": "1"}]
    assert dinner["item_id"] is None
    assert "documents" not in document
    assert "ticket" not in done.stdout
    assert len(await services.documents.for_trip(seeded.kyoto)) == 1


def test_export_to_a_file_writes_the_file_and_nothing_on_stdout(
    seeded: Seeded, tmp_path: Path
) -> None:
    target = tmp_path / "porto.json"
    done = run_cli("export", seeded.porto[:8], "-o", target, "--data-dir", seeded.folder)

    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert json.loads(target.read_text(encoding="utf-8"))["trip"]["title"] == "Porto long weekend"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data", "porto.json"]


@pytest.mark.parametrize(
    ("title", "dates"),
    [
        ("Porto long weekend", "2027-04-09 to 2027-04-12"),
        ("Kyoto in autumn", "2027-11-14 to 2027-11-24"),
    ],
)
async def test_import_adds_a_new_trip_equal_to_the_exported_one_undone_in_one_step(
    seeded: Seeded, tmp_path: Path, title: str, dates: str
) -> None:
    target = tmp_path / "trip.json"
    assert run_cli("export", title, "-o", target, "--data-dir", seeded.folder).returncode == 0

    done = run_cli("import", target, "--data-dir", seeded.folder)

    assert done.returncode == 0, done.stderr
    new_id = done.stdout.strip()
    assert new_id not in {seeded.porto, seeded.kyoto, seeded.undated}
    assert listed(seeded)[-1] == [new_id, title, dates]
    original_id = seeded.porto if title.startswith("Porto") else seeded.kyoto
    services = open_services(seeded.folder)
    try:
        original = await exported(services, original_id)
        copy = await exported(services, new_id)
        assert without_ids(copy) == without_ids(original)
        assert {item["id"] for item in copy["itinerary"]}.isdisjoint(
            item["id"] for item in original["itinerary"]
        )
        new_items = {item.id for item in await services.itinerary.items(new_id)}
        for expense in await services.ledger.expenses(new_id):
            assert expense.item_id is None or expense.item_id in new_items
        assert await services.documents.for_trip(new_id) == []
        step = await ChangeHistory(services.database, services.bus).undo_last()
        assert step is not None
        assert step.labels == (f"Import trip “{title}”",)
        assert await services.trips.get(new_id) is None
        assert await services.itinerary.items(new_id) == []
        assert await services.stops.stops(new_id) == []
        assert await services.ledger.expenses(new_id) == []
        assert await services.goals.list_for_trip(new_id) == []
    finally:
        await services.aclose()
        services.close()


def _porto_file(seeded: Seeded, tmp_path: Path) -> dict[str, Any]:
    done = run_cli("export", seeded.porto, "--data-dir", seeded.folder)
    assert done.returncode == 0, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def _edited(document: dict[str, Any], edit: str) -> str:
    if edit == "bad start time":
        document["itinerary"][1]["start_time"] = "25:61"
    elif edit == "newer version":
        document["version"] = VERSION + 1
    elif edit == "not ours":
        return json.dumps({"trips": []})
    elif edit == "not JSON":
        return '{"format": "concierge-trip", '
    elif edit == "bad goal status":
        document["goals"][0]["status"] = "maybe"
    return json.dumps(document)


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        ("bad start time", "itinerary[1].start_time: Start time must be a time of day"),
        ("bad goal status", "goals[0].status: Input should be 'open' or 'done'"),
        ("newer version", f"version {VERSION + 1} of the trip format is newer"),
        ("not ours", 'not a Concierge trip file (it has no "format": "concierge-trip")'),
        ("not JSON", "is not a trip file: it is not JSON (Expecting"),
    ],
)
def test_a_bad_file_is_refused_naming_the_file_and_the_field_and_nothing_is_imported(
    seeded: Seeded, tmp_path: Path, edit: str, expected: str
) -> None:
    before = listed(seeded)
    bad = tmp_path / "bad.json"
    bad.write_text(_edited(_porto_file(seeded, tmp_path), edit), encoding="utf-8")

    line = failed(run_cli("import", bad, "--data-dir", seeded.folder))

    assert line.startswith(f"concierge import: {bad}")
    assert expected in line
    assert listed(seeded) == before


def _kyoto_edited(seeded: Seeded, edit: str) -> str:
    done = run_cli("export", seeded.kyoto, "--data-dir", seeded.folder)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    if edit == "left Kyoto before arriving":
        document["stops"][1]["depart"] = "2027-11-17"
    elif edit == "left Osaka after the trip":
        document["stops"][2]["depart"] = "2027-11-30"
    elif edit == "landed before leaving":
        # 18:00 in Tokyo is 09:00 in Lisbon: later on the clock, earlier in fact.
        document["itinerary"][0] |= {"end_day": "2027-11-14", "end_time": "18:00"}
    elif edit == "unknown currency":
        document["expenses"][0]["currency"] = "XYZ"
    elif edit == "paid for no item":
        document["expenses"][0]["item_id"] = "nowhere"
    elif edit == "yen with decimals":
        document["expenses"][0]["amount"] = "50000.5"
    return json.dumps(document)


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            "left Kyoto before arriving",
            "stops[1].depart: The departure from Kyoto (17 November 2027) is before the "
            "arrival (18 November 2027).",
        ),
        (
            "left Osaka after the trip",
            "stops[2].depart: The departure from Osaka (30 November 2027) is after the trip "
            "ends (24 November 2027).",
        ),
        (
            "landed before leaving",
            "itinerary[0].end_time: The end (14 November 2027 18:00 Asia/Tokyo) is before "
            "the start (14 November 2027 10:30 Europe/Lisbon).",
        ),
        (
            "unknown currency",
            "expenses[0].currency: Currency must be a three-letter ISO 4217 code in use, such "
            "as EUR (got 'XYZ').",
        ),
        ("paid for no item", "expenses[0].item_id: 'nowhere' is the id of no row in itinerary"),
        (
            "yen with decimals",
            "expenses[0].amount: Amount 50000.5 JPY has too many decimals; JPY has no decimals.",
        ),
    ],
)
def test_a_rule_spanning_fields_is_checked_at_import_naming_the_field(
    seeded: Seeded, tmp_path: Path, edit: str, expected: str
) -> None:
    before = listed(seeded)
    bad = tmp_path / "bad.json"
    bad.write_text(_kyoto_edited(seeded, edit), encoding="utf-8")

    line = failed(run_cli("import", bad, "--data-dir", seeded.folder))

    assert line == f"concierge import: {bad}: {expected} (nothing was imported)"
    assert listed(seeded) == before


def test_every_bad_field_of_a_file_is_reported_at_once(seeded: Seeded, tmp_path: Path) -> None:
    document = _porto_file(seeded, tmp_path)
    document["trip"]["travellers"] = 0
    document["trip"]["colour"] = "blue"
    document["itinerary"][2]["day"] = "someday"
    del document["pins"][0]["text"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")

    line = failed(run_cli("import", bad, "--data-dir", seeded.folder))

    for problem in (
        "trip.colour: no such field",
        "trip.travellers: Travellers must be a whole number from 1 to",
        "itinerary[2].day: Day must be a date such as 2026-05-01 (got 'someday')",
        "pins[0].text: missing",
        "(nothing was imported)",
    ):
        assert problem in line


def test_a_missing_file_is_a_failure(seeded: Seeded, tmp_path: Path) -> None:
    line = failed(run_cli("import", tmp_path / "none.json", "--data-dir", seeded.folder))
    assert (
        line
        == f"concierge import: Cannot read {tmp_path / 'none.json'}: No such file or directory."
    )


@pytest.mark.parametrize("command", ["export", "context"])
def test_an_unknown_trip_is_a_failure_that_says_how_to_list_them(
    seeded: Seeded, command: str
) -> None:
    line = failed(run_cli(command, "Lisbon", "--data-dir", seeded.folder))
    assert line == (
        f"concierge {command}: No trip has the id or title 'Lisbon'; `concierge trips` lists them."
    )


async def test_an_ambiguous_title_lists_the_trips_it_could_mean(
    seeded: Seeded, services: TravelServices
) -> None:
    twin = (await services.trips.create({"title": "Kyoto in autumn"})).record

    line = failed(run_cli("export", "Kyoto in autumn", "--data-dir", seeded.folder))

    assert "'Kyoto in autumn' names 2 trips, give an id" in line
    assert seeded.kyoto in line and twin.id in line
    done = run_cli("export", twin.id, "--data-dir", seeded.folder)
    assert json.loads(done.stdout)["trip"]["title"] == "Kyoto in autumn"


def test_a_folder_without_a_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    line = failed(run_cli("trips", "--data-dir", empty))
    assert line == f"concierge trips: There is no Concierge database in {empty}."
    assert not empty.exists()


@pytest.mark.parametrize(
    "arguments", [("export",), ("bogus",), ("export", "x", "--format", "xml"), ("trips", "-x")]
)
def test_a_usage_mistake_exits_with_status_2(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    done = run_cli(*arguments, "--data-dir", tmp_path)
    assert done.returncode == 2
    assert "usage: concierge" in done.stderr


async def test_context_prints_exactly_what_the_next_model_call_carries(
    seeded: Seeded, services: TravelServices, fake_openai: FakeOpenAIServer
) -> None:
    done = run_cli("context", "Porto long weekend", "--data-dir", seeded.folder)
    assert done.returncode == 0, done.stderr
    agent = build_trip_assistant(
        services, seeded.porto, OpenAIChatModel(client_for(fake_openai), model="fake-model")
    )
    fake_openai.script(Reply.text("Noted."))

    await agent.process_request("What is planned?")

    sent = snapshot_of(fake_openai.chat_requests[0])
    assert sent is not None
    assert done.stdout == sent + "\n"
    assert "Vegetarian options for one of us" in sent and "No red-eye flights" in sent
    tokens = len(sent) // 4
    estimate = done.stderr.strip()
    assert estimate.startswith("About ") and "tokens (an estimate" in estimate
    assert abs(int(estimate.split()[1].replace(",", "")) - tokens) < 20


def test_context_shows_the_route_the_money_and_holds_back_what_is_on_file(
    seeded: Seeded,
) -> None:
    done = run_cli("context", "Kyoto in autumn", "--data-dir", seeded.folder)

    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert (
        "Route: Lisbon (LIS) → Tokyo (15–18 Nov, Asia/Tokyo) → Kyoto (18–22 Nov, Asia/Tokyo) "
        "→ Osaka (22–24 Nov, Asia/Tokyo) → Lisbon (LIS)"
    ) in lines
    [money] = [line for line in lines if line.startswith("Money: ")]
    assert "budget 4,000.00 EUR" in money and "planned 850.00 EUR" in money
    assert "in 2 expenses" in money and "transport" in money
    assert "Notes: passport number on file for the rail pass." in lines
    [flight] = [line for line in lines if "Lisbon to Tokyo" in line]
    assert "confirmation code on file" in flight and "[document on file]" in flight
    assert "07:55 Asia/Tokyo" in flight
    for private in (PASSPORT, BOOKING_CODE, "ticket"):
        assert private not in done.stdout


def test_no_command_needs_qt(seeded: Seeded, tmp_path: Path) -> None:
    """Each command runs in one process that never imports PySide6 or qasync."""
    target = tmp_path / "porto.json"
    code = (
        "import sys\n"
        "from concierge.cli.entry import main\n"
        f"folder = {str(seeded.folder)!r}\n"
        "codes = [main([*command, '--data-dir', folder]) for command in (\n"
        f"    ['trips'], ['export', 'Someday', '-o', {str(target)!r}],\n"
        f"    ['import', {str(target)!r}], ['context', 'Kyoto in autumn'])]\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qasync')]\n"
        "print(codes, loaded, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.stderr.splitlines()[-1] == "[0, 0, 0, 0] []", done.stderr


def test_without_a_command_the_window_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    import concierge.app
    from concierge.cli import entry

    opened: list[list[str]] = []

    def open_window(argv: list[str]) -> int:
        opened.append(argv)
        return 7

    monkeypatch.setattr(concierge.app, "main", open_window)

    assert entry.main(["--data-dir", "/tmp/somewhere"]) == 7
    assert opened == [["--data-dir", "/tmp/somewhere"]]


def test_opening_the_window_waits_for_nothing_the_commands_import() -> None:
    """The splash comes first: without a command, neither the store nor a command module is
    imported before the window's own `main` runs."""
    code = (
        "import sys, concierge.app\n"
        "def window(argv):\n"
        "    early = ('sqlalchemy', 'sqlmodel', 'concierge.store', 'concierge.cli.command')\n"
        "    print(sorted(m for m in sys.modules if m.startswith(early)), argv)\n"
        "    return 0\n"
        "concierge.app.main = window\n"
        "from concierge.cli.entry import main\n"
        "raise SystemExit(main(['--data-dir', 'folder']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert (done.returncode, done.stdout) == (0, "[] ['--data-dir', 'folder']\n"), done.stderr


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        ([], False),
        (["--data-dir", "trips"], False),
        (["--data-dir=x"], False),
        (["--data-dir", "x", "trips"], True),
        (["--language", "pt_BR"], False),
        (["--data-dir", "x", "--language", "pt_BR"], False),
        (["export", "x"], True),
        (["--help"], True),
    ],
)
def test_a_command_is_any_word_but_the_data_folder(argv: list[str], command: bool) -> None:
    from concierge.cli.entry import wants_command

    assert wants_command(argv) is command


def test_export_to_a_folder_that_does_not_exist_is_a_failure(
    seeded: Seeded, tmp_path: Path
) -> None:
    target = tmp_path / "missing" / "porto.json"
    line = failed(run_cli("export", seeded.porto, "-o", target, "--data-dir", seeded.folder))
    assert line == f"concierge export: Cannot write {target}: No such file or directory."

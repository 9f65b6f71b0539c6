"""The lookups panel on a real SQLite file and a real lookup service: starting, live rows,
details, cancel and retry, the selection it feeds, the model contract and accessible names."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.store import LookupStatus, TripRecord
from concierge.travel.lookups import KINDS, LookupKind, LookupService
from concierge.travel.lookups.kinds import LookupContext
from concierge.travel.lookups.parameters import Parameters
from concierge.travel.services import TravelServices, open_services
from concierge.ui.lookups import LookupJobsModel, LookupsPanel, job_markdown
from concierge.ui.lookups.model import PROGRESS_COLUMN, STATUS_COLUMN
from concierge.ui.trips import TripForm
from tests.composition import loaded_places
from tests.ui.trips_support import on_screen, tab_order
from tests.ui.waiting import until

LISBON_CHRISTMAS = {
    "title": "Christmas in Lisbon",
    "origin": "Porto (OPO)",
    "origin_code": "OPO",
    "origin_tz": "Europe/Lisbon",
    "start_date": "2026-12-20",
    "end_date": "2026-12-28",
}
LISBON = {"place": "Lisbon (LIS)", "place_code": "LIS", "timezone": "Europe/Lisbon"}


async def lisbon_christmas(services: TravelServices, **values: object) -> TripRecord:
    """The Christmas trip (with `values` over it), Lisbon its one stop."""
    trip = (await services.trips.create({**LISBON_CHRISTMAS, **values})).record
    await services.stops.add(trip.id, LISBON)
    return trip


@dataclass
class SlowResult:
    def summary(self) -> str:
        return "slow done"

    def to_dict(self) -> dict[str, Any]:
        return {"steps": 1}


@dataclass
class SlowKind:
    """Reports progress, then waits for `release` (checking for a cancel meanwhile)."""

    release: threading.Event = field(default_factory=threading.Event)

    def run(self, params: Parameters, ctx: LookupContext) -> SlowResult:
        ctx.progress.report(0.4, "Halfway there")
        while not self.release.wait(0.01):
            ctx.progress.check()
        return SlowResult()

    def kind(self) -> LookupKind:
        return LookupKind("slow", "Slow test lookup", "waits until released", (), self.run)


@pytest.fixture
def slow() -> Iterator[SlowKind]:
    kind = SlowKind()
    yield kind
    kind.release.set()


@pytest.fixture
async def services(tmp_path: Path, slow: SlowKind) -> AsyncIterator[TravelServices]:
    opened = open_services(tmp_path, places=loaded_places())
    # The real service, with one extra slow kind so a job stays running long enough to cancel.
    opened.lookups = LookupService(
        opened.lookups.jobs,
        opened.trips,
        opened.places,
        progress_interval=0.0,
        kinds={**KINDS, "slow": slow.kind()},
    )
    try:
        yield opened
    finally:
        slow.release.set()
        await opened.lookups.aclose()
        opened.close()


@pytest.fixture
async def panel(services: TravelServices) -> AsyncIterator[LookupsPanel]:
    widget = LookupsPanel(services.lookups, services.selection)
    async with on_screen(widget, 640, 560):
        yield widget


async def open_trip(panel: LookupsPanel, services: TravelServices, **values: object) -> TripRecord:
    trip = await lisbon_christmas(services, **values)
    services.selection.select_trip(trip.id)
    loaded: list[bool] = []
    panel.refreshed.connect(lambda: loaded.append(True))
    panel.set_trip(trip.id)
    await until(lambda: loaded)
    return trip


def selected(services: TravelServices) -> tuple[str, ...]:
    return services.selection.current.lookup_ids


def status_of(panel: LookupsPanel, row: int) -> str:
    return str(panel.model.index(row, STATUS_COLUMN).data())


async def test_start_holidays_from_the_menu_shows_christmas(
    panel: LookupsPanel, services: TravelServices, qtbot: QtBot
) -> None:
    await open_trip(panel, services)
    assert panel.model.rowCount() == 0
    qtbot.mouseClick(panel.look_up_button, Qt.MouseButton.LeftButton)
    await until(lambda: panel.look_up_menu.isVisible())
    titles = [a.text() for a in panel.look_up_menu.actions()]
    assert "Public holidays" in titles and "Budget conversion to" in titles
    panel.start_actions["holidays"].trigger()
    panel.look_up_menu.hide()
    await until(lambda: panel.model.rowCount() == 1)
    await until(lambda: status_of(panel, 0) == "Succeeded")
    assert panel.model.index(0, 0).data() == "Public holidays"
    assert panel.model.index(0, PROGRESS_COLUMN).data().startswith("100%")
    # The new job became the current row: its details show the whole result.
    assert panel.table.currentIndex().row() == 0
    await until(lambda: "Christmas Day" in panel.details.toPlainText())
    details = panel.details.toPlainText()
    assert "25 December 2026 · Christmas Day" in details  # a date as people write it
    assert "Public holidays — Succeeded" in details


async def test_selecting_a_finished_row_selects_the_lookup(
    panel: LookupsPanel, services: TravelServices
) -> None:
    trip = await open_trip(panel, services)
    first = await services.lookups.start(trip.id, "holidays")
    second = await services.lookups.start(trip.id, "daylight")
    await services.lookups.wait(first)
    await services.lookups.wait(second)
    await until(lambda: panel.model.rowCount() == 2 and status_of(panel, 1) == "Succeeded")
    panel.table.clearSelection()
    assert selected(services) == ()
    panel.table.selectRow(0)
    assert selected(services) == (first,)
    panel.table.selectAll()
    assert selected(services) == (first, second)
    panel.set_trip(None)
    assert selected(services) == ()
    assert panel.model.rowCount() == 0


async def test_cancel_a_running_lookup_then_retry_it(
    panel: LookupsPanel, services: TravelServices, slow: SlowKind, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    panel.start(kind="slow")
    await until(lambda: panel.model.rowCount() == 1 and status_of(panel, 0) == "Running")
    await until(lambda: "Halfway there" in str(panel.model.index(0, PROGRESS_COLUMN).data()))
    assert panel.table.currentIndex().row() == 0
    assert panel.cancel_button.isEnabled() and not panel.retry_button.isEnabled()
    # A running job is not part of the selection yet.
    assert selected(services) == ()
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    await until(lambda: status_of(panel, 0) == "Cancelled")
    cancelled = panel.model.job(0)
    assert cancelled is not None
    await until(lambda: panel.retry_button.isEnabled() and not panel.cancel_button.isEnabled())
    assert selected(services) == (cancelled.id,)

    slow.release.set()
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: panel.model.rowCount() == 2 and status_of(panel, 1) == "Succeeded")
    assert panel.table.currentIndex().row() == 1
    jobs = await services.lookups.jobs.list_for_trip(trip.id)
    assert [j.status for j in jobs] == [LookupStatus.CANCELLED, LookupStatus.SUCCEEDED]


async def test_failed_lookup_shows_what_to_fix_and_retries_after_the_fix(
    panel: LookupsPanel, services: TravelServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    panel.start_actions["currency:USD"].trigger()
    await until(lambda: panel.model.rowCount() == 1 and status_of(panel, 0) == "Failed")
    await until(lambda: "Set a budget amount" in panel.details.toPlainText())
    await services.trips.update(trip.id, {"budget_amount": "1800", "budget_currency": "EUR"})
    qtbot.mouseClick(panel.retry_button, Qt.MouseButton.LeftButton)
    await until(lambda: panel.model.rowCount() == 2 and status_of(panel, 1) == "Succeeded")
    await until(lambda: "ECB rate" in panel.details.toPlainText())
    assert "Rate date" in panel.details.toPlainText()


async def test_jobs_started_elsewhere_appear_live_and_other_trips_do_not(
    panel: LookupsPanel, services: TravelServices
) -> None:
    trip = await open_trip(panel, services)
    other = (await services.trips.create({"title": "Elsewhere"})).record
    await services.lookups.wait(await services.lookups.start(other.id, "holidays"))
    job_id = await services.lookups.start(trip.id, "flights")
    await until(lambda: panel.model.row_of(job_id) == 0 and status_of(panel, 0) == "Succeeded")
    assert panel.model.rowCount() == 1


async def test_existing_jobs_load_with_the_trip(
    panel: LookupsPanel, services: TravelServices
) -> None:
    trip = await lisbon_christmas(services)
    job = await services.lookups.wait(await services.lookups.start(trip.id, "holidays"))
    assert job is not None
    panel.set_trip(trip.id)
    await until(lambda: panel.model.rowCount() == 1)
    assert status_of(panel, 0) == "Succeeded"
    assert "Christmas Day" in job_markdown(job)


async def test_model_contract(
    panel: LookupsPanel, services: TravelServices, qtmodeltester: ModelTester
) -> None:
    trip = await open_trip(panel, services)
    qtmodeltester.check(panel.model)
    await services.lookups.wait(await services.lookups.start(trip.id, "holidays"))
    await until(lambda: panel.model.rowCount() == 1)
    qtmodeltester.check(panel.model)
    standalone = LookupJobsModel()
    standalone.reset(await services.lookups.jobs.list_for_trip(trip.id))
    qtmodeltester.check(standalone)


async def test_controls_are_named_like_their_labels(
    panel: LookupsPanel, services: TravelServices
) -> None:
    await open_trip(panel, services)
    for button in panel.findChildren(QAbstractButton):
        if button.isVisible():
            assert button.accessibleName() == button.text(), button
    assert panel.cancel_button.text() == "Cancel lookup"
    assert panel.retry_button.text() == "Retry lookup"
    assert panel.look_up_button.accessibleName() == "Look up"
    assert panel.details.accessibleName() == "Lookup details"
    assert panel.table.accessibleName() == "Lookups"
    chain: list[QWidget] = []
    widget: QWidget | None = panel.look_up_button
    for _ in range(4):
        assert widget is not None
        chain.append(widget)
        widget = widget.nextInFocusChain()
        while widget is not None and widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            widget = widget.nextInFocusChain()
    assert chain[:3] == [panel.look_up_button, panel.cancel_button, panel.retry_button]
    assert chain[3] is panel.table


# -- the trip form's lookup buttons ------------------------------------------------------


@pytest.fixture
async def form(services: TravelServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def test_trip_form_buttons_start_lookups_shown_in_the_panel(
    form: TripForm, panel: LookupsPanel, services: TravelServices, qtbot: QtBot
) -> None:
    fields = form.fields
    assert not fields.holidays_button.isVisible() and not fields.convert_button.isVisible()
    trip = await open_trip(panel, services, budget_amount="1800", budget_currency="EUR")
    form.set_trip(trip.id)
    await until(lambda: form.record is not None)
    form.set_lookup_starter(panel.start_lookup)
    assert fields.holidays_button.isVisible() and fields.convert_button.isVisible()
    assert fields.holidays_button.accessibleName() == "Holidays during my trip"
    assert fields.convert_button.accessibleName() == "Convert budget"

    qtbot.mouseClick(fields.holidays_button, Qt.MouseButton.LeftButton)
    await until(lambda: panel.model.rowCount() == 1 and status_of(panel, 0) == "Succeeded")
    await until(lambda: "Christmas Day" in panel.details.toPlainText())

    qtbot.mouseClick(fields.convert_button, Qt.MouseButton.LeftButton)
    await until(lambda: fields.convert_menu.isVisible())
    targets = [action.text() for action in fields.convert_menu.actions()]
    assert "To USD" in targets and "To EUR" not in targets
    fields.convert_menu.actions()[targets.index("To USD")].trigger()
    fields.convert_menu.hide()
    await until(lambda: panel.model.rowCount() == 2 and status_of(panel, 1) == "Succeeded")
    job = panel.model.job(1)
    assert job is not None and job.kind == "currency"
    assert job.result is not None and job.result["to_currency"] == "USD"
    assert "rate_date" in job.result

    form.set_lookup_starter(None)
    assert not fields.holidays_button.isVisible()
    assert fields.holidays_button.focusPolicy() == Qt.FocusPolicy.NoFocus


async def test_trip_form_lookup_buttons_follow_their_fields_in_tab_order(
    form: TripForm, services: TravelServices
) -> None:
    trip = await lisbon_christmas(services)
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and len(form.fields.stops_editor.rows) == 1)
    form.set_lookup_starter(lambda trip_id, kind, parameters: None)
    names = [w.accessibleName() for w in tab_order(form.fields.title_edit, 18)]
    assert names == [
        "Title",
        "Origin",
        "Stop 1 place",
        "Stop 1 arrival date",
        "Stop 1 departure date",
        "Add stop",
        "Start date",
        "Clear start date",
        "End date",
        "Clear end date",
        "Holidays during my trip",
        "Travellers",
        "Budget",
        "Currency",
        "Convert budget",
        "Interests",
        "Pace",
        "Notes",
    ]


async def test_rows_change_in_place_and_keep_the_selection(
    panel: LookupsPanel, services: TravelServices, slow: SlowKind
) -> None:
    """Job changes update their rows (no reset): the selected row stays selected and
    current while its job runs and finishes, and joins the selection once finished."""
    await open_trip(panel, services)
    panel.start(kind="holidays")
    await until(lambda: panel.model.rowCount() == 1 and status_of(panel, 0) == "Succeeded")
    panel.start(kind="slow")
    await until(lambda: panel.model.rowCount() == 2 and status_of(panel, 1) == "Running")
    resets: list[str] = []
    panel.model.modelReset.connect(lambda: resets.append("reset"))
    panel.model.rowsRemoved.connect(lambda *_: resets.append("removed"))
    panel.table.selectRow(1)
    running = panel.model.job(1)
    assert running is not None
    slow.release.set()
    await until(lambda: status_of(panel, 1) == "Succeeded")
    assert resets == []
    assert [i.row() for i in panel.table.selectionModel().selectedRows()] == [1]
    assert panel.table.currentIndex().row() == 1
    assert selected(services) == (running.id,)


async def test_kind_and_status_columns_fit_their_longest_text(panel: LookupsPanel) -> None:
    metrics = panel.table.fontMetrics()
    header = panel.table.horizontalHeader()
    longest_title = max((spec.title for spec in KINDS.values()), key=metrics.horizontalAdvance)
    assert header.sectionSize(0) > metrics.horizontalAdvance(longest_title)
    assert header.sectionSize(STATUS_COLUMN) > metrics.horizontalAdvance("Interrupted")


async def test_the_details_group_a_lookup_by_stop(
    panel: LookupsPanel, services: TravelServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    [lisbon] = await services.stops.stops(trip.id)
    await services.stops.update(lisbon.id, {"arrive": "2026-12-20", "depart": "2026-12-24"})
    await services.stops.add(
        trip.id, {"place": "Madrid (MAD)", "place_code": "MAD", "arrive": "2026-12-24"}
    )
    await services.stops.add(trip.id, {"place": "Seville"})
    qtbot.mouseClick(panel.look_up_button, Qt.MouseButton.LeftButton)
    await until(lambda: panel.look_up_menu.isVisible())
    panel.start_actions["holidays"].trigger()
    panel.look_up_menu.hide()
    await until(lambda: panel.model.rowCount() == 1 and status_of(panel, 0) == "Succeeded")
    await until(lambda: "Stops skipped" in panel.details.toPlainText())
    text = panel.details.toPlainText()
    assert text.index("Stop 1: No public holidays in Portugal") < text.index(
        "Stop 2: 1 public holiday in Spain"
    )  # the summary, then a section per stop
    sections = text[text.index("Stop 1 · Lisbon (LIS) · 20 December 2026 to 24 December") :]
    madrid_at = sections.index("Stop 2 · Madrid (MAD) · 24 December 2026 to 28 December 2026")
    assert 0 < sections.index("Portugal") < madrid_at < sections.index("Spain")
    assert sections.count("Christmas Day") == 1  # only in Madrid, on the 25th
    assert sections.index("Christmas Day") > madrid_at
    assert "Stop 3 (Seville): it has no dates" in text
    looked_up_with = text[text.index("Looked up with") :]
    assert "Stop 2 · MAD · from 24 December 2026" in looked_up_with
    assert "Stop 3 · Seville" in looked_up_with

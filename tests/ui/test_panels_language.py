"""The trip's panels in another language: with a pseudo-translation every text the money,
lookups, brief, goals, pinned, problems and proposals panels show (holding some data) went
through the translation system; in Portuguese an expense typed with real keys reads the
Portuguese way, and the brief speaks Portuguese while it is filled in."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import Actor, ChangeContext, ExpenseCategory, LookupStatus, TripRecord
from concierge.travel.forms import FormDefinition
from concierge.travel.lookups import LookupService
from concierge.travel.money.currencies import CONVERSION_TARGETS
from concierge.travel.services import TravelServices, open_services
from concierge.ui.brief import BriefPanel
from concierge.ui.brief.editors import choice_text
from concierge.ui.goals import GoalsPanel
from concierge.ui.ledger import LedgerPanel
from concierge.ui.ledger.model import AMOUNT_COLUMN, CATEGORY_COLUMN
from concierge.ui.lookups import LookupsPanel, job_markdown
from concierge.ui.pins import PinsPanel
from concierge.ui.problems import ProblemsPanel
from concierge.ui.proposals import ProposalsPanel
from tests.composition import loaded_places
from tests.ui import trips_support
from tests.ui.brief_support import SAMPLE
from tests.ui.trips_support import focus, on_screen, press, type_text
from tests.ui.visible_text import CLOSE, OPEN, plain, pseudo_language, untranslated
from tests.ui.waiting import until

place_index = trips_support.place_index

RECORD_PANEL = ("Add", "Remove", "Move up", "Move down")
"""The goals' and pinned panels' shared buttons: `concierge.ui.record_panel` (translated
by the helper doing the top-level UI modules)."""


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[TravelServices]:
    opened = open_services(tmp_path, places=loaded_places())
    try:
        yield opened
    finally:
        await opened.lookups.aclose()
        opened.close()


def data(*texts: str | Iterable[str]) -> Callable[[str], bool]:
    """Allows a text whose every part outside the pseudo-translation's marks is one of
    `texts` (the person's own data), give or take the punctuation around it."""
    allowed: set[str] = set()
    for text in texts:
        allowed.update([text] if isinstance(text, str) else text)
    cleaned = {_trim(text) for text in allowed}

    def check(text: str) -> bool:
        return all(not _trim(part) or _trim(part) in cleaned for part in _outside(plain(text)))

    return check


_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_KEY = re.compile(r"[A-Z]|F\d{1,2}")
"""A key of a shortcut ("Ctrl+R": Qt translates "Ctrl" and "+", the letter is the same in
every language)."""


def _outside(text: str) -> list[str]:
    """The parts of `text` outside every mark, nested marks included ("⟦Spent … planned
    ⟦nothing costed yet⟧⟧": a translated message holding a translated value)."""
    while _INNERMOST.search(text):
        text = _INNERMOST.sub("\0", text)
    return [part for part in text.split("\0") if not _KEY.fullmatch(_trim(part))]


def _trim(text: str) -> str:
    return re.sub(r"^[\W\d_]+|[\W\d_]+$", "", text)


def assistant(name: str) -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT, label=f"the assistant’s {name}", group_id=name)


async def porto(services: TravelServices, **values: object) -> TripRecord:
    trip = (
        await services.trips.create(
            {
                "title": "Porto",
                "start_date": "2026-05-14",
                "end_date": "2026-05-16",
                "budget_amount": "100",
                "budget_currency": "EUR",
                **values,
            }
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    return trip


async def test_the_money_tab_with_expenses_shows_only_translated_text(
    services: TravelServices,
) -> None:
    trip = await porto(services)
    for amount, category, description in (
        ("80", "lodging", "Guesthouse"),
        ("45.50", "food", "Francesinha"),
    ):
        await services.ledger.add(
            trip.id,
            {
                "spent_on": date(2026, 5, 14),
                "amount": amount,
                "currency": "EUR",
                "category": category,
                "description": description,
                "split": "Me, Ana",
            },
        )
    with pseudo_language():
        panel = LedgerPanel(services.ledger, services.trips, services.history, services.bus)
        async with on_screen(panel, 1000, 520):
            panel.set_trip(trip.id)
            await until(lambda: panel.totals is not None and panel.model.rowCount() == 2)
            found = untranslated(panel, data("EUR", "Me", "Ana"))
            assert found == []
            assert panel.budget_bar.caption().startswith(OPEN)
            assert panel.chart.accessibleDescription().startswith(OPEN)
            assert panel.model.index(0, CATEGORY_COLUMN).data().startswith(OPEN)


async def test_the_lookups_panel_with_a_lookup_shows_only_translated_text(
    services: TravelServices,
) -> None:
    trip = await porto(services)
    services.selection.select_trip(trip.id)
    lookups: LookupService = services.lookups
    with pseudo_language():
        panel = LookupsPanel(lookups, services.selection)
        async with on_screen(panel, 640, 560):
            panel.set_trip(trip.id)
            await until(lambda: panel.look_up_button.isEnabled())
            panel.start(kind="holidays")
            await until(lambda: panel.model.rowCount() == 1)
            await until(lambda: finished(panel))
            # The lookups' titles and descriptions: marked by the store helper.
            titles = [spec.title for spec in lookups.kinds.values()]
            descriptions = [spec.description for spec in lookups.kinds.values()]
            codes = CONVERSION_TARGETS  # The conversion menu's currencies.
            found = untranslated(panel, data(titles, descriptions, codes), visible_only=False)
            assert found == []
            assert panel.model.headerData(0, Qt.Orientation.Horizontal).startswith(OPEN)
            assert panel.details.toMarkdown().count(OPEN) >= 2


async def test_the_brief_shows_only_translated_text_around_the_forms_own_words(
    services: TravelServices,
) -> None:
    trip = await porto(services)
    await services.forms.apply(trip.id, SAMPLE.id, {"party": "couple", "ages": [41, 39]})
    with pseudo_language():
        panel = BriefPanel(SAMPLE, services.forms, services.trips, services.history, services.bus)
        async with on_screen(panel, 640, 900):
            panel.set_trip(trip.id)
            await until(lambda: panel.state is not None)
            # The form definition's own words (the shipped brief's are marked by the store
            # helper where they are declared); this form is the tests' sample.
            found = untranslated(panel, data(form_words(SAMPLE)))
            assert found == []
            assert panel.status_label.text().startswith(OPEN)


def finished(panel: LookupsPanel) -> bool:
    job = panel.model.job(0)
    return job is not None and job.status.finished


def form_words(definition: FormDefinition) -> list[str]:
    words = [definition.title]
    for step in definition.steps:
        words += [step.title, step.help or ""]
        for field in step.fields:
            words += [field.label, field.help or "", field.expected]
            words += [choice_text(choice) for choice in field.choices]
            words += [definition.explain_condition(field.name) or ""]
    return [word for word in words if word]


async def test_goals_and_pins_with_records_show_only_translated_text(
    services: TravelServices,
) -> None:
    trip = await porto(services)
    await services.goals.add(trip.id, "Flights booked")
    await services.goals.add(trip.id, "Holidays known", completes_on="lookup:holidays")
    await services.pins.add("Vegetarian", trip_id=trip.id)
    pin = (await services.pins.add("No red-eye flights", trip_id=None)).record
    await services.pins.set_rule(pin.id, "max_flights(2)", context=assistant("rule"))
    with pseudo_language():
        goals = GoalsPanel(services.goals, services.trips, services.history, services.bus)
        async with on_screen(goals, 640, 420):
            goals.set_trip(trip.id)
            await until(lambda: goals.loaded and goals.model.rowCount() == 2)
            found = untranslated(goals, data("Flights booked", "Holidays known", RECORD_PANEL))
            assert found == []
            tooltip = goals.model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)
            assert "⟦Completes by itself when ⟦a public holidays lookup succeeds⟧⟧" in tooltip
        pins = PinsPanel(services.pins, services.trips, services.history, services.bus)
        async with on_screen(pins, 640, 420):
            pins.set_trip(trip.id)
            await until(lambda: pins.loaded and pins.model.rowCount() == 2)
            found = untranslated(pins, data("Vegetarian", "No red-eye flights", RECORD_PANEL))
            assert found == []
            assert pins.model.index(0, 2).data().startswith(OPEN)
            pins.view.setCurrentIndex(pins.model.index(0, 0))
            pins.edit_constraint()
            await until(lambda: pins.constraint_editor.isVisible())
            # The constraint kinds' labels and hints: marked by the store helper.
            from concierge.model.constraints import KINDS

            words = [kind.label for kind in KINDS]
            words += [p.label for kind in KINDS for p in kind.params]
            words += [p.hint for kind in KINDS for p in kind.params]
            words += [f"{p.label}: {p.hint}" for kind in KINDS for p in kind.params]
            words += [o for kind in KINDS for p in kind.params for o in getattr(p, "options", ())]
            found = untranslated(
                pins.constraint_editor, data(words, "No red-eye flights", "Vegetarian")
            )
            assert found == []


async def test_problems_and_proposals_show_only_translated_text(
    services: TravelServices,
) -> None:
    trip = await porto(services)
    for title, start, end in (("Museum", "10:00", "12:00"), ("Tram", "11:00", "13:00")):
        await services.itinerary.add(
            trip.id,
            {
                "day": "2026-05-14",
                "title": title,
                "start_time": start,
                "end_time": end,
                "timezone": "Europe/Lisbon",
            },
        )
    await services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
    await services.itinerary.add(
        trip.id, {"day": date(2026, 5, 15), "title": "Fado"}, context=assistant("addition")
    )
    with pseudo_language():
        problems = ProblemsPanel(services.checks, services.bus)
        async with on_screen(problems, 640, 420):
            problems.set_trip(trip.id)
            await until(lambda: problems.loaded and problems.model.rowCount() > 0)
            found = untranslated(problems)
            assert found == []
            assert problems.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole).startswith(OPEN)
        proposals = ProposalsPanel(
            services.proposals, services.itinerary, services.stops, services.bus
        )
        async with on_screen(proposals, 640, 420):
            proposals.set_trip(trip.id)
            await until(lambda: proposals.list.count() == 1)
            found = untranslated(proposals)
            assert found == []
            assert proposals.heading.text().startswith(OPEN)


async def test_an_expense_typed_in_portuguese_reads_the_portuguese_way(
    portuguese: None, services: TravelServices, qtbot: QtBot
) -> None:
    trip = await porto(services, budget_amount="1000")
    panel = LedgerPanel(services.ledger, services.trips, services.history, services.bus)
    async with on_screen(panel, 1000, 520):
        panel.set_trip(trip.id)
        await until(lambda: panel.totals is not None)
        assert panel.empty_label.text() == (
            "Nenhuma despesa ainda. Nova despesa (Ctrl+N) adiciona uma."
        )
        await focus(panel.date_edit)
        press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: QApplication.focusWidget() is panel.date_edit)
        type_text(qtbot, "2026-05-14")
        press(qtbot, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is panel.amount_edit
        assert panel.amount_edit.placeholderText() == "ex.: 12,50"
        type_text(qtbot, "1234,50")
        press(qtbot, Qt.Key.Key_Tab)
        press(qtbot, Qt.Key.Key_Tab)
        combo = QApplication.focusWidget()
        assert isinstance(combo, QComboBox) and combo is panel.category_combo
        type_text(qtbot, "h")  # Hospedagem
        assert combo.currentText() == "Hospedagem"
        press(qtbot, Qt.Key.Key_Tab)
        type_text(qtbot, "Hotel")
        press(qtbot, Qt.Key.Key_Return)

        await until(lambda: panel.model.rowCount() == 1)
        (expense,) = await services.ledger.expenses(trip.id)
        assert expense.amount == Decimal("1234.50")
        assert expense.category is ExpenseCategory.LODGING
        nbsp = "\xa0"
        assert panel.model.index(0, AMOUNT_COLUMN).data().replace(nbsp, " ") == "1.234,50 EUR"
        assert panel.model.index(0, CATEGORY_COLUMN).data() == "Hospedagem"
        assert panel.model.headerData(AMOUNT_COLUMN, Qt.Orientation.Horizontal) == "Valor"
        caption = panel.budget_bar.caption().replace(nbsp, " ")
        assert caption == (
            "Gasto 1.234,50 EUR · planejado nada orçado ainda · orçamento 1.000,00 EUR"
            " · 234,50 EUR acima"
        )
        assert panel.model.index(0, 0).data() == "14 de mai."
        assert "Hospedagem 1.234,50 EUR" in panel.chart.accessibleDescription().replace(nbsp, " ")


async def test_the_brief_speaks_portuguese_while_it_is_filled_in(
    portuguese: None, services: TravelServices, qtbot: QtBot
) -> None:
    trip = await porto(services)
    panel = BriefPanel(SAMPLE, services.forms, services.trips, services.history, services.bus)
    async with on_screen(panel, 640, 900):
        panel.set_trip(trip.id)
        await until(lambda: panel.state is not None)
        assert panel.status_label.text() == "Etapa 1 de 3 · faltam 3 respostas obrigatórias"
        assert panel.legend.text() == "* obrigatório"
        combo = panel.fields.editors["party"].widget
        assert isinstance(combo, QComboBox)
        assert combo.itemText(0) == "Sem resposta"
        await focus(combo)
        press(qtbot, Qt.Key.Key_Down)
        press(qtbot, Qt.Key.Key_Tab)  # Leaving it saves it.
        await until(lambda: panel.state is not None and "party" in panel.state.values)
        assert (
            panel.fields.editors["ages"]
            .widget.toolTip()
            .endswith("Esperado: " + SAMPLE.field("ages").expected + "; obrigatório.")
        )
        assert panel.fields.skipped["who"].text().startswith("Não perguntado agora: ")
        await until(
            lambda: panel.status_label.text() == "Etapa 1 de 3 · faltam 2 respostas obrigatórias"
        )


@pytest.fixture
def berlin_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The person's clock is in Berlin, so "your time" is the same on every machine."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def test_lookup_details_read_in_portuguese(
    portuguese: None, services: TravelServices, berlin_time: None
) -> None:
    trip = (await services.trips.create({"origin": "Lisbon", "start_date": "2027-07-10"})).record
    await services.stops.add(trip.id, {"place": "Tokyo"})
    job = await services.lookups.wait(
        await services.lookups.start(
            trip.id, "time_difference", {"at": "2026-12-01T18:49:47.963151+00:00"}
        )
    )
    assert job is not None and job.status is LookupStatus.SUCCEEDED
    lines = job_markdown(job).splitlines()
    assert lines[0].endswith(" — Concluída")
    for line in (
        "- **Em:** ter. 1 de dez. de 2026, 19:49 (seu horário)",
        "- **Hora local na origem:** ter. 1 de dez. de 2026, 18:49",
        "- **Relógios do destino:** 9 horas adiantado",
        "- **Primeiro dia lá:** 10 de jul. de 2027",
        "**Consultado com:**",
    ):
        assert line in lines
    assert lines[-1].startswith(f"Consulta {job.id[:8]} · iniciada ")

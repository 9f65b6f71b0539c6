"""The trip planner window: trips on the left, the trip in the middle, the assistant on the
right. Closing asks the async main to finish instead of stopping the loop under it."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragMoveEvent,
    QDropEvent,
    QIcon,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QToolButton,
    QWidget,
)

from concierge.agent import AbortSignal
from concierge.app_identity import APP_NAME
from concierge.model.settings import UI_LAST_TRIP_ID, UI_WELCOME_SEEN, UI_WINDOW_GEOMETRY
from concierge.model_server import (
    ENV_BASE_URL,
    ENV_MODEL,
    HOSTED,
    LOCAL_SERVERS,
    FoundServer,
    ModelProfile,
    Preset,
)
from concierge.store import (
    Actor,
    Change,
    ChangeContext,
    DocumentRecord,
    StoreError,
    log_dir,
)
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.checks import Problem
from concierge.travel.checks.budget import CHECKER as BUDGET_CHECK
from concierge.travel.edits.home import home_values
from concierge.travel.proposals.problems import proposal_problem_lines
from concierge.travel.sample_trip import SAMPLE_NOTES, SAMPLE_TITLE, open_sample_trip
from concierge.travel.services import TravelServices
from concierge.ui.about import AboutDialog
from concierge.ui.assistant_session import AssistantSession
from concierge.ui.async_support import BackgroundTasks, loop_running
from concierge.ui.chat import ChatPanel
from concierge.ui.chat.selection_actions import selection_actions
from concierge.ui.colours import follow_palette
from concierge.ui.deferred_tabs import PanelPlaceholder, build_when_shown, put_in_place
from concierge.ui.exports import TripExports
from concierge.ui.fitting_tabs import FittingTabs
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.imports import IMPORT_FILTER, ImportRunner, ImportsPanel, date_pattern
from concierge.ui.problems import ProblemsPanel, count_text, problem_marks
from concierge.ui.proposals import ProposalsPanel
from concierge.ui.screen_fit import KeepOnScreen, frame_margins
from concierge.ui.sharing.actions import TripSharing
from concierge.ui.shortcuts import ShortcutsDialog
from concierge.ui.startup_window import initial_size
from concierge.ui.task_failure import failure_text
from concierge.ui.trips import ItineraryView, TripForm, TripListPanel
from concierge.ui.user_guide import UserGuideDialog
from concierge.ui.views.actions import key_text
from concierge.ui.views.layouts import note_label, vbox
from concierge.ui.views.locks import LOCK_HINT, LOCK_KEYS, LOCK_TEXT
from concierge.ui.views.trip_view import TripView
from concierge.ui.voice_link import VoiceLink

if TYPE_CHECKING:
    from concierge.travel.edits.import_files import FileImport
    from concierge.ui.brief import BriefPanel
    from concierge.ui.connect_assistant import ConnectAssistantDialog
    from concierge.ui.documents import DocumentsPanel
    from concierge.ui.goals import GoalsPanel
    from concierge.ui.imports.mapping_dialog import CsvMappingDialog
    from concierge.ui.inspector import InspectorPanel
    from concierge.ui.ledger import LedgerPanel
    from concierge.ui.lookups import LookupsPanel
    from concierge.ui.pins import PinsPanel
    from concierge.ui.settings import SettingsDialog
    from concierge.ui.welcome import WelcomeDialog

log = logging.getLogger(__name__)
V = TypeVar("V", bound=TripView[Any])

STATUS_MS = 6_000
DECISION_STATUS_MS = 15_000
"""Long enough to read which proposed changes could not be applied, and why."""
NOTICE_MS = 20_000
"""A message the person has to act on (the API key will not outlast this session)."""
UNDO_REFRESH_MS = 150
PIN_TEXT = QT_TRANSLATE_NOOP("MainWindow", "Pin selected text")
PIN_ALL_TEXT = QT_TRANSLATE_NOOP("MainWindow", "Pin selected text for all trips")
_QUOTED_LIMIT = 60
IMPORT_KEYS = "Ctrl+I"
PROBLEMS_TITLE = QT_TRANSLATE_NOOP("MainWindow", "Problems")
PROBLEMS_KEYS = "Ctrl+8"
NEXT_PROBLEM_KEYS = "F8"
PREVIOUS_PROBLEM_KEYS = "Shift+F8"
USER_GUIDE_KEYS = "Shift+F1"
"""Beside F1 (the platform's help key), which has long opened the keyboard shortcuts."""
MONEY_CHECKS = frozenset({BUDGET_CHECK.name})
"""Problems the Money tab shows the figures of: going to one opens it."""


def redo_shortcuts() -> list[QKeySequence]:
    """The platform's Redo keys plus Ctrl+Shift+Z and Ctrl+Y, which people expect on every
    desktop (Qt gives Linux only one of them, depending on the desktop)."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
    for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):
        if QKeySequence(extra) not in keys:
            keys.append(QKeySequence(extra))
    return keys


def no_trip_to_import_into() -> str:
    return translate("MainWindow", "Select a trip to import bookings into.")


class MainWindow(QMainWindow):
    def __init__(
        self,
        services: TravelServices,
        on_close: Callable[[], None] = lambda: None,
        log_folder: Path | None = None,
        *,
        local_servers: Sequence[Preset] = LOCAL_SERVERS,
        hosted_server: Preset = HOSTED[0],
    ) -> None:
        super().__init__()
        self.services = services
        self.local_servers = tuple(local_servers)
        """The model servers looked for on this computer while none is connected."""
        self.hosted_server = hosted_server
        """The hosted server whose key the welcome takes."""
        self._on_close = on_close
        self.log_folder = log_folder if log_folder is not None else log_dir(services.data_dir)
        """Shown in Help ▸ About; the app passes the one its logging writes to."""
        self.setWindowTitle(APP_NAME)
        self.setObjectName("mainWindow")
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self._report_failure)

        self.trip_list = TripListPanel(services, self)
        self.trip_form = TripForm(services, self)
        self.itinerary = ItineraryView(services, self)
        self.trip_form.set_lookup_starter(
            lambda trip_id, kind, parameters: self.lookups_panel.start_lookup(
                trip_id, kind, parameters
            )
        )
        self.itinerary.documents = services.documents
        self.problems_panel = ProblemsPanel(services.checks, services.bus, self)
        self.problems_panel.problems_changed.connect(self._show_problems)
        self.problems_panel.jump_requested.connect(self.go_to_problem)
        self.chat = ChatPanel(self)
        self.proposals_panel = ProposalsPanel(
            services.proposals,
            services.itinerary,
            services.stops,
            services.bus,
            self,
            problems=lambda trip_id: proposal_problem_lines(
                services.proposals, trip_id, services.places
            ),
        )
        self.proposals_panel.decided.connect(
            lambda text: self.statusBar().showMessage(text, DECISION_STATUS_MS)
        )
        self.imports_panel = ImportsPanel(services.imports, services.itinerary, services.bus, self)
        self.imports_panel.decided.connect(
            lambda text: self.statusBar().showMessage(text, DECISION_STATUS_MS)
        )
        self.import_runner = ImportRunner(services.imports, self)
        self.import_runner.imported.connect(self._imported)
        self.import_runner.refused.connect(self._import_refused)
        self.import_runner.task_failed.connect(self._report_failure)
        self.import_dialog: QFileDialog | None = None
        self.mapping_dialog: CsvMappingDialog | None = None
        """A CSV file's column choices, open while the person chooses."""
        self.csv_waiting: list[tuple[str, Path]] = []
        """CSV files dropped or chosen whose columns are still to be chosen (trip, file)."""
        self.import_message: QMessageBox | None = None
        """The last refusal of an imported file, open until the person closes it."""
        self.setAcceptDrops(True)
        self.exports = TripExports(services, self, self.tasks)
        self.exports.status.connect(lambda text: self.statusBar().showMessage(text, STATUS_MS))
        self.sharing = TripSharing(services, self, self.tasks)
        self.sharing.status.connect(lambda text: self.statusBar().showMessage(text, STATUS_MS))
        self.sharing.joined.connect(self.open_trip)
        self.session = AssistantSession(
            services, self.chat, self._build_inspector, self, before_context=self.save_typed_edits
        )
        self.voice_link = VoiceLink(services, self.session, self.chat, self)
        failures = (self.trip_list.task_failed, self.chat.task_failed)
        for failed in (*failures, *(view.task_failed for view in self._built_views())):
            failed.connect(self._report_failure)
        pin_hook = selection_actions(self.chat.transcript)
        self.pin_action = pin_hook.add(shown(PIN_TEXT), lambda text: self.pin_text(text))
        self.pin_all_action = pin_hook.add(
            shown(PIN_ALL_TEXT), lambda text: self.pin_text(text, all_trips=True)
        )

        self._build_layout()
        self._build_menus()
        self.trip_list.trip_selected.connect(self.show_trip)
        self.chat.settings_requested.connect(self.open_settings)
        self.chat.notice.found.servers = self.local_servers
        self.chat.notice.found.connect_requested.connect(self.connect_model)
        self._unsubscribe = services.bus.subscribe(self._on_change)
        self._settings_dialog: SettingsDialog | None = None
        self.welcome: WelcomeDialog | None = None
        self.first_launch = False
        self._first_trip_id: str | None = None
        """The trip made at this first launch, which the welcome's home may still fill in."""
        """No trip existed when the session was restored: this data folder is new."""
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.user_guide: UserGuideDialog | None = None
        self.about_dialog: AboutDialog | None = None
        self.connect_dialog: ConnectAssistantDialog | None = None
        self._closing = False
        self._stopping = False
        """Shutting down: a change delivered late no longer refreshes anything."""
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.setInterval(UNDO_REFRESH_MS)
        self._undo_timer.timeout.connect(self._refresh_undo_soon)

    def _build_layout(self) -> None:
        center = QSplitter(Qt.Orientation.Vertical, self)
        center.setObjectName("tripSplitter")
        self.bottom_tabs = FittingTabs(self)
        self.bottom_tabs.setObjectName("planTabs")
        for name, title in self._plan_tabs():
            page = self.itinerary if name == "itinerary" else PanelPlaceholder(name, self)
            self.bottom_tabs.addTab(page, title)
        build_when_shown(self.bottom_tabs, lambda name: getattr(self, name))
        center.addWidget(self.trip_form)
        center.addWidget(self.bottom_tabs)
        center.setStretchFactor(0, 0)
        center.setStretchFactor(1, 1)
        center.setSizes([430, 370])
        center.setChildrenCollapsible(False)

        self.side_tabs = QTabWidget(self)
        self.side_tabs.setObjectName("assistantTabs")
        self.side_tabs.addTab(self.chat, translate("MainWindow", "Assistant"))
        self.side_tabs.addTab(
            PanelPlaceholder("inspector", self), translate("MainWindow", "What the assistant sees")
        )
        # Beside the assistant, not an eighth tab under the form: those fill their bar at
        # 1024 px wide, and here the list stays in view while the itinerary shows a problem.
        self.side_tabs.addTab(self.problems_panel, shown(PROBLEMS_TITLE))
        build_when_shown(self.side_tabs, lambda name: getattr(self, name))
        side = QSplitter(Qt.Orientation.Vertical, self)
        side.setObjectName("assistantSplitter")
        side.addWidget(self.imports_panel)
        side.addWidget(self.proposals_panel)
        side.addWidget(self.side_tabs)
        side.setStretchFactor(0, 1)
        side.setStretchFactor(1, 1)
        side.setStretchFactor(2, 2)
        side.setChildrenCollapsible(False)

        self.empty_state = note_label(
            translate(
                "MainWindow", "Create a trip with File ▸ New trip (Ctrl+N) to start planning."
            ),
            self,
        )
        middle = vbox(self, self.empty_state, center, grow=center)
        self._center = center

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.trip_list)
        self.splitter.addWidget(middle)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        self.splitter.setSizes([210, 590, 480])
        self.splitter.setChildrenCollapsible(False)
        self.setCentralWidget(self.splitter)
        self.setMinimumSize(880, 560)
        self.resize(*initial_size(self))
        self.screen_fit = KeepOnScreen(self)
        self.statusBar().setObjectName("statusBar")  # Now, so the first message shifts nothing.
        self.problems_button = QToolButton(self)
        self.problems_button.setObjectName("problemsButton")
        self.problems_button.setAutoRaise(True)
        self.problems_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.problems_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Ctrl+8 is the key.
        self.problems_button.clicked.connect(self.show_problems)
        self.statusBar().addPermanentWidget(self.sharing.label)
        self.statusBar().addPermanentWidget(self.import_runner)
        self.statusBar().addPermanentWidget(self.problems_button)
        self.problems_button.hide()
        follow_palette(self.problems_button, self._show_problem_count)
        self._show_empty_state(True)

    def _build_menus(self) -> None:
        menu = self.menuBar().addMenu(translate("MainWindow", "&File"))
        menu.addAction(self.trip_list.new_action)
        menu.addAction(self.trip_list.duplicate_action)
        menu.addSeparator()
        self.import_action = self._action(
            menu, translate("MainWindow", "&Import…"), self.open_import_dialog, IMPORT_KEYS
        )
        self.exports.add_to(menu)
        menu.addSeparator()
        self.settings_action = self._action(
            menu, translate("MainWindow", "&Settings…"), self.open_settings, "Ctrl+,"
        )
        menu.addSeparator()
        # Ctrl+Q everywhere: the platform's Quit binding is empty on Windows and offscreen.
        self._action(menu, translate("MainWindow", "&Quit"), self.close, "Ctrl+Q")

        menu = self.menuBar().addMenu(translate("MainWindow", "&Edit"))
        self.undo_action = self._action(
            menu, translate("MainWindow", "&Undo"), self.undo, QKeySequence.StandardKey.Undo
        )
        self.redo_action = self._action(menu, translate("MainWindow", "&Redo"), self.redo)
        self.redo_action.setShortcuts(redo_shortcuts())
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.mark_seen_action = self._action(
            menu, translate("MainWindow", "Mark assistant changes as &seen"), self.mark_seen
        )
        menu.addSeparator()
        keys = key_text(LOCK_KEYS)
        # The key is the views' own (see `views.locks`); the menu only names it.
        self.lock_action = self._action(menu, f"&{shown(LOCK_TEXT)}\t{keys}", self.toggle_lock)

        menu = self.menuBar().addMenu(translate("MainWindow", "&Trip"))
        self.sharing.add_to(menu)

        menu = self.menuBar().addMenu(translate("MainWindow", "&View"))
        self.tab_actions = [
            self._action(menu, title, functools.partial(self.show_tab_of, name), f"Ctrl+{number}")
            for number, (name, title) in enumerate(self._plan_tabs(), start=1)
        ]
        menu.addSeparator()
        self.problems_action = self._action(
            menu, translate("MainWindow", "&Problems"), self.show_problems, PROBLEMS_KEYS
        )
        self.next_problem_action = self._action(
            menu,
            translate("MainWindow", "&Next problem"),
            lambda: self.step_problem(1),
            NEXT_PROBLEM_KEYS,
        )
        self.previous_problem_action = self._action(
            menu,
            translate("MainWindow", "Pre&vious problem"),
            lambda: self.step_problem(-1),
            PREVIOUS_PROBLEM_KEYS,
        )

        menu = self.menuBar().addMenu(translate("MainWindow", "&Assistant"))
        self._action(
            menu, translate("MainWindow", "&Message the assistant"), self.focus_chat, "Ctrl+L"
        )
        self._action(
            menu,
            translate("MainWindow", "&What the assistant sees"),
            lambda: self.side_tabs.setCurrentWidget(self.inspector),
        )
        self.review_action = self._action(
            menu,
            translate("MainWindow", "&Review proposed changes"),
            self.proposals_panel.focus_list,
            "Ctrl+Shift+R",
        )

        menu = self.menuBar().addMenu(translate("MainWindow", "&Help"))
        self.shortcuts_action = self._action(
            menu,
            translate("MainWindow", "&Keyboard shortcuts"),
            self.show_shortcuts,
            QKeySequence.StandardKey.HelpContents,
        )
        self.user_guide_action = self._action(
            menu, translate("MainWindow", "&User guide"), self.show_user_guide, USER_GUIDE_KEYS
        )
        self.welcome_action = self._action(
            menu, translate("MainWindow", "&Welcome…"), self.open_welcome
        )
        self.connect_action = self._action(
            menu,
            translate("MainWindow", "&Connect another assistant…"),
            self.show_connect_assistant,
        )
        about = translate("MainWindow", "&About {app}").format(app=APP_NAME)
        self._action(menu, about, self.show_about)

    def menu_titles(self) -> str:
        """The menu bar's titles as read ("File, Edit, …"): the log names the language the
        window came up in by them."""
        titles = (action.text().replace("&", "") for action in self.menuBar().actions())
        return ", ".join(titles)

    def toggle_lock(self) -> None:
        """Lock (or unlock) what has the keyboard: a stop, a trip field, or the itinerary's
        current item or day; elsewhere, say what can be locked."""
        focused = QApplication.focusWidget()
        stops = self.trip_form.fields.stops_editor
        field = self.trip_form.field_key_of(focused) if focused is not None else None
        if focused is not None and stops.isAncestorOf(focused):
            stops.toggle_lock()
        elif field is not None:
            self.trip_form.toggle_field_lock(field)
        elif focused is not None and self.itinerary.isAncestorOf(focused):
            self.itinerary.toggle_lock()
        else:
            self.statusBar().showMessage(shown(LOCK_HINT), 8000)

    def _plan_tabs(self) -> list[tuple[str, str]]:
        """The tabs under the trip form, in order (Ctrl+1, Ctrl+2, … switch to them): the
        window's attribute holding each panel, and its title. All but the itinerary are
        built when first shown or asked for (`deferred_tabs`)."""
        return [
            ("itinerary", translate("MainWindow", "Itinerary")),
            ("brief_panel", translate("MainWindow", "Brief")),
            ("goals_panel", translate("MainWindow", "Goals")),
            ("pins_panel", translate("MainWindow", "Pinned")),
            ("lookups_panel", translate("MainWindow", "Lookups")),
            ("ledger_panel", translate("MainWindow", "Money")),
            ("documents_panel", translate("MainWindow", "Documents")),
        ]

    @functools.cached_property
    def brief_panel(self) -> BriefPanel:
        from concierge.travel.forms import TRIP_BRIEF
        from concierge.ui.brief import BriefPanel

        s = self.services
        return self._placed(
            "brief_panel", BriefPanel(TRIP_BRIEF, s.forms, s.trips, s.history, s.bus, self)
        )

    @functools.cached_property
    def goals_panel(self) -> GoalsPanel:
        from concierge.ui.goals import GoalsPanel

        s = self.services
        return self._placed("goals_panel", GoalsPanel(s.goals, s.trips, s.history, s.bus, self))

    @functools.cached_property
    def pins_panel(self) -> PinsPanel:
        from concierge.ui.pins import PinsPanel

        s = self.services
        return self._placed("pins_panel", PinsPanel(s.pins, s.trips, s.history, s.bus, self))

    @functools.cached_property
    def lookups_panel(self) -> LookupsPanel:
        from concierge.ui.lookups import LookupsPanel

        panel = LookupsPanel(self.services.lookups, self.services.selection, self)
        panel.settings_requested.connect(lambda: self.open_settings(online_lookups=True))
        return self._placed("lookups_panel", panel)

    @functools.cached_property
    def ledger_panel(self) -> LedgerPanel:
        from concierge.travel.assistant.ledger_view import itinerary_costs
        from concierge.ui.ledger import LedgerPanel

        s = self.services
        planned = itinerary_costs(s.itinerary)
        panel = LedgerPanel(s.ledger, s.trips, s.history, s.bus, self, planned=planned)
        return self._placed("ledger_panel", panel)

    @functools.cached_property
    def documents_panel(self) -> DocumentsPanel:
        from concierge.ui.documents import DocumentsPanel

        s = self.services
        panel = DocumentsPanel(s.documents, s.itinerary, s.trips, s.history, s.bus, self)
        panel.send_requested.connect(self._send_document)
        return self._placed("documents_panel", panel)

    @property
    def inspector(self) -> InspectorPanel:
        """The "What the assistant sees" panel, built when first shown or asked for, or once an
        assistant is bound (`AssistantSession.inspector`)."""
        return self.session.inspector

    def _build_inspector(self) -> InspectorPanel:
        from concierge.ui.inspector import InspectorPanel

        panel = InspectorPanel(self)
        put_in_place(self.side_tabs, "inspector", panel)
        return panel

    def _placed(self, name: str, panel: V) -> V:
        """A plan tab's panel, built now: it reports failures, shows the selected trip and
        takes its placeholder's place."""
        panel.task_failed.connect(self._report_failure)
        panel.set_trip(self.session.trip_id)
        put_in_place(self.bottom_tabs, name, panel)
        return panel

    @property
    def trip_views(self) -> tuple[TripView[Any], ...]:
        """Every view of the selected trip, each built now if it was not yet."""
        for name, _title in self._plan_tabs()[1:]:
            getattr(self, name)
        return self._built_views()

    def _built_views(self) -> tuple[TripView[Any], ...]:
        """The views of the selected trip built so far: each shows the trip `show_trip`
        picks; a plan tab's panel not built yet is given it when it is built."""
        deferred = (name for name, _title in self._plan_tabs()[1:] if name in self.__dict__)
        return (
            self.trip_form,
            self.itinerary,
            *(self.__dict__[name] for name in deferred),
            self.proposals_panel,
            self.imports_panel,
            self.problems_panel,
        )

    def show_tab_of(self, name: str) -> None:
        """`show_tab` for the panel the window's attribute `name` holds (built if not yet)."""
        self.show_tab(getattr(self, name))

    def show_tab(self, panel: QWidget) -> None:
        """Bring a tab under the trip form to the front and put the focus in it."""
        self.bottom_tabs.setCurrentWidget(panel)
        take_focus = getattr(panel, "take_focus", None)  # the lists' and the Money tab's
        if callable(take_focus):
            take_focus()
        else:
            panel.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # -- problems ---------------------------------------------------------------------------

    def show_problems(self) -> None:
        """Bring the Problems list forward with the focus in it (Ctrl+8, the status bar)."""
        self.side_tabs.setCurrentWidget(self.problems_panel)
        self.problems_panel.take_focus()

    def step_problem(self, step: int) -> None:
        """F8 / Shift+F8: go to the next or previous problem, round the list's ends."""
        problem = self.problems_panel.step(step)
        if problem is None:
            self.statusBar().showMessage(
                translate("MainWindow", "No problems in this plan."), STATUS_MS
            )
            return
        self.go_to_problem(problem)

    def go_to_problem(self, problem: Problem) -> None:
        """Show what `problem` is about: its items, else its day, else its stop; the Money
        tab for the budget. The status bar says which problem of how many it is."""
        itinerary = self.itinerary
        items = [i for i in problem.item_ids if itinerary.model.index_of_item(i).isValid()]
        if problem.check in MONEY_CHECKS:
            self.show_tab(self.ledger_panel)
        elif items:
            self.show_tab(itinerary)
            itinerary.select_items(items)
        elif problem.day is not None and itinerary.model.index_of_day(problem.day).isValid():
            self.show_tab(itinerary)
            itinerary.select_day(problem.day)
        else:
            self._go_to_stop(problem.stop_id)
        problems = self.problems_panel.problems
        number = next((n for n, p in enumerate(problems, 1) if p.key == problem.key), 0)
        self.statusBar().showMessage(
            translate("MainWindow", "Problem {number} of {count}: {text}").format(
                number=number, count=len(problems), text=shown(problem.text)
            ),
            NOTICE_MS,
        )

    def _go_to_stop(self, stop_id: str | None) -> None:
        """The stop in the trip form (or the form's first field for a trip-wide problem)."""
        form = self.trip_form
        rows = form.fields.stops_editor.saved_rows()
        row = next((r for r in rows if r.stop is not None and r.stop.id == stop_id), None)
        target = row.place if row is not None else form.fields.title_edit
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)
        form.form_page.ensureWidgetVisible(target)

    def _show_problems(self, problems: tuple[Problem, ...]) -> None:
        self.itinerary.show_problems(problem_marks(problems))
        self._show_problem_count()

    def _show_problem_count(self) -> None:
        """The count in the status bar, the worst severity's icon on the tab and beside it."""
        panel = self.problems_panel
        count = len(panel.problems)
        worst = panel.worst()
        icon = panel.icon(worst) if worst is not None else QIcon()
        text = count_text(count) if panel.loaded else translate("MainWindow", "Checking…")
        keys = key_text(PROBLEMS_KEYS)
        button = self.problems_button
        button.setText(text)
        button.setIcon(icon)
        button.setToolTip(
            translate("MainWindow", "{problems} in this plan: show them ({keys})").format(
                problems=text, keys=keys
            )
        )
        button.setAccessibleName(text)
        button.setVisible(panel.trip_id is not None)
        index = self.side_tabs.indexOf(panel)
        self.side_tabs.setTabIcon(index, icon)
        self.side_tabs.setTabToolTip(index, f"{text} ({keys})")

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        """An action of `menu`."""
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    # -- start-up ---------------------------------------------------------------------------

    def place_over(self, splash: QWidget) -> None:
        """Take the start-up window's place; its frame says how much room a frame takes
        until this window has one of its own."""
        self.move(splash.pos())
        self.screen_fit.fit(frame_margins(splash))

    async def start(self) -> None:
        """Connect the assistant and restore the last session, so the chat loads the trip's
        conversation once, then build the plan tabs; the window is already shown."""
        await self.bind_assistant()
        await self.restore_session()
        await self.build_deferred_tabs()

    async def build_deferred_tabs(self) -> None:
        """Build the plan tabs and the inspector not built yet, one per turn of the event loop:
        the app does it once the person can chat, so a tab reached later shows its trip at
        once."""
        for name in (*(name for name, _title in self._plan_tabs()[1:]), "inspector"):
            if self._stopping:
                return
            getattr(self, name)
            await asyncio.sleep(0)

    async def bind_assistant(self) -> None:
        """Connect the assistant to the model set up, or look for a local server when there
        is none (the app does it once the window is ready: a message sent meanwhile waits
        for it, see `ChatPanel.send`)."""
        if not (await self.session.reload_profile()).is_usable:
            self.chat.notice.found.search()

    async def restore_session(self) -> None:
        """The window's place and the last trip, as they were when the app last closed, and
        other programs' writes shown from now on."""
        await self.services.outside.start()
        await self.sharing.start()
        geometry = await self.services.settings.get(UI_WINDOW_GEOMETRY)
        if geometry:
            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))
            self.screen_fit.fit()  # Saved on a larger screen, or with the frame off-screen.
        trips = await self.services.trips.all()
        self.first_launch = not trips
        if not trips:
            first = (
                await self.services.trips.create(
                    {
                        **await home_values(self.services.settings, self.services.editor),
                        "title": translate("MainWindow", "My first trip"),
                    },
                    context=ChangeContext(
                        actor=Actor.APP,
                        label=QT_TRANSLATE_NOOP("ChangeLabel", "Create a first trip"),
                    ),
                )
            ).record
            trips = [first]
            self._first_trip_id = first.id
        last = await self.services.settings.get(UI_LAST_TRIP_ID)
        chosen = next((t.id for t in trips if t.id == last), trips[0].id)
        self.trip_list.set_trip(chosen)
        self.show_trip(chosen)
        await self._refresh_undo()

    # -- trips ------------------------------------------------------------------------------

    def open_trip(self, trip_id: str) -> None:
        """Show `trip_id` as if chosen in the trip list (a trip just joined)."""
        self.trip_list.set_trip(trip_id)
        self.show_trip(trip_id)

    def show_trip(self, trip_id: object) -> None:
        current = trip_id if isinstance(trip_id, str) else None
        if current == self.session.trip_id or self._stopping:
            return  # stopping: the trip list clearing as it is destroyed is no new choice
        self.services.selection.select_trip(current)
        for view in self._built_views():
            view.set_trip(current)
        self.pin_action.setVisible(current is not None)
        self.exports.set_trip(current)
        self.sharing.set_trip(current)
        self.session.set_trip(current)
        self.chat.set_documents(self.services.documents, current)
        self._show_empty_state(current is None)
        self.tasks.start(self._refresh_undo(), name="refresh undo")
        if current is not None:
            self.tasks.start(
                self.services.settings.set(UI_LAST_TRIP_ID, current), name="remember trip"
            )

    # -- importing --------------------------------------------------------------------------

    def open_import_dialog(self) -> None:
        """File ▸ Import…: choose booking files for the trip's review queue (not modal)."""
        if self.session.trip_id is None:
            self.statusBar().showMessage(no_trip_to_import_into(), STATUS_MS)
            return
        if self.import_dialog is None:
            title = translate("MainWindow", "Import bookings")
            dialog = QFileDialog(self, title, "", IMPORT_FILTER)
            dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
            dialog.filesSelected.connect(lambda files: self.import_files([Path(f) for f in files]))
            self.import_dialog = dialog
        self.import_dialog.open()

    def import_files(self, paths: Sequence[Path]) -> None:
        """Read booking files into the selected trip's review queue, one after another; a
        CSV file's columns are chosen first, in the mapping dialog (one file at a time)."""
        from concierge.travel.imports import is_csv  # the parsers: not at start-up

        trip_id = self.session.trip_id
        if trip_id is None:
            self.statusBar().showMessage(no_trip_to_import_into(), STATUS_MS)
            return
        tables = [path for path in paths if is_csv(path)]
        self.import_runner.import_paths(trip_id, [path for path in paths if path not in tables])
        start = not self.csv_waiting and self.mapping_dialog is None
        self.csv_waiting.extend((trip_id, path) for path in tables)
        if start and self.csv_waiting:
            self.tasks.start(self._map_next_csv(), name="read a CSV file's columns")

    async def _map_next_csv(self) -> None:
        """Read the next waiting CSV file's columns off the event loop and ask for their
        fields; a file that cannot be read is refused like any other."""
        from concierge.travel.imports import ImportFileError
        from concierge.travel.imports.csv_table import read_csv_table
        from concierge.ui.imports.mapping_dialog import CsvMappingDialog

        while self.csv_waiting and self.mapping_dialog is None:
            trip_id, path = self.csv_waiting.pop(0)
            try:
                table = await asyncio.to_thread(read_csv_table, path)
            except ImportFileError as error:
                self._import_refused(str(error))
                continue
            dialog = CsvMappingDialog(table, date_pattern(), self)
            dialog.finished.connect(
                lambda result, d=dialog, t=trip_id, p=path: self._csv_mapped(d, t, p, result)
            )
            self.mapping_dialog = dialog
            dialog.open()

    def _csv_mapped(self, dialog: CsvMappingDialog, trip_id: str, path: Path, result: int) -> None:
        if self.mapping_dialog is dialog:
            self.mapping_dialog = None
        dialog.deleteLater()
        if result == QDialog.DialogCode.Accepted:
            self.import_runner.import_paths(trip_id, [path], dialog.mapping(), dialog.choices())
        else:
            self.statusBar().showMessage(
                translate("MainWindow", "{file} was not imported (cancelled).").format(
                    file=path.name
                ),
                STATUS_MS,
            )
        if self.csv_waiting:
            self.tasks.start(self._map_next_csv(), name="read a CSV file's columns")

    def _imported(self, done: FileImport) -> None:
        from concierge.travel.edits.import_files import pdf_message

        if done.pdf is not None:
            self._ask_assistant(pdf_message(done.pdf))
            self.statusBar().showMessage(
                translate("MainWindow", "{summary} The assistant proposes its items.").format(
                    summary=shown(done.summary())
                ),
                DECISION_STATUS_MS,
            )
            return
        notes = " ".join(shown(warning) for warning in done.warnings)
        self.statusBar().showMessage(f"{shown(done.summary())} {notes}".strip(), DECISION_STATUS_MS)
        self.imports_panel.reload_now()
        self.imports_panel.list.setFocus(Qt.FocusReason.OtherFocusReason)

    def _import_refused(self, text: str) -> None:
        """Say which file was not imported and why, in a message the person closes."""
        self.statusBar().showMessage(text, NOTICE_MS)
        if self.import_message is not None:
            self.import_message.close()
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("MainWindow", "Not imported"),
            text,
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.destroyed.connect(lambda: self._forget_message(box))
        self.import_message = box
        box.open()

    def _forget_message(self, box: QMessageBox) -> None:
        if self.import_message is box:
            self.import_message = None

    def _ask_assistant(self, text: str) -> None:
        """Send `text` to the assistant as the person's message (left in the message box
        when no model is set up or a turn is running, to send later)."""
        self.side_tabs.setCurrentWidget(self.chat)
        self.chat.composer.edit.setPlainText(text)
        self.chat.setFocus(Qt.FocusReason.OtherFocusReason)
        self.chat.send()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if _local_files(event) and self.session.trip_id is not None:
            event.acceptProposedAction()

    dragEnterEvent = dragMoveEvent

    def dropEvent(self, event: QDropEvent) -> None:
        paths = _local_files(event)
        if paths:
            event.acceptProposedAction()
            self.import_files(paths)

    def _send_document(self, record: DocumentRecord) -> None:
        """Documents ▸ Send to assistant: attached to the message being written."""
        self.chat.attach_document(record)
        self.chat.setFocus(Qt.FocusReason.OtherFocusReason)

    async def save_typed_edits(self, signal: AbortSignal | None = None) -> None:
        """Save every edit the person has typed but not yet saved (a field still focused, a
        pause in typing not yet over, a rename in place) and wait for the store: the
        assistant's context hook, so no model call reads older state than the window shows."""
        await asyncio.gather(
            self.trip_list.flush(), *(view.flush() for view in self._built_views())
        )

    def _show_empty_state(self, empty: bool) -> None:
        self.empty_state.setVisible(empty)
        self._center.setVisible(not empty)

    def _on_change(self, change: Change) -> None:
        """Bursts of writes (typing, an assistant tool call) refresh the Undo label once."""
        if not self._undo_timer.isActive() and not self._stopping:
            self._undo_timer.start()

    # -- undo and redo ----------------------------------------------------------------------

    def _refresh_undo_soon(self) -> None:
        """Qt can fire the timer after the loop stopped (windows closing): nothing to show."""
        if not self.tasks.closed and loop_running():
            self.tasks.start(self._refresh_undo(), name="refresh undo")

    def undo(self) -> None:
        self.tasks.start(self._step_history(redo=False), name="undo")

    def redo(self) -> None:
        self.tasks.start(self._step_history(redo=True), name="redo")

    async def _step_history(self, *, redo: bool) -> None:
        history = self.services.history
        result = await (history.redo_last() if redo else history.undo_last())
        if result is None:
            nothing = (
                translate("MainWindow", "Nothing to redo.")
                if redo
                else translate("MainWindow", "Nothing to undo.")
            )
            self.statusBar().showMessage(nothing, STATUS_MS)
        else:
            done = (
                translate("MainWindow", "Redone: {step}")
                if redo
                else translate("MainWindow", "Undone: {step}")
            )
            self.statusBar().showMessage(done.format(step=shown(result.label)), STATUS_MS)
        await self._refresh_undo()

    async def _refresh_undo(self) -> None:
        history = self.services.history
        undo, redo = await history.undo_label(), await history.redo_label()
        for action, step, plain, named in (
            (self.undo_action, undo, "&Undo", translate("MainWindow", "&Undo {step}")),
            (self.redo_action, redo, "&Redo", translate("MainWindow", "&Redo {step}")),
        ):
            action.setEnabled(step is not None)
            action.setText(
                named.format(step=shown(step)) if step else translate("MainWindow", plain)
            )

    def mark_seen(self) -> None:
        trip_id = self.session.trip_id
        if trip_id is not None:
            self.tasks.start(self._mark_seen(trip_id), name="mark seen")

    async def _mark_seen(self, trip_id: str) -> None:
        await self.services.history.mark_seen(trip_id)
        for view in self._built_views():
            view.reload()  # Marks come from the change log, which has none left.

    # -- pinning ----------------------------------------------------------------------------

    def pin_text(self, text: str, *, all_trips: bool = False) -> None:
        """Pin `text` (e.g. selected in the chat) to this trip or to all trips."""
        self.tasks.start(self._pin(text, all_trips), name="pin text")

    async def _pin(self, text: str, all_trips: bool) -> None:
        try:
            pin = await self.pins_panel.pin_text(text, all_trips=all_trips)
        except StoreError as error:
            text = translate("MainWindow", "Not pinned: {error}").format(error=shown_error(error))
            self.statusBar().showMessage(text, STATUS_MS)
            return
        quoted = pin.text if len(pin.text) <= _QUOTED_LIMIT else pin.text[:_QUOTED_LIMIT] + "…"
        pinned = (
            translate("MainWindow", "Pinned “{text}” for all trips.")
            if pin.all_trips
            else translate("MainWindow", "Pinned “{text}” for this trip.")
        )
        self.statusBar().showMessage(pinned.format(text=quoted), STATUS_MS)
        self.bottom_tabs.setCurrentWidget(self.pins_panel)

    # -- assistant --------------------------------------------------------------------------

    def focus_chat(self) -> None:
        self.side_tabs.setCurrentWidget(self.chat)
        self.chat.setFocus()

    def open_settings(self, *, online_lookups: bool = False) -> None:
        """Open Settings (or bring it forward); `online_lookups` puts the focus on the
        online lookups' switches."""
        if self._settings_dialog is not None:
            self._settings_dialog.raise_()
            if online_lookups:
                self._settings_dialog.focus_online_lookups()
            return
        self.tasks.start(self._open_settings(online_lookups), name="open settings")

    async def _open_settings(self, online_lookups: bool = False) -> None:
        from concierge.ui.settings import SettingsDialog
        from concierge.ui.settings.dialog import RESTART_NOTE

        profile = self.session.profile or await self.session.reload_profile()
        dialog = SettingsDialog(
            profile,
            self.services.settings,
            self.services.secrets,
            self,
            local_servers=self.local_servers,
        )
        self._settings_dialog = dialog
        dialog.saved.connect(self._use_profile)
        dialog.saved.connect(
            lambda _profile: self.tasks.start(
                self.voice_link.read_talk_key(), name="read the push-to-talk key"
            )
        )
        dialog.key_notice.connect(lambda text: self.statusBar().showMessage(text, NOTICE_MS))
        dialog.language_saved.connect(
            lambda _language: self.statusBar().showMessage(shown(RESTART_NOTE), NOTICE_MS)
        )
        dialog.finished.connect(
            lambda _result: self.tasks.start(self._close_settings(dialog), name="close settings")
        )
        dialog.open()
        if online_lookups:
            dialog.focus_online_lookups()

    def connect_model(self, server: FoundServer, model: str) -> None:
        """Connect a model of a server found on this computer: one click from the chat."""
        self.tasks.start(self._connect_model(server, model), name="connect a model")

    async def _connect_model(self, server: FoundServer, model: str) -> None:
        self._say_profile(await self.session.connect_model(server, model))
        self.chat.setFocus(Qt.FocusReason.OtherFocusReason)

    def _use_profile(self, profile: ModelProfile) -> None:
        self.session.use_profile(profile)
        self._say_profile(profile)

    def _say_profile(self, profile: ModelProfile) -> None:
        where = (
            translate("MainWindow", "{model} at {url}").format(
                model=profile.model, url=profile.base_url
            )
            if profile.is_usable
            else shown(profile.problem or "")
        )
        text = translate("MainWindow", "Assistant: {where}").format(where=where)
        self.statusBar().showMessage(text, STATUS_MS)

    async def _close_settings(self, dialog: SettingsDialog) -> None:
        if self._settings_dialog is dialog:
            self._settings_dialog = None
        await dialog.shutdown()
        dialog.deleteLater()

    # -- the welcome ------------------------------------------------------------------------

    async def welcome_once(self) -> None:
        """Open the welcome at the first launch on a new data folder, unless the environment
        names the model server and the model (someone set the app up before launching it);
        Help ▸ Welcome opens it any time. Either way it is not offered again."""
        settings = self.services.settings
        if await settings.get(UI_WELCOME_SEEN):
            return
        profile = self.session.profile or await self.session.reload_profile()
        if self.first_launch and not {ENV_BASE_URL, ENV_MODEL} <= set(profile.overridden):
            self.open_welcome()
        else:
            await settings.set(UI_WELCOME_SEEN, True)

    def open_welcome(self) -> None:
        """Help ▸ Welcome (window-modal, not `exec`: the event loop goes on)."""
        if self.welcome is not None:
            self.welcome.raise_()
            return
        from concierge.ui.settings.dialog import RESTART_NOTE
        from concierge.ui.welcome import WelcomeDialog

        dialog = WelcomeDialog(
            self.services.settings,
            self.services.secrets,
            self.local_servers,
            self,
            hosted=self.hosted_server,
        )
        self.welcome = dialog
        dialog.connect_requested.connect(self.connect_model)
        sample: list[str] = []
        dialog.sample_requested.connect(sample.append)
        dialog.language_changed.connect(
            lambda _language: self.statusBar().showMessage(shown(RESTART_NOTE), NOTICE_MS)
        )
        dialog.finished.connect(
            lambda result: self.tasks.start(
                self._close_welcome(
                    dialog, kept=result == QDialog.DialogCode.Accepted, sample=sample
                ),
                name="close welcome",
            )
        )
        dialog.open()

    async def _close_welcome(
        self, dialog: WelcomeDialog, *, kept: bool, sample: Sequence[str]
    ) -> None:
        """Home reaches the first trip before the sample opens, so the sample's creation is
        the step Undo names."""
        if self.welcome is dialog:
            self.welcome = None
        await self.services.settings.set(UI_WELCOME_SEEN, True)
        if kept:
            await self._first_trip_from_home()
        for home in sample:
            await self._open_sample(home)
        await dialog.shutdown()
        dialog.deleteLater()

    async def _first_trip_from_home(self) -> None:
        """ "My first trip" was made before the welcome asked for home: it starts from home
        too, while nothing in it was set yet."""
        services = self.services
        trip = await services.trips.get(self._first_trip_id) if self._first_trip_id else None
        if trip is None or trip.origin or await services.stops.stops(trip.id):
            return
        await services.trips.update(
            trip.id,
            await home_values(services.settings, services.editor),
            context=ChangeContext(
                actor=Actor.APP, label=QT_TRANSLATE_NOOP("ChangeLabel", "Start from home")
            ),
        )

    async def _open_sample(self, home: str) -> None:
        trip = await open_sample_trip(
            self.services,
            date.today(),
            title=shown(SAMPLE_TITLE),
            notes=shown(SAMPLE_NOTES),
            home=home,
        )
        self.trip_list.set_trip(trip.id)
        self.show_trip(trip.id)

    def show_shortcuts(self) -> None:
        """Help ▸ Keyboard shortcuts, beside the window (not modal)."""
        if self.shortcuts_dialog is None:
            self.shortcuts_dialog = ShortcutsDialog(self)
        else:
            self.shortcuts_dialog.reload()
        _bring_forward(self.shortcuts_dialog)

    def show_user_guide(self) -> None:
        """Help ▸ User guide: the guide shipped with the app, beside the window (not modal)."""
        if self.user_guide is None:
            self.user_guide = UserGuideDialog(self)
        _bring_forward(self.user_guide)

    def show_about(self) -> None:
        """Help ▸ About: version, licences, and the data and log folders with buttons."""
        if self.about_dialog is None:
            self.about_dialog = AboutDialog(self.services.data_dir, self.log_folder, self)
        self.about_dialog.open()

    def show_connect_assistant(self) -> None:
        """Help ▸ Connect another assistant: the MCP configuration to copy (not modal)."""
        from concierge.ui.connect_assistant import ConnectAssistantDialog

        if self.connect_dialog is None:
            self.connect_dialog = ConnectAssistantDialog(self.services.data_dir, self)
        _bring_forward(self.connect_dialog)

    def _report_failure(self, name: str, error: object) -> None:
        log.error("%s failed: %s", name, error)
        self.statusBar().showMessage(failure_text(name, error), STATUS_MS)

    # -- shutdown ---------------------------------------------------------------------------

    async def shutdown(self) -> None:
        """Save the session and stop every panel's background work."""
        self._stopping = True
        await self.services.outside.aclose()
        await self.sharing.aclose()
        self._unsubscribe()
        self.voice_link.close()
        self._undo_timer.stop()
        geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        await self.services.settings.set(UI_WINDOW_GEOMETRY, geometry)
        if self._settings_dialog is not None:
            await self._close_settings(self._settings_dialog)
        if self.welcome is not None:
            await self.welcome.shutdown()
        await self.import_runner.shutdown()
        await self.chat.shutdown()
        for view in self._built_views():
            await view.shutdown()
        await self.trip_list.shutdown()
        await self.session.shutdown()
        await self.tasks.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
        event.ignore()
        if not self._closing:
            self._closing = True
            self.hide()
            self._on_close()


def _bring_forward(dialog: QDialog) -> None:
    """Show a Help window that stays open beside the main one, in front and with the keys."""
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


def _local_files(event: QDragMoveEvent | QDropEvent) -> list[Path]:
    """The local files being dragged (none for text or remote links)."""
    data = event.mimeData()
    if not data.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in data.urls() if url.isLocalFile()]

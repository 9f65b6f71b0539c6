"""Everything the app needs to plan trips, opened from one data folder. No Qt.

`open_services` is the one composition, used by every front end. The place index loads apart
(`load_places`); until then checks that need places say nothing. Close with `await aclose()` while
the loop runs, then `close()`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from concierge.model_server import SecretStore
from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    DocumentFolder,
    DocumentRepository,
    FormAnswerRepository,
    GoalRepository,
    ImportQueue,
    ItineraryRepository,
    LedgerRepository,
    LockRepository,
    PinRepository,
    ProposalRepository,
    Settings,
    StopRepository,
    TripRepository,
    database_path,
    documents_folder,
)
from concierge.store.outside_writes import OutsideWrites
from concierge.store.writers import WINDOW, Writer

from .checks import TripChecks
from .edits.form_filler import FormFiller
from .edits.goal_triggers import GoalTriggers
from .edits.trips import TripEditor
from .lookups import LookupService, open_lookup_service, settings_online_access
from .places.index import PlaceIndex
from .selection import SelectionState


@dataclass
class TravelServices:
    data_dir: Path
    database: Database
    bus: ChangeBus
    trips: TripRepository
    itinerary: ItineraryRepository
    ledger: LedgerRepository
    stops: StopRepository
    history: ChangeHistory
    forms: FormAnswerRepository
    goals: GoalRepository
    pins: PinRepository
    settings: Settings
    secrets: SecretStore
    places: PlaceIndex
    editor: TripEditor
    lookups: LookupService
    form_filler: FormFiller
    """Answers forms with the engine's validation, and keeps every form's completion and
    its goals in step with its answers, whoever wrote them."""
    goal_triggers: GoalTriggers
    documents: DocumentRepository
    """Files attached to trips and items, under `<data dir>/documents/`."""
    proposals: ProposalRepository
    """The assistant's changes waiting for the person's decision (`assistant.edits`)."""
    imports: ImportQueue
    """Records of imported booking files waiting for the person's review."""
    checks: TripChecks
    """The plan checks of the trips someone watches, re-run after every change."""
    locks: LockRepository
    """What the person locked against the assistant's changes."""
    outside: OutsideWrites
    """Other programs' writes to the same file, published on `bus` once started (the window
    starts it)."""
    selection: SelectionState = field(default_factory=SelectionState)

    async def load_places(self) -> float:
        """Load the place index on a worker thread (once: later calls return at once) and
        return the seconds its loading took."""
        return await self.places.load_in_thread()

    async def aclose(self) -> None:
        """Stop the lookups, and wait for the goal completions and form settling that
        changes made so far started."""
        await self.outside.aclose()
        await self.checks.aclose()
        await self.lookups.aclose()
        await self.documents.aclose()
        await self.goal_triggers.aclose()
        await self.form_filler.aclose()

    def close(self) -> None:
        self.checks.close()
        self.outside.close()
        self.goal_triggers.close()
        self.form_filler.close()
        self.database.close()


def open_services(
    data_dir: Path,
    *,
    secrets: SecretStore | None = None,
    places: PlaceIndex | None = None,
    program: str = WINDOW,
) -> TravelServices:
    """Open (and migrate) the database in `data_dir` and wire the repositories to one bus;
    `places`: an index to share (tests load one per session), else a new one; `program`: the
    name the change log gives this program's writes ("concierge import")."""
    database = Database.open(database_path(data_dir), writer=Writer(program))
    bus = ChangeBus()
    trips = TripRepository(database, bus)
    stops = StopRepository(database, bus)
    places = places if places is not None else PlaceIndex()
    settings = Settings(database)
    forms = FormAnswerRepository(database, bus)
    goals = GoalRepository(database, bus)
    lookups = open_lookup_service(database, trips, places, online=settings_online_access(settings))
    documents = DocumentRepository(database, bus, DocumentFolder(documents_folder(data_dir)))
    documents.prune_files_at_start()
    return TravelServices(
        data_dir=data_dir,
        database=database,
        bus=bus,
        trips=trips,
        itinerary=ItineraryRepository(database, bus),
        ledger=LedgerRepository(database, bus),
        stops=stops,
        history=ChangeHistory(database, bus),
        forms=forms,
        goals=goals,
        pins=PinRepository(database, bus),
        settings=settings,
        secrets=secrets if secrets is not None else SecretStore(),
        places=places,
        editor=TripEditor(trips, places, stops),
        lookups=lookups,
        form_filler=FormFiller(forms, goals, bus),
        goal_triggers=GoalTriggers(goals, lookups.jobs.bus),
        documents=documents,
        proposals=ProposalRepository(database, bus),
        imports=ImportQueue(database, bus),
        checks=TripChecks(database, bus, places),
        locks=LockRepository(database, bus),
        outside=OutsideWrites(database.path, database.writer, bus),
    )

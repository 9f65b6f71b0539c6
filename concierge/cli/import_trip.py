"""`concierge import FILE`: a trip file (JSON, from `concierge export`) becomes a new trip, all
of it or nothing; a booking file (.ics, .pkpass, .eml, .csv) puts its records in a trip's
review queue, all of them or none, for the window to accept or reject. A PDF's bookings are
read by the assistant, in the window."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from concierge.model.settings import UI_LAST_TRIP_ID
from concierge.store import ChangeContext, FactSource, ImportRefused, QueuedCandidate, TripRecord
from concierge.store.trip_bundle import BundleError, import_bundle
from concierge.travel.edits.import_files import import_file
from concierge.travel.imports import CSV_FIELDS, CsvChoices, ImportFileError, is_csv
from concierge.travel.imports.csv_layout import date_format_named, separator_named
from concierge.travel.imports.csv_table import mapping_from_text, read_csv_table
from concierge.travel.itinerary.item_text import span_parts
from concierge.travel.services import TravelServices
from concierge.travel.trip_names import one_line

from .command import Command, CommandError, chosen_trip

TRIP_SUFFIX = ".json"
_CSV_OPTIONS = ("--map", "--delimiter", "--date-format")


class ImportCommand(Command):
    name = "import"
    summary = (
        "add the trip in a JSON file written by `concierge export` as a new trip, or queue "
        "the bookings of a .ics, .pkpass, .eml or .csv file for review in a trip"
    )
    creates_folder = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "file", metavar="FILE", type=Path, help="a trip file (JSON) or a booking file"
        )
        parser.add_argument(
            "--trip",
            metavar="TRIP",
            help="the trip whose review queue takes a booking file's records (its id, the "
            "start of it, or its title; default: the trip last open in the window)",
        )
        parser.add_argument(
            "--map",
            metavar="COLUMN=FIELD,…",
            dest="column_map",
            help="for a CSV file: which item field a column fills, changing what its header "
            'suggests, e.g. "Datum=day,Wo=place,Memo=ignore" (fields: '
            + ", ".join(CSV_FIELDS)
            + ")",
        )
        parser.add_argument(
            "--delimiter",
            metavar="SEP",
            help="for a CSV file: the separator between cells, one character or a name "
            "(comma, semicolon, tab), when the one found in the file is wrong",
        )
        parser.add_argument(
            "--date-format",
            metavar="ORDER",
            help="for a CSV file: the order of its numeric dates, e.g. DD/MM/YYYY, "
            "MM/DD/YYYY or YYYY-MM-DD (default: what the file shows; a date such as "
            "03/04/2027 that nothing in the file decides is refused)",
        )

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        path: Path = arguments.file
        if path.suffix.lower() != TRIP_SUFFIX:
            await import_bookings(
                services, path, arguments.trip, out, arguments.column_map, _choices(arguments)
            )
            return
        given = (arguments.column_map, arguments.delimiter, arguments.date_format)
        _refuse_csv_options(path, "is a trip file", given)
        if arguments.trip is not None:
            raise CommandError(
                f"{path} is a trip file: it becomes a new trip, so --trip is not used."
            )
        document = read_json(path)
        try:
            trip = (
                await import_bundle(
                    services.database,
                    services.bus,
                    document,
                    context=ChangeContext(source=FactSource.IMPORT, source_file=path.name),
                )
            ).record
        except BundleError as error:
            raise CommandError(f"{path}: {error} (nothing was imported)") from None
        print(trip.id, file=out)


def read_json(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not a trip file: it is not UTF-8 text.") from None
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror or error}.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{path} is not a trip file: it is not JSON ({error.msg} at line {error.lineno}, "
            f"column {error.colno})."
        ) from None


async def import_bookings(
    services: TravelServices,
    path: Path,
    wanted: str | None,
    out: TextIO,
    column_map: str | None = None,
    choices: CsvChoices | None = None,
) -> None:
    """Queue the file's records (all or none, every unusable one named on stderr) and list
    them, one a line; how a CSV file is read is said on stderr first."""
    trip = await _target_trip(services, wanted)
    try:
        mapping = _column_mapping(path, column_map, choices)
        done = await import_file(
            services.imports, trip.id, path, column_mapping=mapping, csv_choices=choices
        )
    except ImportFileError as error:
        raise CommandError(f"{error} Nothing was imported.") from None
    except ImportRefused as refused:
        for problem in refused.errors:
            print(f"{path}: {problem}", file=sys.stderr)
        count = len(refused.errors)
        raise CommandError(
            f"{path}: nothing was imported, as {count} record{'s' if count != 1 else ''} "
            "cannot be used (listed above)."
        ) from None
    if done.pdf is not None:
        raise CommandError(
            f"{path} is a PDF: the assistant reads its bookings; import it in the window "
            "(File ▸ Import…). Nothing was imported."
        )
    for warning in done.warnings:
        print(f"{path}: {warning}", file=sys.stderr)
    for candidate in done.queued:
        print(queued_line(candidate), file=out)
    print(f"{done.summary()} Review them in the window, trip “{one_line(trip.title)}”.", file=out)


def _choices(arguments: argparse.Namespace) -> CsvChoices | None:
    """The separator and date format given for a CSV file (None: neither)."""
    if arguments.delimiter is None and arguments.date_format is None:
        return None
    try:
        separator = None if arguments.delimiter is None else separator_named(arguments.delimiter)
    except ValueError as error:
        raise CommandError(f"--delimiter: {error} Nothing was imported.") from None
    try:
        dates = None if arguments.date_format is None else date_format_named(arguments.date_format)
    except ValueError as error:
        raise CommandError(f"--date-format: {error} Nothing was imported.") from None
    return CsvChoices(separator, dates)


def _column_mapping(
    path: Path, column_map: str | None, choices: CsvChoices | None
) -> dict[str, str] | None:
    """The CSV file's mapping with `column_map`'s changes (None: the header's own)."""
    if not is_csv(path):
        picked = (choices.separator, choices.date_format) if choices else (None, None)
        _refuse_csv_options(path, "is not a CSV file", (column_map, *picked))
        return None
    chosen = choices or CsvChoices()
    table = read_csv_table(path, chosen.separator)
    try:
        mapping = table.detected() if column_map is None else mapping_from_text(table, column_map)
    except ValueError as error:
        raise CommandError(f"--map: {error} Nothing was imported.") from None
    found = table.preview(mapping, date_format=chosen.date_format, limit=0).found
    print(f"{path}: {table.describe(found)}", file=sys.stderr)
    return None if column_map is None else mapping


def _refuse_csv_options(path: Path, what: str, given: tuple[str | None, ...]) -> None:
    for option, value in zip(_CSV_OPTIONS, given, strict=True):
        if value is not None:
            raise CommandError(f"{path} {what}: {option} is for CSV files.")


def queued_line(candidate: QueuedCandidate) -> str:
    """ "queued<TAB>kind<TAB>day time<TAB>title<TAB>code<TAB>duplicate": one record."""
    item = candidate.as_item()
    when = " → ".join(f"{day.isoformat()} {text}".strip() for day, text in span_parts(item, None))
    duplicate = "duplicate" if candidate.is_duplicate else ""
    fields = ("queued", item.kind.value, when, one_line(item.title), item.confirmation_code)
    return "\t".join((*fields, duplicate))


async def _target_trip(services: TravelServices, wanted: str | None) -> TripRecord:
    """The trip named, else the one last open in the window, else the only one."""
    if wanted is not None:
        return await chosen_trip(services, wanted)
    trips = await services.trips.all()
    last = await services.settings.get(UI_LAST_TRIP_ID)
    chosen = next((trip for trip in trips if trip.id == last), None)
    if chosen is None and len(trips) == 1:
        chosen = trips[0]
    if chosen is None:
        raise CommandError(
            "Name the trip for the bookings with --trip (`concierge trips` lists them)."
        )
    return chosen

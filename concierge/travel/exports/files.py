"""Where an export is written: a default name from the trip, and a write that never leaves
half a file."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from concierge.store import TripRecord

_UNSAFE = re.compile(r'[\x00-\x1f/\\:*?"<>|]+')
NAME_LIMIT = 120
"""Characters of a default file name before its suffix."""


class ExportError(Exception):
    """An export could not be written; the message names the file and why."""


def export_file_name(trip: TripRecord, suffix: str) -> str:
    """ "Japan in spring 2027-04-10 to 2027-04-24.ics": the title and dates, safe as a file
    name on every system."""
    title = " ".join(_UNSAFE.sub(" ", trip.title).split()).strip(". ") or "Trip"
    if trip.start_date is not None and trip.end_date is not None:
        title = f"{title} {trip.start_date.isoformat()} to {trip.end_date.isoformat()}"
    elif trip.start_date is not None:
        title = f"{title} {trip.start_date.isoformat()}"
    return f"{title[:NAME_LIMIT].rstrip()}.{suffix}"


def write_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that it holds either its old content or all of `data`;
    ExportError names the file and the system's reason."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise ExportError(f"Cannot write {path}: {error.strerror or error}.") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise ExportError(f"Cannot write {path}: {error.strerror or error}.") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

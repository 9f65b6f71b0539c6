"""The real app, except that its place index's load holds at its start until it is stopped
(never released): a test that closes it proves closing stops the loader instead of waiting
for it. Run as `python tests/held_places.py --data-dir …` (see `HELD_PLACES`)."""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path

from concierge.app import main
from concierge.travel.places import catalog, index

HELD = "test hook: the place loader holds until it is stopped"
HELD_PLACES = (str(Path(__file__)),)
"""`start_app`'s `program` for this app."""
_build = catalog.build_catalog


def _held(stop: threading.Event | None = None) -> catalog.Catalog:
    logging.getLogger("concierge").info(HELD)
    if stop is not None:
        stop.wait()
    return _build(stop)


if __name__ == "__main__":
    index.build_catalog = _held  # type: ignore[attr-defined]  # the hook replaces it
    sys.exit(main())

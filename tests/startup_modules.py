"""The real app, reporting on its log which modules are loaded when it logs that it is ready
(`MODULES_AT_READY`, then the names, comma-separated). Run as `python
tests/startup_modules.py --data-dir …` (see `STARTUP_MODULES`)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from concierge.app import READY_MESSAGE, main

MODULES_AT_READY = "test hook: modules at ready: "
STARTUP_MODULES = (str(Path(__file__)),)
"""`start_app`'s `program` for this app."""


class ModulesAtReady(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        if READY_MESSAGE in record.getMessage():
            print(MODULES_AT_READY + ",".join(sorted(sys.modules)), file=sys.stderr, flush=True)


if __name__ == "__main__":
    logging.getLogger("concierge").addHandler(ModulesAtReady())
    sys.exit(main())

"""The composition root: builds the services, wires them together and starts Qt.

Start-up follows the qasync recipe in NOTES.md: our own QApplication, one asyncio loop
driven by Qt, and an async shutdown that finishes before the loop stops.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication  # imported before qasync, as qasync requires

import qasync  # isort: skip

from concierge.ui.main_window import MainWindow

log = logging.getLogger(__name__)


async def run(app: QApplication) -> int:
    closed = asyncio.Event()
    window = MainWindow(on_close=closed.set)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, window.close)
        except (NotImplementedError, RuntimeError):  # Windows, or a loop without signals
            signal.signal(signum, lambda *_: window.close())
    window.show()
    await closed.wait()
    window.deleteLater()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = QApplication(list(argv if argv is not None else sys.argv))
    app.setApplicationName("Concierge")
    app.setOrganizationName("Concierge")
    app.setQuitOnLastWindowClosed(False)
    return int(qasync.run(run(app)))

"""Opening a trip whose conversation holds 5,000 messages: event-loop stalls and time to usable.

A temporary data folder gets one trip with 2,500 questions and 2,500 Markdown answers (lists,
bold text, a few paragraphs each) and is remembered as the last trip. The data folder is then
opened afresh, as a restart would, and the assembled window starts the way
`concierge.app.run` starts it: `MainWindow(services)`, the `GuiThreadCollector`, the place
index loading in a thread, `await window.start()`. The model profile points at a loopback
address nothing answers (no request is made), so Send is enabled once the chat is loaded.

Two probes run from before the window is built (see `bench/ui_latency.py`): an asyncio
coroutine waking every 5 ms, which is what the budget applies to, and a precise Qt timer.
The asyncio probe also notes the GUI thread's CPU time between two wake-ups: on a machine
whose other work keeps the CPUs busy, a stall much longer than that CPU time was spent
waiting for a CPU, not running the app.

Rows:
  start on the long trip   from building the window until `chat.ready()` returns (the moment
                           "Concierge is ready" is logged): the person can type and send.
                           Its stalls include the window's first paint and start-up work
                           that is not the chat's, so it has no verdict.
  switch to the long trip  once start-up has settled, the short trip is shown, then the long
                           one, as a click in the trip list does: until `chat.ready()`, plus
                           0.3 s for whatever the switch left queued. The budget row.
  scroll to the oldest     Home pressed in the transcript (real key events) every 20 ms until
                           every older page is shown: each page is inserted above in one pass
  all at once              with --before, for comparison: one `setMarkdown` of every block,
                           as the chat loaded a conversation before it paged
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"

from PySide6.QtCore import Qt  # before qasync (imported by async_support)
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from bench.harness import percentile, print_table, verdict
from bench.ui_latency import AsyncioProbe, QtTimerProbe
from concierge.agent import AssistantMessage, Message
from concierge.agent.messages import user_message
from concierge.model.settings import UI_LAST_TRIP_ID
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Actor, ChangeContext
from concierge.travel.assistant.trip_assistant import trip_history
from concierge.travel.services import open_services
from concierge.ui.async_support import run_with_qt
from concierge.ui.chat.markdown import history_blocks
from concierge.ui.garbage import GuiThreadCollector
from concierge.ui.main_window import MainWindow

MESSAGES = 5_000
MAX_BUDGET = 0.050
SCROLL_TIMEOUT = 120.0
SETTLE_SECONDS = 0.3
PRESS_SECONDS = 0.02
"""Between two presses of Home: a person paging up through the conversation."""


def conversation() -> list[Message]:
    messages: list[Message] = []
    for number in range(MESSAGES // 2):
        messages.append(user_message(f"Day {number % 9 + 1}: what should we do after lunch?"))
        messages.append(
            AssistantMessage(
                text=(
                    f"For day {number % 9 + 1}, walk down to **Ribeira** and take the tram.\n\n"
                    "- Coffee at a tiled café, about 3 EUR\n"
                    "- The *Serralves* park if the weather holds\n\n"
                    "Book the port tasting for 17:00; the light is best then."
                )
            )
        )
    return messages


async def seed(folder: Path) -> tuple[str, str]:
    """The long trip (remembered as the last one shown) and a short one beside it."""
    services = open_services(folder)
    try:
        context = ChangeContext(actor=Actor.APP, label="Create the bench trips")
        short = (
            await services.trips.create({"title": "Lisbon, a short talk"}, context=context)
        ).record
        long = (
            await services.trips.create({"title": "Porto, the long talk"}, context=context)
        ).record
        await trip_history(services, long.id).append(conversation())
        await services.settings.set(UI_LAST_TRIP_ID, long.id)
    finally:
        await services.aclose()
        services.close()
    return long.id, short.id


class CpuProbe(AsyncioProbe):
    """The asyncio probe, also noting the GUI thread's CPU time over each wait."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            expected = time.perf_counter() + self.interval
            used = time.thread_time()
            await asyncio.sleep(self.interval)
            self.lateness.append(max(0.0, time.perf_counter() - expected))
            self.cpu.append(time.thread_time() - used)


@dataclass
class Row:
    name: str
    seconds: float
    asyncio_lateness: list[float]
    qt_lateness: list[float]
    detail: str
    budgeted: bool = True
    cpu: list[float] | None = None


class Probes:
    """Both probes of `bench/ui_latency.py`, started together."""

    def __init__(self) -> None:
        self.stop = asyncio.Event()
        self.asyncio = CpuProbe()
        self.qt = QtTimerProbe()
        self._task = asyncio.create_task(self.asyncio.run(self.stop))
        self.qt.start()

    async def finish(self) -> None:
        self.stop.set()
        self.qt.stop()
        await self._task


def questions(window: MainWindow) -> str:
    shown = window.chat.transcript.toPlainText().count("what should we do")
    send = "enabled" if window.chat.runnable is not None else "unavailable"
    return f"{shown} of {MESSAGES // 2} questions shown; Send {send}"


async def run(folder: Path, long_id: str, short_id: str, before: bool) -> list[Row]:
    services = open_services(folder)
    probes = Probes()
    started = time.perf_counter()
    window = MainWindow(services)
    collector = GuiThreadCollector(window)
    collector.start()
    window.show()
    loading = asyncio.ensure_future(services.load_places())
    rows: list[Row] = []
    try:
        await window.start()
        await window.chat.ready()
        usable = time.perf_counter() - started
        await probes.finish()
        rows.append(
            Row(
                "start on the long trip",
                usable,
                probes.asyncio.lateness,
                probes.qt.lateness,
                questions(window) + " (first paint and start-up work included)",
                budgeted=False,
                cpu=probes.asyncio.cpu,
            )
        )
        await loading
        collector.freeze()  # As concierge.app.run does once start-up is done.

        window.show_trip(short_id)
        await window.chat.ready()
        await asyncio.sleep(SETTLE_SECONDS)
        probes = Probes()
        started = time.perf_counter()
        window.show_trip(long_id)
        await window.chat.ready()
        usable = time.perf_counter() - started
        await asyncio.sleep(SETTLE_SECONDS)  # Whatever the switch left queued shows here.
        await probes.finish()
        rows.append(
            Row(
                "switch to the long trip",
                usable,
                probes.asyncio.lateness,
                probes.qt.lateness,
                questions(window),
                cpu=probes.asyncio.cpu,
            )
        )

        view = window.chat.transcript
        view.setFocus()
        probes = Probes()
        started = time.perf_counter()
        presses = 0
        while view.has_older:
            if time.perf_counter() - started > SCROLL_TIMEOUT:
                raise TimeoutError("the oldest messages were not reached")
            QTest.keyClick(view, Qt.Key.Key_Home)
            presses += 1
            await asyncio.sleep(PRESS_SECONDS)
        scrolled = time.perf_counter() - started
        await probes.finish()
        rows.append(
            Row(
                "scroll to the oldest",
                scrolled,
                probes.asyncio.lateness,
                probes.qt.lateness,
                questions(window).split(";")[0] + f" after {presses} presses of Home",
                cpu=probes.asyncio.cpu,
            )
        )

        if before:
            messages = await trip_history(services, long_id).load()
            probes = Probes()
            await asyncio.sleep(PRESS_SECONDS)
            started = time.perf_counter()
            view.show_blocks(history_blocks(messages))
            once = time.perf_counter() - started
            await asyncio.sleep(PRESS_SECONDS)
            await probes.finish()
            rows.append(
                Row(
                    "all at once",
                    once,
                    probes.asyncio.lateness,
                    probes.qt.lateness,
                    "one setMarkdown of every block: the chat without paging",
                    budgeted=False,
                    cpu=probes.asyncio.cpu,
                )
            )
    finally:
        await window.shutdown()
        await loading
        collector.stop()
        window.deleteLater()
        await services.aclose()
        services.close()
    return rows


def report(rows: Sequence[Row]) -> None:
    table = []
    for row in rows:
        worst = max(row.asyncio_lateness, default=0.0)
        cpu = max(row.cpu or [], default=0.0)
        p99 = percentile(row.asyncio_lateness, 99) if row.asyncio_lateness else 0.0
        table.append(
            [
                row.name,
                f"{row.seconds * 1000:.0f}",
                f"{p99 * 1000:.1f}",
                f"{worst * 1000:.1f}",
                f"{max(row.qt_lateness, default=0.0) * 1000:.1f}",
                f"{cpu * 1000:.1f}",
                f"{MAX_BUDGET * 1000:.0f}",
                verdict(worst < MAX_BUDGET) if row.budgeted else "-",
                row.detail,
            ]
        )
    print_table(
        f"Opening a trip with a {MESSAGES:,}-message conversation (ms)",
        ["what", "time", "stall p99", "stall max", "Qt max", "CPU max", "budget", "max", "detail"],
        table,
        align="lrrrrrrll",
        notes=[
            "time: until the chat is usable (open), until every message is shown (scroll), "
            "or of the one render (before).",
            "stall: lateness of an asyncio probe waking every 5 ms; Qt max: of a 5 ms Qt "
            "timer. The budget is the max stall (ARCHITECTURE.md). CPU max: the most CPU "
            "time the GUI thread used between two wake-ups of the asyncio probe.",
            "load average (1, 5, 15 min) when the run ended: "
            + ", ".join(f"{load:.2f}" for load in os.getloadavg())
            + f" on {os.cpu_count()} CPUs; other work on the machine shows up as lateness.",
        ],
    )


async def main(before: bool) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="concierge-bench-") as temp:
        os.environ[ENV_BASE_URL] = "http://127.0.0.1:9/v1"
        os.environ[ENV_API_KEY] = "bench-key"
        os.environ[ENV_MODEL] = "fake-model"
        folder = Path(temp) / "data"
        long_id, short_id = await seed(folder)
        return await run(folder, long_id, short_id, before)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument(
        "--before",
        action="store_true",
        help="also time one render of everything, as the chat did before it paged",
    )
    arguments = parser.parse_args()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    report(run_with_qt(app, main(arguments.before)))

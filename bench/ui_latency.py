"""Event-loop stalls in the real window while a 3,000-token answer streams in.

The assembled app: `open_services` on a temporary folder, `MainWindow(services)`, the app's
`GuiThreadCollector` (automatic GC off, collection on a GUI-thread timer), `await
window.start()`, all on `run_with_qt` — the same path `concierge.app.run` takes. The model
is the loopback fake OpenAI server, configured the way a person would with
`OPENAI_BASE_URL` / `OPENAI_API_KEY` / `CONCIERGE_MODEL`; keys go to the `fail` keyring.

Start-up as the app does it, then the shown trip gets dates and 15 itinerary items (the
same in every scenario). Once that has settled (trip shown, conversation and place index
loaded), `GuiThreadCollector.freeze()` runs as in the app (one full collection, timed and
reported apart, then everything alive is frozen out of later passes), and two probes start, each
waking every 5 ms and recording its lateness (actual − requested wake-up time):

  asyncio  a coroutine looping on `asyncio.sleep(0.005)`: what every task on the loop (the
           agent, the HTTP stream, repository awaits) waits for. The budget applies here.
  Qt       a precise single-shot `QTimer` re-armed every 5 ms: what Qt's own event
           processing (painting, input) waits for; shown in the notes.

A message is sent through the chat composer (text set, `chat.send()`); the fake server
answers with 3,000 tokens in 3,000 SSE chunks, 2 ms apart. Background *loads* run beside
the stream: `db_writes` edits the shown trip through the repositories every ~20 ms (a trip
field, an itinerary item added, edited, removed; then again), as the person or a lookup
would, so change signals refresh the form, the itinerary and the undo action meanwhile.
The probes stop when the chat panel reports the turn finished.

Scenarios (each on a fresh data folder and window, in one process and one loop):
  window idle             probes only for 2 s: the floor of the probe itself
  DB writes only          the writes for 5 s, nothing streams
  stream only             the answer streams, no background load
  stream + DB writes      the budget row: p99 < 16 ms, max < 50 ms (ARCHITECTURE.md)
  stream + DB writes + 5 lookups
                          issue 4: the same, with five lookups (flights, holidays, time
                          difference, daylight, currency) kept running for Lisbon → Tokyo

To add load (issue 4: "five lookups running"), write an async function
`(window, services, stop) -> int` that works until `stop` is set and returns how many
operations it did, and add a `Load` with it to a scenario in `SCENARIOS`.

After the table, the GUI thread's time by part for each scenario (`bench/gui_time.py`): every
ChangeBus subscriber, loop task and Qt event, in CPU per DB write and wall time, so what a
write costs and where is visible; `--no-breakdown` measures without that timing.

The fake server runs in a child process by default, so its threads do not compete with
the app for the GIL (a real model server never does); `--server thread` runs it in this
process instead, for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"

from PySide6.QtCore import Qt, QTimer  # before qasync (imported by async_support)
from PySide6.QtWidgets import QApplication

from bench.gui_time import GuiTime, Part, TimedApplication, busiest
from bench.harness import percentile, print_table, verdict
from concierge.agent import AgentEvent, ModelResponseEvent, TextDelta
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Actor, ChangeContext
from concierge.travel.services import TravelServices, open_services
from concierge.ui.async_support import run_with_qt
from concierge.ui.garbage import GuiThreadCollector
from concierge.ui.main_window import MainWindow
from tests.fakes import FakeOpenAIServer, Reply, tokenize

ANSWER_TOKENS = 3_000
CHUNK_DELAY = 0.002
PROBE_INTERVAL = 0.005
WRITE_INTERVAL = 0.020
SEED_ITEMS = 15
LOOKUP_KINDS = ("flights", "holidays", "time_difference", "daylight", "currency")
LOOKUP_POLL = 0.020
"""How often the lookups load checks for finished lookups to replace."""
PROBE_NAME = "probe"
"""The probes' task and timer, left out of the breakdown."""
BREAKDOWN_ROWS = 16
SWITCH_ENV = "BENCH_SWITCH"
"""Set to seconds to measure with that `sys.setswitchinterval` instead of the interpreter's
default, which is what the app runs with (it does not change it)."""
FIRST_DAY = datetime.date(2026, 5, 14)
IDLE_SECONDS = 2.0
LOAD_ONLY_SECONDS = 5.0
SETTLE_SECONDS = 0.3
"""Quiet time after start-up before the probes start (start-up's last tasks finish)."""
TURN_TIMEOUT = 60.0
P99_BUDGET = 0.016
MAX_BUDGET = 0.050
REPLIES = 8
"""Replies the fake server holds: one per streaming scenario, with room to spare."""
QUESTION = "Plan three slow days in Porto for us, with food, walks and one day trip."

_PHRASES = (
    "Day one starts in **Ribeira** with a slow walk along the river, then coffee at a "
    "tiled café before the crowds arrive.",
    "Cross the Dom Luís I bridge on the upper deck for the view, and take the cable car down "
    "to the port lodges in Vila Nova de Gaia.",
    "- Lunch: grilled sardines and green wine near the market, about 25 EUR for two.",
    "- Afternoon: Serralves park and museum, two hours is enough if the weather is good.",
    "Book the tasting for 17:00; the light over the Douro is best in the early evening.",
    "A day trip up the valley by train takes two hours each way, so leave before nine.",
    "Keep the last evening free: Foz do Douro at sunset, then dinner by the sea.",
)


def answer_text(tokens: int = ANSWER_TOKENS) -> str:
    """Markdown travel prose of exactly `tokens` tokens under the fake server's tokenizer,
    with paragraphs, bold text and list items, so the transcript renders real Markdown."""
    paragraphs: list[str] = []
    counted = 0
    index = 0
    while counted < tokens:
        heading = f"### Part {index // len(_PHRASES) + 1}" if index % len(_PHRASES) == 0 else ""
        phrase = _PHRASES[index % len(_PHRASES)]
        block = f"{heading}\n\n{phrase}" if heading else phrase
        paragraphs.append(block)
        counted += len(tokenize(block)) + 1
        index += 1
    return "".join(tokenize("\n\n".join(paragraphs))[:tokens])


# -- the fake model server -----------------------------------------------------------------


def scripted_server() -> FakeOpenAIServer:
    server = FakeOpenAIServer().start()
    text = answer_text()
    server.script(
        *(Reply.text(text, chunks=ANSWER_TOKENS, chunk_delay=CHUNK_DELAY) for _ in range(REPLIES))
    )
    return server


def serve_until_stdin_closes() -> None:
    """The child-process server: print the base URL, serve until the parent goes away."""
    server = scripted_server()
    print(server.base_url, flush=True)
    try:
        sys.stdin.read()
    finally:
        server.stop()


@contextmanager
def model_server(mode: str) -> Iterator[str]:
    """A started, scripted fake server; yields its base URL."""
    if mode == "thread":
        server = scripted_server()
        try:
            yield server.base_url
        finally:
            server.stop()
        return
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        base_url = child.stdout.readline().strip()
        if not base_url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"the fake server did not start (got {base_url!r})")
        yield base_url
    finally:
        if child.stdin is not None:
            child.stdin.close()
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


# -- probes --------------------------------------------------------------------------------


class AsyncioProbe:
    """A coroutine that sleeps `interval` in a loop and records how late each wake-up is."""

    def __init__(self, interval: float = PROBE_INTERVAL) -> None:
        self.interval = interval
        self.lateness: list[float] = []

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            expected = time.perf_counter() + self.interval
            await asyncio.sleep(self.interval)
            # qasync arms whole-millisecond timers, so a wake-up can come a little early.
            self.lateness.append(max(0.0, time.perf_counter() - expected))


class QtTimerProbe:
    """A precise single-shot QTimer re-armed on every timeout, recording its lateness."""

    def __init__(self, interval: float = PROBE_INTERVAL) -> None:
        self.lateness: list[float] = []
        self._timer = QTimer()
        self._timer.setObjectName(PROBE_NAME)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(round(interval * 1000))
        self._timer.timeout.connect(self._woke)
        self._interval = interval
        self._expected = 0.0

    def start(self) -> None:
        self._arm()

    def stop(self) -> None:
        self._timer.stop()
        self._timer.deleteLater()

    def _arm(self) -> None:
        self._expected = time.perf_counter() + self._interval
        self._timer.start()

    def _woke(self) -> None:
        self.lateness.append(max(0.0, time.perf_counter() - self._expected))
        self._arm()


CLOCK = GuiTime(ignore=lambda name: name.endswith(f" {PROBE_NAME}"))
"""GUI-thread time by part while the probes run; the probes' own time left out."""


# -- background loads (the hook for more) --------------------------------------------------

LoadFunction = Callable[[MainWindow, TravelServices, asyncio.Event], Coroutine[Any, Any, int]]
"""Background work beside the stream: runs until the event is set, returns its op count."""


@dataclass(frozen=True)
class Load:
    name: str
    """What one operation is, plural, for the table ("DB writes")."""
    run: LoadFunction


async def db_writes(window: MainWindow, services: TravelServices, stop: asyncio.Event) -> int:
    """Edit the shown trip every ~20 ms through the repositories, in a cycle of four writes:
    a trip field (notes or travellers), an itinerary item added, that item edited, and
    removed again, so the itinerary stays at its seeded size (`seed_trip`) and every
    scenario refreshes the same amount of it. Returns the number of writes."""
    trip_id = window.session.trip_id
    assert trip_id is not None
    context = ChangeContext(actor=Actor.PERSON)
    writes = 0
    added: str | None = None
    while not stop.is_set():
        step = writes % 4
        if step == 0:
            change: dict[str, object] = (
                {"notes": f"Pack light; note {writes}."}
                if writes % 8 == 0
                else {"travellers": 2 + writes % 3}
            )
            await services.trips.update(trip_id, change, context=context)
        elif step == 1:
            values = {"day": FIRST_DAY, "start_time": "18:00", "title": f"Stop {writes}"}
            added = (await services.itinerary.add(trip_id, values, context=context)).record.id
        elif step == 2 and added is not None:
            await services.itinerary.update(added, {"place": "Porto"}, context=context)
        elif added is not None:
            await services.itinerary.remove(added, context=context)
            added = None
        writes += 1
        await asyncio.sleep(WRITE_INTERVAL)
    return writes


async def lookups(window: MainWindow, services: TravelServices, stop: asyncio.Event) -> int:
    """Issue 4, "five lookups running": give the shown trip Lisbon → Tokyo for 10 days
    and a 3,000 EUR budget (as the assistant would, strict places), then keep one lookup of
    each of `LOOKUP_KINDS` running through `services.lookups.start`, starting a new one as
    each finishes. Returns how many were started; those still running are cancelled."""
    trip_id = window.session.trip_id
    assert trip_id is not None
    await services.editor.apply(
        trip_id,
        {
            "origin": "Lisbon",
            "start_date": FIRST_DAY,
            "end_date": FIRST_DAY + datetime.timedelta(days=9),
            "budget_amount": 3000.0,
            "budget_currency": "EUR",
        },
        context=ChangeContext(actor=Actor.ASSISTANT),
        strict_places=True,
    )
    await services.editor.add_stop(
        trip_id, {"place": "Tokyo"}, context=ChangeContext(actor=Actor.ASSISTANT)
    )
    running: dict[str, str] = {}
    started = 0
    try:
        while not stop.is_set():
            active = services.lookups.active_job_ids
            for kind in LOOKUP_KINDS:
                if running.get(kind) not in active:
                    running[kind] = await services.lookups.start(trip_id, kind)
                    started += 1
            await asyncio.sleep(LOOKUP_POLL)
    finally:
        for job_id in running.values():
            if job_id in services.lookups.active_job_ids:
                await services.lookups.cancel(job_id)
    return started


async def seed_trip(services: TravelServices, trip_id: str) -> None:
    """Give the shown trip dates, a stop and `SEED_ITEMS` itinerary items over a
    week, as a trip being planned has (same in every scenario)."""
    await services.trips.update(
        trip_id,
        {
            "title": "Porto",
            "start_date": FIRST_DAY,
            "end_date": FIRST_DAY + datetime.timedelta(days=6),
        },
    )
    await services.stops.add(trip_id, {"place": "Porto"})
    for index in range(SEED_ITEMS):
        day = FIRST_DAY + datetime.timedelta(days=index % 7)
        values = {"day": day, "start_time": f"{9 + index // 7:02d}:30", "title": f"Visit {index}"}
        await services.itinerary.add(trip_id, values)


# -- scenarios -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    name: str
    stream: bool
    loads: tuple[Load, ...] = ()
    seconds: float = IDLE_SECONDS
    """How long the probes run when nothing streams (a stream runs until its turn ends)."""
    budget: bool = False
    """Whether the ARCHITECTURE.md budget applies (the other rows explain it)."""


DB_WRITES = Load("DB writes", db_writes)
LOOKUPS = Load("lookups", lookups)
SCENARIOS: tuple[Scenario, ...] = (
    Scenario("window idle", stream=False),
    Scenario("DB writes only", stream=False, loads=(DB_WRITES,), seconds=LOAD_ONLY_SECONDS),
    Scenario("stream only", stream=True),
    Scenario("stream + DB writes", stream=True, loads=(DB_WRITES,), budget=True),
    Scenario(
        "stream + DB writes + 5 lookups", stream=True, loads=(DB_WRITES, LOOKUPS), budget=True
    ),
)


@dataclass
class Result:
    scenario: Scenario
    asyncio_lateness: list[float]
    qt_lateness: list[float]
    seconds: float = 0.0
    """Probe time: from the send (or the idle start) to the end of the turn."""
    deltas: int = 0
    tokens: int = 0
    stream_seconds: float = 0.0
    """First to last text delta."""
    counts: dict[str, int] = field(default_factory=dict)
    outcome: str = ""
    full_collection: float = 0.0
    """Seconds of the full collection made just before the probes started."""
    parts: dict[str, Part] = field(default_factory=dict)
    """GUI-thread time by part while the probes ran (`bench.gui_time`)."""


class StreamWatch:
    """Counts text deltas and their timing, and the completion tokens the server reported."""

    def __init__(self) -> None:
        self.deltas = 0
        self.tokens = 0
        self.first = 0.0
        self.last = 0.0

    def __call__(self, event: AgentEvent) -> None:
        if isinstance(event, TextDelta):
            now = time.perf_counter()
            self.first = self.first or now
            self.last = now
            self.deltas += 1
        elif isinstance(event, ModelResponseEvent) and event.usage is not None:
            self.tokens += event.usage.completion_tokens


async def run_scenario(scenario: Scenario, folder: Path) -> Result:
    services = open_services(folder)
    window = MainWindow(services)
    collector = GuiThreadCollector(window)
    collector.start()
    window.show()
    loading = asyncio.ensure_future(services.load_places())
    try:
        await window.start()
        await loading
        assert window.session.trip_id is not None
        await seed_trip(services, window.session.trip_id)
        await wait_until(
            lambda: (
                window.trip_form.record is not None
                and window.chat.runnable is not None
                and not window.chat.loading
                and window.itinerary.model.rowCount() > 0
            )
        )
        await asyncio.sleep(SETTLE_SECONDS)
        full_collection = freeze_garbage(collector)
        result = await measure(scenario, window, services)
        result.full_collection = full_collection
        return result
    finally:
        await window.shutdown()
        await loading
        collector.stop()
        window.deleteLater()
        services.close()


async def measure(scenario: Scenario, window: MainWindow, services: TravelServices) -> Result:
    stop = asyncio.Event()
    probe = AsyncioProbe()
    qt_probe = QtTimerProbe()
    probe_task = asyncio.create_task(probe.run(stop), name=PROBE_NAME)
    qt_probe.start()
    result = Result(scenario, probe.lateness, qt_probe.lateness)
    CLOCK.reset()
    CLOCK.active = True
    started = time.perf_counter()
    try:
        if scenario.stream:
            result.outcome = await stream_answer(window, services, scenario.loads, result)
        else:
            await run_loads(
                window, services, scenario.loads, result, asyncio.sleep(scenario.seconds)
            )
    finally:
        result.seconds = time.perf_counter() - started
        CLOCK.active = False
        result.parts = CLOCK.parts
        stop.set()
        qt_probe.stop()
        await probe_task
    return result


async def stream_answer(
    window: MainWindow, services: TravelServices, loads: Sequence[Load], result: Result
) -> str:
    """Send the question through the composer and wait for the turn to finish, with `loads`
    running meanwhile; returns the chat's outcome ("completed", ...)."""
    agent = window.session.agent
    assert agent is not None, "the assistant is not connected to the fake server"
    watch = StreamWatch()
    unsubscribe = agent.subscribe(watch)
    finished: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def on_finished(outcome: str) -> None:
        if not finished.done():
            finished.set_result(outcome)

    async def turn() -> None:
        window.chat.composer.edit.setPlainText(QUESTION)
        window.chat.send()
        if not window.chat.busy:
            raise RuntimeError("the chat did not start a turn")
        await asyncio.wait_for(finished, TURN_TIMEOUT)

    window.chat.turn_finished.connect(on_finished)
    try:
        await run_loads(window, services, loads, result, turn())
    finally:
        window.chat.turn_finished.disconnect(on_finished)
        unsubscribe()
    result.deltas = watch.deltas
    result.tokens = watch.tokens
    result.stream_seconds = watch.last - watch.first
    return finished.result()


async def run_loads(
    window: MainWindow,
    services: TravelServices,
    loads: Sequence[Load],
    result: Result,
    main: Coroutine[Any, Any, None],
) -> None:
    """Run `loads` while `main` runs; note how many operations each did in `result`."""
    stop = asyncio.Event()
    tasks = [asyncio.create_task(load.run(window, services, stop)) for load in loads]
    try:
        await main
    finally:
        stop.set()
        counts = await asyncio.gather(*tasks)
    result.counts = {load.name: count for load, count in zip(loads, counts, strict=True)}


def freeze_garbage(collector: GuiThreadCollector) -> float:
    """`collector.freeze()` once start-up is done, as `concierge.app.run` does: a full
    collection on the GUI thread, then everything alive is frozen out of later passes.
    Timed: start-up's garbage would otherwise fall into the measurement as one gen-2 pass
    at a random moment (and it is reported apart)."""
    started = time.perf_counter()
    collector.freeze()
    return time.perf_counter() - started


# ASYNC109: a timeout argument reads better here than a scope around each call.
async def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> None:  # noqa: ASYNC109
    deadline = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > deadline:
            raise TimeoutError("the window did not finish starting")
        await asyncio.sleep(0.01)


# -- report --------------------------------------------------------------------------------


def stall_ms(values: Sequence[float], q: float) -> str:
    return f"{percentile(values, q) * 1000:.1f}"


def report(results: Sequence[Result], server: str) -> None:
    rows = []
    for r in results:
        s = r.asyncio_lateness
        worst = max(s)
        if r.scenario.budget:
            target = "p99 < 16, max < 50"
            ok = (
                percentile(s, 99) < P99_BUDGET
                and worst < MAX_BUDGET
                and r.outcome == "completed"
                and r.tokens == ANSWER_TOKENS
            )
            result = verdict(ok)
        else:
            target, result = "-", "info"
        background = ", ".join(f"{count} {name}" for name, count in r.counts.items()) or "-"
        rows.append(
            [
                r.scenario.name,
                f"{len(s)}",
                stall_ms(s, 50),
                stall_ms(s, 99),
                f"{worst * 1000:.1f}",
                f"{r.tokens:,}" if r.scenario.stream else "-",
                f"{r.stream_seconds:.2f} s" if r.scenario.stream else "-",
                background,
                target,
                result,
            ]
        )
    where = "a child process" if server == "process" else "a thread of this process"
    notes = [
        f"Stall = lateness of a coroutine waking every {PROBE_INTERVAL * 1000:.0f} ms "
        "(asyncio.sleep on the qasync loop),",
        f"for {IDLE_SECONDS:.0f} s idle, {LOAD_ONLY_SECONDS:.0f} s of writes, or from the send "
        f"until the turn finished. Answer: {ANSWER_TOKENS:,} tokens in {ANSWER_TOKENS:,} SSE "
        "chunks",
        f"{CHUNK_DELAY * 1000:.0f} ms apart, from the fake server in {where}; "
        "stream = first to last text delta.",
        f"DB writes are asked for {WRITE_INTERVAL * 1000:.0f} ms after the previous one "
        "finished: fewer writes = slower round trips.",
        f"GIL switch interval {sys.getswitchinterval() * 1000:g} ms"
        + (f" (set by {SWITCH_ENV})" if os.environ.get(SWITCH_ENV) else " (as in the app)")
        + ".",
    ]
    for r in results:
        q = r.qt_lateness
        line = (
            f"  {r.scenario.name}: QTimer probe p50 {stall_ms(q, 50)} / p99 {stall_ms(q, 99)} / "
            f"max {max(q) * 1000:.1f} ms ({len(q)} samples)"
        )
        if r.scenario.stream:
            line += f"; turn {r.seconds:.2f} s, {r.outcome}"
        notes.append(line)
    collections = ", ".join(f"{r.full_collection * 1000:.0f}" for r in results)
    notes.append(
        f"collector.freeze() (full collection) before each probe (not in the stalls): "
        f"{collections} ms on the GUI thread"
    )
    print_table(
        "UI latency: event-loop stalls in the real window while 3,000 tokens stream in",
        [
            "scenario",
            "samples",
            "p50 ms",
            "p99 ms",
            "max ms",
            "tokens",
            "stream",
            "background",
            "target ms",
            "PASS/FAIL",
        ],
        rows,
        align="lrrrrrrlll",
        notes=notes,
    )


def report_breakdown(results: Sequence[Result], shown: int = BREAKDOWN_ROWS) -> None:
    """Per scenario under load, the parts of the GUI thread's time that cost most: what a
    write (or a streamed answer) costs, and in which subscriber, view, task or Qt event."""
    for r in results:
        if not r.parts or not (r.scenario.loads or r.scenario.stream):
            continue
        writes = r.counts.get(DB_WRITES.name, 0)
        busy = sum(part.total for part in r.parts.values())
        cpu = sum(part.cpu for part in r.parts.values())
        rows = [
            [
                name,
                f"{part.calls}",
                f"{part.cpu * 1000:.0f}",
                f"{part.cpu * 1000 / writes:.2f}" if writes else "-",
                f"{part.total * 1000:.0f}",
                f"{part.worst * 1000:.1f}",
                f"{part.worst_cpu * 1000:.1f}",
            ]
            for name, part in busiest(r.parts, shown)
        ]
        print()
        print_table(
            f"GUI thread by part: {r.scenario.name}",
            ["part", "calls", "CPU ms", "CPU ms/write", "wall ms", "max wall ms", "max CPU ms"],
            rows,
            notes=[
                f"GUI thread busy {busy * 1000:.0f} ms of {r.seconds:.2f} s "
                f"({busy / r.seconds:.0%}), "
                f"{cpu * 1000:.0f} ms of it on a CPU; exclusive times, the {shown} "
                "costliest parts in CPU (bench/gui_time.py). Wall time beyond CPU is waiting "
                "for a CPU or the GIL."
            ],
        )


async def main(server: str, breakdown: bool = True, only: Sequence[str] = ()) -> list[Result]:
    results: list[Result] = []
    with (
        model_server(server) as base_url,
        tempfile.TemporaryDirectory(prefix="concierge-bench-") as temp,
        CLOCK.installed() if breakdown else contextlib.nullcontext(),
    ):
        os.environ[ENV_BASE_URL] = base_url
        os.environ[ENV_API_KEY] = "bench-key"
        os.environ[ENV_MODEL] = "fake-model"
        for index, scenario in enumerate(SCENARIOS):
            if only and scenario.name not in only:
                continue
            results.append(await run_scenario(scenario, Path(temp) / f"data{index}"))
    return results


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument(
        "--server",
        choices=("process", "thread"),
        default="process",
        help="run the fake model server in a child process (default) or in this process",
    )
    parser.add_argument(
        "--no-breakdown",
        dest="breakdown",
        action="store_false",
        help="leave out the GUI thread's time by part (its timing costs a few microseconds "
        "per Qt event and loop callback)",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        choices=[scenario.name for scenario in SCENARIOS],
        metavar="SCENARIO",
        help="measure only this scenario (repeat for more); all by default",
    )
    parser.add_argument(
        "--rows",
        type=int,
        default=BREAKDOWN_ROWS,
        help=f"how many parts each breakdown shows, costliest first ({BREAKDOWN_ROWS} by default)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(list(argv))


if __name__ == "__main__":
    arguments = parse_arguments(sys.argv[1:])
    if arguments.serve:
        serve_until_stdin_closes()
        raise SystemExit(0)
    if os.environ.get(SWITCH_ENV):
        sys.setswitchinterval(float(os.environ[SWITCH_ENV]))
    application = TimedApplication if arguments.breakdown else QApplication
    app = QApplication.instance() or application([sys.argv[0]])
    assert isinstance(app, QApplication)
    TimedApplication.clock = CLOCK
    app.setQuitOnLastWindowClosed(False)
    results = run_with_qt(app, main(arguments.server, arguments.breakdown, arguments.only))
    report(results, arguments.server)
    report_breakdown(results, arguments.rows)

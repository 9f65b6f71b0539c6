"""Start-up: time to the first window frame, and to "ready to chat", beside a bare window.

Every start is a fresh `python` process, timed from the parent's clock just before it spawns
the child (the child reads that instant from the environment; `time.monotonic` is one
system-wide clock), so interpreter start-up and imports count:

  bare  PySide6 only: `QApplication`, a `QMainWindow` (1280 × 800, the app's size) whose
        central widget is a `QLabel`, `show()`, `exec()`.
  app   `concierge.app.main(["--data-dir", D])`, the very path `python -m concierge` takes.
        The child creates the QApplication, installs an application-wide event filter
        (the first paint of any window: the app's start-up window) and adds a log handler
        that notes "Concierge is ready" (`READY_MESSAGE`).

"first frame" = the first `QEvent.Paint` of a window has been handled (the app paints its
start-up window synchronously with `repaint()`, which flushes the frame before returning).
"frame flushed" (a zero-delay timer after that paint) is shown among the phases; for the app
it waits for the event loop, which starts after the heavy imports.
"ready to chat" = the app logged READY_MESSAGE (the window is shown, the last session
restored; a message sent from then on goes as soon as the assistant is bound). The app logs
each phase's end (`concierge.app.PHASE_MESSAGE`); the bench prints where the time goes,
phase by phase, and, from extra starts under `python -X importtime`, the imports per package.
Apps start on an empty data folder (first start: schema migrations, a first trip) and on a
copy of a database with 20 trips × 15 itinerary items, built once before timing. Children
leave with `os._exit` as soon as they have reported (the app once its assistant is bound),
so shutdown and the interpreter's teardown take no bench time.

The children import a compiled copy of `concierge` (in the temporary folder), as an
installed app ships bytecode; `--no-bytecode-cache` imports this checkout instead, which
compiles on every start under PYTHONDONTWRITEBYTECODE. One bare and one app start warm the
page cache first; then `--runs` rounds (default 5) of bare, app on an empty folder and app
on the 20-trip folder, interleaved. Medians. Budget (ARCHITECTURE.md): the app's first frame
≤ 1.5 × the bare window's.

This module's top level imports only `os`, `sys`, `time` and `typing` (which PySide6 loads
anyway): children run it too, and whatever it imports is charged to the bare window and the
app alike.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # PySide6 imports typing anyway, so this costs neither child anything
    from collections.abc import Callable
    from pathlib import Path

    from PySide6.QtCore import QObject

T0_VARIABLE = "CONCIERGE_BENCH_T0"
"""The parent's `time.monotonic()` just before spawning the child."""
RESULT_PREFIX = "STARTUP-BENCH "
WINDOW_SIZE = (1280, 800)
TRIPS = 20
ITEMS_PER_TRIP = 15
RUNS = 5
CHILD_TIMEOUT = 60.0
FIRST_FRAME_FACTOR = 1.5
BOUND = "assistant bound"
"""`concierge.app.Phase.ASSISTANT_BOUND` (this module's top level imports nothing of the app)."""
PHASES = (
    ("start-up window painted", "paint"),
    ("store and services imported", "services imported"),
    ("migrations and checks", "database checked and migrated"),
    ("window's modules imported", "window imported"),
    ("window built", "window built"),
    ("shown, session restored", "ready"),
    ("assistant bound (after ready)", BOUND),
)
"""The app's phases in order (label, mark): each runs from the previous mark to its own,
imports included; `concierge.app.Phase` names the marks the app logs."""
PAINT_CPU = "paint cpu"
READY_CPU = "ready cpu"
"""The child's CPU seconds (`time.process_time`: every thread) at the first paint and at
"ready": they count the work start-up does, and a busy machine stretches them far less than
it stretches the clock, so they compare runs at different loads better."""
IMPORT_ROWS = 12
MODEL_VARIABLES = ("OPENAI_BASE_URL", "OPENAI_API_KEY", "CONCIERGE_MODEL", "CONCIERGE_DATA_DIR")
"""Left out of the children's environment: start-up without a model, in the given folder."""


# -- children -------------------------------------------------------------------------------


def _since_spawn() -> float:
    return time.monotonic() - float(os.environ[T0_VARIABLE])


def _report_and_exit(marks: dict[str, float], code: int) -> None:
    """Print the marks and leave at once: the interpreter's own teardown is not start-up."""
    import json

    print(RESULT_PREFIX + json.dumps(marks), flush=True)
    sys.stderr.flush()
    os._exit(code)


def _frame_watcher(
    marks: dict[str, float], on_frame: Callable[[], object] | None = None
) -> QObject:
    """An event filter that notes the first paint of the window it watches and, from a
    zero-delay timer, the moment that first paint pass is over; then calls `on_frame()`."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FrameWatcher(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and "paint" not in marks:
                marks["paint"] = _since_spawn()
                marks[PAINT_CPU] = time.process_time()
                QTimer.singleShot(0, self.frame_done)
            return False

        def frame_done(self) -> None:
            marks["frame"] = _since_spawn()
            if on_frame is not None:
                on_frame()

    return FrameWatcher()


def child_bare() -> None:
    marks: dict[str, float] = {}
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    marks["imported"] = _since_spawn()
    app = QApplication([sys.argv[0]])
    window = QMainWindow()
    window.setWindowTitle("Bare")
    window.setCentralWidget(QLabel("A bare PySide6 window", window))
    window.resize(*WINDOW_SIZE)
    watcher = _frame_watcher(marks, app.quit)
    window.installEventFilter(watcher)
    marks["built"] = _since_spawn()
    window.show()
    _report_and_exit(marks, app.exec())


def child_app(data_dir: str) -> None:
    """Runs the app's own `main()`; the first paint of any of its windows counts, which is
    the start-up window the app shows before its heavy imports."""
    marks: dict[str, float] = {}
    import logging

    from PySide6.QtWidgets import QApplication

    import concierge.app

    marks["imported"] = _since_spawn()
    app = QApplication([sys.argv[0]])  # main() adopts the running instance

    def finish_when_done() -> None:
        if "frame" in marks and "ready" in marks and BOUND in marks:
            _report_and_exit(marks, 0)

    watcher = _frame_watcher(marks, finish_when_done)
    app.installEventFilter(watcher)
    marks["built"] = _since_spawn()

    class ReadyHandler(logging.Handler):
        """Notes each phase's end (`PHASE_MESSAGE`) and the ready message."""

        def emit(self, record: logging.LogRecord) -> None:
            if record.msg == concierge.app.PHASE_MESSAGE and isinstance(record.args, tuple):
                marks[str(record.args[0])] = _since_spawn()
                finish_when_done()
            elif "ready" not in marks and concierge.app.READY_MESSAGE in record.getMessage():
                marks["ready"] = _since_spawn()
                marks[READY_CPU] = time.process_time()
                finish_when_done()

    logging.getLogger("concierge").addHandler(ReadyHandler())
    # Ends the process itself: before it was ready, with no result line, which the parent reports.
    concierge.app.main(["--data-dir", data_dir])


# -- the parent -----------------------------------------------------------------------------


def seed_database(folder: Path) -> None:
    """`TRIPS` trips with dates, a stop and `ITEMS_PER_TRIP` items each."""
    import asyncio
    import datetime

    from concierge.travel.services import open_services

    cities = ("Porto", "Lisbon", "Seville", "Lyon", "Bologna", "Ghent", "Kraków", "Split")

    async def fill() -> None:
        services = open_services(folder)
        try:
            for number in range(TRIPS):
                first = datetime.date(2026, 1 + number % 12, 1 + number)
                trip = (
                    await services.trips.create(
                        {
                            "title": f"Trip {number + 1}: {cities[number % len(cities)]}",
                            "start_date": first,
                            "end_date": first + datetime.timedelta(days=4),
                            "travellers": 2,
                            "notes": "Quiet places, good food, one day trip.",
                        }
                    )
                ).record
                await services.stops.add(
                    trip.id,
                    {
                        "place": cities[number % len(cities)],
                        "arrive": first,
                        "depart": first + datetime.timedelta(days=4),
                    },
                )
                for index in range(ITEMS_PER_TRIP):
                    await services.itinerary.add(
                        trip.id,
                        {
                            "day": first + datetime.timedelta(days=index % 5),
                            "start_time": f"{9 + index // 5 * 3:02d}:00",
                            "title": f"Stop {index + 1}",
                            "place": cities[(number + index) % len(cities)],
                            "notes": "Book ahead." if index % 4 == 0 else "",
                        },
                    )
        finally:
            services.close()

    asyncio.run(fill())


def compiled_copy(root: Path) -> str:
    """A copy of the `concierge` package under `root`, compiled to bytecode, as an install
    would ship it; returns the folder to put on the children's PYTHONPATH. (This checkout is
    used with PYTHONDONTWRITEBYTECODE=1, so it would otherwise compile on every start, and
    the bench writes nothing into the working tree.)"""
    import compileall
    import shutil

    import concierge

    library = root / "lib"
    source = Path(concierge.__file__).parent
    shutil.copytree(source, library / "concierge", ignore=shutil.ignore_patterns("__pycache__"))
    if not compileall.compile_dir(library, quiet=1):
        raise RuntimeError(f"could not compile the copy of {source}")
    return str(library)


def child_environment(library: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in MODEL_VARIABLES}
    env["QT_QPA_PLATFORM"] = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if library is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (library, env.get("PYTHONPATH"))))
    return env


def start_child(arguments: list[str], env: dict[str, str]) -> dict[str, float]:
    """Spawn this script with `arguments`; return the marks it printed."""
    import json
    import subprocess

    env = env | {T0_VARIABLE: repr(time.monotonic())}
    done = subprocess.run(
        [sys.executable, os.path.abspath(__file__), *arguments],
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    if done.returncode != 0 or not lines:
        raise RuntimeError(
            f"{' '.join(arguments)} exited with {done.returncode}:\n{done.stdout}{done.stderr}"
        )
    marks: dict[str, float] = json.loads(lines[-1][len(RESULT_PREFIX) :])
    return marks


def import_times(arguments: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds of `python -X importtime` self time per package for one start (`arguments`);
    concierge counts per subpackage. A separate start: the timed ones run without it."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-X", "importtime", os.path.abspath(__file__), *arguments],
        env=env | {T0_VARIABLE: repr(time.monotonic())},
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} exited with {done.returncode}:\n{done.stderr}")
    totals: dict[str, float] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, _cumulative, name = line.split(":", 1)[1].split("|")
        parts = name.strip().split(".")
        package = ".".join(parts[:2]) if parts[0] == "concierge" else parts[0]
        totals[package] = totals.get(package, 0.0) + int(own) / 1e6
    return totals


def main(runs: int, bytecode_cache: bool) -> None:
    import shutil
    import tempfile

    from bench.harness import median, print_table, verdict

    with tempfile.TemporaryDirectory(prefix="concierge-startup-") as temp:
        root = Path(temp)
        seeded = root / "seeded"
        seed_database(seeded)
        env = child_environment(compiled_copy(root) if bytecode_cache else None)
        counter = 0

        def fresh(template: Path | None) -> str:
            nonlocal counter
            counter += 1
            folder = root / f"run{counter}"
            if template is not None:
                shutil.copytree(template, folder)
            return str(folder)

        kinds: dict[str, Callable[[], list[str]]] = {
            "bare": lambda: ["--child", "bare"],
            "empty": lambda: ["--child", "app", fresh(None)],
            "seeded": lambda: ["--child", "app", fresh(seeded)],
        }
        for kind in ("bare", "empty"):  # warm-up (page cache), not measured
            start_child(kinds[kind](), env)
        samples: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
        imports: list[dict[str, float]] = []
        for _ in range(runs):
            for kind, arguments in kinds.items():
                samples[kind].append(start_child(arguments(), env))
            imports.append(import_times(kinds["seeded"](), env))

    def values(kind: str, mark: str) -> list[float]:
        return [marks[mark] for marks in samples[kind]]

    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.0f}"

    bare = median(values("bare", "paint"))
    limit = bare * FIRST_FRAME_FACTOR
    rows = [["bare PySide6 window: first frame", *spread(values("bare", "paint"), ms), "1.00", "-"]]
    rows[0].append("info")
    for kind, label in (("empty", "empty folder"), ("seeded", f"{TRIPS} trips × {ITEMS_PER_TRIP}")):
        frame = values(kind, "paint")
        rows.append(
            [
                f"app, {label}: first frame",
                *spread(frame, ms),
                f"{median(frame) / bare:.2f}",
                f"≤ {ms(limit)} (1.5 × bare)",
                verdict(median(frame) <= limit),
            ]
        )
        ready = values(kind, "ready")
        ratio = f"{median(ready) / bare:.2f}"
        rows.append([f"app, {label}: ready to chat", *spread(ready, ms), ratio, "-", "info"])

    def phase(kind: str, mark: str) -> str:
        return ms(median(values(kind, mark)))

    notes = [
        f"ms from spawning `python`; median (min-max) of {runs} runs each after a warm-up; "
        + ("concierge from compiled bytecode" if bytecode_cache else "concierge compiled at start"),
        "Medians of where the time goes, ms from spawn: imports done / window built / first "
        "paint / frame flushed / ready",
    ]
    cpu = [ms(median(values(kind, READY_CPU))) for kind in ("empty", "seeded")]
    bare_cpu = median(values("bare", PAINT_CPU))
    notes.append(
        f"CPU ms to ready (every thread; load stretches it less than the clock): empty folder "
        f"{cpu[0]}, {TRIPS} trips {cpu[1]}; the bare window's to its first frame {ms(bare_cpu)}"
    )
    marks_order = ("imported", "built", "paint", "frame", "ready")
    for kind, label in (
        ("bare", "bare (PySide6.QtWidgets)"),
        ("empty", "app, empty folder (concierge.app)"),
        ("seeded", f"app, {TRIPS} trips (concierge.app)"),
    ):
        present = [phase(kind, m) if m in samples[kind][0] else "-" for m in marks_order]
        notes.append(f"  {label}: {' / '.join(present)}")
    print_table(
        "Start-up: first window frame and ready to chat, beside a bare PySide6 window",
        ["measurement", "median ms", "min-max ms", "× bare", "target ms", "PASS/FAIL"],
        rows,
        align="lrrrll",
        notes=notes,
    )
    print_phases(samples, ms)
    print_imports(imports, ms)


def print_phases(samples: dict[str, list[dict[str, float]]], ms: Callable[[float], str]) -> None:
    """Where the app's time goes, phase by phase: medians of each run's own durations."""
    from bench.harness import median, print_table

    rows = []
    for label, mark in PHASES:
        row = [label]
        for kind in ("empty", "seeded"):
            runs = samples[kind]
            previous = PHASES[PHASES.index((label, mark)) - 1][1] if mark != "paint" else None
            durations = [
                marks[mark] - (marks[previous] if previous is not None else 0.0) for marks in runs
            ]
            row += [ms(median(durations)), ms(median([marks[mark] for marks in runs]))]
        rows.append(row)
    loop = [ms(median([marks["frame"] for marks in samples[kind]])) for kind in ("empty", "seeded")]
    rows.append(["event loop first runs (frame flushed)", "", loop[0], "", loop[1]])
    print_table(
        "Start-up phases of the app (median ms)",
        [
            "phase",
            "empty: took",
            "empty: ends at",
            f"{TRIPS} trips: took",
            f"{TRIPS} trips: ends at",
        ],
        rows,
        align="lrrrr",
        notes=[
            "Each phase runs from the previous one's end (the first from spawning `python`), "
            "its imports included; the app logs each end (concierge.app.Phase).",
            "The empty folder migrates (first start); the 20-trip folder is at the newest "
            "schema, so Alembic is not imported.",
        ],
    )


def print_imports(imports: list[dict[str, float]], ms: Callable[[float], str]) -> None:
    """`-X importtime` self time per package, medians over the extra starts on the 20-trip
    folder (importtime's own overhead included)."""
    from bench.harness import median, print_table

    packages = {name for run in imports for name in run}
    spent = {name: median([run.get(name, 0.0) for run in imports]) for name in packages}
    ranked = sorted(spent, key=lambda name: spent[name], reverse=True)
    rows = [[name, ms(spent[name])] for name in ranked[:IMPORT_ROWS]]
    rows.append(
        [
            f"{len(ranked) - IMPORT_ROWS} other packages",
            ms(sum(spent[n] for n in ranked[IMPORT_ROWS:])),
        ]
    )
    rows.append(["all imports", ms(sum(spent.values()))])
    print_table(
        f"Imports at start-up, app on the {TRIPS}-trip folder (median ms of self time)",
        ["package", "ms"],
        rows,
        align="lr",
        notes=[
            f"{len(imports)} extra starts under `python -X importtime`, not among the timed ones"
        ],
    )


def spread(values: list[float], ms: Callable[[float], str]) -> list[str]:
    import statistics

    return [ms(statistics.median(values)), f"{ms(min(values))}-{ms(max(values))}"]


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        if sys.argv[2] == "bare":
            child_bare()
        else:
            child_app(sys.argv[3])
        raise SystemExit("the child did not report")
    import argparse
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=RUNS, help="measured rounds (default 5)")
    parser.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="compile Python sources on every start instead of caching bytecode",
    )
    options = parser.parse_args()
    main(options.runs, not options.no_bytecode_cache)

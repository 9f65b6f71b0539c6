"""A real X desktop for end-to-end tests: Xvfb, openbox, a session bus with AT-SPI, the app.

The tests drive the app only as a person would, with real X input from xdotool. Where to
click comes from the app's accessibility tree (read by `atspi_probe.py` under Debian's
python3), found by accessible name or label, never from fixed coordinates.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from concierge.store.paths import database_path
from tests.fakes.openai_server import FakeOpenAIServer

SCREEN = (1280, 800)
SYSTEM_PYTHON = "/usr/bin/python3"
PROBE = Path(__file__).with_name("atspi_probe.py")
READY = "Concierge is ready"
POLL_SECONDS = 0.05
START_TIMEOUT = 300.0
"""Seconds the app may take to be ready, and to exit: a loaded machine (two cores, a dozen busy
processes) took 45 s to show its first window; only a failing test waits this long."""
WAIT_TIMEOUT = 60.0
TOOLS = ("Xvfb", "xdotool", "openbox", "xprop", "dbus-daemon", "import")

_ITEM_ROLES = {"list item", "table cell", "tree item", "page tab"}

T = TypeVar("T")


def missing_tools() -> list[str]:
    """What this machine lacks to run the suite (empty when it can run)."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    probe = (
        subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, check=False)
        if Path(SYSTEM_PYTHON).exists()
        else None
    )
    if probe is None or probe.returncode != 0:
        missing.append("python3-pyatspi (Debian's python3)")
    return missing


def until(
    predicate: Callable[[], T | None],
    what: str | Callable[[], str],
    timeout: float = WAIT_TIMEOUT,
) -> T:
    """Poll `predicate` until it returns something truthy and return that; fail naming
    `what` (called then, if it is a function, to describe the state at the deadline) after
    `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last: T | None = None
    while True:
        last = predicate()
        if last:
            return last
        if time.monotonic() >= deadline:
            described = what() if callable(what) else what
            raise AssertionError(f"timed out after {timeout} s waiting for {described}")
        time.sleep(POLL_SECONDS)


def _stop(process: subprocess.Popen[Any], *, group: bool = False) -> None:
    """End `process` (and its process group if it leads one) that this harness started."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        if group:
            os.killpg(process.pid, signal.SIGTERM)
        else:
            process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL) if group else process.kill()
        process.wait(10)


class Desktop:
    """Xvfb on a free display, openbox managing it, and a session bus for AT-SPI.

    The session bus gets the desktop's environment, with a runtime folder of its own
    (XDG_RUNTIME_DIR): the AT-SPI bus it starts listens on a socket in that folder, named after
    DISPLAY. It used to get neither, so every desktop on the machine listened on one path,
    ~/.cache/at-spi/bus: another run's desktop took the path over as it started and removed it
    as it ended, and every later AT-SPI client here aborted."""

    def __init__(self) -> None:
        self._processes: list[tuple[subprocess.Popen[Any], bool]] = []
        self._runtime: tempfile.TemporaryDirectory[str] | None = None
        self.env: dict[str, str] = {}

    def start(self) -> Desktop:
        try:
            display = self._start_x()
            self._runtime = tempfile.TemporaryDirectory(
                prefix="e2e-runtime-", ignore_cleanup_errors=True
            )
            self.env = {"DISPLAY": f":{display}", "XDG_RUNTIME_DIR": self._runtime.name}
            self.env["DBUS_SESSION_BUS_ADDRESS"] = self._start_bus()
            self._start_window_manager()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        for process, group in reversed(self._processes):
            _stop(process, group=group)
        self._processes.clear()
        if self._runtime is not None:
            self._runtime.cleanup()
            self._runtime = None

    def environ(self, **extra: str) -> dict[str, str]:
        """The test process's environment pointed at this desktop, plus `extra`."""
        return {**os.environ, **self.env, **extra}

    def _spawn(
        self, args: list[str], *, group: bool = False, **kwargs: Any
    ) -> subprocess.Popen[Any]:
        process = subprocess.Popen(args, start_new_session=group, **kwargs)
        self._processes.append((process, group))
        return process

    def _start_x(self) -> int:
        read, write = os.pipe()
        try:
            self._spawn(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write),
                    "-screen",
                    "0",
                    f"{SCREEN[0]}x{SCREEN[1]}x24",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                pass_fds=(write,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            os.close(write)
            write = -1
            with os.fdopen(read, "r") as pipe:
                read = -1
                line = pipe.readline()
        finally:
            for fd in (read, write):
                if fd >= 0:
                    os.close(fd)
        if not line.strip().isdigit():
            raise RuntimeError("Xvfb did not report a display number")
        return int(line)

    def _start_bus(self) -> str:
        # Its own process group: the AT-SPI bus and registry it activates end with it.
        bus = self._spawn(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
            group=True,
            env=self.environ(),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert bus.stdout is not None
        address = str(bus.stdout.readline()).strip()
        if not address:
            raise RuntimeError("dbus-daemon did not print its address")
        return address

    def _start_window_manager(self) -> None:
        env = self.environ()
        self._spawn(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def managing() -> bool:
            check = subprocess.run(
                ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            return "window id" in check.stdout

        until(managing, "openbox to manage the display", START_TIMEOUT)


_DROPPED = ("QT_QPA_PLATFORM", "OPENAI_BASE_URL", "OPENAI_API_KEY", "CONCIERGE_MODEL")


def app_environ(desktop: Desktop, base_url: str, model: str) -> dict[str, str]:
    """The app's environment on `desktop`: accessible, keys kept in the session, the model
    at `base_url`, and none of the developer's own display or model settings."""
    base = {key: value for key, value in desktop.environ().items() if key not in _DROPPED}
    return base | {
        "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "OPENAI_BASE_URL": base_url,
        "OPENAI_API_KEY": "e2e-key",
        "CONCIERGE_MODEL": model,
        # One locale everywhere: "10 Apr 2027" is its short date form, ISO the other one.
        "LC_ALL": "C.UTF-8",
        "CONCIERGE_LANGUAGE": "en",
    }


@dataclass(frozen=True)
class Node:
    """One accessible object as the probe saw it."""

    name: str
    role: str
    description: str
    states: tuple[str, ...]
    extents: tuple[int, int, int, int] | None
    text: str | None
    labels: tuple[str, ...]

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> Node:
        extents = data["extents"]
        return cls(
            name=data["name"],
            role=data["role"],
            description=data["description"],
            states=tuple(data["states"]),
            extents=(extents[0], extents[1], extents[2], extents[3]) if extents else None,
            text=data["text"],
            labels=tuple(data["labels"]),
        )

    @property
    def focused(self) -> bool:
        return "focused" in self.states

    @property
    def enabled(self) -> bool:
        return "enabled" in self.states

    def point(self, dx: float = 0.5, dy: float = 0.5) -> tuple[int, int]:
        """A point inside the node (its centre by default), kept on the screen."""
        assert self.extents is not None, f"{self.name!r} has no position"
        x, y, w, h = self.extents
        px = min(max(int(x + w * dx), 0), SCREEN[0] - 1)
        py = min(max(int(y + h * dy), 0), SCREEN[1] - 1)
        return px, py


class Accessibility:
    """Questions to `atspi_probe.py`, asked over a pipe."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._process = subprocess.Popen(
            [SYSTEM_PYTHON, str(PROBE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={key: value for key, value in env.items() if not key.startswith("PYTHON")},
        )
        self._errors: list[str] = []
        self._error_reader = threading.Thread(
            target=self._read_errors, name="atspi-probe-log", daemon=True
        )
        self._error_reader.start()
        self._lock = threading.Lock()
        self.pid = 0
        """The app whose tree is searched."""
        self._ask({"op": "ping"})

    def _read_errors(self) -> None:
        assert self._process.stderr is not None
        for line in self._process.stderr:
            self._errors.append(line)

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        _stop(self._process)

    def _ask(self, request: dict[str, Any]) -> list[Node] | None:
        """The nodes answering `request`; None when the tree changed under the probe."""
        assert self._process.stdin is not None and self._process.stdout is not None
        with self._lock:
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
        if not line:
            code = self._process.wait(10)
            self._error_reader.join(10)
            raise RuntimeError(f"the AT-SPI probe exited ({code}):\n{''.join(self._errors)}")
        answer = json.loads(line)
        if not answer["ok"]:
            return None
        return [Node.parse(node) for node in answer["nodes"]]

    def find(self, **criteria: str) -> list[Node]:
        """Showing nodes with all of `criteria` (name, role, label: the name of the label
        whose buddy the node is); [] while the tree is changing."""
        return self._ask({"op": "find", "pid": self.pid, **criteria}) or []

    def focused(self) -> Node | None:
        """The control with the keyboard focus. A view's current item also says "focused"
        while the view itself has lost the focus, so items count only when nothing else does."""
        nodes = self._ask({"op": "focused", "pid": self.pid}) or []
        controls = [node for node in nodes if node.role not in _ITEM_ROLES]
        chosen = controls or nodes
        return chosen[-1] if chosen else None

    def one(self, what: str | None = None, **criteria: str) -> Node:
        """The single showing node matching `criteria`, waiting for it to appear."""

        def single() -> Node | None:
            nodes = self.find(**criteria)
            return nodes[0] if len(nodes) == 1 else None

        return until(single, what or f"one node with {criteria}")


class Input:
    """Real X keyboard and mouse events through xdotool (XTEST)."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = dict(env)

    def _run(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self._env, check=True, timeout=30)

    def click(self, node: Node, dx: float = 0.5, dy: float = 0.5) -> None:
        x, y = node.point(dx, dy)
        self._run("mousemove", str(x), str(y), "click", "1")

    def key(self, *keys: str) -> None:
        """Press key combinations in xdotool's names: "Tab", "shift+Tab", "ctrl+a"."""
        self._run("key", "--clearmodifiers", "--delay", "40", *keys)

    def type(self, text: str) -> None:
        self._run("type", "--clearmodifiers", "--delay", "25", "--", text)


@dataclass(frozen=True)
class Screenshot:
    """The whole screen as 8-bit RGB, read with ImageMagick's `import`."""

    data: bytes

    @classmethod
    def take(cls, env: Mapping[str, str]) -> Screenshot:
        grab = subprocess.run(
            ["import", "-silent", "-window", "root", "-depth", "8", "rgb:-"],
            env=dict(env),
            capture_output=True,
            check=True,
            timeout=30,
        )
        assert len(grab.stdout) == SCREEN[0] * SCREEN[1] * 3, "unexpected screenshot size"
        return cls(grab.stdout)

    def at(self, x: int, y: int) -> tuple[int, int, int]:
        offset = (y * SCREEN[0] + x) * 3
        r, g, b = self.data[offset : offset + 3]
        return r, g, b


class AppProcess:
    """`python -m concierge --data-dir DIR` on the desktop, its log collected from stderr."""

    def __init__(self, data_dir: Path, env: Mapping[str, str]) -> None:
        self.data_dir = data_dir
        self.database = database_path(data_dir)
        self.lines: list[str] = []
        self._ready = threading.Event()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "concierge", "--data-dir", str(data_dir)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(env),
        )
        threading.Thread(target=self._read, name="app-log", daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)
            if READY in line:
                self._ready.set()

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while not self._ready.wait(POLL_SECONDS):
            if self.process.poll() is not None:
                raise AssertionError(f"the app exited before it was ready:\n{self.log}")
            if time.monotonic() >= deadline:
                raise AssertionError(f"the app was not ready in {START_TIMEOUT} s:\n{self.log}")

    def terminate(self) -> int:
        """SIGTERM, as a session logout sends it; returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(START_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
            raise AssertionError(f"the app did not exit after SIGTERM:\n{self.log}") from None

    # -- the database, read-only ----------------------------------------------------------

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        connection = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=5)
        connection.row_factory = sqlite3.Row
        try:
            yield connection
        finally:
            connection.close()

    def query(self, sql: str, *params: Any) -> list[sqlite3.Row]:
        with self._db() as db:
            return db.execute(sql, params).fetchall()

    def trips(self) -> list[dict[str, Any]]:
        return [dict(row) for row in self.query("SELECT * FROM trip ORDER BY position")]

    def trip(self, title: str | None = None) -> dict[str, Any]:
        """The trip titled `title`, or the only trip."""
        trips = self.trips()
        if title is None:
            assert len(trips) == 1, trips
            return trips[0]
        return next(trip for trip in trips if trip["title"] == title)


def popup_menu_open(session: Session) -> bool:
    """Whether the app shows a popup menu. Qt leaves popups out of the accessibility tree, so
    this asks X: a shown window of the app's process with the popup menu's window type."""
    env = dict(session.env)
    search = ["xdotool", "search", "--onlyvisible", "--pid", str(session.app.process.pid)]
    windows = subprocess.run(
        [*search, "--name", ".*"], env=env, capture_output=True, text=True, check=False
    ).stdout.split()
    return any(
        "_NET_WM_WINDOW_TYPE_POPUP_MENU"
        in subprocess.run(
            ["xprop", "-id", window, "_NET_WM_WINDOW_TYPE"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        for window in windows
    )


@dataclass
class Session:
    """The running app and the ways a test reaches it."""

    app: AppProcess
    ax: Accessibility
    input: Input
    server: FakeOpenAIServer
    env: Mapping[str, str]

    def screenshot(self) -> Screenshot:
        return Screenshot.take(self.env)


@contextlib.contextmanager
def running_app(
    data_dir: Path, env: Mapping[str, str], server: FakeOpenAIServer
) -> Iterator[Session]:
    """The real app on `data_dir`, ended with SIGTERM: it must exit 0, without a traceback."""
    ax = Accessibility(env)  # first, so the AT-SPI bus is up when the app looks for it
    app = AppProcess(data_dir, env)
    try:
        app.wait_ready()
        ax.pid = app.process.pid
        yield Session(app, ax, Input(env), server, env)
    finally:
        code = app.terminate()
        ax.close()
        assert code == 0, f"the app exited with {code}:\n{app.log}"
        assert "Traceback" not in app.log, app.log

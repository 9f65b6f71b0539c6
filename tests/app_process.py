"""The real program in a process of its own, started as people start it, for tests that judge
it from outside: its log, its exit code, its data folder."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

READY = "Concierge is ready"
MODEL_VARIABLES = ("OPENAI_BASE_URL", "OPENAI_API_KEY", "CONCIERGE_MODEL")
"""Left out of the app's environment: a developer's own model settings must not leak in."""


@dataclass
class AppProcess:
    """A running `python -m concierge`; its log lines are collected as they come."""

    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def shows(self, text: str, seconds: float) -> bool:
        """Whether `text` appears in the log within `seconds`."""
        deadline = time.monotonic() + seconds
        pause = threading.Event()
        while not any(text in line for line in list(self.lines)):
            if time.monotonic() > deadline:
                return False
            pause.wait(0.05)
        return True

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)
            if READY in line:
                self.ready.set()


def start_app(
    data_dir: Path,
    environment: Mapping[str, str] | None = None,
    arguments: Sequence[str] = (),
    program: Sequence[str] = ("-m", "concierge"),
) -> AppProcess:
    """Start the app (`program`, as Python's arguments) on `data_dir` (with `arguments` after
    it), offscreen unless `environment` (the environment to start from, by default this one)
    names a display; keys stay in the session."""
    base = os.environ if environment is None else environment
    env = {key: value for key, value in base.items() if key not in MODEL_VARIABLES}
    if environment is None:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    env.setdefault("CONCIERGE_LANGUAGE", "en")  # the tests read English, whatever the machine
    process = subprocess.Popen(
        [sys.executable, *program, "--data-dir", str(data_dir), *arguments],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    app = AppProcess(process)
    threading.Thread(target=app._read, daemon=True).start()
    return app

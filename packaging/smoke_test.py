"""Start a frozen Concierge on an empty data folder, wait until it is ready, close it cleanly.

The same check on every platform's build (the CI workflow runs it after each build):
``python packaging/smoke_test.py dist/concierge/concierge [--native]``. Closing is the app's
own close path: SIGTERM on Linux and macOS; on Windows, where a GUI program gets no signal,
``taskkill`` without ``/F`` posts WM_CLOSE to its window, which needs the native platform
(``--native``) because the offscreen one makes no real window.

First the build's ``self-check`` (the database, the place index, PortAudio through
sounddevice) must pass; on Windows it runs through the console twin (``--cli``), since the
windowed program has no console to print to.

The build must carry the translations: our ``concierge_pt_BR.qm`` and Qt's own
``qtbase_pt_BR.qm`` (standard buttons and dialogs), so the app starts in Brazilian Portuguese
and its log names the Portuguese menus.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

READY = "Concierge is ready"
PLACES_LOADED = "Airports and towns loaded"
CLOSING = "closing"
START_TIMEOUT = 120.0
CLOSE_TIMEOUT = 60.0
TRANSLATIONS = ("concierge_pt_BR.qm", "qtbase_pt_BR.qm")
PORTUGUESE_MENUS = "window language pt_BR: Arquivo, Editar"
SELF_CHECK_LINES = ("\nplaces: loaded", "; Lisbon is Lisbon", "\nsound: PortAudio")
"""What the self-check prints once the place index found Lisbon and PortAudio loaded."""


def wait_for(log: Path, text: str, process: subprocess.Popen[bytes], timeout: float) -> str:
    """The log once it holds `text`; fails if the program exits or the time runs out first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        content = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        if text in content:
            return content
        if process.poll() is not None:
            raise SystemExit(f"the app exited ({process.returncode}) before {text!r}:\n{content}")
        time.sleep(0.5)
    raise SystemExit(f"no {text!r} in {timeout:.0f} s:\n{content}")


def missing_translations(program: Path) -> list[str]:
    """The translation files the build around `program` lacks (a macOS bundle keeps its
    data beside Contents/MacOS, so the search starts one folder up there)."""
    folder = program.resolve().parent
    root = folder.parent if folder.name == "MacOS" else folder
    return [name for name in TRANSLATIONS if next(root.rglob(name), None) is None]


def self_check(program: Path) -> None:
    """The build's own check of what the source uses; fails unless the place index found
    Lisbon and PortAudio loaded and listed the sound devices."""
    with tempfile.TemporaryDirectory(prefix="concierge-self-check-") as data:
        result = subprocess.run(
            [str(program.resolve()), "self-check", "--data-dir", data],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=START_TIMEOUT,
            check=False,
        )
    print(result.stdout, end="")
    if result.returncode != 0 or not all(line in result.stdout for line in SELF_CHECK_LINES):
        raise SystemExit(f"{program} self-check failed ({result.returncode}):\n{result.stderr}")


def close(process: subprocess.Popen[bytes]) -> None:
    if sys.platform == "win32":
        subprocess.run(["taskkill", "/PID", str(process.pid)], check=True)
    else:
        process.terminate()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program", type=Path, help="the frozen executable")
    parser.add_argument("--native", action="store_true", help="the platform's own windows")
    parser.add_argument(
        "--cli", type=Path, help="the program for commands (default: the frozen executable)"
    )
    args = parser.parse_args()
    self_check(args.cli or args.program)
    missing = missing_translations(args.program)
    if missing:
        raise SystemExit(f"the build has no {', '.join(missing)}")
    env = dict(
        os.environ,
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        CONCIERGE_LANGUAGE="pt_BR",
    )
    if not args.native:
        env["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory(prefix="concierge-smoke-") as data:
        log = Path(data) / "logs" / "concierge.log"
        started = time.monotonic()
        process = subprocess.Popen(
            [str(args.program.resolve()), "--data-dir", data],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            content = wait_for(log, READY, process, START_TIMEOUT)
            ready = time.monotonic() - started
            if PORTUGUESE_MENUS not in content:
                raise SystemExit(f"the app did not start in Portuguese:\n{content}")
            wait_for(log, PLACES_LOADED, process, START_TIMEOUT)
            close(process)
            code = process.wait(CLOSE_TIMEOUT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        content = log.read_text(encoding="utf-8", errors="replace")
        if code != 0 or CLOSING not in content:
            raise SystemExit(f"the app did not close cleanly (exit {code}):\n{content}")
    print(f"smoke test OK: {args.program} ready after {ready:.1f} s, closed cleanly")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

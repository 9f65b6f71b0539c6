"""What start-up imports: the openai SDK waits until a usable model profile needs it, and the
real app comes up without what its first screen does not use."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from concierge.store import database_path, upgrade_to_head
from tests.app_process import start_app
from tests.startup_modules import MODULES_AT_READY, STARTUP_MODULES

NOT_AT_START_UP = (
    "openai",
    "alembic",
    "mako",
    "pypdf",
    "icalendar",
    "concierge.travel.imports.pdf",
    "concierge.travel.imports.ics",
    "concierge.travel.imports.eml",
    "concierge.travel.imports.pkpass",
    "sounddevice",
    "concierge.voice.capture",
    "concierge.voice.playback",
    "concierge.voice.devices",
    "concierge.ui.settings",
    "concierge.agent.openai_model",
    "holidays",
    "httpx2",
    "concierge.ui.brief",
    "concierge.ui.goals",
    "concierge.ui.pins",
    "concierge.ui.lookups",
    "concierge.ui.ledger",
    "concierge.ui.inspector",
    "concierge.travel.imports",
    "concierge.travel.edits.import_files",
    "concierge.ui.imports.mapping_dialog",
    "concierge.travel.assistant.trip_assistant",
    "keyring",
    "concierge.ui.exports.pdf",
)
"""Modules the first screen does not use: the model's SDK, the keyring and the assistant's
tools (loaded as the assistant is bound, once the window is ready), migrations (none due),
the reading of booking files (PDF, calendar, e-mail, pass and CSV, loaded at the first
import), the printed itinerary's layout (at the first PDF export or print), the audio
stack, the Settings dialog, holiday data, the HTTP client, the plan tabs behind the
itinerary and "What the assistant sees" beside the chat (built once the person can chat,
or when first reached).
(`concierge.voice.levels` and `.errors`, arithmetic and messages, come with the chat.)"""


def modules_at_ready(data_dir: Path) -> set[str]:
    """The modules the real app (offscreen, no model set up) has loaded once it is ready."""
    app = start_app(data_dir, program=STARTUP_MODULES)
    process = app.process
    try:
        assert app.shows(MODULES_AT_READY, 120), app.log
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0, app.log
    finally:
        if process.poll() is None:
            process.kill()
    line = next(line for line in app.lines if line.startswith(MODULES_AT_READY))
    return set(line[len(MODULES_AT_READY) :].strip().split(","))


def top_packages(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Those of `names` loaded, as themselves or through a submodule."""
    return [name for name in names if any(m == name or m.startswith(name + ".") for m in modules)]


def test_the_app_is_ready_without_what_its_first_screen_does_not_use(tmp_path: Path) -> None:
    upgrade_to_head(database_path(tmp_path))  # as a second start finds it: no migration due
    loaded = modules_at_ready(tmp_path)
    assert "concierge.ui.main_window" in loaded  # the hook saw the window, not an early exit
    assert top_packages(loaded, NOT_AT_START_UP) == []


def test_alembic_comes_only_when_a_migration_is_due(tmp_path: Path) -> None:
    loaded = modules_at_ready(tmp_path)  # an empty folder: the first start creates the schema
    assert "alembic" in loaded
    assert (
        top_packages(loaded, tuple(m for m in NOT_AT_START_UP if m not in ("alembic", "mako")))
        == []
    )


def loads(module: str, other: str) -> bool:
    """Whether importing `module` in a fresh interpreter (offscreen) loads `other`."""
    code = f"import sys, {module}\nprint({other!r} in sys.modules)\n"
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=environment,
    )
    return done.stdout.strip() == "True"


@pytest.mark.parametrize(
    "module",
    [
        "concierge.agent",
        "concierge.store",
        "concierge.travel",
        "concierge.model_server",
        "concierge.ui.main_window",
    ],
)
def test_importing_does_not_import_openai(module: str) -> None:
    assert not loads(module, "openai")


def test_the_adapter_module_still_brings_the_sdk() -> None:
    assert loads("concierge.agent.openai_model", "openai")


def test_the_window_imports_the_calendar_library_only_to_export() -> None:
    assert not loads("concierge.ui.main_window", "icalendar")


def test_the_window_loads_the_sound_library_only_for_voice() -> None:
    assert not loads("concierge.ui.main_window", "sounddevice")


def test_the_start_up_window_does_not_wait_for_asyncio() -> None:
    """`concierge.app`'s own imports are all the start-up window waits for; asyncio (with
    ssl, sockets, selectors) comes once it is painted."""
    assert not loads("concierge.app", "asyncio")

"""What start-up imports: the openai SDK waits until a usable model profile needs it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


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
    code = f"import sys, {module}\nprint('openai' in sys.modules)\n"
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=environment,
    )
    assert done.stdout.strip() == "False"


def test_the_adapter_module_still_brings_the_sdk() -> None:
    code = "import sys, concierge.agent.openai_model\nprint('openai' in sys.modules)\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "True"


def test_the_window_imports_the_calendar_library_only_to_export() -> None:
    code = "import sys, concierge.ui.main_window\nprint('icalendar' in sys.modules)\n"
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=environment,
    )
    assert done.stdout.strip() == "False"


def test_the_window_loads_the_sound_library_only_for_voice() -> None:
    code = "import sys, concierge.ui.main_window\nprint('sounddevice' in sys.modules)\n"
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=environment,
    )
    assert done.stdout.strip() == "False"

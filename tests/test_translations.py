"""The Portuguese translation is complete and in step with the code: every string the code
marks is in the .ts, translated, and the .qm the app loads is that .ts compiled."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_translation_is_complete_and_compiled() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "translations.py"), "check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr

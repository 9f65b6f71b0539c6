"""The real-model tests find the server `.ci/llama-server.sh` built, or skip saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.real_model import llama_server
from tests.real_model.llama_server import Installation, LlamaServer, build_folder, find_installation


def _build(root: Path, *, template: bool = True) -> Installation:
    """The files the script leaves behind, empty: finding them needs no real build."""
    found = Installation(
        server=root / "bin" / "llama-server",
        template=root / "chatml-tools.jinja",
        model=root.parent / "smollm2-135m" / "model.gguf",
    )
    for path in (found.server, found.model, *([found.template] if template else [])):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    return found


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The script's cache moved to a temporary folder; its build folder in there."""
    for name in (llama_server.HOME_ENV, llama_server.UNAVAILABLE_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CONCIERGE_MODEL_CACHE", str(tmp_path / "cache"))
    folder = build_folder()
    assert isinstance(folder, Path), folder
    assert folder.parent == tmp_path / "cache"
    assert folder.name.startswith("llama-")
    return folder


def test_a_build_where_the_script_puts_it_is_found(cache: Path) -> None:
    built = _build(cache)
    assert find_installation() == built


def test_the_folder_ci_names_is_used(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(cache)
    named = _build(cache.parent.parent / "elsewhere" / "llama-11434.0.0-base")
    monkeypatch.setenv(llama_server.HOME_ENV, str(named.server.parent.parent))
    assert find_installation() == named


def test_without_a_build_the_reason_says_how_to_build(cache: Path) -> None:
    reason = find_installation()
    assert isinstance(reason, str)
    assert f"{cache.parent}: {cache.name}/bin/llama-server is missing" in reason
    assert ".ci/llama-server.sh" in reason


def test_a_build_without_its_template_is_not_used(cache: Path) -> None:
    _build(cache, template=False)
    reason = find_installation()
    assert isinstance(reason, str)
    assert "chatml-tools.jinja" in reason


def test_why_ci_could_not_build_it_is_the_reason(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _build(cache)
    monkeypatch.setenv(llama_server.UNAVAILABLE_ENV, "could not download the llama.cpp source")
    reason = find_installation()
    assert isinstance(reason, str)
    assert reason.endswith("could not download the llama.cpp source")


def test_a_server_that_exits_while_starting_says_what_it_printed(cache: Path) -> None:
    built = _build(cache)
    built.server.write_text("#!/bin/sh\necho 'failed to load model: bad magic'\nexit 3\n")
    built.server.chmod(0o755)
    with pytest.raises(RuntimeError, match="bad magic"):
        LlamaServer(built).start()

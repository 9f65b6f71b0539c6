"""The real-model tests find the server `.ci/llama-server.sh` built, or skip saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.real_model import llama_server
from tests.real_model.llama_server import Installation, find_installation


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
    for name in (llama_server.HOME_ENV, llama_server.UNAVAILABLE_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CONCIERGE_MODEL_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_build_in_the_default_cache_is_found(cache: Path) -> None:
    built = _build(cache / "llama-11434.0.0-avx2")
    assert find_installation() == built


def test_the_folder_ci_names_is_used(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(cache / "llama-11434.0.0-avx2")
    named = _build(cache.parent / "elsewhere" / "llama-11434.0.0-base")
    monkeypatch.setenv(llama_server.HOME_ENV, str(named.server.parent.parent))
    assert find_installation() == named


def test_without_a_build_the_reason_says_how_to_build(cache: Path) -> None:
    reason = find_installation()
    assert isinstance(reason, str)
    assert str(cache) in reason
    assert ".ci/llama-server.sh" in reason


def test_a_build_without_its_template_is_not_used(cache: Path) -> None:
    _build(cache / "llama-11434.0.0-avx2", template=False)
    reason = find_installation()
    assert isinstance(reason, str)
    assert "chatml-tools.jinja" in reason


def test_why_ci_could_not_build_it_is_the_reason(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _build(cache / "llama-11434.0.0-avx2")
    monkeypatch.setenv(llama_server.UNAVAILABLE_ENV, "could not download the llama.cpp source")
    reason = find_installation()
    assert isinstance(reason, str)
    assert reason.endswith("could not download the llama.cpp source")

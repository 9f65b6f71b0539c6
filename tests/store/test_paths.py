"""Data paths: the platform's folders unless an override or CONCIERGE_DATA_DIR says else."""

from __future__ import annotations

from pathlib import Path

import pytest
from platformdirs import user_data_path, user_log_path

from concierge.store import data_dir, database_path, log_dir
from concierge.store.paths import DATA_DIR_VARIABLE


@pytest.fixture(autouse=True)
def no_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_VARIABLE, raising=False)


def test_platform_folders_by_default() -> None:
    assert data_dir() == user_data_path("Concierge", appauthor=False)
    assert log_dir() == user_log_path("Concierge", appauthor=False)
    assert database_path(data_dir()) == data_dir() / "concierge.db"


def test_the_environment_variable_moves_everything(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "portable"))
    assert data_dir() == tmp_path / "portable"
    assert log_dir() == tmp_path / "portable" / "logs"
    assert database_path(data_dir()) == tmp_path / "portable" / "concierge.db"


def test_an_explicit_folder_wins_over_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "from-env"))
    assert data_dir(tmp_path / "explicit") == tmp_path / "explicit"
    assert log_dir(tmp_path / "explicit") == tmp_path / "explicit" / "logs"


def test_relative_and_home_paths_are_made_absolute(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir(Path("here")) == tmp_path / "here"
    monkeypatch.setenv(DATA_DIR_VARIABLE, "~/concierge")
    assert data_dir() == tmp_path / "home" / "concierge"


def test_a_blank_variable_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, "  ")
    assert data_dir() == user_data_path("Concierge", appauthor=False)


def test_nothing_is_created(tmp_path: Path) -> None:
    data_dir(tmp_path / "new")
    log_dir(tmp_path / "new")
    assert not (tmp_path / "new").exists()

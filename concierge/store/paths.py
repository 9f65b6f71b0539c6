"""Where Concierge keeps its files: the platform's per-user folders, or everything, logs
included, in `CONCIERGE_DATA_DIR` (tests, portable installs) or an explicit folder."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path, user_log_path

from concierge.app_identity import APP_NAME

DATA_DIR_VARIABLE = "CONCIERGE_DATA_DIR"
DATABASE_NAME = "concierge.db"


def _chosen_dir(override: Path | None) -> Path | None:
    if override is not None:
        return override.expanduser().absolute()
    from_environment = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    if from_environment:
        return Path(from_environment).expanduser().absolute()
    return None


def data_dir(override: Path | None = None) -> Path:
    """`override`, else `$CONCIERGE_DATA_DIR`, else the platform's user data folder. Not
    created here: opening the database creates it."""
    return _chosen_dir(override) or user_data_path(APP_NAME, appauthor=False)


def database_path(directory: Path) -> Path:
    return directory / DATABASE_NAME


def log_dir(override: Path | None = None) -> Path:
    """`<data dir>/logs` when the data folder is chosen, else the user log folder."""
    chosen = _chosen_dir(override)
    return chosen / "logs" if chosen is not None else user_log_path(APP_NAME, appauthor=False)

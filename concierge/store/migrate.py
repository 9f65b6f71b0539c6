"""Bringing the database file to the current schema at start-up, with a backup first.

Foreign keys are off during the run (SQLite rebuilds tables to alter them, which would
cascade deletes), and the upgrade is one transaction checked by `PRAGMA foreign_key_check`.
Alembic (a tenth of start-up) is imported only when the file is not at `HEAD_REVISION`,
which is read with `sqlite3` alone.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from .backup import backup_database
from .engine import create_sqlite_engine, open_error
from .errors import MigrationError

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

SCRIPT_LOCATION = "concierge.store:migrations"
HEAD_REVISION = "a6c3e9d1f7b2"
"""The newest revision in `SCRIPT_LOCATION` (a test holds it to the migrations folder): a
file already there opens without importing Alembic."""


@dataclass(frozen=True, slots=True)
class MigrationReport:
    """What `upgrade_to_head` found and did."""

    path: Path
    from_revision: str | None
    to_revision: str
    backup_path: Path | None

    @property
    def upgraded(self) -> bool:
        return self.from_revision != self.to_revision


def alembic_config(script_location: str = SCRIPT_LOCATION) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", script_location)
    return config


def upgrade_to_head(path: Path, *, script_location: str = SCRIPT_LOCATION) -> MigrationReport:
    """Upgrade the SQLite file at `path` (created if missing) to the newest revision, first
    copying an existing database below it to `<name>.bak-<revision>`."""
    if script_location == SCRIPT_LOCATION and stored_revision(path) == HEAD_REVISION:
        return MigrationReport(path, HEAD_REVISION, HEAD_REVISION, None)
    from alembic.script import ScriptDirectory

    config = alembic_config(script_location)
    scripts = ScriptDirectory.from_config(config)
    head = scripts.get_current_head()
    if head is None:
        raise MigrationError(path, f"no revisions found in {script_location}.")
    engine = create_sqlite_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection:
            return _upgrade(connection, path, config, head)
    except DBAPIError as error:
        raise open_error(path, error) from error
    finally:
        engine.dispose()


def stored_revision(path: Path) -> str | None:
    """The revision Alembic recorded in the file, read with `sqlite3` alone (read-only, nothing
    created); None when the file, the version table or the row is missing, or unreadable, so
    the full check runs and reports what is wrong."""
    if not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error:
        return None
    finally:
        connection.close()
    return str(rows[0][0]) if len(rows) == 1 else None


def _upgrade(connection: Connection, path: Path, config: Config, head: str) -> MigrationReport:
    from alembic import command
    from alembic.script import ScriptDirectory

    current, has_tables = _current_state(connection)
    if current == head:
        return MigrationReport(path, current, head, None)
    if current is not None and not _known(ScriptDirectory.from_config(config), current):
        raise MigrationError(
            path,
            f"it is at revision {current}, which this version of Concierge does not know; "
            "it was probably written by a newer version.",
        )
    try:
        backup = backup_database(path, current) if has_tables else None
    except (OSError, sqlite3.Error) as error:
        raise MigrationError(path, f"the backup before upgrading failed ({error}).") from error
    try:
        with connection.begin():
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            _check_foreign_keys(connection)
    except Exception as error:
        raise MigrationError(path, f"{error}", backup) from error
    finally:
        _enable_foreign_keys(connection)
    return MigrationReport(path, current, head, backup)


def _current_state(connection: Connection) -> tuple[str | None, bool]:
    """The database's revision and whether it holds any table at all, read in one snapshot."""
    from alembic.runtime.migration import MigrationContext

    with connection.begin():
        revision = MigrationContext.configure(connection).get_current_revision()
        has_tables = (
            connection.execute(
                text("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1")
            ).first()
            is not None
        )
    return revision, has_tables


def _known(scripts: ScriptDirectory, revision: str) -> bool:
    from alembic.util import CommandError

    try:
        return scripts.get_revision(revision) is not None
    except CommandError:
        return False


def _check_foreign_keys(connection: Connection) -> None:
    violations = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
    if violations:
        tables = ", ".join(sorted({str(row[0]) for row in violations}))
        raise RuntimeError(f"the upgrade would leave rows pointing at missing rows in {tables}.")


def _enable_foreign_keys(connection: Connection) -> None:
    """Turn enforcement back on, on the driver connection: SQLAlchemy would wrap the PRAGMA in
    a transaction, where SQLite ignores it."""
    driver = connection.connection.driver_connection
    if isinstance(driver, sqlite3.Connection) and not driver.in_transaction:
        driver.execute("PRAGMA foreign_keys=ON")

"""Alembic's entry point, run only through `concierge.store.migrate`.

There is no alembic.ini: the caller hands over its open connection in
`config.attributes["connection"]` and owns the transaction around the run. Logging is left
as the app configured it (no `fileConfig`, which would silence the app's loggers).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

import concierge.store.tables  # noqa: F401  (registers the tables on SQLModel.metadata)


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if context.is_offline_mode() or not isinstance(connection, Connection):
        raise RuntimeError(
            "Concierge migrations run on a live connection from concierge.store.migrate."
        )
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations()

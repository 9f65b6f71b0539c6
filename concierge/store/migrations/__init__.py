"""Alembic migrations of the app's database, run at start-up by `concierge.store.migrate`."""

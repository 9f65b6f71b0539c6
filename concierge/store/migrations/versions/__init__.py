"""Alembic revisions, oldest first by `down_revision`; each file holds one schema step."""

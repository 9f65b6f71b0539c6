"""Add pin.rule and pin.rule_confirmed: the constraint a pin states, and whether the person
has confirmed it. Existing pins have none. Downgrading drops both (an older version has no
constraints; the pins' text stays), takes them out of the logged pin images and drops
logged edits that changed nothing else, so every undo an older version offers still works.

Revision ID: c6b2f8e4a1d5
Revises: b7e4d1a9c3f2
Created: 2026-12-02 13:00:00
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c6b2f8e4a1d5"
down_revision: str | Sequence[str] | None = "b7e4d1a9c3f2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_RULE = ("rule", "rule_confirmed")


def upgrade() -> None:
    with op.batch_alter_table("pin") as batch:
        batch.add_column(sa.Column("rule", sa.Text(), nullable=True))
        batch.add_column(
            sa.Column("rule_confirmed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("pin") as batch:
        batch.alter_column("rule_confirmed", server_default=None)


def downgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT id, action, before, after FROM change_log WHERE entity = 'pin' "
            "AND (before LIKE '%\"rule%' OR after LIKE '%\"rule%')"
        )
    ).all()
    for row_id, action, *images in rows:
        kept = [_without_rule(image) for image in images]
        if action == "update" and kept[1] == "{}":
            bind.execute(sa.text("DELETE FROM change_log WHERE id = :id"), {"id": row_id})
        else:
            bind.execute(
                sa.text("UPDATE change_log SET before = :before, after = :after WHERE id = :id"),
                {"id": row_id, "before": kept[0], "after": kept[1]},
            )
    with op.batch_alter_table("pin") as batch:
        batch.drop_column("rule_confirmed")
        batch.drop_column("rule")


def _without_rule(image: str | None) -> str | None:
    """The logged image without the rule fields, written as the store writes it (undo
    compares the text)."""
    if image is None:
        return None
    data = {k: v for k, v in json.loads(image).items() if k not in _RULE}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)

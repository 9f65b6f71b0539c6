"""What every record the store creates starts with: an id of its own, made and changed now."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from .tables import utc_now

N = TypeVar("N")


def new_record(record_type: Callable[..., N], **fields: Any) -> N:
    """A record not yet written: `fields`, a fresh id, created and updated now."""
    now = utc_now()
    return record_type(id=uuid.uuid4().hex, created_at=now, updated_at=now, **fields)

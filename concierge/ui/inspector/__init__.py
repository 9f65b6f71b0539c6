"""The "What the assistant sees" panel: system prompt, runtime snapshot and usage per model call."""

from .panel import InspectorPanel
from .snapshot_view import SnapshotView, describe_timings
from .usage_model import UsageRow, UsageTableModel

__all__ = ["InspectorPanel", "SnapshotView", "UsageRow", "UsageTableModel", "describe_timings"]

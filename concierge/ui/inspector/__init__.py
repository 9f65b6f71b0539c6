"""The "What the assistant sees" panel: system prompt, runtime snapshot and usage per model call."""

from .panel import InspectorPanel
from .snapshot_view import describe_timings
from .usage_model import UsageTableModel

__all__ = ["InspectorPanel", "UsageTableModel", "describe_timings"]

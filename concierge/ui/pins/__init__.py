"""The pinned panel: preferences and facts for this trip or all trips, live."""

from .model import PinsModel
from .panel import PinsPanel

__all__ = ["PinsModel", "PinsPanel"]

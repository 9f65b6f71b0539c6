"""The goals panel: the selected trip's checklist, live."""

from .model import GoalsModel
from .panel import GoalsPanel

__all__ = ["GoalsModel", "GoalsPanel"]

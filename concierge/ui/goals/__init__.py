"""The goals panel: the selected trip's checklist, live."""

from .model import GoalsModel, trigger_text
from .panel import GoalsPanel

__all__ = ["GoalsModel", "GoalsPanel", "trigger_text"]

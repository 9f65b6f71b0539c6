"""The trip brief panel: a form generated from its definition, saved as the person answers
and following the assistant's answers live."""

from .panel import BriefPanel

__all__ = ["BriefPanel"]

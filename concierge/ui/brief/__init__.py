"""The trip brief panel: a form generated from its definition, saved as the person answers
and following the assistant's answers live."""

from .editors import FieldEditor, editor_for
from .fields import BriefFields
from .panel import BriefPanel
from .texts import status_text

__all__ = ["BriefFields", "BriefPanel", "FieldEditor", "editor_for", "status_text"]

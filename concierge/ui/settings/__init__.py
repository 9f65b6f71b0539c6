"""Settings: which model server the assistant talks to, and how."""

from .dialog import SettingsDialog
from .opener import edit_model_settings
from .status import Kind

__all__ = ["Kind", "SettingsDialog", "edit_model_settings"]

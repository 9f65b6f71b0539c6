"""Settings: which model server the assistant talks to, and how."""

from .dialog import SettingsDialog
from .key_field import KeyField
from .opener import edit_model_settings
from .status import Kind, StatusLabel

__all__ = ["KeyField", "Kind", "SettingsDialog", "StatusLabel", "edit_model_settings"]

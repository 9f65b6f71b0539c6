"""A setting's name as people read it, for text outside the Settings dialog (the chat names
the answer cap) without loading the dialog."""

from __future__ import annotations

from typing import Any

from concierge.model.settings import Setting
from concierge.ui.i18n import shown


def setting_name(setting: Setting[Any]) -> str:
    """The setting's label without its shortcut mark: the control's accessible name."""
    return shown(setting.label).replace("&&", "\0").replace("&", "").replace("\0", "&")

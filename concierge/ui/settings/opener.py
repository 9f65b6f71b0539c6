"""Open the settings dialog from async code and wait for it, without a nested event loop."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping

from PySide6.QtWidgets import QWidget

from concierge.model_server import ModelProfile, SecretStore, load_profile
from concierge.store import Settings

from .dialog import SettingsDialog


async def edit_model_settings(
    settings: Settings,
    secrets: SecretStore,
    parent: QWidget | None = None,
    *,
    environ: Mapping[str, str] = os.environ,
) -> ModelProfile | None:
    """Show the dialog and return the profile it saved; cancelling the task closes it."""
    profile = await load_profile(settings, secrets, environ)
    dialog = SettingsDialog(profile, settings, secrets, parent, environ=environ)
    saved: list[ModelProfile] = []
    dialog.saved.connect(saved.append)
    closed: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def finish(result: int) -> None:
        if not closed.done():
            closed.set_result(result)

    dialog.finished.connect(finish)
    dialog.open()
    try:
        await closed
    finally:
        if dialog.isVisible():
            dialog.done(SettingsDialog.DialogCode.Rejected)
        await dialog.shutdown()
        dialog.deleteLater()
    return saved[-1] if saved else None

"""A group of the window's menu actions on the trip shown (exports, sharing): the services
they use, the window their dialogs open over and the tasks they run in; `status(text)`
reports what was done, for the status bar."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from concierge.travel.services import TravelServices
from concierge.ui.async_support import BackgroundTasks


class TripActions(QObject):
    status = Signal(str)

    def __init__(self, services: TravelServices, window: QWidget, tasks: BackgroundTasks) -> None:
        super().__init__(window)
        self.services = services
        self.window = window
        self.tasks = tasks
        self.trip_id: str | None = None

"""Inline confirmation before a destructive tool runs: the rest of the window stays usable,
and there is no nested event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from concierge.agent import PermissionRequest
from concierge.ui.i18n import shown, translate
from concierge.ui.wrapped_label import wrapped_label


class PermissionPrompt(QFrame):
    """The question with Allow and Deny; `answered(bool)` fires once, then it hides."""

    answered = Signal(bool)

    def __init__(self, request: PermissionRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.setObjectName("permissionPrompt")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(translate("PermissionPrompt", "Permission request"))
        description = shown(request.description)
        self.setAccessibleDescription(description)
        self.question = wrapped_label(
            self, description, accessible=translate("PermissionPrompt", "Question")
        )
        self.allow_button = QPushButton(translate("PermissionPrompt", "Allow"), self)
        self.allow_button.setAccessibleName(translate("PermissionPrompt", "Allow"))
        self.deny_button = QPushButton(translate("PermissionPrompt", "Deny"), self)
        self.deny_button.setAccessibleName(translate("PermissionPrompt", "Deny"))
        self.allow_button.clicked.connect(lambda: self.answer(True))
        self.deny_button.clicked.connect(lambda: self.answer(False))
        buttons = QHBoxLayout()
        buttons.addStretch()
        buttons.addWidget(self.deny_button)
        buttons.addWidget(self.allow_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        layout.addLayout(buttons)
        QWidget.setTabOrder(self.deny_button, self.allow_button)
        self._done = False

    def answer(self, allowed: bool) -> None:
        if self._done:
            return
        self._done = True
        self.allow_button.setEnabled(False)
        self.deny_button.setEnabled(False)
        self.answered.emit(allowed)


class PermissionBroker:
    """Turns permission requests into inline prompts and awaits the person's answer.
    Prompts are children of `parent`, so Qt, not Python's collector, owns them."""

    def __init__(self, parent: QWidget, show: Callable[[PermissionPrompt], None]) -> None:
        self._parent = parent
        self._show = show
        self._open: dict[PermissionPrompt, asyncio.Future[bool]] = {}

    @property
    def prompts(self) -> tuple[PermissionPrompt, ...]:
        return tuple(self._open)

    async def ask(self, request: PermissionRequest) -> bool:
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        prompt = PermissionPrompt(request, self._parent)
        self._open[prompt] = answer

        def settle(allowed: bool) -> None:
            if not answer.done():
                answer.set_result(allowed)

        prompt.answered.connect(settle)
        self._show(prompt)
        try:
            return await answer
        finally:
            self._open.pop(prompt, None)
            prompt.hide()
            prompt.deleteLater()

    def deny_all(self) -> None:
        for prompt in tuple(self._open):
            prompt.answer(False)

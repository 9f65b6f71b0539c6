"""Trip ▸ Join a shared trip…: the invite code a companion sent, read as it is pasted (what is
wrong with it said at once), the folder where this device's copy of the shared folder lives,
and this device's name."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from concierge.model.settings import SharedTrip
from concierge.sync.invite import Invite, InviteError, Transport, read_invite
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, translate
from concierge.ui.sharing.fields import FolderRow, device_line
from concierge.ui.wrapped_label import wrapped_label

Join = Callable[[SharedTrip, str], Awaitable[str | None]]
"""Joins the trip with the invite's secret; what stops it from arriving (None: it arrived)."""


class JoinTripDialog(QDialog):
    def __init__(self, join: Join, tasks: BackgroundTasks, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("joinTripDialog")
        self.setWindowTitle(translate("Sharing", "Join a shared trip"))
        self._join = join
        self.tasks = tasks
        self.invite: Invite | None = None
        intro = wrapped_label(
            self,
            translate(
                "Sharing",
                "Paste the invite code a companion sent you, and choose where the folder you "
                "share with them is on this computer.",
            ),
        )
        self.code = QLineEdit(self)
        self.code.setObjectName("joinCode")
        self.code.setAccessibleName(translate("Sharing", "Invite code"))
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.code.textChanged.connect(self.read_code)
        self.folder = FolderRow(translate("Sharing", "Shared folder"), self)
        self.device = device_line(translate("Sharing", "Ben's phone"), self)
        form = QFormLayout()
        form.addRow(translate("Sharing", "Invite &code:"), self.code)
        form.addRow(translate("Sharing", "&Folder:"), self.folder)
        form.addRow(translate("Sharing", "&This device:"), self.device)
        self.note = wrapped_label(self, name="joinNote", hidden=True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.join_button = self.buttons.addButton(
            translate("Sharing", "&Join"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.join_button.setDefault(True)
        self.join_button.setEnabled(False)
        self.buttons.accepted.connect(self.start_joining)
        self.buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addWidget(intro)
        column.addLayout(form)
        column.addWidget(self.note)
        column.addWidget(self.buttons)
        self.setMinimumWidth(620)

    def read_code(self, text: str) -> None:
        """Read the code as it is typed or pasted: the trip it invites to, or what is wrong."""
        self.invite = None
        if not text.strip():
            self.note.hide()
        else:
            try:
                self.invite = read_invite(text)
            except InviteError as error:
                self._say(shown(error.args[0]))
            else:
                self._say(self._invited_to(self.invite))
                here = Path(self.invite.location)
                if not self.folder.text() and here.is_dir():
                    self.folder.edit.setText(self.invite.location)
        self.join_button.setEnabled(self.invite is not None)

    def _invited_to(self, invite: Invite) -> str:
        title = invite.title or translate("Sharing", "a trip")
        if invite.transport is Transport.SERVER:
            return translate("Sharing", "An invite to “{title}”, through {server}.").format(
                title=title, server=invite.location
            )
        return translate("Sharing", "An invite to “{title}”, through a shared folder.").format(
            title=title
        )

    def start_joining(self) -> None:
        invite = self.invite
        if invite is None:
            return
        location = invite.location
        if invite.transport is Transport.FOLDER:
            folder = self.folder.text()
            if not folder or not Path(folder).expanduser().is_dir():
                self._say(translate("Sharing", "Choose the shared folder on this computer."))
                return
            location = str(Path(folder).expanduser())
        if not self.device.text().strip():
            self._say(translate("Sharing", "Name this device for your companions."))
            return
        share = SharedTrip(invite.trip_id, location, self.device.text().strip())
        self.join_button.setEnabled(False)
        self._say(translate("Sharing", "Joining…"))
        self.tasks.start(self._join_trip(share, invite.secret), name="join a shared trip")

    async def _join_trip(self, share: SharedTrip, secret: str) -> None:
        problem = await self._join(share, secret)
        if problem is None:
            self.accept()
            return
        self._say(problem)
        self.join_button.setEnabled(True)

    def _say(self, text: str) -> None:
        self.note.setText(text)
        self.note.show()

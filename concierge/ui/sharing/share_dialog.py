"""Trip ▸ Share this trip…: where the trip's updates go (a folder the person syncs, or a sync
server's address), its secret (a passphrase, one made up offered; or the server's secret, from
which the trip's room's is derived, so the invite opens this trip's room only) and this
device's name; sharing shows the invite code to send, with Copy."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concierge.model.settings import SharedTrip
from concierge.sync.invite import Invite, Transport, transport_of
from concierge.sync.runner import SyncProblem
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, translate
from concierge.ui.sharing.fields import FolderRow, device_line
from concierge.ui.wrapped_label import wrapped_label

PASSPHRASE_LENGTH = 8
"""The shortest passphrase taken: the folder's files are only as safe as it."""

Share = Callable[[SharedTrip, str], Awaitable[str | None]]
"""Shares the trip with a secret; what to add about where the secret is kept (None: the
keyring keeps it). Raises `SyncProblem` if the folder cannot take the trip."""


class ShareTripDialog(QDialog):
    def __init__(
        self, trip_id: str, title: str, share: Share, tasks: BackgroundTasks, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shareTripDialog")
        self.setWindowTitle(translate("Sharing", "Share “{title}”").format(title=title))
        self.trip_id = trip_id
        self.title = title
        self._share = share
        self.tasks = tasks
        intro = wrapped_label(
            self,
            translate(
                "Sharing",
                "Choose an empty folder inside a folder you already sync with your companions "
                "(Syncthing, Nextcloud, Dropbox…). Each device writes its changes there, "
                "encrypted with the passphrase, and reads the others'. Or type the address "
                "of a sync server (wss://…, started with concierge sync-server) and its "
                "secret: changes then show as they are made.",
            ),
        )
        self.folder = FolderRow(translate("Sharing", "Shared folder"), self)
        self.made_up = secrets.token_urlsafe(12)
        self.passphrase = QLineEdit(self.made_up, self)
        self.passphrase.setAccessibleName(translate("Sharing", "Passphrase"))
        self.device = device_line(translate("Sharing", "Ana's laptop"), self)
        self.secret_label = QLabel(translate("Sharing", "&Passphrase:"), self)
        self.secret_label.setBuddy(self.passphrase)
        form = QFormLayout()
        form.addRow(translate("Sharing", "&Folder:"), self.folder)
        form.addRow(self.secret_label, self.passphrase)
        form.addRow(translate("Sharing", "&This device:"), self.device)
        self.folder.edit.textChanged.connect(self._show_kind)
        self.problem = wrapped_label(self, name="shareProblem", hidden=True)
        self.sent_note = wrapped_label(
            self,
            translate(
                "Sharing",
                "Send this invite code to your companions, in a message only they read: it "
                "holds the passphrase. They choose Trip ▸ Join a shared trip… and paste it.",
            ),
            name="inviteNote",
            hidden=True,
        )
        self.code = QLineEdit(self)
        self.code.setObjectName("inviteCode")
        self.code.setReadOnly(True)
        self.code.setAccessibleName(translate("Sharing", "Invite code"))
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.copy_button = QPushButton(translate("Sharing", "&Copy"), self)
        self.copy_button.clicked.connect(self.copy)
        self.code_row = QWidget(self)
        row = QHBoxLayout(self.code_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.code, 1)
        row.addWidget(self.copy_button)
        self.code_row.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.share_button = self.buttons.addButton(
            translate("Sharing", "&Share"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.share_button.setDefault(True)
        self.buttons.accepted.connect(self.start_sharing)
        self.buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        for part in (intro, form, self.problem, self.sent_note, self.code_row, self.buttons):
            if isinstance(part, QWidget):
                column.addWidget(part)
            else:
                column.addLayout(part)
        self.setMinimumWidth(620)

    @property
    def through_server(self) -> bool:
        return transport_of(self.folder.text()) is Transport.SERVER

    def _show_kind(self) -> None:
        """A server's address asks for the server's secret, not a passphrase made up here."""
        server = self.through_server
        self.secret_label.setText(
            translate("Sharing", "Server's &secret:")
            if server
            else translate("Sharing", "&Passphrase:")
        )
        self.passphrase.setAccessibleName(
            translate("Sharing", "The sync server's secret")
            if server
            else translate("Sharing", "Passphrase")
        )
        self.passphrase.setPlaceholderText(
            translate("Sharing", "What concierge sync-server printed when it started")
            if server
            else ""
        )
        if server and self.passphrase.text() == self.made_up:
            self.passphrase.clear()
        elif not server and not self.passphrase.text():
            self.passphrase.setText(self.made_up)

    def start_sharing(self) -> None:
        if self.code_row.isVisible():
            self.accept()
            return
        problem = self._problem()
        if problem:
            self._say(problem)
            return
        self.share_button.setEnabled(False)
        location = self.folder.text()
        if not self.through_server:
            location = str(Path(location).expanduser())
        self.tasks.start(self._share_trip(location), name="share a trip")

    def _problem(self) -> str:
        folder = self.folder.text()
        if self.through_server:
            if not self.passphrase.text():
                return translate("Sharing", "Type the secret the sync server printed.")
        elif not folder or not Path(folder).expanduser().parent.is_dir():
            return translate("Sharing", "Choose a folder on this computer.")
        elif len(self.passphrase.text()) < PASSPHRASE_LENGTH:
            return translate("Sharing", "Use a passphrase of at least {count} characters.").format(
                count=PASSPHRASE_LENGTH
            )
        if not self.device.text().strip():
            return translate("Sharing", "Name this device for your companions.")
        return ""

    async def _share_trip(self, location: str) -> None:
        share = SharedTrip(self.trip_id, location, self.device.text().strip())
        secret = self.passphrase.text()
        if self.through_server:
            from concierge.sync.serve import room_secret

            secret = room_secret(secret, self.trip_id)
        try:
            kept = await self._share(share, secret)
        except SyncProblem as problem:
            self._say(shown(problem.message))
            self.share_button.setEnabled(True)
            return
        self.show_invite(share, secret)
        self.problem.setVisible(bool(kept))
        self.problem.setText(kept or "")

    def show_invite(self, share: SharedTrip, secret: str) -> None:
        """The trip is shared: its setup, and the invite code to send, with Copy."""
        self.folder.edit.setText(share.location)
        self.passphrase.setText(secret)
        self.device.setText(share.device_name)
        self.code.setText(Invite(self.trip_id, share.location, secret, self.title).code())
        for field in (self.folder, self.passphrase, self.device):
            field.setEnabled(False)
        self.sent_note.show()
        self.code_row.show()
        self.share_button.setText(translate("Sharing", "Done"))
        self.share_button.setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).hide()
        self.copy_button.setFocus()

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.code.text())
        self.copy_button.setText(translate("Sharing", "Copied"))

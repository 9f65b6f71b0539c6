"""Help ▸ About: what this is, its version, licences, and this run's folders."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QIcon
from PySide6.QtWidgets import QDialogButtonBox, QGridLayout, QLabel, QPushButton, QWidget

from concierge.app_identity import APP_NAME, COPYRIGHT, ICON_SVG, LICENCE, SUMMARY, VERSION
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.close_dialog import CloseDialog
from concierge.ui.i18n import shown, translate
from concierge.ui.licences import LicencesDialog
from concierge.ui.wrapped_label import wrapped_label

OPEN_DATA = QT_TRANSLATE_NOOP("AboutDialog", "Open &data folder")
OPEN_LOGS = QT_TRANSLATE_NOOP("AboutDialog", "Open &log folder")
SHOW_LICENCES = QT_TRANSLATE_NOOP("AboutDialog", "&Notices and licences…")


def qt_notice() -> str:
    return translate(
        "AboutDialog",
        "Built with Qt {qt} and PySide6 {pyside}, used under the GNU LGPL "
        "version 3: Qt's libraries ship unmodified as separate files that you may replace. "
        "Their source is at code.qt.io; the notices list every bundled package.",
    ).format(qt=qVersion(), pyside=pyside_version)


class AboutDialog(CloseDialog):
    def __init__(self, data_folder: Path, log_folder: Path, parent: QWidget | None = None):
        title = translate("AboutDialog", "About {app}").format(app=APP_NAME)
        super().__init__("aboutDialog", title, parent)
        self.data_folder = data_folder
        self.log_folder = log_folder
        self.licences: LicencesDialog | None = None

        icon = QLabel(self)
        icon.setPixmap(QIcon(str(ICON_SVG)).pixmap(64, 64))
        heading = QLabel(f"<h2>{APP_NAME} {html.escape(VERSION)}</h2>", self)
        heading.setObjectName("aboutTitle")
        licence = translate("AboutDialog", "{licence} licence.").format(licence=LICENCE)
        summary = QLabel(
            f"{html.escape(shown(SUMMARY))}<br>{html.escape(licence)} {html.escape(COPYRIGHT)}.",
            self,
        )
        summary.setWordWrap(True)
        qt = wrapped_label(self, qt_notice(), name="aboutQt")

        folders = QGridLayout()
        self.data_label = self._path_label("aboutDataFolder", data_folder)
        self.log_label = self._path_label("aboutLogFolder", log_folder)
        self.open_data_button = QPushButton(shown(OPEN_DATA), self)
        self.open_data_button.clicked.connect(lambda: self.open_folder(self.data_folder))
        self.open_log_button = QPushButton(shown(OPEN_LOGS), self)
        self.open_log_button.clicked.connect(lambda: self.open_folder(self.log_folder))
        for row, (name, label, button) in enumerate(
            (
                (translate("AboutDialog", "Data folder:"), self.data_label, self.open_data_button),
                (translate("AboutDialog", "Log folder:"), self.log_label, self.open_log_button),
            )
        ):
            folders.addWidget(QLabel(name, self), row, 0)
            folders.addWidget(label, row, 1)
            folders.addWidget(button, row, 2)

        self.problem = wrapped_label(self, name="aboutProblem", hidden=True)

        self.licences_button = self.buttons.addButton(
            shown(SHOW_LICENCES), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.licences_button.clicked.connect(self.show_licences)
        for part in (icon, heading, summary, qt, folders, self.problem):
            self.add(part)

    def _path_label(self, name: str, folder: Path) -> QLabel:
        label = QLabel(str(folder), self)
        label.setObjectName(name)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def open_folder(self, folder: Path) -> None:
        """Open `folder`, made first: a hand-chosen data folder's logs may not exist yet."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._say(
                translate("AboutDialog", "Cannot create {folder}: {error}").format(
                    folder=folder, error=error
                )
            )
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self._say(
                translate(
                    "AboutDialog", "No file manager opened {folder}; its path is above to copy."
                ).format(folder=folder)
            )

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()

    def show_licences(self) -> None:
        if self.licences is None:
            self.licences = LicencesDialog(self)
        self.licences.show()
        self.licences.raise_()
        self.licences.activateWindow()

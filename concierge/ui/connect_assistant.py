"""Help ▸ Connect another assistant: the configuration that lets an assistant the person
already uses (Claude Desktop, an editor's agent) start `concierge mcp` on this data folder, with
this machine's real paths, to copy."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from concierge.mcp.client_setup import CLIENT_SETUPS
from concierge.ui.close_dialog import CloseDialog
from concierge.ui.i18n import shown, translate
from concierge.ui.wrapped_label import wrapped_label


class ConnectAssistantDialog(CloseDialog):
    def __init__(self, data_folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(
            "connectAssistantDialog",
            translate("ConnectAssistant", "Connect another assistant"),
            parent,
        )
        self.data_folder = data_folder
        intro = wrapped_label(
            self,
            translate(
                "ConnectAssistant",
                "An assistant you already use can work on your trips through the Model Context "
                "Protocol (MCP): its configuration starts Concierge's server on this data "
                "folder. Its changes show here marked with its name, under the same locks and "
                "review as ours; Settings ▸ Editing ▸ Revoked assistants stops one.",
            ),
            name="connectIntro",
        )
        self.client_box = QComboBox(self)
        self.client_box.addItems([setup.name for setup in CLIENT_SETUPS])
        self.client_box.setAccessibleName(translate("ConnectAssistant", "Assistant"))
        chooser = QLabel(translate("ConnectAssistant", "&Assistant:"), self)
        chooser.setBuddy(self.client_box)
        self.where = wrapped_label(self, name="connectWhere")
        self.configuration = QPlainTextEdit(self)
        self.configuration.setObjectName("connectConfiguration")
        self.configuration.setReadOnly(True)
        self.configuration.setAccessibleName(translate("ConnectAssistant", "Configuration"))
        self.configuration.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.copy_button = QPushButton(translate("ConnectAssistant", "&Copy"), self)
        self.copy_button.clicked.connect(self.copy)
        self.copied = wrapped_label(self, name="connectCopied", hidden=True)

        row = QHBoxLayout()
        row.addWidget(chooser)
        row.addWidget(self.client_box, 1)
        row.addWidget(self.copy_button)
        for part in (intro, row, self.where):
            self.add(part)
        self.add(self.configuration, 1)
        self.add(self.copied)
        self.client_box.currentIndexChanged.connect(self.show_client)
        self.show_client(0)
        self.resize(640, 420)

    def show_client(self, index: int) -> None:
        setup = CLIENT_SETUPS[index]
        self.where.setText(shown(setup.where))
        self.configuration.setPlainText(setup.text(self.data_folder))
        self.copied.hide()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.configuration.toPlainText())
        self.copied.setText(
            translate("ConnectAssistant", "Copied the configuration for {client}.").format(
                client=self.client_box.currentText()
            )
        )
        self.copied.show()

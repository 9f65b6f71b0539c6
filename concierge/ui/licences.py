"""Help ▸ About ▸ Notices and licences, read from LICENSE and THIRD-PARTY-NOTICES.txt where
the build put them."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from concierge.app_identity import APP_NAME, licence_files, licence_text
from concierge.ui.close_dialog import CloseDialog
from concierge.ui.i18n import translate


class LicencesDialog(CloseDialog):
    """Concierge's MIT licence, then the third-party notices where the build shipped them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        title = translate("AboutDialog", "{app} licences").format(app=APP_NAME)
        super().__init__("licencesDialog", title, parent)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("licencesText")
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        parts = [licence_text()]
        parts += [f.read_text(encoding="utf-8") for f in licence_files() if f.name != "LICENSE"]
        self.text.setPlainText("\n\n".join(part.rstrip() for part in parts))
        self.add(self.text)
        self.resize(720, 560)

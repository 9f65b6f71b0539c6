"""File ▸ Export and Print for the selected trip. Dialogs open with `open()`, never a
nested event loop; a file is written whole or not at all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QFileDialog, QMenu, QMessageBox, QWidget

from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.exports import (
    ExportError,
    TripPlan,
    export_file_name,
    read_plan,
    write_file,
)
from concierge.travel.services import TravelServices
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.trip_actions import TripActions


@dataclass(frozen=True)
class ExportFormat:
    suffix: str
    menu_text: str
    what: str
    """What the file is, in messages: "Calendar", "Itinerary" (shown translated)."""
    name_filter: str
    render: Callable[[TripPlan], bytes]


def calendar_file(plan: TripPlan) -> bytes:
    from concierge.travel.exports.ics import trip_calendar  # Not at start-up: see exports.

    return trip_calendar(plan)


def itinerary_file(plan: TripPlan) -> bytes:
    from .pdf import itinerary_pdf  # The page's layout and Qt's PDF writer: at the first export.

    return itinerary_pdf(plan)


FORMATS = (
    ExportFormat(
        "ics",
        QT_TRANSLATE_NOOP("Exports", "&Calendar (.ics)…"),
        QT_TRANSLATE_NOOP("Exports", "Calendar"),
        "iCalendar (*.ics)",
        calendar_file,
    ),
    ExportFormat(
        "pdf",
        QT_TRANSLATE_NOOP("Exports", "&Itinerary (PDF)…"),
        QT_TRANSLATE_NOOP("Exports", "Itinerary"),
        "PDF (*.pdf)",
        itinerary_file,
    ),
)


def default_folder() -> Path:
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found else Path.home()


class TripExports(TripActions):
    """The export and print actions of the window."""

    def __init__(self, services: TravelServices, window: QWidget, tasks: BackgroundTasks) -> None:
        super().__init__(services, window, tasks)
        self.folder = default_folder()
        """Where the next file dialog opens: the last folder exported to."""
        self.file_dialog: QFileDialog | None = None
        self.error_box: QMessageBox | None = None
        self.print_dialog: QPrintDialog | None = None
        self.preview_dialog: QPrintPreviewDialog | None = None
        self.printer: QPrinter | None = None
        """The printer of the dialog open now (the dialog does not own it)."""
        self.menu = QMenu(translate("Exports", "&Export"), window)
        self.export_actions: dict[str, QAction] = {}
        for form in FORMATS:
            action = QAction(shown(form.menu_text), window)
            action.triggered.connect(lambda _checked=False, f=form: self.choose_file(f))
            self.menu.addAction(action)
            self.export_actions[form.suffix] = action
        self.print_action = QAction(translate("Exports", "&Print…"), window)
        self.print_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
        self.print_action.triggered.connect(lambda _checked=False: self.start_print(False))
        self.preview_action = QAction(translate("Exports", "Print pre&view…"), window)
        self.preview_action.triggered.connect(lambda _checked=False: self.start_print(True))
        self.set_trip(None)

    def add_to(self, menu: QMenu) -> None:
        menu.addMenu(self.menu)
        menu.addAction(self.preview_action)
        menu.addAction(self.print_action)

    def set_trip(self, trip_id: str | None) -> None:
        self.trip_id = trip_id
        for action in (*self.export_actions.values(), self.print_action, self.preview_action):
            action.setEnabled(trip_id is not None)
        self.menu.setEnabled(trip_id is not None)

    def choose_file(self, form: ExportFormat) -> None:
        if self.trip_id is not None and not self.tasks.closed:
            self.tasks.start(self._choose_file(self.trip_id, form), name=f"export {form.what}")

    async def _choose_file(self, trip_id: str, form: ExportFormat) -> None:
        trip = await self.services.trips.get(trip_id)
        if trip is None:
            return
        title = (
            translate("Exports", "Export calendar")
            if form.suffix == "ics"
            else translate("Exports", "Export itinerary")
        )
        dialog = QFileDialog(self.window, title)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setNameFilters([form.name_filter, translate("Exports", "All") + " (*)"])
        dialog.setDefaultSuffix(form.suffix)
        dialog.setDirectory(str(self.folder))
        dialog.selectFile(export_file_name(trip, form.suffix))
        dialog.fileSelected.connect(lambda name: self.export_to(trip_id, form, Path(name)))
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def export_to(self, trip_id: str, form: ExportFormat, path: Path) -> None:
        if not self.tasks.closed:
            self.tasks.start(self.write(trip_id, form, path), name=f"export {form.what}")

    async def write(self, trip_id: str, form: ExportFormat, path: Path) -> bool:
        """Write the trip as `form` to `path`; a failure is shown, naming the file."""
        self.folder = path.parent
        try:
            plan = await read_plan(self.services, trip_id)
            write_file(path, form.render(plan))
        except (ExportError, LookupError) as error:
            self.show_error(
                translate("Exports", "{what} not exported").format(what=shown(form.what)),
                shown_error(error),
            )
            return False
        self.status.emit(
            translate("Exports", "{what} exported to {path}.").format(
                what=shown(form.what), path=path
            )
        )
        return True

    def show_error(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok)
        box.setParent(self.window, box.windowFlags())
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.error_box = box
        self.status.emit(text)
        box.open()

    def start_print(self, preview: bool) -> None:
        if self.trip_id is not None and not self.tasks.closed:
            name = "preview the itinerary" if preview else "print the itinerary"
            self.tasks.start(self._print(self.trip_id, preview), name=name)

    async def _print(self, trip_id: str, preview: bool) -> None:
        from .pdf import itinerary_document, page_layout

        plan = await read_plan(self.services, trip_id)
        document = itinerary_document(plan)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(page_layout())
        printer.setDocName(plan.trip.title)
        self.printer = printer
        if preview:
            view = QPrintPreviewDialog(printer, self.window)
            view.setWindowTitle(
                translate("Exports", "Print preview — {title}").format(title=plan.trip.title)
            )
            view.paintRequested.connect(document.print_)
            view.finished.connect(lambda _result: view.deleteLater())
            document.setParent(view)
            self.preview_dialog = view
            view.open()
            return
        dialog = QPrintDialog(printer, self.window)
        dialog.setWindowTitle(translate("Exports", "Print — {title}").format(title=plan.trip.title))
        document.setParent(dialog)

        def printed() -> None:
            document.print_(printer)
            if printer.printerName():
                sent = translate("Exports", "Itinerary sent to {printer}.").format(
                    printer=printer.printerName()
                )
            else:
                sent = translate("Exports", "Itinerary sent to the printer.")
            self.status.emit(sent)

        dialog.accepted.connect(printed)
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.print_dialog = dialog
        QDialog.open(dialog)  # QPrintDialog.open() takes a slot; QDialog's opens it alone.

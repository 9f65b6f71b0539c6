"""The itinerary drawn by Qt: one `QTextDocument` from the plan's HTML, written by
`QPdfWriter` or sent to a printer, so the file, the preview and the paper match."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QMarginsF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from concierge.travel.exports import TripPlan

from .itinerary_page import itinerary_page

MARGIN_MM = 15.0
PDF_DPI = 300


def page_size() -> QPageSize:
    """Letter where the locale measures in inches, A4 everywhere else."""
    imperial = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return QPageSize(QPageSize.PageSizeId.Letter if imperial else QPageSize.PageSizeId.A4)


def page_layout() -> QPageLayout:
    return QPageLayout(
        page_size(),
        QPageLayout.Orientation.Portrait,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )


def itinerary_document(plan: TripPlan) -> QTextDocument:
    document = QTextDocument()
    document.setHtml(itinerary_page(plan))
    document.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, plan.trip.title)
    return document


def itinerary_pdf(plan: TripPlan) -> bytes:
    """The itinerary as a PDF file's bytes (needs a QGuiApplication)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(page_layout())
    writer.setResolution(PDF_DPI)
    writer.setTitle(plan.trip.title)
    writer.setCreator("Concierge")
    itinerary_document(plan).print_(writer)
    del writer  # Finishes the file.
    buffer.close()
    return bytes(data.data())


_APPLICATION: list[QGuiApplication] = []
"""The application `headless_pdf` made, kept for the rest of the process."""


def headless_pdf(plan: TripPlan) -> bytes:
    """The itinerary PDF outside the window (the command line): Qt's fonts and PDF writer
    need a QGuiApplication, made here on the offscreen platform when there is none."""
    if QGuiApplication.instance() is None:
        _APPLICATION.append(QGuiApplication(["concierge", "-platform", "offscreen"]))
    return itinerary_pdf(plan)

"""How a problem's severity looks: a red disc for an error, an amber triangle for a warning,
an outlined disc for a note, each with its glyph ("!" or "i"), so the shape tells them apart
without colour. Painted from the palette (`concierge.ui.colours`), light or dark, wherever a
mark shows: the Problems list, the status bar, the itinerary's rows, the day timeline."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPalette, QPen, QPixmap

from concierge.travel.checks import SEVERITIES, Severity
from concierge.ui.colours import Tone, colour
from concierge.ui.i18n import translate

SEVERITY_WORDS: dict[Severity, str] = {"error": "Error", "warning": "Warning", "note": "Note"}
"""What a mark says in words (tooltips, screen readers), in English: `severity_word` says
it in the window's language."""


def severity_word(severity: Severity) -> str:
    """ "Error", "Warning", "Note" in the window's language."""
    words = {
        "error": translate("Problems", "Error"),
        "warning": translate("Problems", "Warning"),
        "note": translate("Problems", "Note"),
    }
    return words.get(severity, severity)


_SIZES = (16, 24, 32, 48)
_ROLES_USED = (QPalette.ColorRole.Base, QPalette.ColorRole.Window, QPalette.ColorRole.Link)


def worst(severities: Iterable[Severity]) -> Severity | None:
    """The most serious of these severities (None for none)."""
    present = set(severities)
    return next((severity for severity in SEVERITIES if severity in present), None)


def severity_colour(severity: Severity, palette: QPalette) -> QColor:
    if severity == "error":
        return colour(Tone.ERROR, palette)
    if severity == "warning":
        return colour(Tone.WARNING, palette)
    return palette.color(QPalette.ColorRole.Link)


def paint_severity(painter: QPainter, rect: QRectF, severity: Severity, palette: QPalette) -> None:
    """Draw the severity's mark inside `rect` (kept square, centred)."""
    side = min(rect.width(), rect.height())
    box = QRectF(0, 0, side, side)
    box.moveCenter(rect.center())
    shade = severity_colour(severity, palette)
    ground = palette.color(QPalette.ColorRole.Base)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    inner = box.adjusted(side * 0.06, side * 0.06, -side * 0.06, -side * 0.06)
    glyph = ground
    if severity == "warning":
        path = QPainterPath()
        path.moveTo(inner.center().x(), inner.top())
        path.lineTo(inner.right(), inner.bottom())
        path.lineTo(inner.left(), inner.bottom())
        path.closeSubpath()
        painter.fillPath(path, shade)
        centre_y = inner.top() + inner.height() * 0.62
    elif severity == "error":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shade)
        painter.drawEllipse(inner)
        centre_y = inner.center().y()
    else:
        painter.setPen(QPen(shade, max(1.0, side * 0.1)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(inner.adjusted(side * 0.05, side * 0.05, -side * 0.05, -side * 0.05))
        glyph = shade
        centre_y = inner.center().y()
    _glyph(painter, inner.center().x(), centre_y, side, glyph, info=severity == "note")
    painter.restore()


def _glyph(
    painter: QPainter, x: float, y: float, side: float, shade: QColor, *, info: bool
) -> None:
    """ "!" (a bar over a dot) or "i" (a dot over a bar), centred on (x, y)."""
    width = max(1.5, side * 0.14)
    bar = side * 0.3
    dot = QRectF(0, 0, width, width)
    painter.setPen(QPen(shade, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    if info:
        dot.moveCenter(QPointF(x, y - bar * 0.7))
        painter.drawLine(QPointF(x, y - bar * 0.15), QPointF(x, y + bar * 0.75))
    else:
        dot.moveCenter(QPointF(x, y + bar * 0.7))
        painter.drawLine(QPointF(x, y - bar * 0.75), QPointF(x, y + bar * 0.15))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(shade)
    painter.drawEllipse(dot)


def severity_icon(severity: Severity, palette: QPalette) -> QIcon:
    """The mark as an icon, drawn at the sizes views ask for."""
    icon = QIcon()
    for size in _SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        paint_severity(painter, QRectF(0, 0, size, size), severity, palette)
        painter.end()
        icon.addPixmap(pixmap)
    return icon


class SeverityIcons:
    """One icon per severity for a palette, drawn again only when the palette's colours
    change (views compare icons by identity to skip rewriting unchanged cells)."""

    def __init__(self) -> None:
        self._key: tuple[int, ...] | None = None
        self._icons: dict[Severity, QIcon] = {}

    def of(self, severity: Severity, palette: QPalette) -> QIcon:
        key = tuple(palette.color(role).rgba() for role in _ROLES_USED)
        if key != self._key:
            self._key = key
            self._icons = {}
        icon = self._icons.get(severity)
        if icon is None:
            icon = self._icons[severity] = severity_icon(severity, palette)
        return icon

"""The app's few meaningful colours (error, success, warning, the assistant's mark), derived
from the palette in this one place, and the window's palette following the system's light or
dark scheme.
Widgets painted with `tint` repaint themselves when the palette changes, so a switch to
dark mode never leaves dark red on dark grey.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget


class Tone(Enum):
    """(on a light background, on a dark one): text tones reach a contrast of 4.5 on
    Fusion's window and base colours, the mark (a strip, not text) 3."""

    ERROR = ("#c62828", "#ef9a9a")
    SUCCESS = ("#2a7030", "#81c784")
    WARNING = ("#9c5700", "#ffb74d")
    MARK = ("#a87800", "#ffc107")
    """The strip and tint on what the assistant changed."""
    UNVERIFIED = ("#6a1b9a", "#ce93d8")
    """The text of a fact the assistant set that nobody confirmed."""

    def __init__(self, on_light: str, on_dark: str) -> None:
        self.on_light = on_light
        self.on_dark = on_dark


MARK_TINT_ALPHA = 56
"""Behind an itinerary row, goal or pin the assistant changed: translucent over the base."""


def luminance(colour: QColor) -> float:
    """Relative luminance as WCAG 2 defines it (0 black … 1 white)."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * linear(colour.redF())
        + 0.7152 * linear(colour.greenF())
        + 0.0722 * linear(colour.blueF())
    )


def contrast(one: QColor, other: QColor) -> float:
    """WCAG contrast ratio, 1 (none) … 21 (black on white)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _palette(palette: QPalette | None) -> QPalette:
    return palette if palette is not None else QGuiApplication.palette()


def colour(tone: Tone, palette: QPalette | None = None) -> QColor:
    """The tone's shade that contrasts best with the palette's window and base colours."""
    pal = _palette(palette)
    grounds = (pal.color(QPalette.ColorRole.Window), pal.color(QPalette.ColorRole.Base))
    shades = (QColor(tone.on_light), QColor(tone.on_dark))
    return max(shades, key=lambda shade: min(contrast(shade, ground) for ground in grounds))


def mark_tint(palette: QPalette | None = None) -> QColor:
    """The background of a row the assistant added or changed."""
    tint = colour(Tone.MARK, palette)
    tint.setAlpha(MARK_TINT_ALPHA)
    return tint


def secondary(palette: QPalette | None = None) -> QColor:
    """Hints and other secondary text: the palette's placeholder colour."""
    return _palette(palette).color(QPalette.ColorRole.PlaceholderText)


def is_dark(palette: QPalette | None = None) -> bool:
    pal = _palette(palette)
    return luminance(pal.color(QPalette.ColorRole.Window)) < luminance(
        pal.color(QPalette.ColorRole.WindowText)
    )


class _Follower(QObject):
    """Re-applies a widget's colours whenever its palette changes (a child, so it goes with it)."""

    def __init__(self, widget: QWidget, apply: Callable[[], None]) -> None:
        super().__init__(widget)
        self.apply = apply
        self._applying = False
        widget.installEventFilter(self)

    def run(self) -> None:
        if not self._applying:
            self._applying = True
            try:
                self.apply()
            finally:
                self._applying = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.run()
        return False


def follow_palette(widget: QWidget, apply: Callable[[], None]) -> None:
    """Call `apply` now and after every palette change of `widget`, replacing an earlier one."""
    follower = widget.findChild(_Follower, "", Qt.FindChildOption.FindDirectChildrenOnly)
    if follower is None:
        follower = _Follower(widget, apply)
    follower.apply = apply
    follower.run()


def tint(
    widget: QWidget,
    shade: Tone | Callable[[QPalette], QColor] | None,
    role: QPalette.ColorRole = QPalette.ColorRole.WindowText,
) -> None:
    """Paint `role` of `widget` in `shade` (a tone, or a function of the palette such as
    `secondary`), following palette changes; None gives the palette's own colour back."""

    def apply() -> None:
        palette = widget.palette()
        parent = widget.parentWidget()
        inherited = parent.palette() if parent is not None else QGuiApplication.palette()
        if shade is None:
            value = inherited.color(role)
        elif isinstance(shade, Tone):
            value = colour(shade, inherited)
        else:
            value = shade(inherited)
        if palette.color(role) != value:
            palette.setColor(role, value)
            widget.setPalette(palette)

    follow_palette(widget, apply)


def dark_palette() -> QPalette:
    """A dark palette for styles that have none of their own (Fusion on a dark desktop)."""
    window, base, text = QColor("#2b2b2b"), QColor("#1f1f1f"), QColor("#e6e6e6")
    palette = QPalette(window)
    roles = QPalette.ColorRole
    for role, value in (
        (roles.Window, window),
        (roles.WindowText, text),
        (roles.Base, base),
        (roles.AlternateBase, QColor("#262626")),
        (roles.Text, text),
        (roles.Button, QColor("#353535")),
        (roles.ButtonText, text),
        (roles.ToolTipBase, QColor("#3a3a3a")),
        (roles.ToolTipText, text),
        (roles.PlaceholderText, QColor("#9a9a9a")),
        (roles.Highlight, QColor("#3d6fb4")),
        (roles.HighlightedText, QColor("#ffffff")),
        (roles.Link, QColor("#8ab4f8")),
        (roles.BrightText, QColor("#ff8a80")),
    ):
        palette.setColor(role, value)
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(disabled, role, QColor("#7a7a7a"))
    return palette


def follow_colour_scheme(app: QApplication) -> None:
    """When the system switches between light and dark, the palette follows (Fusion without
    a platform theme does not follow by itself)."""
    hints = app.styleHints()

    def scheme_changed(scheme: Qt.ColorScheme) -> None:
        if scheme == Qt.ColorScheme.Unknown or (scheme == Qt.ColorScheme.Dark) == is_dark():
            return
        style = app.style()
        app.setPalette(dark_palette() if scheme == Qt.ColorScheme.Dark else style.standardPalette())

    hints.colorSchemeChanged.connect(scheme_changed)
    scheme_changed(hints.colorScheme())

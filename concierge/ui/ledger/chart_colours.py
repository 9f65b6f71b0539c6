"""Colours for the ledger's chart series, derived from the palette: the highlight's hue
turned by the golden angle for each series, light enough on a dark background and dark
enough on a light one to stand out from the base (a contrast of 3, as for the mark)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from concierge.ui.colours import contrast, is_dark

GOLDEN_ANGLE = 137.508
MIN_CONTRAST = 3.0


def series_colour(index: int, palette: QPalette) -> QColor:
    """The colour of series `index` (0, 1, 2, …) on `palette`'s base."""
    base = palette.color(QPalette.ColorRole.Base)
    hue = (palette.color(QPalette.ColorRole.Highlight).hslHueF() * 360 + index * GOLDEN_ANGLE) % 360
    dark = is_dark(palette)
    lightness = 0.68 if dark else 0.40
    shade = QColor.fromHslF(hue / 360, 0.62, lightness)
    for _ in range(20):
        if contrast(shade, base) >= MIN_CONTRAST:
            break
        lightness += 0.03 if dark else -0.03
        shade = QColor.fromHslF(hue / 360, 0.62, min(max(lightness, 0.0), 1.0))
    return shade

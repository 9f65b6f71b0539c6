"""One day of the itinerary drawn as a timeline on an hour grid, clashes side by side.

The accessible description is the selected entry as a sentence, so a screen reader follows
the keyboard. `concierge.travel.itinerary.day_layout` places things; this only paints.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QScrollBar, QToolTip, QWidget

from concierge.model.kinds import ITEM_KINDS
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.itinerary.day_layout import Block, DayLayout, TimelineEntry, lay_out
from concierge.ui.colours import Tone, colour, contrast, is_dark, secondary
from concierge.ui.i18n import shown, translate
from concierge.ui.problems.icons import paint_severity
from concierge.ui.problems.marks import Mark, count_text

from .timeline_text import apart_label, block_times, clock, describe, free_text, summary

FALLBACK_HUE: int | None = None
"""For a kind the table of kinds does not know."""

ACCESSIBLE_NAME = QT_TRANSLATE_NOOP("DayTimeline", "Day timeline")
EMPTY_TEXT = QT_TRANSLATE_NOOP("DayTimeline", "Nothing planned for this day.")
_MARGIN = 6
_CHIP_PAD = 6
_LANE_GAP = 3
_STRIP = 4
"""The kind-coloured strip at a block's left edge, in pixels."""
_STRIP_CONTRAST = 3.0
_DAY_STEPS = {Qt.Key.Key_PageUp: -1, Qt.Key.Key_PageDown: 1}
_MOVES = {
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_Left: -1,
    Qt.Key.Key_Down: 1,
    Qt.Key.Key_Right: 1,
}


def kind_colour(kind: str, palette: QPalette) -> QColor:
    """The kind's strong shade (strip, chip edge): darkened on light grounds and lightened
    on dark ones until it stands out from the base (a contrast of 3, as for the mark)."""
    row = ITEM_KINDS.get(kind)
    hue = FALLBACK_HUE if row is None else row.hue
    base = palette.color(QPalette.ColorRole.Base)
    return QColor(_shade(hue, is_dark(palette), base.rgba()))


@functools.lru_cache(maxsize=256)
def _shade(hue: int | None, dark: bool, base_rgba: int) -> QColor:
    """`kind_colour`'s search, once per hue and ground: every paint asks it of every block."""
    base = QColor.fromRgba(base_rgba)
    saturation = 0.0 if hue is None else (0.55 if dark else 0.6)
    lightness = 0.62 if dark else 0.45
    shade = QColor.fromHslF((hue or 0) / 360, saturation, lightness)
    while contrast(shade, base) < _STRIP_CONTRAST and 0.05 < lightness < 0.95:
        lightness += 0.03 if dark else -0.03
        shade = QColor.fromHslF((hue or 0) / 360, saturation, lightness)
    return shade


def mixed(ground: QColor, shade: QColor, share: float) -> QColor:
    """`shade` laid over `ground` at `share` opacity."""
    return QColor.fromRgbF(
        ground.redF() + (shade.redF() - ground.redF()) * share,
        ground.greenF() + (shade.greenF() - ground.greenF()) * share,
        ground.blueF() + (shade.blueF() - ground.blueF()) * share,
    )


def block_fill(kind: str, palette: QPalette) -> QColor:
    """A block's background: a tint of its kind over the base, so the palette's text reads."""
    share = 0.26 if is_dark(palette) else 0.2
    return mixed(palette.color(QPalette.ColorRole.Base), kind_colour(kind, palette), share)


@dataclass(frozen=True, slots=True)
class _Chip:
    entry: TimelineEntry
    rect: QRectF


class DayTimeline(QWidget):
    """The timeline of one day (`set_day`); `select` follows the list without signalling."""

    item_selected = Signal(str)
    """The person selected this item here (keys or a click)."""
    item_activated = Signal(str)
    """The person asked to open this item (Enter or a double-click)."""
    day_requested = Signal(int)
    """The person asked for the day before (−1) or after (+1): Ctrl+PgUp, Ctrl+PgDown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dayTimeline")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(shown(ACCESSIBLE_NAME))
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.scroll_bar = QScrollBar(Qt.Orientation.Vertical, self)
        self.scroll_bar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll_bar.valueChanged.connect(self.update)
        self._layout = lay_out([])
        self._heading = ""
        self._entries: tuple[TimelineEntry, ...] = ()
        self._selected: str | None = None
        self._chips: list[_Chip] = []
        self._grid_top = 0.0
        self._grid_pad = 0.0
        self._hour_px = 0.0
        self._marks: Mapping[str, Mark] = {}
        self._hours: tuple[tuple[object, ...], QPixmap] | None = None
        """The hour grid as last drawn, and what it was drawn from (`_hour_grid`)."""
        self._describe_selection()

    @property
    def day_layout(self) -> DayLayout:
        return self._layout

    @property
    def heading(self) -> str:
        return self._heading

    @property
    def selected_id(self) -> str | None:
        return self._selected

    def set_day(self, heading: str, entries: Sequence[TimelineEntry]) -> None:
        """Show these entries under `heading`; the selection stays if its item still shows.
        The same day again (the itinerary reloads after each change) is neither laid out
        nor painted again."""
        entries = tuple(entries)
        same_day = heading == self._heading
        if same_day and entries == self._entries:
            return
        self._entries = entries
        self._heading = heading
        self._layout = lay_out(entries)
        if self._selected not in self._layout.order():
            self._selected = None
        self._arrange()
        if not same_day:
            self._scroll_to_start()
        self._describe_selection()
        self.update()

    def set_marks(self, marks: Mapping[str, Mark]) -> None:
        """Mark the entries these problems are about (by item id)."""
        if marks != self._marks:
            self._marks = marks
            self._describe_selection()
            self.update()

    def mark_rect(self, item_id: str) -> QRectF | None:
        """Where the problem icon of this entry is drawn (None: not marked or not shown)."""
        rect = self.block_rect(item_id)
        if rect is None or item_id not in self._marks:
            return None
        side = min(float(self.fontMetrics().height()), rect.height() - 4, rect.width() - 4)
        if side < 6:
            return None
        return QRectF(rect.right() - side - 3, rect.top() + 2, side, side)

    def sentence(self, item_id: str) -> str:
        """The entry as a sentence, with the problems about it."""
        text = describe(self._layout, item_id)
        mark = self._marks.get(item_id)
        return f"{text} {mark.spoken}" if mark is not None else text

    def select(self, item_id: str | None) -> None:
        """Select this item (None, or one not shown here, clears the selection)."""
        chosen = item_id if item_id in self._layout.order() else None
        if chosen != self._selected:
            self._selected = chosen
            self._describe_selection()
            self.update()
        if chosen is not None:
            self._reveal(chosen)

    def block_rect(self, item_id: str) -> QRectF | None:
        """Where this item is drawn now (a block or a chip), in widget coordinates."""
        for chip in self._chips:
            if chip.entry.item_id == item_id:
                return chip.rect
        for block in self._layout.blocks:
            if block.item_id == item_id:
                return self._block_rect(block)
        return None

    def item_at(self, position: QPointF) -> str | None:
        for chip in self._chips:
            if chip.rect.contains(position):
                return chip.entry.item_id
        if position.y() < self._grid_top:
            return None
        for block in reversed(self._layout.blocks):
            if self._block_rect(block).contains(position):
                return block.item_id
        return None

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * 36, metrics.height() * 24)

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * 22, metrics.height() * 8)

    def _min_hour_px(self) -> float:
        """An hour holds two lines of text, so a half-hour block holds its title."""
        return 2.0 * self.fontMetrics().height() + 6

    def _heading_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def _arrange(self) -> None:
        """Place the chips, size the hour grid and the scroll bar for the current size."""
        metrics = self.fontMetrics()
        line = metrics.height()
        top = _MARGIN + QFontMetrics(self._heading_font()).height() + _MARGIN
        if not self._summary_inline():
            top += line
        left, right = float(_MARGIN), float(self.width() - _MARGIN)
        x, y = left, float(top)
        chip_h = line + _CHIP_PAD
        self._chips = []
        for entry in self._layout.apart:
            text = f"{apart_label(entry)}  {entry.title}"
            natural = metrics.horizontalAdvance(text) + 2 * _CHIP_PAD + _STRIP + 4
            width = min(natural, right - left)
            if x > left and x + width > right:
                x, y = left, y + chip_h + 4
            self._chips.append(_Chip(entry, QRectF(x, y, width, chip_h)))
            x += width + 6
        if self._chips:
            y += chip_h + _MARGIN
        self._grid_top = y
        self._grid_pad = line / 2  # Room for the first and last hour's labels.
        hours = self._layout.last_hour - self._layout.first_hour
        available = max(1.0, self.height() - self._grid_top - _MARGIN)
        self._hour_px = max(self._min_hour_px(), (available - 2 * self._grid_pad) / hours)
        overflow = math.ceil(self._hour_px * hours + 2 * self._grid_pad - available)
        bar = self.scroll_bar
        bar.setVisible(overflow > 0)
        bar.setRange(0, max(0, overflow))
        bar.setPageStep(int(available))
        bar.setSingleStep(max(1, int(self._hour_px / 4)))
        width = bar.sizeHint().width()
        bar.setGeometry(self.width() - width, int(self._grid_top), width, int(available))

    def _gutter(self) -> float:
        return self.fontMetrics().horizontalAdvance("00:00") + 10.0

    def _columns(self) -> tuple[float, float]:
        """The blocks' column: left edge and width."""
        left = _MARGIN + self._gutter()
        right = self.width() - _MARGIN - (self.scroll_bar.width() if self._scrolls() else 0)
        return left, max(10.0, right - left)

    def _scrolls(self) -> bool:
        return not self.scroll_bar.isHidden()

    def _y(self, minute: int) -> float:
        offset = self.scroll_bar.value() if self._scrolls() else 0
        hours = (minute - self._layout.first_hour * 60) / 60
        return self._grid_top + self._grid_pad + hours * self._hour_px - offset

    def _block_rect(self, block: Block) -> QRectF:
        left, width = self._columns()
        lane_width = width / block.lanes
        top, bottom = self._y(block.top), self._y(block.bottom)
        return QRectF(left + block.lane * lane_width, top, lane_width - _LANE_GAP, bottom - top - 1)

    def _reveal(self, item_id: str) -> None:
        block = next((b for b in self._layout.blocks if b.item_id == item_id), None)
        if block is None or not self._scrolls():
            return
        bar = self.scroll_bar
        view_top = self._grid_top
        view_bottom = self.height() - _MARGIN
        top, bottom = self._y(block.top), self._y(block.bottom)
        if top < view_top or bottom > view_bottom:
            # A third of the free room above it: what leads up to it shows, and what follows.
            room = max(0.0, (view_bottom - view_top) - (bottom - top))
            bar.setValue(bar.value() + math.floor(top - view_top - room / 3))

    def _scroll_to_start(self) -> None:
        """A new day opens at its first block (with an hour before it in view)."""
        if not self._layout.blocks:
            self.scroll_bar.setValue(0)
            return
        first = min(block.top for block in self._layout.blocks)
        hours = max(0, first // 60 - 1 - self._layout.first_hour)
        self.scroll_bar.setValue(int(hours * self._hour_px))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        self._paint_heading(painter, palette)
        for chip in self._chips:
            self._paint_chip(painter, palette, chip)
            self._paint_mark(painter, palette, chip.entry.item_id)
        left, width = self._columns()
        grid = QRectF(0, self._grid_top, self.width(), self.height() - self._grid_top - _MARGIN)
        painter.save()
        painter.setClipRect(grid)
        painter.drawPixmap(QPointF(0, math.floor(self._grid_top)), self._hour_grid(palette))
        self._paint_gaps(painter, palette, left)
        for block in self._layout.blocks:
            self._paint_block(painter, palette, block)
        self._paint_overlaps(painter, palette)
        for block in self._layout.blocks:
            self._paint_block_text(painter, palette, block, self._block_rect(block))
            self._paint_mark(painter, palette, block.item_id)
        painter.restore()
        if not self._layout.order():
            self._paint_empty(painter, palette, QRectF(left, grid.top(), width, grid.height()))

    def _paint_empty(self, painter: QPainter, palette: QPalette, lane: QRectF) -> None:
        """The empty day's sentence sits in the lane, on the page's ground, clear of the hours."""
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        text = shown(EMPTY_TEXT)
        bounds = painter.boundingRect(lane.adjusted(8, 0, -8, 0), flags, text)
        ground = bounds.adjusted(-8, -4, 8, 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(ground, 4, 4)
        painter.setPen(secondary(palette))
        painter.drawText(bounds, flags, text)

    def _summary_inline(self) -> bool:
        """Whether the day's summary fits on the heading's line (else it goes below)."""
        needed = QFontMetrics(self._heading_font()).horizontalAdvance(self._heading)
        needed += self.fontMetrics().horizontalAdvance(f"    {summary(self._layout)}")
        return needed <= self.width() - 2 * _MARGIN

    def _paint_heading(self, painter: QPainter, palette: QPalette) -> None:
        width = self.width() - 2 * _MARGIN
        font = self._heading_font()
        metrics = QFontMetrics(font)
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        heading = QRectF(_MARGIN, _MARGIN, width, metrics.height())
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        elide = Qt.TextElideMode.ElideRight
        painter.drawText(heading, flags, metrics.elidedText(self._heading, elide, width))
        painter.setFont(self.font())
        painter.setPen(secondary(palette))
        text = summary(self._layout)
        if self._summary_inline():
            right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            painter.drawText(heading, right, text)
            return
        line = QRectF(_MARGIN, heading.bottom(), width, self.fontMetrics().height())
        painter.drawText(line, flags, self.fontMetrics().elidedText(text, elide, width))

    def _paint_chip(self, painter: QPainter, palette: QPalette, chip: _Chip) -> None:
        entry = chip.entry
        selected = entry.item_id == self._selected
        rect = chip.rect
        path = QPainterPath()
        path.addRoundedRect(rect, 4, 4)
        painter.fillPath(path, block_fill(entry.kind, palette))
        painter.fillRect(
            QRectF(rect.left(), rect.top() + 2, _STRIP, rect.height() - 4),
            kind_colour(entry.kind, palette),
        )
        self._outline(painter, palette, path, selected)
        label = apart_label(entry)
        metrics = self.fontMetrics()
        text_rect = rect.adjusted(_STRIP + _CHIP_PAD, 0, -_CHIP_PAD, 0)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        painter.setFont(self.font())
        painter.setPen(secondary(palette))
        painter.drawText(text_rect, flags, label)
        shift = metrics.horizontalAdvance(label + "  ")
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        rest = text_rect.adjusted(shift, 0, 0, 0)
        title = metrics.elidedText(entry.title, Qt.TextElideMode.ElideRight, int(rest.width()))
        painter.drawText(rest, flags, title)

    def _outline(
        self, painter: QPainter, palette: QPalette, path: QPainterPath, selected: bool
    ) -> None:
        if selected:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 2.5 if self.hasFocus() else 2)
            if not self.hasFocus():
                pen.setStyle(Qt.PenStyle.DashLine)
        else:
            pen = QPen(mixed(palette.color(QPalette.ColorRole.Base), secondary(palette), 0.5), 1)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)

    def _hour_grid(self, palette: QPalette) -> QPixmap:
        """The hours' lines and labels, drawn again only when what they show changed: the
        grid is most of a paint, and a change to the day's entries leaves it as it was."""
        top = math.floor(self._grid_top)
        ratio = self.devicePixelRatioF()
        key = (
            self.size(),
            ratio,
            self._grid_top,
            self._grid_pad,
            self._hour_px,
            self._layout.first_hour,
            self._layout.last_hour,
            self.scroll_bar.value() if self._scrolls() else 0,
            self._columns(),
            palette.cacheKey(),
            self.font().key(),
        )
        if self._hours is not None and self._hours[0] == key:
            return self._hours[1]
        pixmap = QPixmap(
            max(1, math.ceil(self.width() * ratio)),
            max(1, math.ceil((self.height() - top) * ratio)),
        )
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(palette.color(QPalette.ColorRole.Base))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self.font())
        painter.translate(0, -top)
        self._paint_hours(painter, palette)
        painter.end()
        self._hours = (key, pixmap)
        return pixmap

    def _paint_hours(self, painter: QPainter, palette: QPalette) -> None:
        metrics = self.fontMetrics()
        left, width = self._columns()
        ground = palette.color(QPalette.ColorRole.Base)
        line = mixed(ground, palette.color(QPalette.ColorRole.Text), 0.14)
        half = mixed(ground, palette.color(QPalette.ColorRole.Text), 0.06)
        text_flags = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        for hour in range(self._layout.first_hour, self._layout.last_hour + 1):
            y = self._y(hour * 60)
            painter.setPen(QPen(line, 1))
            painter.drawLine(QPointF(left - 4, y), QPointF(left + width, y))
            if hour < self._layout.last_hour:
                painter.setPen(QPen(half, 1))
                mid = y + self._hour_px / 2
                painter.drawLine(QPointF(left, mid), QPointF(left + width, mid))
            painter.setPen(secondary(palette))
            label = QRectF(_MARGIN, y - metrics.height() / 2, self._gutter() - 8, metrics.height())
            painter.drawText(label, text_flags, clock(hour * 60))

    def _paint_gaps(self, painter: QPainter, palette: QPalette, left: float) -> None:
        metrics = self.fontMetrics()
        _, width = self._columns()
        pen = QPen(secondary(palette), 1, Qt.PenStyle.DotLine)
        for gap in self._layout.gaps:
            top, bottom = self._y(gap.start), self._y(gap.end)
            if bottom - top < metrics.height() + 2:
                continue
            painter.setPen(pen)
            x = left + 8
            painter.drawLine(QPointF(x, top + 3), QPointF(x, bottom - 3))
            painter.setPen(secondary(palette))
            rect = QRectF(x + 6, top, width - 14, bottom - top)
            italic = QFont(self.font())
            italic.setItalic(True)
            painter.setFont(italic)
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            painter.drawText(rect, flags, free_text(gap.minutes))
            painter.setFont(self.font())

    def _paint_block(self, painter: QPainter, palette: QPalette, block: Block) -> None:
        rect = self._block_rect(block)
        entry = block.entry
        selected = block.item_id == self._selected
        path = QPainterPath()
        path.addRoundedRect(rect, 4, 4)
        fill = block_fill(entry.kind, palette)
        painter.fillPath(path, fill)
        if block.open_end:
            # No end time: the block fades out instead of stopping at an edge it does not have.
            fade = QLinearGradient(0, rect.bottom() - rect.height() / 2, 0, rect.bottom())
            fade.setColorAt(0, fill)
            fade.setColorAt(1, palette.color(QPalette.ColorRole.Base))
            painter.fillPath(path, QBrush(fade))
        strip = kind_colour(entry.kind, palette)
        painter.fillRect(QRectF(rect.left(), rect.top() + 2, _STRIP, rect.height() - 4), strip)
        overlapping = bool(self._layout.overlapping(block.item_id))
        if overlapping and not selected:
            painter.setPen(QPen(colour(Tone.ERROR, palette), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
        else:
            self._outline(painter, palette, path, selected)
        if overlapping and selected:
            edge = QRectF(rect.right() - 3, rect.top() + 2, 3, rect.height() - 4)
            painter.fillRect(edge, colour(Tone.ERROR, palette))

    def _paint_mark(self, painter: QPainter, palette: QPalette, item_id: str) -> None:
        rect = self.mark_rect(item_id)
        mark = self._marks.get(item_id)
        if rect is not None and mark is not None:
            paint_severity(painter, rect, mark.severity, palette)

    def _paint_block_text(
        self, painter: QPainter, palette: QPalette, block: Block, rect: QRectF
    ) -> None:
        metrics = self.fontMetrics()
        line = metrics.height()
        inner = rect.adjusted(_STRIP + 5, 2, -5, -2)
        if inner.width() < 8:
            return
        bold = QFont(self.font())
        bold.setBold(True)
        text_colour = palette.color(QPalette.ColorRole.Text)
        # Over a hatched clash the text keeps a patch of the block's own colour behind it.
        ground = (
            block_fill(block.entry.kind, palette)
            if self._layout.overlapping(block.item_id)
            else None
        )
        times = block_times(block)
        mark = self.mark_rect(block.item_id)
        # The first line leaves room for the problem icon in the corner.
        first = inner if mark is None else inner.adjusted(0, 0, -(rect.right() - mark.left()), 0)
        if inner.height() >= 2 * line:
            self._text(painter, first, block.entry.title, bold, text_colour, ground)
            faint = mixed(text_colour, palette.color(QPalette.ColorRole.Base), 0.25)
            self._text(painter, inner.adjusted(0, line, 0, 0), times, self.font(), faint, ground)
            return
        start = times.split("–")[0].split(" · ")[0]
        shift = self._text(painter, first, start, self.font(), text_colour, ground)
        shift += metrics.horizontalAdvance(" ")
        rest = first.adjusted(shift, 0, 0, 0)
        self._text(painter, rest, block.entry.title, bold, text_colour, ground)

    def _text(
        self,
        painter: QPainter,
        rect: QRectF,
        text: str,
        font: QFont,
        pen: QColor,
        ground: QColor | None,
    ) -> float:
        """One line at the top left of `rect`, elided to fit; returns its width."""
        metrics = QFontMetrics(font)
        shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(rect.width()))
        width = float(metrics.horizontalAdvance(shown))
        if width <= 0 or rect.height() <= 0:
            return 0.0
        line = QRectF(rect.left(), rect.top(), width, min(rect.height(), metrics.height()))
        if ground is not None:
            painter.fillRect(line.adjusted(-2, 0, 2, 0), ground)
        painter.setFont(font)
        painter.setPen(pen)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(line, int(flags), shown)
        painter.setFont(self.font())
        return width

    def _paint_overlaps(self, painter: QPainter, palette: QPalette) -> None:
        """Hatch where two entries that overlap share the screen, across both of them (an
        entry without an end is drawn its kind's usual length: so is the clash)."""
        blocks = {block.item_id: block for block in self._layout.blocks}
        error = colour(Tone.ERROR, palette)
        hatch = QBrush(error, Qt.BrushStyle.BDiagPattern)
        for overlap in self._layout.overlaps:
            one, other = blocks[overlap.first], blocks[overlap.second]
            top = self._y(max(one.top, other.top))
            bottom = self._y(min(one.bottom, other.bottom))
            for rect in (self._block_rect(one), self._block_rect(other)):
                band = QRectF(rect.left() + _STRIP, top, rect.width() - _STRIP, bottom - top)
                painter.fillRect(band & rect, hatch)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        order = self._layout.order()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if modifiers == Qt.KeyboardModifier.ControlModifier and key in _DAY_STEPS:
            self.day_requested.emit(_DAY_STEPS[key])
            event.accept()
            return
        if modifiers or not order:
            super().keyPressEvent(event)
            return
        if key in _MOVES:
            step = _MOVES[key]
            if self._selected is None:
                self._choose(order[0] if step > 0 else order[-1])
            else:
                index = order.index(self._selected) + step
                self._choose(order[max(0, min(index, len(order) - 1))])
        elif key == Qt.Key.Key_Home:
            self._choose(order[0])
        elif key == Qt.Key.Key_End:
            self._choose(order[-1])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._selected is not None:
            self.item_activated.emit(self._selected)
        elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
            sign = -1 if key == Qt.Key.Key_PageUp else 1
            self.scroll_bar.setValue(self.scroll_bar.value() + sign * self.scroll_bar.pageStep())
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _choose(self, item_id: str) -> None:
        """The person selected `item_id` here."""
        changed = item_id != self._selected
        self.select(item_id)
        if changed:
            self.item_selected.emit(item_id)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        item_id = self.item_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and item_id is not None:
            self._choose(item_id)
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        item_id = self.item_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and item_id is not None:
            self._choose(item_id)
            self.item_activated.emit(item_id)
            return
        super().mouseDoubleClickEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self._scrolls():
            QApplication.sendEvent(self.scroll_bar, event)
        else:
            super().wheelEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            item_id = self.item_at(QPointF(event.pos()))
            if item_id is None:
                QToolTip.hideText()
                event.ignore()
            else:
                rect = self.block_rect(item_id)
                area = rect.toAlignedRect() if rect is not None else self.rect()
                QToolTip.showText(event.globalPos(), self.sentence(item_id), self, area)
            return True
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._arrange()
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._arrange()
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.update()
        super().changeEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)

    def _describe_selection(self) -> None:
        """Tell screen readers what is selected (or, with nothing, what the day holds)."""
        if self._selected is not None:
            text = self.sentence(self._selected)
        else:
            text = (
                translate("DayTimeline", "{day}. {summary}.").format(
                    day=self._heading, summary=summary(self._layout)
                )
                if self._heading
                else ""
            )
            lines = {
                line
                for item_id in self._layout.order()
                if (mark := self._marks.get(item_id)) is not None
                for line in mark.lines
            }
            if text and lines:
                text += f" {count_text(len(lines))}."
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)

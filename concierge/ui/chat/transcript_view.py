"""The conversation transcript: committed Markdown blocks plus one live zone for the turn.

The live zone edits only the end of the document, so streaming costs the same with five
messages or five thousand. Older pages go into text frames made while the document is still
short: a frame inserted into a long document costs a scan of all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer
from PySide6.QtGui import (
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextFrameFormat,
)
from PySide6.QtWidgets import QTextBrowser, QWidget

from concierge.ui.i18n import translate
from concierge.ui.scroll_bars import use_steady_scroll_bars

SPEAKER_GAP_PX = 14
FRAME_MS = 33
"""Live-zone refresh interval: about 30 frames a second."""
OLDER_MARGIN_PX = 200
"""Older messages are inserted once the view is scrolled this close to the top."""

_FEATURES = (
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub
    | QTextDocument.MarkdownFeature.MarkdownNoHTML
)
"""GitHub Markdown without raw HTML: model output cannot inject markup or load resources."""


RESERVED_PAGES = 256
"""At most this many empty page frames are made up front (the cost of making them grows
with their square); pages beyond them get a frame as they come."""


def _page_frame(gap_below: int = 0) -> QTextFrameFormat:
    frame = QTextFrameFormat()
    frame.setBorder(0)
    frame.setMargin(0)
    frame.setPadding(0)
    frame.setBottomMargin(gap_below)
    return frame


_PAGE_FRAME = _page_frame()
"""A page of older messages: no border or spacing of its own, so it reads like the rest."""
_PAGE_ABOVE_PAGE = _page_frame(SPEAKER_GAP_PX)
"""A page above another page: a frame's edge drops the speaker heading's space above it."""


def _separator_formats() -> tuple[QTextBlockFormat, QTextCharFormat]:
    block = QTextBlockFormat()
    block.setLineHeight(0, QTextBlockFormat.LineHeightTypes.FixedHeight.value)
    chars = QTextCharFormat()
    chars.setFontPointSize(1)
    return block, chars


_SEPARATOR = _separator_formats()
"""The empty blocks Qt keeps around page frames, and an empty frame's own: no height, or
each reads as a blank line."""


def _flatten(cursor: QTextCursor) -> None:
    cursor.setBlockFormat(_SEPARATOR[0])
    cursor.setBlockCharFormat(_SEPARATOR[1])


def _first_block_format(markdown: str) -> QTextBlockFormat:
    scratch = QTextDocument()
    scratch.setMarkdown(markdown, _FEATURES)
    return scratch.begin().blockFormat()


class TranscriptView(QTextBrowser):
    """Read-only rendering of the conversation; `live_source` supplies the turn in progress."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        use_steady_scroll_bars(self)
        self.setObjectName("transcript")
        self.setAccessibleName(translate("TranscriptView", "Conversation"))
        self.setOpenExternalLinks(True)
        self.setOpenLinks(True)
        self._live_start: int | None = None
        self._live_source: Callable[[], str] | None = None
        self._live_text = ""
        """The live zone's source as last shown; appended to as plain text while it grows."""
        self._frame = QTimer(self)
        self._frame.setSingleShot(True)
        self._frame.setInterval(FRAME_MS)
        self._frame.timeout.connect(self._render_live)
        self.renders = 0
        """How many times the live zone was rendered (tests check the coalescing)."""
        self._older: Callable[[], Sequence[str] | None] | None = None
        self._empty_pages: list[QTextFrame] = []
        """Frames made for older pages, not filled yet; the next one to fill is last."""
        self._pages_above = 0
        self._older_timer = QTimer(self)
        self._older_timer.setSingleShot(True)
        self._older_timer.setInterval(0)
        self._older_timer.timeout.connect(self._show_older)
        self._inserting_older = False
        """A page is going in above: the range changes before the reader's place is kept,
        and that top-of-view moment must not ask for the next page."""
        self.verticalScrollBar().valueChanged.connect(self._maybe_show_older)
        self.verticalScrollBar().rangeChanged.connect(self._maybe_show_older)

    def show_blocks(
        self,
        blocks: Sequence[str],
        older: Callable[[], Sequence[str] | None] | None = None,
        older_pages: int = 0,
    ) -> None:
        """Replace everything with `blocks`. `older()` gives the page before what is shown
        (None when there is none), as the person scrolls near the top; `older_pages`: how
        many it will give at least (frames are made for them now)."""
        self.drop_live()
        self._older = older
        self._empty_pages = []
        self._pages_above = 0
        self.document().setMarkdown("\n\n".join(blocks), _FEATURES)
        self._space_speakers(0)
        if older is not None and older_pages > 0:
            self._empty_pages = self._make_page_frames(min(older_pages, RESERVED_PAGES))
        self._scroll_to_end()
        self._maybe_show_older()

    @property
    def has_older(self) -> bool:
        return self._older is not None

    def append_blocks(self, blocks: Sequence[str]) -> None:
        """Add committed blocks at the end, dropping any live zone; a reader scrolled up
        stays where they are."""
        follow = self._at_end()
        position = self.verticalScrollBar().value()
        self.drop_live()
        if blocks:
            self._insert_at_end("\n\n".join(blocks))
        if follow:
            self._scroll_to_end()
        else:
            self.verticalScrollBar().setValue(position)

    def start_live(self, source: Callable[[], str]) -> None:
        self.drop_live()
        self._live_source = source
        self._render_live()

    def live_changed(self) -> None:
        """Note that the live zone's source changed; it is redrawn within one frame."""
        if self._live_source is not None and not self._frame.isActive():
            self._frame.start()

    def _maybe_show_older(self) -> None:
        if (
            self._older is not None
            and not self._inserting_older
            and not self._older_timer.isActive()
            and self.verticalScrollBar().value() <= OLDER_MARGIN_PX
        ):
            self._older_timer.start()  # After this event: never inside a scroll or layout.

    def _show_older(self) -> None:
        """Insert the next page of older blocks at the top, keeping the reader's place."""
        if self._older is None:
            return
        blocks = self._older()
        if blocks is None:
            self._older = None
            self._empty_pages = []
            return
        if blocks:
            bar = self.verticalScrollBar()
            position, height = bar.value(), bar.maximum()
            self._inserting_older = True
            try:
                added = self._insert_at_start(blocks)
                if self._live_start is not None:
                    self._live_start += added
                bar.setValue(position + bar.maximum() - height)
            finally:
                self._inserting_older = False
        self._maybe_show_older()

    def _insert_at_start(self, blocks: Sequence[str]) -> int:
        """Fill the page frame above everything shown with `blocks`; return how long they
        made the document. A frame is laid out on its own: what is below only moves down."""
        document = self.document()
        length = document.characterCount()
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        frame = self._empty_pages.pop() if self._empty_pages else self._make_page_frames(1)[0]
        if self._pages_above:
            frame.setFrameFormat(_PAGE_ABOVE_PAGE)
        QTextCursor(frame.firstCursorPosition()).insertMarkdown("\n\n".join(blocks), _FEATURES)
        # Markdown inserted at a frame's start takes the frame's first block format, so
        # the page's first block (a speaker heading) gets its own back.
        QTextCursor(frame.firstCursorPosition()).setBlockFormat(_first_block_format(blocks[0]))
        self._space_speakers(frame.firstPosition(), frame.lastPosition())
        cursor.endEditBlock()
        self._pages_above += 1
        return document.characterCount() - length

    def _make_page_frames(self, count: int) -> list[QTextFrame]:
        """`count` empty frames without height, each above the one before, at the top of
        the document; the first one made (next to what is shown) is last in the list."""
        document = self.document()
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        first = cursor.block()
        moved = first.length() > 1
        if moved:  # Text at the very top: the frames go in a new block above.
            cursor.insertBlock(first.blockFormat(), first.charFormat())
            cursor.setPosition(0)
        cursor.setBlockFormat(QTextBlockFormat())
        cursor.setBlockCharFormat(QTextCharFormat())
        frames = []
        for _ in range(count):
            frame = QTextCursor(document).insertFrame(_PAGE_FRAME)
            for empty in (frame.firstPosition(), frame.lastPosition() + 1):
                _flatten(QTextCursor(document.findBlock(empty)))
            frames.append(frame)
        _flatten(QTextCursor(document))
        cursor.endEditBlock()
        if moved:  # Qt leaves the block moved below the frames without a layout (no lines).
            below = document.findBlock(frames[0].lastPosition() + 1).next()
            document.markContentsDirty(below.position(), below.length())
        frames.reverse()
        return frames

    def drop_live(self) -> None:
        self._frame.stop()
        if self._live_start is not None:
            self._cut_from(self._live_start)
        self._live_start = None
        self._live_source = None
        self._live_text = ""

    def _render_live(self, *, markdown: bool = False) -> None:
        if self._live_source is None:
            return
        text = self._live_source()
        follow = self._at_end()
        shown = self._live_text
        plain_from = getattr(text, "plain_from", None)
        if (
            not markdown
            and self._live_start is not None
            and plain_from is not None
            and 0 < plain_from <= len(shown)
            and text.startswith(shown)
        ):  # Only the streaming text grew: append it, leave what is shown alone.
            self._append_plain(text[len(shown) :])
        else:
            if self._live_start is not None:
                self._cut_from(self._live_start)
            self._live_start = self._insert_at_end(text)
        self._live_text = str(text)
        self.renders += 1
        if follow:
            self._scroll_to_end()

    def _insert_at_end(self, markdown: str) -> int:
        """Return where the insertion began."""
        document = self.document()
        cursor = QTextCursor(document)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        start = cursor.position()
        if not markdown:
            return start
        if not document.isEmpty():
            cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
        cursor.insertMarkdown(markdown, _FEATURES)
        self._space_speakers(start)
        return start

    def _append_plain(self, text: str) -> None:
        """Add `text` at the very end, as it is typed (no Markdown): the streaming tail."""
        if not text:
            return
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        plain = QTextCharFormat()
        for number, line in enumerate(text.split("\n")):
            if number:  # A plain paragraph, not a continuation of a heading or list item.
                cursor.insertBlock(QTextBlockFormat(), plain)
            if line:
                cursor.insertText(line, plain)

    def _space_speakers(self, position: int, end: int | None = None) -> None:
        """Put space above each speaker heading from `position` on, up to `end` if given
        (Markdown import adds none). One edit block: the layout runs once, not per heading."""
        block = self.document().findBlock(position)
        editing = QTextCursor(self.document())
        editing.beginEditBlock()
        while block.isValid() and (end is None or block.position() <= end):
            form = block.blockFormat()
            if form.headingLevel() and form.topMargin() < SPEAKER_GAP_PX:
                form.setTopMargin(SPEAKER_GAP_PX)
                QTextCursor(block).setBlockFormat(form)
            block = block.next()
        editing.endEditBlock()

    def _cut_from(self, position: int) -> None:
        if position == 0:
            self.document().clear()  # Also drops the first block's leftover format.
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(min(position, self.document().characterCount() - 1))
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()

    def link_text(self, href: str) -> str:
        """The text of the link to `href` (the last one, if several), or ""."""
        block = self.document().lastBlock()
        while block.isValid():
            iterator = block.begin()
            while not iterator.atEnd():
                piece = iterator.fragment()
                if piece.isValid() and piece.charFormat().anchorHref() == href:
                    return piece.text()
                iterator += 1
            block = block.previous()
        return ""

    def _at_end(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 4

    def _scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

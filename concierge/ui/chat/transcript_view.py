"""The conversation transcript: committed Markdown blocks plus one live zone for the turn.

Appending and replacing the live zone edit only the end of the document, so streaming costs
the same with five messages or five thousand. Live updates are coalesced by a frame timer
(about 30 Hz): callers may mark the zone dirty on every token.

While a turn streams, text that only extends what is shown is appended as plain text (cost
proportional to the new text, not to the whole answer); the live zone is rendered as
Markdown when it changes otherwise (a tool line, the stored answer) and when it is flushed,
and the turn's committed blocks replace it with Markdown once the turn ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer
from PySide6.QtGui import QTextBlockFormat, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from concierge.ui.scroll_bars import use_steady_scroll_bars

SPEAKER_GAP_PX = 14
FRAME_MS = 33
"""Live-zone refresh interval: about 30 frames a second."""

_FEATURES = (
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub
    | QTextDocument.MarkdownFeature.MarkdownNoHTML
)
"""GitHub Markdown without raw HTML: model output cannot inject markup or load resources."""


class TranscriptView(QTextBrowser):
    """Read-only rendering of the conversation; `live_source` supplies the turn in progress."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        use_steady_scroll_bars(self)
        self.setObjectName("transcript")
        self.setAccessibleName("Conversation")
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

    def show_blocks(self, blocks: Sequence[str]) -> None:
        """Replace everything with `blocks` (used when a conversation is loaded)."""
        self._end_live()
        self.document().setMarkdown("\n\n".join(blocks), _FEATURES)
        self._space_speakers(0)
        self._scroll_to_end()

    def append_blocks(self, blocks: Sequence[str]) -> None:
        """Add committed blocks after everything else; any live zone is dropped first."""
        self._end_live()
        if blocks:
            follow = self._at_end()
            self._insert_at_end("\n\n".join(blocks))
            if follow:
                self._scroll_to_end()

    def start_live(self, source: Callable[[], str]) -> None:
        """Begin a live zone whose Markdown `source()` returns; shown at once."""
        self._end_live()
        self._live_source = source
        self._render_live()

    def live_changed(self) -> None:
        """Note that the live zone's source changed; it is redrawn within one frame."""
        if self._live_source is not None and not self._frame.isActive():
            self._frame.start()

    def drop_live(self) -> None:
        """Remove the live zone without committing anything."""
        self._end_live()

    def flush_live(self) -> None:
        """Redraw the live zone now (at the end of a turn, so nothing shown is stale)."""
        if self._live_source is not None:
            self._frame.stop()
            self._render_live(markdown=True)

    def _end_live(self) -> None:
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
        """Insert `markdown` as new blocks at the end; return where the insertion began."""
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

    def _space_speakers(self, position: int) -> None:
        """Put space above each speaker heading from `position` on (Markdown import adds none)."""
        block = self.document().findBlock(position)
        while block.isValid():
            form = block.blockFormat()
            if form.headingLevel() and form.topMargin() < SPEAKER_GAP_PX:
                form.setTopMargin(SPEAKER_GAP_PX)
                QTextCursor(block).setBlockFormat(form)
            block = block.next()

    def _cut_from(self, position: int) -> None:
        if position == 0:
            self.document().clear()  # Also drops the first block's leftover format.
            return
        cursor = QTextCursor(self.document())
        cursor.setPosition(min(position, self._end_position()))
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()

    def _end_position(self) -> int:
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        return cursor.position()

    def _at_end(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 4

    def _scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

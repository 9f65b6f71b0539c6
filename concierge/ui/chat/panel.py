"""The chat panel: one conversation with the assistant, bound to a `Runnable`.

The history store is the truth: when a turn ends, what the store holds replaces the live
zone, so the transcript never claims a message was kept when it was not.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFileDialog, QMenu, QVBoxLayout, QWidget

from concierge.agent import (
    AbortController,
    AbortedError,
    AbortSignal,
    AgentEvent,
    AssistantMessage,
    HistoryStore,
    Message,
    PermissionRequest,
    Runnable,
    TurnResult,
    TurnStatus,
    UserMessage,
)
from concierge.agent.messages import awaits_answer
from concierge.store import DocumentRecord, DocumentRepository, SqliteHistoryStore, StoreError
from concierge.store.history_checks import HistoryProblem
from concierge.store.transcript_notes import NoteKeeper, NoteKind, TranscriptNote
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.views.person import person
from concierge.ui.wrapped_label import wrapped_label

from .attachment_errors import AttachmentError
from .composer import Composer, Draft
from .errors import describe_error
from .images import Attachment, attach_filter, read_attachment
from .live_turn import LiveTurn
from .markdown import history_blocks, note_block, step_effect
from .notices import ErrorBar, NoModelNotice
from .permission import PermissionBroker, PermissionPrompt
from .step_details import StepDetails, StepReader, nothing_changed, step_lines
from .suggestions import Suggestions
from .transcript_pages import TranscriptPages, interleave
from .transcript_view import TranscriptView
from .voice_bar import VoiceBar, share_slot, voice_button
from .voice_mode import VoiceMode

log = logging.getLogger(__name__)

UNANSWERED_TEXT = QT_TRANSLATE_NOOP("ChatPanel", "Your last message has not been answered yet.")
STOPPED_TEXT = QT_TRANSLATE_NOOP(
    "ChatPanel", "Stopped before the assistant finished. Retry continues from your last message."
)
STOPPED_NOTE = "Stopped before the assistant answered."
"""Kept with a stop that kept nothing; the transcript shows such a note as "Stopped."."""
FROM_DISK_TEXT = QT_TRANSLATE_NOOP("ChatPanel", "A file on this computer…")


class TurnOutcome:
    COMPLETED = "completed"
    ITERATION_LIMIT = "iteration_limit"
    STOPPED = "stopped"
    FAILED = "failed"


@dataclass
class _Turn:
    controller: AbortController
    live: LiveTurn
    draft: Draft | None
    """What was sent; None for a retry, which sends nothing new."""


class ChatPanel(QWidget):
    """Transcript, inline permission prompts, notices and the composer for one conversation;
    `ask` is the agent's `permission_handler`."""

    settings_requested = Signal()
    history_loaded = Signal()
    turn_started = Signal()
    turn_finished = Signal(str)
    """The outcome: "completed", "iteration_limit", "stopped" or "failed"."""
    task_failed = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatPanel")
        self.setAccessibleName(translate("ChatPanel", "Assistant chat"))
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self.task_failed)
        self.transcript = TranscriptView(self)
        self.transcript.anchorClicked.connect(self._open_link)
        self.step_reader: StepReader | None = None
        """What a step of the assistant's wrote, to show when it is opened (the window's
        change history); without it a step opens to say it changed nothing."""
        self.prompt_area = QWidget(self)
        self._prompt_layout = QVBoxLayout(self.prompt_area)
        self._prompt_layout.setContentsMargins(0, 0, 0, 0)
        self.prompt_area.hide()
        self.model_line = wrapped_label(
            self, name="chatModel", accessible=translate("ChatPanel", "Model"), hidden=True
        )
        self.suggestions = Suggestions(self)
        self.notice = NoModelNotice(self.tasks, self)
        self.error_bar = ErrorBar(self)
        self.composer = Composer(self)
        self.voice = VoiceMode(self.tasks, self)
        self.voice_bar = VoiceBar(self.voice, self)
        self.voice_button = voice_button(self.voice, self.composer, self)
        share_slot(self.composer.button_row, self.composer.busy, self.voice_button)
        QWidget.setTabOrder(self.composer.attach_button, self.voice_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.model_line)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.suggestions)
        layout.addWidget(self.prompt_area)
        layout.addWidget(self.notice)
        layout.addWidget(self.error_bar)
        layout.addWidget(self.voice_bar)
        layout.addWidget(self.composer)
        self.setFocusProxy(self.composer.edit)

        self.permissions = PermissionBroker(self.prompt_area, self._show_prompt)
        self._runnable: Runnable | None = None
        self._tool_titles: dict[str, str] = {}
        self._history: HistoryStore | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._turn: _Turn | None = None
        self._shown = 0
        """How many stored messages the transcript shows."""
        self._loading = False
        self._loaded = asyncio.Event()
        self._binding = False
        """An assistant is being connected (`set_binding`): Send waits for it."""
        self._send_waiting = False
        """Send was asked for while binding: the message goes once it is bound and loaded."""
        self._generation = 0
        self._documents: DocumentRepository | None = None
        self._trip_id: str | None = None
        self.attach_menu: QMenu | None = None
        """The list of the trip's documents to attach, while it is open."""
        self._voice_zone = False
        """The transcript's live zone shows the voice session's partial transcripts."""
        self.server_is_local = False
        """The model server runs on this computer: a long silence may be a model loading."""
        self._silence_clock = QTimer(self)
        self._silence_clock.setInterval(1000)
        self._silence_clock.timeout.connect(self._show_silence)

        stop = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        stop.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        # Listed under Help ▸ Keyboard shortcuts.
        stop.setWhatsThis(translate("ChatPanel", "Stop the answer"))
        stop.activated.connect(self.stop)
        self.notice.settings_requested.connect(self.settings_requested)
        self.suggestions.chosen.connect(self.send_text)
        self.error_bar.retry_requested.connect(self.retry)
        self.composer.send_requested.connect(self.send)
        self.composer.stop_requested.connect(self.stop)
        self.composer.attach_requested.connect(self.open_attach_menu)
        self.composer.changed.connect(self._update_controls)
        self.voice.state_changed.connect(self._update_controls)
        self.voice.live_changed.connect(self._show_voice_live)
        self.voice.stored.connect(self.show_stored)
        self.voice.problem.connect(lambda text: self.error_bar.show_error(text))
        self._update_controls()

    @property
    def runnable(self) -> Runnable | None:
        return self._runnable

    @property
    def busy(self) -> bool:
        return self._turn is not None

    @property
    def loading(self) -> bool:
        """The conversation is being read from its store; Send waits for it."""
        return self._loading

    def set_runnable(
        self,
        runnable: Runnable | None,
        history: HistoryStore | None,
        tool_titles: Mapping[str, str] | None = None,
    ) -> None:
        """(Re)bind to an assistant and a conversation, stopping a running turn; `None`
        shows how to connect a model."""
        self._abandon_turn()
        self.voice.end()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._runnable = runnable
        self._tool_titles = dict(tool_titles or {})
        self.voice.tool_titles = self._tool_titles
        if runnable is not None:
            self._unsubscribe = runnable.subscribe(self._on_event)
        self._generation += 1
        self.error_bar.clear()
        self._history = history
        self._loading = True
        self._loaded.clear()
        self.tasks.start(self._load(self._generation), name="load conversation")
        self._update_controls()

    def set_binding(self, binding: bool) -> None:
        """Whether an assistant is being connected (at start-up, once the window is up): a
        message sent meanwhile waits in the box and goes once it is bound, instead of the
        window telling the person that no model is connected."""
        self._binding = binding
        self._update_controls()
        if not binding:
            self._send_if_waiting()

    def _send_if_waiting(self) -> None:
        if self._send_waiting and not self._binding and not self._loading:
            self._send_waiting = False
            self.send()

    async def ready(self) -> None:
        """Return once the conversation is shown and Send works (at once if nothing loads)."""
        while self._loading:
            await self._loaded.wait()

    async def _load(self, generation: int) -> None:
        """Show the conversation's latest page; older pages follow as the person scrolls up."""
        history = self._history
        try:
            messages = await history.load() if history is not None else []
            keeper = _note_keeper(history)
            notes = await keeper.notes() if keeper is not None else []
        except Exception as error:
            if generation == self._generation:
                self._loading = False
                self._loaded.set()
                self.error_bar.show_error(describe_error(error))
                self._update_controls()
            return
        if generation != self._generation:
            return
        pages = TranscriptPages(interleave(messages, notes), self._tool_titles)
        latest = pages.older() or []
        self.transcript.show_blocks(latest, pages.older, pages.pages_at_least)
        if isinstance(history, SqliteHistoryStore) and history.problems:
            self.transcript.append_blocks([note_block(NoteKind.ERROR, left_out(history.problems))])
        self._shown = len(messages)
        self._loading = False
        self._loaded.set()
        if self._runnable is not None and awaits_answer(messages):
            self.error_bar.show_error(_waiting_text(notes, len(messages)), can_retry=True)
        self._update_controls()
        self.history_loaded.emit()
        self._send_if_waiting()

    def send(self) -> None:
        draft = self.composer.draft()
        runnable = self._runnable
        if self._binding and self._turn is None and not draft.empty:
            self._send_waiting = True
            return
        if runnable is None or self._turn is not None or self._loading or draft.empty:
            return
        if self.voice.active:
            return  # Voice turns and typed turns share the conversation: one at a time.
        self.composer.clear()
        content = draft.content()
        self._begin(draft, lambda signal: runnable.process_request(content, signal))

    def send_text(self, text: str) -> None:
        """Send `text` as if the person had typed it (a suggestion picked)."""
        self.composer.edit.setPlainText(text)
        self.send()

    def set_suggestions(self, texts: Sequence[str]) -> None:
        """What the empty chat offers to ask, before the first message."""
        self.suggestions.set_texts(texts)
        self._update_controls()

    def show_model(self, text: str) -> None:
        """The model in use and what it can do, above the transcript; empty hides it."""
        self.model_line.setText(text)
        self.model_line.setAccessibleDescription(text)
        self.model_line.setVisible(bool(text))

    def retry(self) -> None:
        """Ask again from stored history: the person's message is already there."""
        runnable = self._runnable
        if runnable is None or self._turn is not None or self._loading:
            return
        self._begin(None, runnable.retry)

    def stop(self) -> None:
        """Abort the running turn (Stop or Esc); open permission prompts are denied. In
        voice mode: silence the assistant."""
        self.voice.interrupt()
        if self._turn is None:
            return
        self._turn.controller.abort("stopped by the person")
        self.permissions.deny_all()

    async def ask(self, request: PermissionRequest) -> bool:
        """An inline prompt, answered without a modal loop; a stopped turn gets "no" at
        once, also for prompts it would open afterwards."""
        turn = self._turn
        if turn is not None and turn.controller.signal.aborted:
            return False
        if turn is not None:
            turn.live.tool_waiting(request.call_id)
            self.transcript.live_changed()
        return await self.permissions.ask(request)

    def _begin(
        self, draft: Draft | None, call: Callable[[AbortSignal], Awaitable[TurnResult]]
    ) -> None:
        turn = _Turn(
            AbortController(),
            LiveTurn(draft.content() if draft else None, self._tool_titles),
            draft,
        )
        self._turn = turn
        self.error_bar.clear()
        self.transcript.start_live(turn.live.markdown)
        self._silence_clock.start()
        self._update_controls()
        self.turn_started.emit()
        self.tasks.start(self._run(turn, call(turn.controller.signal)), name="chat turn")

    async def _run(self, turn: _Turn, call: Awaitable[TurnResult]) -> None:
        note: tuple[NoteKind, str] | None = None
        shown_error: str | None = None
        try:
            result = await call
        except AbortedError:
            outcome = TurnOutcome.STOPPED
            note = (NoteKind.STOPPED, STOPPED_NOTE)
        except asyncio.CancelledError:
            self.permissions.deny_all()
            raise
        except Exception as error:
            outcome = TurnOutcome.FAILED
            shown_error = describe_error(error)
            note = (NoteKind.ERROR, shown_error)
        else:
            if result.status is TurnStatus.ITERATION_LIMIT:
                outcome = TurnOutcome.ITERATION_LIMIT
                note = (NoteKind.LIMIT, result.message)
            else:
                outcome = TurnOutcome.COMPLETED
        self.permissions.deny_all()
        if turn is not self._turn:
            return  # The panel was rebound meanwhile; this turn's conversation is gone.
        self._silence_clock.stop()
        messages = await self._settle(turn, note)
        if turn is not self._turn:
            return
        self._turn = None
        can_retry = messages is not None and awaits_answer(messages)
        if shown_error is not None:
            self.error_bar.show_error(shown_error, can_retry=can_retry)
        elif outcome == TurnOutcome.STOPPED and can_retry:
            self.error_bar.show_error(STOPPED_TEXT, can_retry=True)
        self._update_controls()
        self.turn_finished.emit(outcome)

    async def _settle(self, turn: _Turn, note: tuple[NoteKind, str] | None) -> list[Message] | None:
        """Show what the store now holds and how the turn ended; give back a draft that was
        not kept. None when the store could not be read."""
        history = self._history
        try:
            messages = await history.load() if history is not None else None
        except Exception as error:
            log.warning("could not reload the conversation after a turn", exc_info=error)
            messages = None
        if messages is None:
            notes = [note_block(*note)] if note is not None else []
            self.transcript.append_blocks([turn.live.markdown(), *notes])
            return None
        added: list[Message | TranscriptNote] = list(messages[self._shown :])
        if note is not None and note[0] is NoteKind.STOPPED and _kept_stopped_answer(added):
            note = None  # The stopped answer shows that it was stopped.
        if note is not None:
            added.append(await self._keep_note(history, *note))
        self.transcript.append_blocks(history_blocks(added, self._tool_titles))
        self._shown = len(messages)
        draft = turn.draft
        if draft is not None and not _stored(added, draft):
            self.composer.restore(draft)
        return messages

    async def _keep_note(
        self, history: HistoryStore | None, kind: NoteKind, text: str
    ) -> TranscriptNote:
        """The note as stored, or as shown only when the store cannot keep it."""
        keeper = _note_keeper(history)
        if keeper is not None:
            try:
                return await keeper.add_note(kind, text)
            except Exception as error:
                log.warning("could not keep a note in the conversation", exc_info=error)
        return TranscriptNote("", kind, text, self._shown)

    def _abandon_turn(self) -> None:
        """Stop the running turn and forget it: its conversation is about to be reloaded."""
        self.permissions.deny_all()
        if self._turn is None:
            return
        self._turn.controller.abort("the conversation was changed")
        self._turn = None
        self._silence_clock.stop()
        self.transcript.drop_live()

    def _on_event(self, event: AgentEvent) -> None:
        if self._turn is not None and self._turn.live.apply(event, time.monotonic()):
            self.transcript.live_changed()

    def _open_link(self, url: QUrl) -> None:
        effect = step_effect(url.toString())
        if effect is not None:
            title = self.transcript.link_text(url.toString())
            self.tasks.start(self._open_step(effect, title), name="open a step")

    async def _open_step(self, effect: str, title: str) -> None:
        """Show what the step `effect` changed, in the undo menu's words."""
        step = await self.step_reader(effect) if self.step_reader is not None else None
        lines = step_lines(step) if step is not None else [nothing_changed()]
        StepDetails(title, lines, self).open()

    def _show_silence(self) -> None:
        """Each second of a turn: count the model server's silence up in the live turn."""
        turn = self._turn
        if turn is not None and turn.live.show_silence(
            time.monotonic(), local=self.server_is_local
        ):
            self.transcript.live_changed()

    def show_stored(self) -> asyncio.Task[None]:
        """Show what the store holds beyond what is shown (a voice turn was stored)."""
        return self.tasks.start(self._show_stored(self._generation), name="show voice turns")

    async def _show_stored(self, generation: int) -> None:
        history = self._history
        if history is None or self._loading or self._turn is not None:
            return
        try:
            messages = await history.load()
        except Exception as error:
            log.warning("could not read the conversation after a voice turn", exc_info=error)
            return
        if generation != self._generation or len(messages) <= self._shown:
            return
        added = messages[self._shown :]
        self._shown = len(messages)
        self.transcript.append_blocks(history_blocks(added, self._tool_titles))
        self._voice_zone = False  # appending ended the live zone
        self._show_voice_live()
        self._update_controls()  # The chat is no longer empty: no suggestions.

    def _show_voice_live(self) -> None:
        if self._turn is not None:
            return
        if self.voice.has_live and self._voice_zone:
            self.transcript.live_changed()
        elif self.voice.has_live:
            self.transcript.start_live(self.voice.live_markdown)
            self._voice_zone = True
        elif self._voice_zone:
            self.transcript.drop_live()
            self._voice_zone = False

    def set_documents(self, documents: DocumentRepository | None, trip_id: str | None) -> None:
        """The trip whose documents Attach offers; a file chosen from disk is attached to it
        too. Attached files are sent only with the message they are attached to."""
        self._documents, self._trip_id = documents, trip_id

    def open_attach_menu(self) -> asyncio.Task[None]:
        """Attach (Ctrl+Shift+A): a list of the trip's documents and "a file on this
        computer" (Up/Down, Enter); straight to the file dialog when the trip has none."""
        return self.tasks.start(self._open_attach_menu(), name="list documents to attach")

    async def _open_attach_menu(self) -> None:
        documents, trip_id = self._documents, self._trip_id
        records: list[DocumentRecord] = []
        if documents is not None and trip_id is not None:
            try:
                records = await documents.for_trip(trip_id)
            except StoreError as error:
                self.error_bar.show_error(shown_error(error))
                return
        if (documents, trip_id) != (self._documents, self._trip_id):
            return  # Another trip was chosen meanwhile.
        if not records:
            self.open_attach_dialog()
            return
        if self.attach_menu is not None:
            self.attach_menu.close()
        menu = QMenu(self)
        menu.setObjectName("attachMenu")
        menu.setAccessibleName(translate("ChatPanel", "Attach a document"))
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for record in records:
            action = menu.addAction(record.file_name)
            action.triggered.connect(lambda _=False, chosen=record: self.attach_document(chosen))
        menu.addSeparator()
        menu.addAction(shown(FROM_DISK_TEXT)).triggered.connect(lambda: self.open_attach_dialog())
        menu.destroyed.connect(lambda: self._forget_menu(menu))
        self.attach_menu = menu
        button = self.composer.attach_button
        height = menu.sizeHint().height()
        menu.popup(button.mapToGlobal(QPoint(0, -height)))
        menu.setActiveAction(menu.actions()[0])

    def _forget_menu(self, menu: QMenu) -> None:
        if self.attach_menu is menu:
            self.attach_menu = None

    def open_attach_dialog(self) -> QFileDialog:
        """A non-modal file dialog (`open()`, never `exec()`); chosen files are attached."""
        dialog = QFileDialog(self, translate("ChatPanel", "Attach a document or image"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.setNameFilter(attach_filter())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.filesSelected.connect(self._attach_files)
        dialog.open()
        return dialog

    def attach_file(self, path: str | Path) -> asyncio.Task[None]:
        """Read a PDF or image in a worker thread, attach it to the trip (when there is
        one) and show it as a chip when it is ready."""
        return self.tasks.start(self._attach_from_disk(Path(path)), name="attach file")

    def attach_document(self, record: DocumentRecord) -> asyncio.Task[None]:
        return self.tasks.start(self._attach_stored(record), name="attach document")

    def _attach_files(self, paths: Sequence[str]) -> None:
        for path in paths:
            self.attach_file(path)

    async def _attach_from_disk(self, path: Path) -> None:
        attachment = await self._read(path, path.name)
        documents, trip_id = self._documents, self._trip_id
        if attachment is None:
            return
        if documents is not None and trip_id is not None:
            try:
                await documents.attach(path, trip_id=trip_id, context=person())
            except StoreError as error:
                self.error_bar.show_error(shown_error(error))
                return
        self._add_attachment(attachment)

    async def _attach_stored(self, record: DocumentRecord) -> None:
        documents = self._documents
        if documents is None:
            return
        try:
            path = documents.path_of(record)
        except StoreError as error:
            self.error_bar.show_error(shown_error(error))
            return
        attachment = await self._read(path, record.file_name)
        if attachment is not None:
            self._add_attachment(attachment)

    async def _read(self, path: Path, name: str) -> Attachment | None:
        try:
            return await asyncio.to_thread(read_attachment, path, name)
        except AttachmentError as error:
            self.error_bar.show_error(str(error))
            return None

    def _add_attachment(self, attachment: Attachment) -> None:
        self.composer.add_attachment(attachment)
        self.composer.edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_prompt(self, prompt: PermissionPrompt) -> None:
        self._prompt_layout.addWidget(prompt)
        self.prompt_area.show()
        QWidget.setTabOrder(self.transcript, prompt.deny_button)
        QWidget.setTabOrder(prompt.deny_button, prompt.allow_button)
        prompt.destroyed.connect(self._hide_empty_prompt_area)

    def _hide_empty_prompt_area(self) -> None:
        if not self.permissions.prompts:
            self.prompt_area.hide()

    def _update_controls(self) -> None:
        bound = self._runnable is not None
        idle = self._turn is None and not self._loading
        self.notice.setVisible(not bound and not self._binding)
        self.suggestions.setVisible(  # Not over a draft: picking one would replace it.
            bound
            and idle
            and self._shown == 0
            and bool(self.suggestions.buttons)
            and self.composer.draft().empty
        )
        self.composer.set_busy(self._turn is not None)
        if self.voice.active:
            self.composer.stop_button.setEnabled(True)  # Stop silences the assistant
        sendable = (bound and idle) or (self._binding and self._turn is None)
        self.composer.send_button.setEnabled(
            sendable and not self.voice.active and not self.composer.draft().empty
        )
        self.voice_button.setVisible(self._turn is None)
        self.voice_button.setEnabled(self.voice.active or (bound and idle))
        self.error_bar.retry_button.setEnabled(bound and idle)

    async def shutdown(self) -> None:
        if self._turn is not None:
            self._turn.controller.abort("the app is closing")
        self.permissions.deny_all()
        await self.voice.shutdown()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self.tasks.shutdown()
        self._turn = None


def _note_keeper(history: object) -> NoteKeeper | None:
    return history if isinstance(history, NoteKeeper) else None


def _waiting_text(notes: Sequence[TranscriptNote], message_count: int) -> str:
    """Why the last request has no answer: the note after it, if it has one."""
    last = notes[-1] if notes else None
    if last is None or last.after < message_count:
        return UNANSWERED_TEXT
    if last.kind is NoteKind.ERROR:
        return last.text
    if last.kind is NoteKind.STOPPED:
        return STOPPED_TEXT
    return UNANSWERED_TEXT


def _kept_stopped_answer(added: Sequence[Message | TranscriptNote]) -> bool:
    return any(isinstance(m, AssistantMessage) and m.stopped for m in added)


def _stored(added: Sequence[Message | TranscriptNote], draft: Draft) -> bool:
    content = tuple(draft.content())
    return any(
        isinstance(m, UserMessage) and m.provenance is None and m.content == content for m in added
    )


def left_out(problems: Sequence[HistoryProblem]) -> str:
    """Why stored rows of the conversation are not shown nor sent to the model."""
    count = len(problems)
    one = (
        translate("ChatPanel", "it {reason}")
        if count == 1
        else translate("ChatPanel", "one {reason}")
    )
    reasons = "; ".join(
        dict.fromkeys(one.format(reason=shown(problem.reason)) for problem in problems)
    )
    if count == 1:
        return translate(
            "ChatPanel",
            "1 stored message of this conversation was left out as damaged or forged ({reasons}).",
        ).format(reasons=reasons)
    return translate(
        "ChatPanel",
        "{count} stored messages of this conversation were left out as damaged or forged "
        "({reasons}).",
    ).format(count=count, reasons=reasons)

"""Conversation pieces as Markdown for the transcript: one pure function per kind of block.

The person's own text is escaped so it reads exactly as typed; the assistant's answer is
Markdown by intent and is rendered as such.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import quote, unquote

from concierge.agent import (
    AssistantMessage,
    ContentPart,
    DocumentPart,
    ImagePart,
    Message,
    Provenance,
    TextPart,
    ToolResult,
    ToolStatus,
    UserMessage,
    VideoPart,
    summary_text,
)
from concierge.agent.messages import effect_id
from concierge.model.settings import ASSISTANT_ANSWER_CAP
from concierge.store.transcript_notes import NoteKind, TranscriptNote
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate
from concierge.ui.setting_labels import setting_name

from .counts import grouped

SUMMARIZED = QT_TRANSLATE_NOOP("Transcript", "Earlier messages were summarized for the assistant.")
SUMMARY_LINK = "#earlier-messages-summary"
"""A fragment with no anchor behind it: following it leaves the transcript where it is."""
STEP_LINK = "#step-"
"""A step's link: this, then its tool call's effect id (the change-log group it wrote)."""
STEP_HINT = QT_TRANSLATE_NOOP("Transcript", "Open to see what this step changed")

_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()#+\-.!<>|~\"'&:=$%@^/,;?])")
_ERROR_PREVIEW = 160
_SUMMARY_PREVIEW = 3_000


def escape(text: str) -> str:
    """Literal text: Markdown punctuation escaped, line breaks and indentation kept."""
    lines = []
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        indent = "\u00a0" * (len(line) - len(stripped))
        lines.append(indent + _PUNCTUATION.sub(r"\\\1", stripped))
    return "\\\n".join(lines)


# Speaker labels are small headings: they space the messages apart and can be navigated.
def you_heading() -> str:
    return "#### " + translate("Transcript", "You")


def assistant_heading() -> str:
    return "#### " + translate("Transcript", "Assistant")


def stopped_line() -> str:
    return "*" + translate("Transcript", "Stopped.") + "*"


def user_block(content: Sequence[ContentPart]) -> str:
    pieces: list[str] = []
    for part in content:
        if isinstance(part, TextPart):
            if part.text.strip():
                pieces.append(escape(part.text.strip("\n")))
        elif isinstance(part, ImagePart):
            named = f" {escape(part.name)}" if part.name else ""
            pieces.append("🖼️ [" + translate("Transcript", "image") + "]" + named)
        elif isinstance(part, DocumentPart):
            pieces.append("📄 [" + translate("Transcript", "document") + "] " + escape(part.name))
        elif isinstance(part, VideoPart):
            pieces.append("🎞️ [" + translate("Transcript", "video") + "]")
    return "\n\n".join([you_heading(), *pieces])


def assistant_block(text: str) -> str:
    return f"{assistant_heading()}\n\n{text.strip()}"


def tool_line(name: str, state: str, titles: Mapping[str, str]) -> str:
    """ "Change the trip — done": the tool's title, or its name in words if it has none
    (a conversation shown before an assistant is bound, a tool since removed)."""
    title = shown(titles.get(name) or name.replace("_", " ").capitalize())
    return f"{escape(title)} — {state}"


def step_line(name: str, state: str, titles: Mapping[str, str], effect: str | None) -> str:
    """A step of the assistant's turn; with the `effect` id of its call, a link that opens
    what it changed (`step_effect` reads the id back)."""
    line = tool_line(name, state, titles)
    if effect is None:
        return line
    return f'[{line}]({STEP_LINK}{quote(effect, safe="")} "{shown(STEP_HINT)}")'


def step_effect(link: str) -> str | None:
    """The effect id a step's link names, or None for any other link."""
    _, found, effect = link.partition(STEP_LINK)
    return unquote(effect) if found and effect else None


def step_effects(messages: Iterable[Message | TranscriptNote]) -> dict[str, str]:
    """Tool result id → the effect id of the call it answers, for the calls in `messages`."""
    calls: dict[str, str] = {}
    effects: dict[str, str] = {}
    for message in messages:
        if isinstance(message, AssistantMessage):
            calls.update({call.id: effect_id(message, call) for call in message.tool_calls})
        elif isinstance(message, ToolResult) and message.tool_call_id in calls:
            effects[message.id] = calls[message.tool_call_id]
    return effects


def tool_result_state(result: ToolResult) -> str:
    """'done', 'stopped' or 'error: <first line of the message>'."""
    if result.status is ToolStatus.OK:
        return translate("Transcript", "done")
    if result.status is ToolStatus.ABORTED:
        return translate("Transcript", "stopped")
    first = (
        result.content.strip().splitlines()[0]
        if result.content.strip()
        else translate("Transcript", "failed")
    )
    if len(first) > _ERROR_PREVIEW:
        first = first[: _ERROR_PREVIEW - 1] + "…"
    return translate("Transcript", "error: {message}").format(message=escape(first))


def error_line(text: str) -> str:
    return f"⚠️ {escape(text)}"


def note_block(kind: NoteKind, text: str) -> str:
    """A transcript note: an error, a stop that kept nothing, a turn cut short."""
    if kind is NoteKind.ERROR:
        return error_line(shown(text))
    if kind is NoteKind.STOPPED:
        return stopped_line()
    return f"*{escape(shown(text))}*"


def capped_line(message: AssistantMessage) -> str:
    """Why an answer ends mid-way when it reached the cap it was sent, and where to raise it."""
    used = message.usage.completion_tokens if message.usage is not None else 0
    cap = setting_name(ASSISTANT_ANSWER_CAP)
    if used:
        line = translate(
            "Transcript",
            "Cut short: the answer reached the longest answer allowed ({tokens} tokens). "
            "Raise “{setting}” in Settings for longer answers.",
        ).format(tokens=grouped(used), setting=cap)
    else:
        line = translate(
            "Transcript",
            "Cut short: the answer reached the longest answer allowed. "
            "Raise “{setting}” in Settings for longer answers.",
        ).format(setting=cap)
    return f"*{line}*"


def answer_body(message: AssistantMessage) -> str | None:
    """An answer's text as the transcript shows it, with why it ends where it ends (stopped,
    cut off, capped); None when there is nothing to show."""
    text = message.text.strip()
    if message.stopped:
        ending = stopped_line()
    elif message.incomplete:
        ending = "*" + translate("Transcript", "Cut off: the answer did not arrive whole.") + "*"
    elif message.reached_cap:
        ending = capped_line(message)
    else:
        return text or None
    return "\n\n".join(part for part in (text, ending) if part)


def summary_note(summary: UserMessage) -> str:
    """A muted note where a compaction happened, the summary in its tooltip; the messages it
    stands in for stay above it. The tooltip is escaped rich text on one line, since a line
    break in the link's title could start a list and break the link apart.
    """
    text = summary_text(summary)
    if len(text) > _SUMMARY_PREVIEW:
        text = text[: _SUMMARY_PREVIEW - 1] + "…"
    rich = "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"
    title = rich.replace("\\", "\\\\")  # html.escape left no quotes; backslashes remain.
    return f'*[{shown(SUMMARIZED)}]({SUMMARY_LINK} "{title}")*'


def history_blocks(
    messages: Sequence[Message | TranscriptNote],
    titles: Mapping[str, str] | None = None,
    effects: Mapping[str, str] | None = None,
    *,
    speaking: bool = False,
) -> list[str]:
    """Stored messages and notes as transcript blocks, tools by their `titles` (name →
    title); consecutive compaction summaries collapse into the newest note. A turn's answers
    and steps read as the assistant's, under one heading, in the order they happened; each
    step links to what its call changed (`effects`: tool result id → effect id, else found
    in `messages`). `speaking`: the assistant's turn is already under way above them (a
    page that begins mid-turn), so it goes on without another heading.
    """
    effects = step_effects(messages) if effects is None else effects
    blocks: list[str] = []
    note_at: int | None = None
    for message in messages:
        said: str | None = None
        if isinstance(message, TranscriptNote):
            blocks.append(note_block(message.kind, message.text))
        elif isinstance(message, UserMessage) and message.provenance is Provenance.COMPACTION:
            if note_at == len(blocks) - 1:
                blocks.pop()
            blocks.append(summary_note(message))
            note_at = len(blocks) - 1
        elif message.provenance is not None:
            continue
        elif isinstance(message, UserMessage):
            blocks.append(user_block(message.content))
        elif isinstance(message, AssistantMessage):
            said = answer_body(message)
            if said is None:
                continue
        else:
            state = tool_result_state(message)
            said = step_line(message.tool_name, state, titles or {}, effects.get(message.id))
        if said is not None:
            blocks.append(said if speaking else f"{assistant_heading()}\n\n{said}")
        speaking = said is not None
    return blocks


def turn_goes_on(entries: Sequence[Message | TranscriptNote], end: int) -> bool:
    """Whether the assistant's turn is under way after `entries[:end]` (what `history_blocks`
    shows of them ends with its answer or a step): a page from `end` on needs no heading."""
    for index in range(end - 1, -1, -1):
        entry = entries[index]
        if isinstance(entry, TranscriptNote) or (
            isinstance(entry, UserMessage) and entry.provenance is Provenance.COMPACTION
        ):
            return False
        if entry.provenance is not None:
            continue
        if isinstance(entry, AssistantMessage):
            if answer_body(entry) is None:
                continue
            return True
        return isinstance(entry, ToolResult)
    return False

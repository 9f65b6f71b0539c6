"""Conversation pieces as Markdown for the transcript: one pure function per kind of block.

The person's own text is escaped so it reads exactly as typed; the assistant's answer is
Markdown by intent and is rendered as such.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence

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
from concierge.model.settings import ASSISTANT_ANSWER_CAP
from concierge.store.transcript_notes import NoteKind, TranscriptNote
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate
from concierge.ui.setting_labels import setting_name

from .counts import grouped

SUMMARIZED = QT_TRANSLATE_NOOP("Transcript", "Earlier messages were summarized for the assistant.")
SUMMARY_LINK = "#earlier-messages-summary"
"""A fragment with no anchor behind it: following it leaves the transcript where it is."""

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


def stopped_block(text: str) -> str:
    """What the person read of an answer they stopped, and a line saying it was cut off."""
    return f"{assistant_block(text)}\n\n{stopped_line()}"


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
    messages: Iterable[Message | TranscriptNote], titles: Mapping[str, str] | None = None
) -> list[str]:
    """Stored messages and notes as transcript blocks, tools by their `titles` (name →
    title); consecutive compaction summaries collapse into the newest note.
    """
    blocks: list[str] = []
    note_at: int | None = None
    for message in messages:
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
            if message.stopped:
                blocks.append(stopped_block(message.text))
            elif message.incomplete:
                cut_off = translate("Transcript", "Cut off: the answer did not arrive whole.")
                blocks.append(f"{assistant_block(message.text)}\n\n*{cut_off}*")
            elif message.reached_cap:
                blocks.append(f"{assistant_block(message.text)}\n\n{capped_line(message)}")
            elif message.text.strip():
                blocks.append(assistant_block(message.text))
        else:
            blocks.append(tool_line(message.tool_name, tool_result_state(message), titles or {}))
    return blocks

"""The app's settings, each declared once with how the Settings dialog shows it.

Code reads and writes a setting through its declaration (`await settings.get(MODEL_NAME)`), so a
typo is a NameError rather than a silently new key, and the value has the declared type."""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, Generic, TypeVar, get_args, get_origin

from pydantic import AfterValidator, Field, TypeAdapter

from concierge.agent.model_input import SnapshotLayout
from concierge.agent.voice_events import TurnDetection
from concierge.text import QT_TRANSLATE_NOOP

from .field_kinds import CurrencyCode

T = TypeVar("T")


class Section(StrEnum):
    """Where a setting shows in the Settings dialog, in this order."""

    MODEL = "model"
    """The model connection: what a `ModelProfile` carries (`concierge.model_server`)."""
    ONLINE = "online"
    EDITING = "editing"
    GENERAL = "general"
    VOICE = "voice"


SECTION_TITLES: dict[Section, str] = {
    Section.MODEL: "",  # the dialog's first rows, without a frame of their own
    Section.ONLINE: QT_TRANSLATE_NOOP("SettingsDialog", "Online lookups"),
    Section.EDITING: QT_TRANSLATE_NOOP("SettingsDialog", "Editing"),
    Section.GENERAL: QT_TRANSLATE_NOOP("SettingsDialog", "General"),
    Section.VOICE: QT_TRANSLATE_NOOP("VoiceSettings", "Voice"),
}


class Editor(StrEnum):
    """The kind of control a setting is edited with."""

    LINE = "line"
    SECRET = "secret"
    """Typed hidden, kept in the system keyring, never in the database."""
    CHOICE = "choice"
    """One of the declared `choices`."""
    NUMBER = "number"
    """A whole number within the bounds of the declared type."""
    CHECK = "check"
    """On or off: `values` are what off and on store."""
    SERVER = "server"
    """One of the model server presets."""
    MODEL_LIST = "model-list"
    """A model name, typed or picked from what the server lists."""
    LANGUAGE = "language"
    """One of the languages the app ships, or the system's."""
    INPUT_DEVICE = "input-device"
    OUTPUT_DEVICE = "output-device"
    KEY_SEQUENCE = "key-sequence"
    CURRENCY = "currency"
    """An ISO 4217 code, picked by its name or typed."""
    """One key combination, pressed to record it; stored in Qt's portable text ("Alt+Space")."""


@dataclass(frozen=True, slots=True, eq=False)
class Setting(Generic[T]):
    """A declared setting, equal only to itself so it can key a mapping of values; one without a
    `section` is not shown in the Settings dialog."""

    key: str
    type: Any
    default: T
    description: str
    """What it does, in a sentence or two: the control's tooltip."""
    label: str = ""
    """The row's label, with its "&" shortcut (a check box's text)."""
    section: Section | None = None
    editor: Editor = Editor.LINE
    """Left at LINE, read from the rest: a choice where `choices` are given, a check box
    for a flag or other `values`, a number for a bounded (`Annotated`) int or float."""
    unit: str = ""
    """A number's unit, after it ("seconds")."""
    step: int = 1
    """How far one arrow key press moves a number."""
    choices: tuple[tuple[Any, str], ...] = ()
    """A choice's (value, label) pairs, in the order shown."""
    values: tuple[Any, Any] = (False, True)
    """What a check box stores when off and when on."""
    placeholder: str = ""
    """A line's grey text while empty; its default when not given."""
    blank: bool = True
    """Whether a line may be saved empty; if not, empty saves the default."""
    note: str = ""
    """A line shown below the control, for what its label cannot say."""
    adapter: TypeAdapter[T] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        adapter: TypeAdapter[T] = TypeAdapter(self.type)
        object.__setattr__(self, "adapter", adapter)
        # A default of the wrong type fails at import. Its validators are checked by a test
        # over every setting instead: one that reads data (the currencies in use) would load
        # it with the first import.
        plain = get_args(self.type)[0] if get_origin(self.type) is Annotated else None
        (adapter if plain is None else TypeAdapter(plain)).validate_python(
            self.default, strict=True
        )
        for value, _ in self.choices:
            adapter.validate_python(value, strict=True)
        if self.section is not None and not self.label:
            raise ValueError(f"The setting {self.key} is shown in Settings without a label.")
        if self.editor is Editor.LINE:
            object.__setattr__(self, "editor", self._implied_editor())

    def _implied_editor(self) -> Editor:
        if self.choices:
            return Editor.CHOICE
        if self.type is bool or self.values != (False, True):
            return Editor.CHECK
        numeric = get_origin(self.type) is Annotated and get_args(self.type)[0] in (int, float)
        return Editor.NUMBER if numeric else Editor.LINE


SETTINGS: dict[str, Setting[Any]] = {}
"""Every declared setting by key, in declaration order."""


def declare(
    key: str,
    type_: Any,
    default: T,
    description: str,
    **shown: Any,
) -> Setting[T]:
    """Declare a setting; `shown` takes `Setting`'s optional fields (label, section, ...)."""
    if key in SETTINGS:
        raise ValueError(f"The setting {key!r} is declared twice.")
    setting = Setting(key, type_, default, description, **shown)
    SETTINGS[key] = setting
    return setting


def section_settings(section: Section) -> tuple[Setting[Any], ...]:
    """The settings shown in `section`, in declaration order."""
    return tuple(setting for setting in SETTINGS.values() if setting.section is section)


def whole_range(setting: Setting[Any]) -> tuple[int, int]:
    """The smallest and largest whole numbers a numeric setting accepts, read from the bounds
    in its declared type, so a form offers exactly what `Settings.set` will take."""
    lowest, highest = -math.inf, math.inf
    for info in get_args(setting.type)[1:]:
        for bound in getattr(info, "metadata", ()):  # pydantic's annotated_types bounds
            if (ge := getattr(bound, "ge", None)) is not None:
                lowest = max(lowest, math.ceil(ge))
            if (gt := getattr(bound, "gt", None)) is not None:
                lowest = max(lowest, math.floor(gt) + 1)
            if (le := getattr(bound, "le", None)) is not None:
                highest = min(highest, math.floor(le))
            if (lt := getattr(bound, "lt", None)) is not None:
                highest = min(highest, math.ceil(lt) - 1)
    if math.isinf(lowest) or math.isinf(highest):
        raise ValueError(f"The setting {setting.key} is not bounded on both sides.")
    return int(lowest), int(highest)


TOKENS = QT_TRANSLATE_NOOP("SettingsDialog", "tokens")
SECONDS = QT_TRANSLATE_NOOP("SettingsDialog", "seconds")

# -- the model connection (a `ModelProfile`) ----------------------------------------------

MODEL_PRESET: Setting[str] = declare(
    "model.preset",
    str,
    "ollama",
    QT_TRANSLATE_NOOP("Setting", "Which kind of model server the app talks to."),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Server"),
    section=Section.MODEL,
    editor=Editor.SERVER,
)
MODEL_BASE_URL: Setting[str] = declare(
    "model.base_url",
    str,
    "http://localhost:11434/v1",
    QT_TRANSLATE_NOOP("Setting", "The OpenAI-compatible endpoint of the model server."),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Base URL"),
    section=Section.MODEL,
)
MODEL_API_KEY: Setting[str] = declare(
    "model.api_key",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "Setting", "The key the model server asks for, kept in the keyring under its base URL."
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "API &key"),
    section=Section.MODEL,
    editor=Editor.SECRET,
)
MODEL_NAME: Setting[str] = declare(
    "model.name",
    str,
    "",
    QT_TRANSLATE_NOOP("Setting", "The model to ask for; empty until the person picks one."),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Model"),
    section=Section.MODEL,
    editor=Editor.MODEL_LIST,
)
MODEL_MERGE_USER_TURNS: Setting[bool] = declare(
    "model.merge_user_turns",
    bool,
    False,
    QT_TRANSLATE_NOOP(
        "SettingsDialog",
        "Some servers' chat templates reject two user messages in a row; this joins them.",
    ),
    label=QT_TRANSLATE_NOOP(
        "SettingsDialog", "Merge consecutive user messages (for strict chat templates)"
    ),
    section=Section.MODEL,
)
MODEL_SNAPSHOT_LAYOUT: Setting[SnapshotLayout] = declare(
    "model.snapshot_layout",
    SnapshotLayout,
    SnapshotLayout.TRAILING,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Where the trip's current state goes in each request: its own message after the "
        "conversation (trailing), or ahead of the person's latest words (leading), for models "
        "that answer the state instead of the person; those words are then not cached on the "
        "turn's next call.",
    ),
    label=QT_TRANSLATE_NOOP(
        "SettingsDialog", "Send the trip's state ahead of my message, not after it"
    ),
    section=Section.MODEL,
    values=(SnapshotLayout.TRAILING, SnapshotLayout.LEADING),
    note=QT_TRANSLATE_NOOP(
        "SettingsDialog",
        "For models that answer the state instead of you; your latest words are then re-sent "
        "uncached once a turn.",
    ),
)
BUDGET_MAXIMUM = 2_000_000
CONTEXT_BUDGET_MINIMUM = 8_000
ASSISTANT_CONTEXT_BUDGET: Setting[int] = declare(
    "assistant.context_budget_tokens",
    Annotated[int, Field(ge=CONTEXT_BUDGET_MINIMUM, le=BUDGET_MAXIMUM)],
    24_000,
    QT_TRANSLATE_NOOP(
        "Setting",
        "How many tokens the assistant is sent per model call (instructions, tools and the "
        "current state included) before older messages are summarized for it; lowered to fit "
        "the model's context window, beside the longest answer, where the server reports it. "
        "The whole conversation stays saved and visible.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Context &budget"),
    section=Section.MODEL,
    unit=TOKENS,
    step=1_000,
)
ANSWER_CAP_MINIMUM = 256
ASSISTANT_ANSWER_CAP: Setting[int] = declare(
    "assistant.answer_cap_tokens",
    Annotated[int, Field(ge=ANSWER_CAP_MINIMUM, le=200_000)],
    2_048,
    QT_TRANSLATE_NOOP(
        "Setting",
        "The longest answer the assistant may write in one model call, in tokens (sent to the "
        "server as its output cap, and kept free of the context budget). An answer cut there "
        "says so in the chat.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Longest &answer"),
    section=Section.MODEL,
    unit=TOKENS,
    step=256,
)
MODEL_CONNECT_TIMEOUT: Setting[float] = declare(
    "model.connect_timeout_seconds",
    Annotated[float, Field(gt=0, le=300)],
    10.0,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Seconds to wait for the model server to accept a connection before saying it cannot "
        "be reached.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Connect &timeout"),
    section=Section.MODEL,
    unit=SECONDS,
)
MODEL_IDLE_TIMEOUT: Setting[float] = declare(
    "model.idle_timeout_seconds",
    Annotated[float, Field(gt=0, le=3600)],
    60.0,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Seconds the model server may stay silent, before its answer starts or between two parts "
        "of it, before the assistant gives up with an error and offers Retry. An answer that "
        "keeps arriving is never cut, however long it takes.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Idle timeout"),
    section=Section.MODEL,
    unit=SECONDS,
)
MODEL_CONTEXT_UPDATES: Setting[bool] = declare(
    "model.runtime_context_updates",
    bool,
    False,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Send the trip's current state in full once, then only the lines that changed, each "
        "kept in place so the server's prompt cache covers it (fewer tokens to process: best "
        "for local servers). Off: the whole state is sent afresh after every message.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Runtime &context"),
    section=Section.MODEL,
    choices=(
        (False, QT_TRANSLATE_NOOP("SettingsDialog", "Whole every call")),
        (
            True,
            QT_TRANSLATE_NOOP(
                "SettingsDialog", "Changes only (fewer tokens to process: best for local servers)"
            ),
        ),
    ),
)


class ToolUse(StrEnum):
    """What the connection test found the model does with the app's tools."""

    UNTESTED = "untested"
    EDITS = "edits"
    """It called the test's tool as asked: it can change the trip."""
    TALKS = "talks"
    """It answered in text instead: it can talk, not change the trip."""


MODEL_TOOL_USE: Setting[ToolUse] = declare(
    "model.tool_use",
    ToolUse,
    ToolUse.UNTESTED,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Whether the model called the app's tool in the last connection test; kept with the "
        "profile and untested again once the server or the model changes.",
    ),
)

# -- the assistant ------------------------------------------------------------------------

SNAPSHOT_BUDGET_RANGE = (600, 8_000)
ASSISTANT_SNAPSHOT_BUDGET: Setting[int] = declare(
    "assistant.snapshot_budget_tokens",
    Annotated[int, Field(ge=SNAPSHOT_BUDGET_RANGE[0], le=SNAPSHOT_BUDGET_RANGE[1])],
    1_800,
    QT_TRANSLATE_NOOP(
        "Setting",
        "How many tokens the application's current state (the trip, money, brief, goals, pins, "
        "lookups and the selection) may take in each model call, whatever the trip's size; the "
        "assistant reads the rest of the trip with a tool.",
    ),
)


class EditMode(StrEnum):
    """What becomes of the assistant's changes to the plan."""

    APPLY = "apply"
    """Made at once (each tool call one undo step)."""
    PROPOSE = "propose"
    """Kept as proposals the person accepts or rejects (`proposals`)."""


# -- online lookups -----------------------------------------------------------------------

LOOKUPS_ONLINE_WEATHER: Setting[bool] = declare(
    "lookups.online.weather",
    bool,
    False,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Allow the weather lookup to send each stop's coordinates and dates to the "
        "weather service (LOOKUPS_WEATHER_URL). Off until the person turns it on.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Weather forecasts (Open-Meteo)"),
    section=Section.ONLINE,
)
LOOKUPS_WEATHER_URL: Setting[str] = declare(
    "lookups.weather_url",
    str,
    "https://api.open-meteo.com/v1/forecast",
    QT_TRANSLATE_NOOP(
        "Setting", "The Open-Meteo-compatible forecast endpoint the weather lookup asks (keyless)."
    ),
)

# -- editing ------------------------------------------------------------------------------

UNDO_DEPTH: Setting[int] = declare(
    "history.undo_depth",
    Annotated[int, Field(ge=1, le=100_000)],
    200,
    QT_TRANSLATE_NOOP(
        "Setting",
        "How many steps Undo can go back. Older change-log entries are deleted as new changes "
        "are made, except the assistant's changes not yet seen, which stay marked until they are.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Undo depth"),
    section=Section.EDITING,
    unit=QT_TRANSLATE_NOOP("SettingsDialog", "steps"),
    step=10,
)
ASSISTANT_EDITS: Setting[EditMode] = declare(
    "assistant.edits",
    EditMode,
    EditMode.APPLY,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Whether the assistant's changes to the trip, its route, itinerary and expenses are made "
        "at once (apply) or proposed for you to accept or reject, all, some or none (propose). "
        "Its goals, notes and the brief's answers are always made at once.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Assistant &edits"),
    section=Section.EDITING,
    choices=(
        (EditMode.APPLY, QT_TRANSLATE_NOOP("SettingsDialog", "Made at once")),
        (
            EditMode.PROPOSE,
            QT_TRANSLATE_NOOP("SettingsDialog", "Proposed for me to accept or reject"),
        ),
    ),
)

MCP_REVOKED: Setting[str] = declare(
    "mcp.revoked",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "Setting",
        "Other assistants connected through MCP (`concierge mcp`) whose tool calls are refused "
        "from now on, by the names their changes are marked with, separated by commas.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Revoked assistants"),
    section=Section.EDITING,
    placeholder=QT_TRANSLATE_NOOP("SettingsDialog", "none; e.g. claude-ai, cursor"),
)

# -- the window ---------------------------------------------------------------------------

UI_LANGUAGE: Setting[str] = declare(
    "ui.language",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "Setting",
        'The language the window is shown in ("pt_BR"), or empty for the system\'s language; '
        "read at start-up.",
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Language"),
    section=Section.GENERAL,
    editor=Editor.LANGUAGE,
)
HOME_PLACE: Setting[str] = declare(
    "trips.home",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "Setting", "Where you live: the origin a new trip starts with, where it starts and ends."
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "&Home"),
    section=Section.GENERAL,
    placeholder=QT_TRANSLATE_NOOP("SettingsDialog", "A town or airport, such as Lisbon"),
)


def _currency_in_use(code: str) -> str:
    """Read as a budget's currency is: one reader for the value type."""
    read = CurrencyCode()(QT_TRANSLATE_NOOP("SettingsDialog", "Home currency"), code)
    assert read is not None
    return read


HOME_CURRENCY: Setting[str] = declare(
    "trips.home_currency",
    Annotated[str, AfterValidator(_currency_in_use)],
    "EUR",
    QT_TRANSLATE_NOOP(
        "Setting", "The currency a new trip's budget is kept in (a three-letter code, such as EUR)."
    ),
    label=QT_TRANSLATE_NOOP("SettingsDialog", "Home curr&ency"),
    section=Section.GENERAL,
    editor=Editor.CURRENCY,
    placeholder=QT_TRANSLATE_NOOP("SettingsDialog", "A three-letter code, such as EUR"),
    blank=False,
)
UI_WELCOME_SEEN: Setting[bool] = declare(
    "ui.welcome_seen",
    bool,
    False,
    QT_TRANSLATE_NOOP(
        "Setting", "Whether the welcome was shown (it opens once; Help ▸ Welcome opens it again)."
    ),
)
UI_LAST_TRIP_ID: Setting[str | None] = declare(
    "ui.last_trip_id",
    str | None,
    None,
    QT_TRANSLATE_NOOP("Setting", "The trip to open at start-up."),
)
UI_WINDOW_GEOMETRY: Setting[str | None] = declare(
    "ui.window_geometry",
    str | None,
    None,
    QT_TRANSLATE_NOOP("Setting", "The main window's saved geometry (Qt's saveGeometry, base64)."),
)

# -- sharing trips (issue 29) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SharedTrip:
    """A trip this device keeps in step with companions' devices: where its updates travel
    (a folder's path, or a server's address: `concierge.sync.invite.transport_of`) and what
    its companions call this device there. The secret stays in the keyring."""

    trip_id: str
    location: str
    device_name: str


SYNC_SHARED_TRIPS: Setting[tuple[SharedTrip, ...]] = declare(
    "sync.shared_trips",
    tuple[SharedTrip, ...],
    (),
    QT_TRANSLATE_NOOP("Setting", "The trips shared with other devices, synced while open."),
)
SYNC_DEVICE_ID: Setting[str] = declare(
    "sync.device_id",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "Setting",
        "This device's id among a shared trip's devices, made when it first shares or joins "
        "(its updates' folder in a shared folder).",
    ),
)

# -- voice (issue 16) ---------------------------------------------------------------------


VOICE_INPUT_DEVICE: Setting[str] = declare(
    "voice.input_device",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "VoiceSettings",
        "The microphone, by the name the sound system gives it; empty: the system's default.",
    ),
    label=QT_TRANSLATE_NOOP("VoiceSettings", "Micro&phone"),
    section=Section.VOICE,
    editor=Editor.INPUT_DEVICE,
)
VOICE_OUTPUT_DEVICE: Setting[str] = declare(
    "voice.output_device",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "VoiceSettings",
        "The speaker or headphones, by the name the sound system gives them; empty: the "
        "system's default.",
    ),
    label=QT_TRANSLATE_NOOP("VoiceSettings", "Speake&r"),
    section=Section.VOICE,
    editor=Editor.OUTPUT_DEVICE,
)
VOICE_MODEL: Setting[str] = declare(
    "voice.model",
    str,
    "gpt-realtime",
    QT_TRANSLATE_NOOP(
        "VoiceSettings",
        "The speech-to-speech model voice mode asks the server for, over WebSocket "
        "at the server's base URL.",
    ),
    label=QT_TRANSLATE_NOOP("VoiceSettings", "Realtime mo&del"),
    section=Section.VOICE,
    blank=False,
)
VOICE_TRANSCRIPTION_MODEL: Setting[str] = declare(
    "voice.transcription_model",
    str,
    "gpt-4o-mini-transcribe",
    QT_TRANSLATE_NOOP(
        "VoiceSettings",
        "The model that writes down what you say, so it shows in the chat and is "
        "kept in the conversation.",
    ),
    label=QT_TRANSLATE_NOOP("VoiceSettings", "Tra&nscription model"),
    section=Section.VOICE,
    placeholder=QT_TRANSLATE_NOOP("VoiceSettings", "The server's default"),
)
VOICE_TURN_DETECTION: Setting[TurnDetection] = declare(
    "voice.turn_detection",
    TurnDetection,
    TurnDetection.PUSH_TO_TALK,
    "How voice mode knows you have finished: push to talk (hold Talk or the push-to-talk key "
    "while speaking) or hands-free (the server hears when you stop).",
)


def default_talk_key(platform: str = sys.platform) -> str:
    """Option+Space on macOS, where Cmd+Space (Qt's "Ctrl") is Spotlight and Control+Space
    the input-source switch; Ctrl+Alt+Space elsewhere, where Ctrl+Space switches the input
    method for many Chinese, Japanese and Korean users and Alt+Space opens the window menu."""
    return "Alt+Space" if platform == "darwin" else "Ctrl+Alt+Space"


VOICE_TALK_KEY: Setting[str] = declare(
    "voice.talk_key",
    str,
    default_talk_key(),
    QT_TRANSLATE_NOOP(
        "VoiceSettings",
        "The key held anywhere in the window to talk in push-to-talk mode; press the keys "
        "to change it. The default is taken by neither the system's search nor its input "
        "methods.",
    ),
    label=QT_TRANSLATE_NOOP("VoiceSettings", "Push-to-talk ke&y"),
    section=Section.VOICE,
    editor=Editor.KEY_SEQUENCE,
    blank=False,
)

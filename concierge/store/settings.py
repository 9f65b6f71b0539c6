"""The app's settings, each declared once here with its key, type, default and meaning.

Code reads and writes a setting through its declaration (`await settings.get(MODEL_NAME)`),
so a typo is a NameError rather than a silently new key, and the value has the declared type.
Values are stored as JSON in `app_setting`. A stored value that no longer fits its
declaration (edited by hand, written by another version) reads as the default, with a warning.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, Generic, TypeVar, get_args

from pydantic import Field, TypeAdapter, ValidationError
from sqlmodel import Session

from concierge.agent.model_input import SnapshotLayout
from concierge.agent.voice_events import TurnDetection
from concierge.text import QT_TRANSLATE_NOOP

from .database import Database
from .errors import InvalidSettingError
from .tables import AppSetting

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Setting(Generic[T]):
    """A declared setting. `type` is any annotation pydantic validates (`str | None`, ...)."""

    key: str
    type: Any
    default: T
    description: str
    adapter: TypeAdapter[T] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        adapter: TypeAdapter[T] = TypeAdapter(self.type)
        object.__setattr__(self, "adapter", adapter)
        adapter.validate_python(self.default, strict=True)  # a wrong default fails at import


SETTINGS: dict[str, Setting[Any]] = {}
"""Every declared setting by key."""


def declare(key: str, type_: Any, default: T, description: str) -> Setting[T]:
    if key in SETTINGS:
        raise ValueError(f"The setting {key!r} is declared twice.")
    setting = Setting(key, type_, default, description)
    SETTINGS[key] = setting
    return setting


MODEL_PRESET: Setting[str] = declare(
    "model.preset",
    str,
    "ollama",
    QT_TRANSLATE_NOOP("Setting", "Which kind of model server the app talks to."),
)
MODEL_BASE_URL: Setting[str] = declare(
    "model.base_url",
    str,
    "http://localhost:11434/v1",
    QT_TRANSLATE_NOOP("Setting", "The OpenAI-compatible endpoint of the model server."),
)
MODEL_NAME: Setting[str] = declare(
    "model.name",
    str,
    "",
    QT_TRANSLATE_NOOP("Setting", "The model to ask for; empty until the person picks one."),
)
MODEL_MERGE_USER_TURNS: Setting[bool] = declare(
    "model.merge_user_turns",
    bool,
    False,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Merge adjacent user messages, for servers whose chat template needs alternating roles.",
    ),
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
)
CONTEXT_BUDGET_MINIMUM = 8_000
ASSISTANT_CONTEXT_BUDGET: Setting[int] = declare(
    "assistant.context_budget_tokens",
    Annotated[int, Field(ge=CONTEXT_BUDGET_MINIMUM)],
    24_000,
    QT_TRANSLATE_NOOP(
        "Setting",
        "How many tokens the assistant is sent per model call (instructions, tools and the "
        "current state included) before older messages are summarized for it; lowered to fit "
        "the model's context window, beside the longest answer, where the server reports it. "
        "The whole conversation stays saved and visible.",
    ),
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
)
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
)

UI_LANGUAGE: Setting[str] = declare(
    "ui.language",
    str,
    "",
    QT_TRANSLATE_NOOP(
        "Setting",
        'The language the window is shown in ("pt_BR"), or empty for the system\'s language; '
        "read at start-up.",
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

LOOKUPS_ONLINE_WEATHER: Setting[bool] = declare(
    "lookups.online.weather",
    bool,
    False,
    QT_TRANSLATE_NOOP(
        "Setting",
        "Allow the weather lookup to send each stop's coordinates and dates to the "
        "weather service (LOOKUPS_WEATHER_URL). Off until the person turns it on.",
    ),
)
LOOKUPS_WEATHER_URL: Setting[str] = declare(
    "lookups.weather_url",
    str,
    "https://api.open-meteo.com/v1/forecast",
    QT_TRANSLATE_NOOP(
        "Setting", "The Open-Meteo-compatible forecast endpoint the weather lookup asks (keyless)."
    ),
)


UNDO_DEPTH: Setting[int] = declare(
    "history.undo_depth",
    Annotated[int, Field(ge=1, le=100_000)],
    200,
    QT_TRANSLATE_NOOP(
        "Setting",
        "How many steps Undo can go back. Older change-log entries are deleted as new changes "
        "are made, except the assistant's changes not yet seen, which stay marked until they are.",
    ),
)


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


def read_setting(session: Session, setting: Setting[T]) -> T:
    """`Settings.get` inside a transaction the caller already runs: the stored value, or the
    default if none is stored or the stored one is invalid."""
    stored = session.get(AppSetting, setting.key)
    if stored is None:
        return setting.default
    try:
        return setting.adapter.validate_json(stored.value, strict=True)
    except ValidationError as error:
        log.warning(
            "Setting %s holds %r, which is not a valid %s (%s); using the default %r.",
            setting.key,
            stored.value,
            setting.type,
            error.errors()[0]["msg"],
            setting.default,
        )
        return setting.default


class Settings:
    """Typed access to the settings stored in the database."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def get(self, setting: Setting[T]) -> T:
        """The stored value, or the default if none is stored or the stored one is invalid."""
        return await self.database.run(lambda session: read_setting(session, setting))

    async def set(self, setting: Setting[T], value: T) -> None:
        """Store `value`; raises `InvalidSettingError` (storing nothing) if it does not fit."""
        try:
            checked = setting.adapter.validate_python(value, strict=True)
        except ValidationError as error:
            raise InvalidSettingError(
                f"The setting {setting.key} cannot be {value!r}: {error.errors()[0]['msg']}."
            ) from None
        text = setting.adapter.dump_json(checked).decode()

        def write(session: Session) -> None:
            row = session.get(AppSetting, setting.key)
            if row is None:
                session.add(AppSetting(key=setting.key, value=text))
            else:
                row.value = text

        await self.database.run(write)

    async def reset(self, setting: Setting[T]) -> None:
        """Forget the stored value, so the default applies again."""

        def remove(session: Session) -> None:
            row = session.get(AppSetting, setting.key)
            if row is not None:
                session.delete(row)

        await self.database.run(remove)


# -- voice (issue 16) ---------------------------------------------------------------------

VOICE_MODEL: Setting[str] = declare(
    "voice.model",
    str,
    "gpt-realtime",
    "The realtime model voice mode asks the server for (over WebSocket, at the model "
    "server's base URL).",
)
VOICE_TRANSCRIPTION_MODEL: Setting[str] = declare(
    "voice.transcription_model",
    str,
    "gpt-4o-mini-transcribe",
    "The model the server transcribes what you say with, so it shows and is kept in the "
    "conversation; empty: the server's default, or no transcript of your words.",
)
VOICE_INPUT_DEVICE: Setting[str] = declare(
    "voice.input_device",
    str,
    "",
    "The microphone, by the name the sound system gives it; empty: the system's default.",
)
VOICE_OUTPUT_DEVICE: Setting[str] = declare(
    "voice.output_device",
    str,
    "",
    "The speaker or headphones, by the name the sound system gives them; empty: the "
    "system's default.",
)
VOICE_TURN_DETECTION: Setting[TurnDetection] = declare(
    "voice.turn_detection",
    TurnDetection,
    TurnDetection.PUSH_TO_TALK,
    "How voice mode knows you have finished: push to talk (hold Talk or Ctrl+Space while "
    "speaking) or hands-free (the server hears when you stop).",
)

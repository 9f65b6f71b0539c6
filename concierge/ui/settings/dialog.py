"""Settings for the model connection (server preset, base URL, API key, model, timeouts,
checks), which online lookups may run (each says in one line what it sends where) and how
far Undo reaches.

Everything slow (listing models, testing, saving) runs as a task of the dialog's
`BackgroundTasks`, so the dialog never blocks the loop and is opened with `open()`, not
`exec()`. Results that arrive after the person changed what they were about are dropped:
a model list is only shown for the base URL it came from, a test result only while the
fields it tested are unchanged.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from itertools import pairwise
from urllib.parse import urlsplit

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollBar,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from concierge.agent import SnapshotLayout
from concierge.agent.compaction import budget_for_window
from concierge.store import SecretSource, SecretStore, Settings
from concierge.store.model_profile import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    PRESETS,
    ModelProfile,
    Preset,
    base_url_problem,
    load_profile,
    normalize_base_url,
    preset_for,
    save_profile,
    stored_key,
)
from concierge.store.settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    ASSISTANT_EDITS,
    CONTEXT_BUDGET_MINIMUM,
    LOOKUPS_ONLINE_WEATHER,
    LOOKUPS_WEATHER_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
    MODEL_SNAPSHOT_LAYOUT,
    UI_LANGUAGE,
    UNDO_DEPTH,
    EditMode,
)
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.context_window import ContextWindow, probe_context_window
from concierge.travel.errors import ConnectionCheckError
from concierge.travel.model_server import check_connection, list_models
from concierge.ui.async_support import BackgroundTasks, loop_running
from concierge.ui.i18n import (
    ENGLISH,
    SYSTEM,
    available_languages,
    choose_language,
    current_language,
    native_name,
    shown,
    shown_error,
    shown_number,
    translate,
)
from concierge.ui.task_failure import failure_text
from concierge.ui.vertical_scroll import VerticalScrollArea

from .key_field import KeyField
from .setting_spin import SettingSpinBox
from .status import Kind, StatusLabel
from .voice_section import VoiceSection

MERGE_LABEL = QT_TRANSLATE_NOOP(
    "SettingsDialog", "Merge consecutive user messages (for strict chat templates)"
)
LEADING_LABEL = QT_TRANSLATE_NOOP(
    "SettingsDialog", "Send the trip's state ahead of my message, not after it"
)
LEADING_NOTE = QT_TRANSLATE_NOOP(
    "SettingsDialog",
    "For models that answer the state instead of you; your latest words are then re-sent "
    "uncached once a turn.",
)
BUDGET_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Context budget")
BUDGET_MAXIMUM = 2_000_000
ANSWER_CAP_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Longest answer")
ONLINE_TITLE = QT_TRANSLATE_NOOP("SettingsDialog", "Online lookups")
WEATHER_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Weather forecasts (Open-Meteo)")
CONNECT_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Connect timeout")
IDLE_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Idle timeout")
UPDATES_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Runtime context")
UPDATES_CHOICES = (
    (False, QT_TRANSLATE_NOOP("SettingsDialog", "Whole every call")),
    (
        True,
        QT_TRANSLATE_NOOP(
            "SettingsDialog", "Changes only (fewer tokens to process: best for local servers)"
        ),
    ),
)
EDITING_TITLE = QT_TRANSLATE_NOOP("SettingsDialog", "Editing")
UNDO_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Undo depth")
EDITS_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Assistant edits")
EDITS_CHOICES = {
    EditMode.APPLY: QT_TRANSLATE_NOOP("SettingsDialog", "Made at once"),
    EditMode.PROPOSE: QT_TRANSLATE_NOOP("SettingsDialog", "Proposed for me to accept or reject"),
}
GENERAL_TITLE = QT_TRANSLATE_NOOP("SettingsDialog", "General")
LANGUAGE_LABEL = QT_TRANSLATE_NOOP("SettingsDialog", "Language")
RESTART_NOTE = QT_TRANSLATE_NOOP(
    "SettingsDialog", "Concierge shows the new language after a restart."
)


def amount(value: int) -> str:
    """A whole number with the locale's group separators ("24,000" in English)."""
    return f"{value:,}" if current_language() == ENGLISH else shown_number(value)


def weather_sends(url: str) -> str:
    """The one line that says what the weather lookup sends where."""
    host = urlsplit(url.strip()).hostname or url.strip()
    return translate(
        "SettingsDialog", "Sends each stop's coordinates and dates to {host}; nothing else."
    ).format(host=host)


def context_window_text(window: ContextWindow | None, budget: int, answer_cap: int) -> str:
    """What the server said of its context window, and the budget that follows from it."""
    if window is None:
        return translate(
            "SettingsDialog",
            "The server does not report its context window, so the budget of {budget} "
            "tokens applies as set; if the server holds less, a request it refuses as too "
            "long is summarized and sent again.",
        ).format(budget=amount(budget))
    in_use = budget_for_window(budget, window.tokens, answer_cap)
    kept = (
        translate("SettingsDialog", "as set")
        if in_use == budget
        else translate("SettingsDialog", "below the {budget} set").format(budget=amount(budget))
    )
    return translate(
        "SettingsDialog",
        "Context window: {window} tokens, from {source}. Budget in use: "
        "{in_use} tokens ({kept}), leaving room for an answer of {answer}.",
    ).format(
        window=amount(window.tokens),
        source=shown(window.source),
        in_use=amount(in_use),
        kept=kept,
        answer=amount(answer_cap),
    )


SESSION_KEY_TEXT = QT_TRANSLATE_NOOP(
    "SettingsDialog",
    "This API key is kept only until Concierge quits: the system keyring did not accept it.",
)
_FIELD_NAMES = {
    ENV_BASE_URL: QT_TRANSLATE_NOOP("SettingsDialog", "Base URL"),
    ENV_API_KEY: QT_TRANSLATE_NOOP("SettingsDialog", "API key"),
    ENV_MODEL: QT_TRANSLATE_NOOP("SettingsDialog", "Model"),
}


def _environment_note(overridden: tuple[str, ...]) -> str:
    fields = ", ".join(f"{shown(_FIELD_NAMES[name])} ({name})" for name in overridden)
    return translate(
        "SettingsDialog",
        "Set by environment variable: {fields}. These fields cannot be changed here; "
        "unset the variables and restart Concierge to edit them.",
    ).format(fields=fields)


def _found(models: list[str], typed: str | None = None) -> str:
    """ "3 models found." (or "…; gpt is not one of them." when the typed name is missing)."""
    count = len(models)
    if typed is None:
        if count == 1:
            return translate("SettingsDialog", "1 model found.")
        return translate("SettingsDialog", "{count} models found.").format(count=count)
    if count == 1:
        text = translate("SettingsDialog", "1 model found; {model} is not one of them.")
    else:
        text = translate("SettingsDialog", "{count} models found; {model} is not one of them.")
    return text.format(count=count, model=typed)


def language_choices() -> list[tuple[str, str]]:
    """(setting value, name shown): the system's language first, then each we ship, each
    by its own name."""
    system = translate("SettingsDialog", "System ({language})").format(
        language=native_name(choose_language(SYSTEM))
    )
    return [
        (SYSTEM, system),
        *((language.code, language.name) for language in available_languages()),
    ]


class SettingsDialog(QDialog):
    """Edits a `ModelProfile`. OK saves (async), emits `saved(profile)` and closes; Cancel
    discards. If the key could only be kept for this session, `key_notice` says so as the
    dialog closes (the owner shows it; the dialog shows it again when reopened)."""

    saved = Signal(object)
    """The profile now in effect (`ModelProfile`, environment overrides applied)."""
    key_notice = Signal(str)
    """Saved, but the API key lasts only until Concierge quits: why, in a sentence."""
    task_failed = Signal(str, object)
    """A background task raised unexpectedly: (task name, exception)."""
    language_saved = Signal(str)
    """Saved with a different language (the setting's new value), shown after a restart."""

    def __init__(
        self,
        profile: ModelProfile,
        settings: Settings,
        secrets: SecretStore,
        parent: QWidget | None = None,
        *,
        environ: Mapping[str, str] = os.environ,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(translate("SettingsDialog", "Settings"))
        self.setMinimumWidth(560)
        self._settings = settings
        self._secrets = secrets
        self._environ = environ
        self._overridden = profile.overridden
        self._env_key = profile.api_key if ENV_API_KEY in profile.overridden else None
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self._task_failed)
        self._models_task: asyncio.Task[None] | None = None
        self._models_generation = 0
        self._connection_generation = 0
        self._window_generation = 0
        self._window: ContextWindow | None = None
        self._window_read = False
        self._key_generation = 0
        self._key_typed = False
        self._filling_models = False
        self._saving = False
        self._stored_loaded = False
        self._focus_online = False
        self._stored_language = SYSTEM

        self._build()
        self._fill(profile)
        self._connect()
        if loop_running():
            self.tasks.start(self._load_stored(), name="read the other settings")
            self.ask_context_window()

    # -- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.preset_combo = QComboBox(self)
        self.preset_combo.setObjectName("presetCombo")
        for preset in PRESETS:
            self.preset_combo.addItem(shown(preset.label), preset.key)
        self.hint_label = QLabel(self)
        self.hint_label.setObjectName("presetHint")
        self.hint_label.setAccessibleName(translate("SettingsDialog", "About this server"))
        self.hint_label.setWordWrap(True)
        self.hint_label.setTextFormat(Qt.TextFormat.PlainText)

        self.base_url_edit = QLineEdit(self)
        self.base_url_edit.setObjectName("baseUrlEdit")
        self.base_url_edit.setPlaceholderText("http://localhost:11434/v1")
        self.key_field = KeyField(self)
        self.key_edit = self.key_field.edit

        self.model_combo = QComboBox(self)
        self.model_combo.setObjectName("modelCombo")
        self.model_combo.setEditable(True)
        self.model_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.model_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        model_edit = self.model_combo.lineEdit()
        assert model_edit is not None  # an editable combo always has one
        model_edit.setPlaceholderText(
            translate("SettingsDialog", "Type a name, or Refresh models to pick one")
        )
        completer = QCompleter(self.model_combo.model(), self.model_combo)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.model_combo.setCompleter(completer)
        self.refresh_button = QPushButton(translate("SettingsDialog", "Refresh models"), self)
        self.refresh_button.setObjectName("refreshModelsButton")
        self.refresh_button.setToolTip(
            translate("SettingsDialog", "Ask the server which models it has")
        )
        self.models_busy = QProgressBar(self)
        self.models_busy.setObjectName("modelsBusy")
        self.models_busy.setRange(0, 0)
        self.models_busy.setTextVisible(False)
        self.models_busy.setMaximumWidth(80)
        self.models_busy.setAccessibleName(translate("SettingsDialog", "Loading models"))
        self.models_busy.hide()
        self.models_status = StatusLabel(translate("SettingsDialog", "Model list status"), self)
        self.models_status.setObjectName("modelsStatus")

        self.merge_check = QCheckBox(shown(MERGE_LABEL), self)
        self.merge_check.setObjectName("mergeUserTurnsCheck")
        self.merge_check.setToolTip(
            translate(
                "SettingsDialog",
                "Some servers' chat templates reject two user messages in a row; this joins them.",
            )
        )

        self.leading_check = QCheckBox(shown(LEADING_LABEL), self)
        self.leading_check.setObjectName("snapshotLeadingCheck")
        self.leading_check.setToolTip(shown(MODEL_SNAPSHOT_LAYOUT.description))
        self.leading_check.setAccessibleDescription(shown(LEADING_NOTE))
        self.leading_note = QLabel(shown(LEADING_NOTE), self)
        self.leading_note.setObjectName("snapshotLeadingNote")
        self.leading_note.setAccessibleName(
            translate("SettingsDialog", "What sending the state ahead costs")
        )
        self.leading_note.setWordWrap(True)
        self.leading_note.setTextFormat(Qt.TextFormat.PlainText)
        self.leading_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        self.budget_spin = QSpinBox(self)
        self.budget_spin.setObjectName("contextBudgetSpin")
        self.budget_spin.setRange(CONTEXT_BUDGET_MINIMUM, BUDGET_MAXIMUM)
        self.budget_spin.setSingleStep(1_000)
        self.budget_spin.setGroupSeparatorShown(True)
        self.budget_spin.setSuffix(" " + translate("SettingsDialog", "tokens"))
        self.budget_spin.setValue(ASSISTANT_CONTEXT_BUDGET.default)
        self.budget_spin.setToolTip(shown(ASSISTANT_CONTEXT_BUDGET.description))

        self.answer_cap_spin = SettingSpinBox(
            ASSISTANT_ANSWER_CAP,
            shown(ANSWER_CAP_LABEL),
            translate("SettingsDialog", "tokens"),
            self,
        )
        self.answer_cap_spin.setObjectName("answerCapSpin")
        self.answer_cap_spin.setSingleStep(256)
        self.window_status = StatusLabel(translate("SettingsDialog", "Context window"), self)
        self.window_status.setObjectName("contextWindowStatus")

        seconds = translate("SettingsDialog", "seconds")
        self.connect_spin = SettingSpinBox(
            MODEL_CONNECT_TIMEOUT, shown(CONNECT_LABEL), seconds, self
        )
        self.connect_spin.setObjectName("connectTimeoutSpin")
        self.idle_spin = SettingSpinBox(MODEL_IDLE_TIMEOUT, shown(IDLE_LABEL), seconds, self)
        self.idle_spin.setObjectName("idleTimeoutSpin")
        self.updates_combo = QComboBox(self)
        self.updates_combo.setObjectName("contextUpdatesCombo")
        for value, text in UPDATES_CHOICES:
            self.updates_combo.addItem(shown(text), value)
        self.updates_combo.setToolTip(shown(MODEL_CONTEXT_UPDATES.description))
        self.updates_combo.setAccessibleDescription(shown(MODEL_CONTEXT_UPDATES.description))
        self.updates_combo.currentIndexChanged.connect(self._show_updates_choice)

        self.test_button = QPushButton(translate("SettingsDialog", "Test connection"), self)
        self.test_button.setObjectName("testConnectionButton")
        self.connection_status = StatusLabel(translate("SettingsDialog", "Connection status"), self)
        self.connection_status.setObjectName("connectionStatus")
        self.env_note = StatusLabel(translate("SettingsDialog", "Environment overrides"), self)
        self.env_note.setObjectName("environmentNote")
        self.key_warning = StatusLabel(translate("SettingsDialog", "API key storage"), self)
        self.key_warning.setObjectName("keyWarning")
        self.problem_label = StatusLabel(translate("SettingsDialog", "Problem"), self)
        self.problem_label.setObjectName("problemLabel")

        self.online_group = QGroupBox(shown(ONLINE_TITLE), self)
        self.online_group.setObjectName("onlineLookupsGroup")
        self.online_group.setAccessibleName(shown(ONLINE_TITLE))
        self.weather_check = QCheckBox(shown(WEATHER_LABEL), self.online_group)
        self.weather_check.setObjectName("weatherForecastsCheck")
        self.weather_check.setEnabled(False)  # until the stored choice is read
        self.weather_note = QLabel(weather_sends(LOOKUPS_WEATHER_URL.default), self.online_group)
        self.weather_note.setObjectName("weatherForecastsNote")
        self.weather_note.setAccessibleName(
            translate("SettingsDialog", "What weather forecasts send")
        )
        self.weather_note.setWordWrap(True)
        self.weather_note.setTextFormat(Qt.TextFormat.PlainText)
        self._show_weather_url(LOOKUPS_WEATHER_URL.default)

        self.editing_group = QGroupBox(shown(EDITING_TITLE), self)
        self.editing_group.setObjectName("editingGroup")
        self.editing_group.setAccessibleName(shown(EDITING_TITLE))
        self.undo_spin = SettingSpinBox(
            UNDO_DEPTH,
            shown(UNDO_LABEL),
            translate("SettingsDialog", "steps"),
            self.editing_group,
        )
        self.undo_spin.setObjectName("undoDepthSpin")
        self.undo_spin.setSingleStep(10)
        self.undo_spin.setEnabled(False)  # until the stored depth is read
        self.edits_combo = QComboBox(self.editing_group)
        self.edits_combo.setObjectName("assistantEditsCombo")
        for mode in EditMode:
            self.edits_combo.addItem(shown(EDITS_CHOICES[mode]), mode.value)
        self.edits_combo.setToolTip(shown(ASSISTANT_EDITS.description))
        self.edits_combo.setAccessibleDescription(shown(ASSISTANT_EDITS.description))
        self.edits_combo.setEnabled(False)  # until the stored choice is read

        self.general_group = QGroupBox(shown(GENERAL_TITLE), self)
        self.general_group.setObjectName("generalGroup")
        self.general_group.setAccessibleName(shown(GENERAL_TITLE))
        self.language_combo = QComboBox(self.general_group)
        self.language_combo.setObjectName("languageCombo")
        for code, name in language_choices():
            self.language_combo.addItem(name, code)
        self.language_combo.setToolTip(shown(UI_LANGUAGE.description))
        self.language_combo.setEnabled(False)  # until the stored choice is read
        self.language_combo.currentIndexChanged.connect(self._show_language_note)
        self.language_note = StatusLabel(
            translate("SettingsDialog", "When the language changes"), self.general_group
        )
        self.language_note.setObjectName("languageNote")
        self.voice_group = VoiceSection(self)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.ok_button.setText(translate("SettingsDialog", "OK"))
        self.cancel_button.setText(translate("SettingsDialog", "Cancel"))
        for widget, name in (
            (self.preset_combo, translate("SettingsDialog", "Server")),
            (self.base_url_edit, shown(_FIELD_NAMES[ENV_BASE_URL])),
            (self.model_combo, shown(_FIELD_NAMES[ENV_MODEL])),
            (model_edit, shown(_FIELD_NAMES[ENV_MODEL])),
            (self.refresh_button, translate("SettingsDialog", "Refresh models")),
            (self.merge_check, shown(MERGE_LABEL)),
            (self.leading_check, shown(LEADING_LABEL)),
            (self.budget_spin, shown(BUDGET_LABEL)),
            (self.updates_combo, shown(UPDATES_LABEL)),
            (self.test_button, translate("SettingsDialog", "Test connection")),
            (self.weather_check, shown(WEATHER_LABEL)),
            (self.edits_combo, shown(EDITS_LABEL)),
            (self.language_combo, shown(LANGUAGE_LABEL)),
            (self.ok_button, translate("SettingsDialog", "OK")),
            (self.cancel_button, translate("SettingsDialog", "Cancel")),
        ):
            widget.setAccessibleName(name)
        self._layout()

    def _layout(self) -> None:
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        server = QVBoxLayout()
        server.addWidget(self.preset_combo)
        server.addWidget(self.hint_label)
        form.addRow(self._label(translate("SettingsDialog", "&Server"), self.preset_combo), server)
        form.addRow(
            self._label(translate("SettingsDialog", "&Base URL"), self.base_url_edit),
            self.base_url_edit,
        )
        form.addRow(
            self._label(translate("SettingsDialog", "API &key"), self.key_edit), self.key_field
        )
        model_row = QHBoxLayout()
        model_row.addWidget(self.model_combo, 1)
        model_row.addWidget(self.models_busy)
        model_row.addWidget(self.refresh_button)
        model = QVBoxLayout()
        model.addLayout(model_row)
        model.addWidget(self.models_status)  # status rows hide without leaving a gap
        form.addRow(self._label(translate("SettingsDialog", "&Model"), self.model_combo), model)
        form.addRow("", self.merge_check)
        leading = QVBoxLayout()
        leading.setSpacing(2)
        leading.addWidget(self.leading_check)
        leading.addWidget(self.leading_note)
        form.addRow("", leading)
        form.addRow(
            self._label(translate("SettingsDialog", "Context &budget"), self.budget_spin),
            self.budget_spin,
        )
        answer = QVBoxLayout()
        answer.addWidget(self.answer_cap_spin)
        answer.addWidget(self.window_status)
        form.addRow(
            self._label(translate("SettingsDialog", "Longest &answer"), self.answer_cap_spin),
            answer,
        )
        form.addRow(
            self._label(translate("SettingsDialog", "Connect &timeout"), self.connect_spin),
            self.connect_spin,
        )
        form.addRow(
            self._label(translate("SettingsDialog", "&Idle timeout"), self.idle_spin),
            self.idle_spin,
        )
        form.addRow(
            self._label(translate("SettingsDialog", "Runtime &context"), self.updates_combo),
            self.updates_combo,
        )
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignTop)
        test_row.addWidget(self.connection_status, 1)
        # The rows scroll and the buttons stay: with every group the dialog is taller than
        # a 800-pixel screen, whose bottom would otherwise hide OK and Cancel.
        self._content = QWidget(self)
        self._content.setObjectName("settingsContent")
        self._content.installEventFilter(self)
        self._scroll = VerticalScrollArea(self)
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addLayout(test_row)
        online = QVBoxLayout(self.online_group)
        online.addWidget(self.weather_check)
        online.addWidget(self.weather_note)
        layout.addWidget(self.online_group)
        editing = QFormLayout(self.editing_group)
        editing.addRow(
            self._label(translate("SettingsDialog", "&Undo depth"), self.undo_spin), self.undo_spin
        )
        editing.addRow(
            self._label(translate("SettingsDialog", "Assistant &edits"), self.edits_combo),
            self.edits_combo,
        )
        layout.addWidget(self.editing_group)
        general = QFormLayout(self.general_group)
        general.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        language = QVBoxLayout()
        language.addWidget(self.language_combo)
        language.addWidget(self.language_note)
        general.addRow(
            self._label(translate("SettingsDialog", "&Language"), self.language_combo), language
        )
        layout.addWidget(self.general_group)
        layout.addWidget(self.voice_group)
        layout.addWidget(self.env_note)
        layout.addWidget(self.key_warning)
        layout.addWidget(self.problem_label)
        layout.addStretch()
        self._scroll.setWidget(self._content)
        outer = QVBoxLayout(self)
        outer.addWidget(self._scroll, 1)
        outer.addWidget(self.buttons)
        chain: list[QWidget] = [
            self.preset_combo,
            self.base_url_edit,
            self.key_edit,
            self.key_field.toggle,
            self.model_combo,
            self.refresh_button,
            self.merge_check,
            self.leading_check,
            self.budget_spin,
            self.answer_cap_spin,
            self.connect_spin,
            self.idle_spin,
            self.updates_combo,
            self.test_button,
            self.weather_check,
            self.undo_spin,
            self.edits_combo,
            self.language_combo,
            *self.voice_group.focus_chain,
            self.ok_button,
            self.cancel_button,
        ]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _label(self, text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(buddy)
        return label

    def _show_updates_choice(self) -> None:
        """Changes only keeps every runtime message trailing, so the state cannot also go
        ahead of the person's message: the box is off while it is chosen."""
        self.leading_check.setEnabled(not self.updates_combo.currentData())

    def _fill(self, profile: ModelProfile) -> None:
        self.preset_combo.setCurrentIndex(self.preset_combo.findData(profile.preset))
        self._show_preset(profile.preset_info)
        self.base_url_edit.setText(profile.base_url)
        self.model_combo.setEditText(profile.model)
        self.merge_check.setChecked(profile.merge_user_turns)
        self.leading_check.setChecked(profile.snapshot_layout is SnapshotLayout.LEADING)
        self.budget_spin.setValue(profile.context_budget)
        self.answer_cap_spin.show_setting(profile.answer_cap)
        self.connect_spin.show_setting(profile.connect_timeout)
        self.idle_spin.show_setting(profile.idle_timeout)
        self.updates_combo.setCurrentIndex(self.updates_combo.findData(profile.context_updates))
        self._show_updates_choice()
        if self._env_key is None:
            self.key_edit.setText(profile.api_key or "")
        if ENV_BASE_URL in self._overridden:
            self._lock(self.base_url_edit, ENV_BASE_URL)
        if ENV_API_KEY in self._overridden:
            self.key_field.set_locked(
                translate("SettingsDialog", "Set by environment variable {variable}").format(
                    variable=ENV_API_KEY
                )
            )
        if ENV_MODEL in self._overridden:
            self._lock(self.model_combo, ENV_MODEL)
            self.refresh_button.setEnabled(False)
        if self._overridden:
            self.env_note.show_message(_environment_note(self._overridden))
        if profile.key_source is SecretSource.SESSION:
            self.key_warning.show_message(shown(SESSION_KEY_TEXT), Kind.WARNING)
        elif profile.key_source is SecretSource.KEYRING:
            self.key_warning.show_message(shown(self._secrets.where(profile.key_source)))

    @staticmethod
    def _lock(widget: QWidget, variable: str) -> None:
        widget.setEnabled(False)
        widget.setToolTip(
            translate("SettingsDialog", "Set by environment variable {variable}").format(
                variable=variable
            )
        )

    def _connect(self) -> None:
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        self.base_url_edit.textChanged.connect(self._base_url_changed)
        self.base_url_edit.editingFinished.connect(self._fetch_stored_key)
        self.key_edit.textEdited.connect(self._key_edited)
        self.key_edit.textChanged.connect(self._invalidate_connection)
        self.model_combo.currentTextChanged.connect(self._model_text_changed)
        self.refresh_button.clicked.connect(self.refresh_models)
        self.test_button.clicked.connect(self.test_connection)
        self.budget_spin.valueChanged.connect(self._show_window)
        self.answer_cap_spin.valueChanged.connect(self._show_window)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

    # -- reading the fields ----------------------------------------------------------------

    @property
    def preset(self) -> Preset:
        return preset_for(str(self.preset_combo.currentData()))

    def api_key(self) -> str | None:
        """The key the server gets: the environment's, or what the field holds."""
        if self._env_key is not None:
            return self._env_key
        return self.key_edit.text().strip() or None

    def current_profile(self) -> ModelProfile:
        """The profile as the fields describe it (not yet saved)."""
        key = self.api_key()
        return ModelProfile(
            preset=self.preset.key,
            base_url=normalize_base_url(self.base_url_edit.text()),
            model=self.model_combo.currentText().strip(),
            api_key=key,
            key_source=SecretSource.ENVIRONMENT if self._env_key is not None else None,
            merge_user_turns=self.merge_check.isChecked(),
            overridden=self._overridden,
            context_budget=self.budget_spin.value(),
            answer_cap=self.answer_cap_spin.value(),
            connect_timeout=float(self.connect_spin.value()),
            idle_timeout=float(self.idle_spin.value()),
            context_updates=bool(self.updates_combo.currentData()),
            snapshot_layout=(
                SnapshotLayout.LEADING
                if self.leading_check.isChecked()
                else SnapshotLayout.TRAILING
            ),
        )

    # -- online lookups and undo depth -----------------------------------------------------

    async def _load_stored(self) -> None:
        """Read what the profile does not carry; those fields stay disabled until then."""
        weather = await self._settings.get(LOOKUPS_ONLINE_WEATHER)
        url = await self._settings.get(LOOKUPS_WEATHER_URL)
        depth = await self._settings.get(UNDO_DEPTH)
        edits = await self._settings.get(ASSISTANT_EDITS)
        language = await self._settings.get(UI_LANGUAGE)
        self._stored_language = language
        index = self.language_combo.findData(language)
        if index < 0:  # a language this build does not ship: keep it, by its code's name
            self.language_combo.addItem(native_name(language), language)
            index = self.language_combo.count() - 1
        self.language_combo.setCurrentIndex(index)
        self.language_combo.setEnabled(True)
        self._show_language_note()
        self.edits_combo.setCurrentIndex(self.edits_combo.findData(edits.value))
        self.edits_combo.setEnabled(True)
        self.weather_check.setChecked(weather)
        self._show_weather_url(url)
        self.undo_spin.show_setting(depth)
        self._stored_loaded = True
        self.weather_check.setEnabled(True)
        self.undo_spin.setEnabled(True)
        if self._focus_online:
            self.weather_check.setFocus(Qt.FocusReason.OtherFocusReason)
        await self.voice_group.load(self._settings)

    def focus_online_lookups(self) -> None:
        """Put the focus on the weather forecasts switch (once its stored value is read):
        where "turn it on in Settings" leads."""
        self._focus_online = True
        if self._stored_loaded:
            self.weather_check.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_language_note(self) -> None:
        """Say, as soon as another language is chosen, that it shows after a restart (the
        window's text is made in one language at start-up)."""
        changed = self._stored_loaded and self.language_combo.currentData() != self._stored_language
        self.language_note.show_message(shown(RESTART_NOTE) if changed else "")

    def _show_weather_url(self, url: str) -> None:
        line = weather_sends(url)
        self.weather_note.setText(line)
        self.weather_check.setAccessibleDescription(line)
        self.weather_check.setToolTip(line)

    # -- reacting to edits -----------------------------------------------------------------

    def _show_preset(self, preset: Preset) -> None:
        self.hint_label.setText(shown(preset.hint))
        self.hint_label.setAccessibleDescription(shown(preset.hint))
        if self._env_key is not None:
            return
        if preset.key_required:
            self.key_edit.setPlaceholderText(
                translate("SettingsDialog", "Required for {server}").format(
                    server=shown(preset.label)
                )
            )
        else:
            self.key_edit.setPlaceholderText(
                translate(
                    "SettingsDialog",
                    "Not needed unless the server asks for one; without a key none is sent",
                )
            )

    def _preset_chosen(self) -> None:
        preset = self.preset
        self._show_preset(preset)
        if ENV_BASE_URL not in self._overridden and preset.base_url:
            self.base_url_edit.setText(preset.base_url)
            self._fetch_stored_key()

    def _base_url_changed(self) -> None:
        """A model list or key lookup for the old URL no longer applies."""
        self._models_generation += 1
        if self._models_task is not None:
            self._models_task.cancel()
            self._models_task = None
        self._key_generation += 1
        self.models_busy.hide()
        self.models_status.clear_message()
        self.problem_label.clear_message()
        self._invalidate_connection()

    def _key_edited(self) -> None:
        self._key_typed = True
        self._key_generation += 1

    def _model_text_changed(self) -> None:
        if not self._filling_models:
            self._invalidate_connection()

    def _invalidate_connection(self) -> None:
        self._connection_generation += 1
        self.connection_status.clear_message()
        self.test_button.setEnabled(True)
        self._window_generation += 1  # Test connection asks the changed server again.
        self._window, self._window_read = None, False
        self.window_status.clear_message()

    def _fetch_stored_key(self) -> None:
        """Show the key kept for this base URL, unless the person typed one."""
        if self._env_key is not None or (self._key_typed and self.key_edit.text()):
            return
        if not self.isVisible() or self.tasks.closed or not loop_running():
            return  # Focus left the field because the dialog is closing.
        self._key_generation += 1
        url = normalize_base_url(self.base_url_edit.text())
        self.tasks.start(self._fill_key(self._key_generation, url), name="read API key")

    async def _fill_key(self, generation: int, url: str) -> None:
        key = await stored_key(self._secrets, url)
        if generation != self._key_generation:
            return
        self.key_edit.setText(key or "")
        self._key_typed = False

    # -- models ----------------------------------------------------------------------------

    def refresh_models(self) -> asyncio.Task[None]:
        """List the server's models into the Model box; errors appear below it."""
        if self._models_task is not None:
            self._models_task.cancel()
        self._models_generation += 1
        url = normalize_base_url(self.base_url_edit.text())
        key = self.api_key()
        self.models_busy.show()
        self.models_status.show_message(
            translate("SettingsDialog", "Asking {url} for its models…").format(url=url)
        )
        task = self.tasks.start(
            self._refresh(self._models_generation, url, key), name="refresh models"
        )
        self._models_task = task
        return task

    async def _refresh(self, generation: int, url: str, key: str | None) -> None:
        try:
            models = await list_models(url, key)
        except ConnectionCheckError as error:
            if generation == self._models_generation:
                self.models_status.show_message(shown_error(error), Kind.ERROR)
            return
        finally:
            if generation == self._models_generation:
                self._models_done()
        if generation == self._models_generation:
            self._show_models(models)

    def _models_done(self) -> None:
        self._models_task = None
        self.models_busy.hide()

    def _show_models(self, models: list[str]) -> None:
        typed = self.model_combo.currentText().strip()
        self._filling_models = True
        try:
            self.model_combo.clear()
            self.model_combo.addItems(models)
            chosen = typed or (models[0] if models else "")
            index = self.model_combo.findText(chosen, Qt.MatchFlag.MatchExactly)
            if index >= 0:
                self.model_combo.setCurrentIndex(index)
            self.model_combo.setEditText(chosen)
        finally:
            self._filling_models = False
        if chosen != typed:
            self._invalidate_connection()
        if not models:
            self.models_status.show_message(
                translate(
                    "SettingsDialog",
                    "The server lists no models. Load or pull one, or type its name.",
                ),
                Kind.WARNING,
            )
        elif typed and typed not in models:
            self.models_status.show_message(_found(models, typed), Kind.WARNING)
        else:
            self.models_status.show_message(_found(models), Kind.SUCCESS)

    # -- context window --------------------------------------------------------------------

    def ask_context_window(self) -> asyncio.Task[ContextWindow | None] | None:
        """Ask the server in the fields for its context window, in the background; None when
        the fields name no server and model to ask."""
        self._window_generation += 1
        profile = self.current_profile()
        if base_url_problem(profile.base_url) is not None or not profile.model:
            return None
        return self.tasks.start(
            self._read_window(self._window_generation, profile), name="read the context window"
        )

    async def _read_window(self, generation: int, profile: ModelProfile) -> ContextWindow | None:
        window = await probe_context_window(
            profile.base_url, profile.client_api_key, profile.model, profile.preset
        )
        if generation == self._window_generation:
            self._window, self._window_read = window, True
            self._show_window()
        return window

    def _show_window(self) -> None:
        if self._window_read:
            text = context_window_text(
                self._window, self.budget_spin.value(), self.answer_cap_spin.value()
            )
            self.window_status.show_message(text)

    # -- connection test -------------------------------------------------------------------

    def test_connection(self) -> asyncio.Task[None]:
        """Check the server and the chosen model; the answer appears beside the button."""
        self._connection_generation += 1
        profile = self.current_profile()
        self.connection_status.show_message(translate("SettingsDialog", "Testing connection…"))
        self.test_button.setEnabled(False)
        return self.tasks.start(
            self._test(self._connection_generation, profile), name="test connection"
        )

    async def _test(self, generation: int, profile: ModelProfile) -> None:
        try:
            answer = await check_connection(profile)
            kind = Kind.WARNING if str(answer).startswith("Connected, but") else Kind.SUCCESS
            message = shown(answer)
        except ConnectionCheckError as error:
            message, kind = shown_error(error), Kind.ERROR
        else:
            self._window_generation += 1
            window = await self._read_window(self._window_generation, profile)
            if window is not None:
                message = translate(
                    "SettingsDialog", "{answer} Context window: {tokens} tokens."
                ).format(answer=message, tokens=amount(window.tokens))
        if generation != self._connection_generation:
            return  # The fields changed meanwhile; that invalidation re-enabled the button.
        self.test_button.setEnabled(True)
        self.connection_status.show_message(message, kind)

    # -- saving and closing ----------------------------------------------------------------

    def save(self) -> None:
        """OK: save, then close once saved."""
        if self._saving:
            return
        if ENV_BASE_URL not in self._overridden:
            problem = base_url_problem(self.base_url_edit.text())
            if problem is not None:
                self.problem_label.show_message(shown(problem), Kind.ERROR)
                self.base_url_edit.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        for spin in self._spins():
            if (problem := spin.problem()) is not None:
                self.problem_label.show_message(problem, Kind.ERROR)
                spin.setFocus(Qt.FocusReason.OtherFocusReason)
                spin.selectAll()
                return
        self.problem_label.clear_message()
        self._set_saving(True)
        self.tasks.start(self._save(self.current_profile()), name="save settings")

    def _spins(self) -> list[SettingSpinBox]:
        """The number fields OK saves: the undo depth only once its stored value is shown."""
        spins = [self.answer_cap_spin, self.connect_spin, self.idle_spin]
        return [*spins, self.undo_spin] if self._stored_loaded else spins

    async def _save(self, edited: ModelProfile) -> None:
        weather = self.weather_check.isChecked()
        depth = self.undo_spin.value()
        language = str(self.language_combo.currentData())
        try:
            if self._stored_loaded:  # else the stored values stay as they are
                await self._settings.set(UNDO_DEPTH, depth)
                await self._settings.set(LOOKUPS_ONLINE_WEATHER, weather)
                await self._settings.set(ASSISTANT_EDITS, EditMode(self.edits_combo.currentData()))
                await self._settings.set(UI_LANGUAGE, language)
            await self.voice_group.save(self._settings)
            secret = await save_profile(
                self._settings,
                self._secrets,
                edited.preset,
                edited.base_url,
                edited.model,
                None if self._env_key is not None else edited.api_key,
                edited.merge_user_turns,
                context_budget=edited.context_budget,
                answer_cap=edited.answer_cap,
                connect_timeout=edited.connect_timeout,
                idle_timeout=edited.idle_timeout,
                context_updates=edited.context_updates,
                snapshot_layout=edited.snapshot_layout,
                environ=self._environ,
            )
            profile = await load_profile(self._settings, self._secrets, self._environ)
        except Exception as error:
            self._set_saving(False)
            self.problem_label.show_message(
                translate("SettingsDialog", "The settings were not saved: {error}").format(
                    error=shown_error(error)
                ),
                Kind.ERROR,
            )
            return
        self._set_saving(False)
        self.saved.emit(profile)
        if self._stored_loaded and language != self._stored_language:
            self.language_saved.emit(language)
        if secret is not None:  # say exactly where the key went, kept or not
            self.key_notice.emit(
                translate("SettingsDialog", "Settings saved. {where}").format(
                    where=shown(secret.message or SESSION_KEY_TEXT)
                )
            )
        self.accept()

    def _set_saving(self, saving: bool) -> None:
        self._saving = saving
        self.buttons.setEnabled(not saving)

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize):
            self._fit_height()  # A new width changes what wrapped text needs.
        return handled

    @property
    def rows_scroll(self) -> QScrollBar:
        """The scroll bar of the rows, which scroll once the dialog is as tall as the screen."""
        return self._scroll.verticalScrollBar()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._content and event.type() == QEvent.Type.LayoutRequest:
            self._fit_height()  # A message appeared in the rows, or went.
        return super().eventFilter(watched, event)

    def _fit_height(self) -> None:
        """Grow to what the rows need at this width when a message appears, up to the
        screen's height (the rows scroll beyond it): wrapped text has a height for a width,
        which a dialog's minimum size does not account for, so the rows above would be
        squashed instead."""
        outer, rows = self.layout(), self._content.layout() if hasattr(self, "_content") else None
        if outer is None or rows is None:
            return  # Still being built.
        need = rows.totalMinimumSize().height()
        if rows.hasHeightForWidth():
            need = max(need, rows.totalHeightForWidth(self._scroll.viewport().width()))
        margins = outer.contentsMargins()
        need += self.buttons.sizeHint().height() + outer.spacing()
        need += margins.top() + margins.bottom()
        screen = self.screen()
        if screen is not None:
            frame = self.frameGeometry().height() - self.geometry().height()
            frame = frame if frame > 0 else 48  # not shown yet: a title bar and borders
            need = min(need, screen.availableGeometry().height() - frame)
        if self.minimumHeight() != need:
            self.setMinimumHeight(need)
        if self.height() < need:
            self.resize(self.width(), need)

    def reject(self) -> None:
        """Cancel or Esc; ignored while saving, so a half-saved profile is never abandoned."""
        if not self._saving:
            super().reject()

    def done(self, result: int) -> None:
        self.tasks.cancel_all()
        super().done(result)

    async def shutdown(self) -> None:
        """Stop every task of the dialog and wait for them to end."""
        await self.tasks.shutdown()

    def _task_failed(self, name: str, error: BaseException) -> None:
        """An unexpected error: undo the task's busy state and say what went wrong."""
        if name == "save settings":
            self._set_saving(False)
        elif name in ("test connection", "read the context window"):
            self._invalidate_connection()
        self.problem_label.show_message(
            failure_text(name, error),
            Kind.ERROR,
        )
        self.task_failed.emit(name, error)

"""Settings. Every row is built from its setting's declaration (`concierge.model.settings`);
this module adds what only the dialog does: asking the server, the key in the keyring,
environment overrides, and fitting the screen.

Everything slow runs as a background task; a result that arrives after the person changed
the fields it was for is dropped.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollBar,
    QVBoxLayout,
    QWidget,
)

from concierge.agent.compaction import budget_for_window
from concierge.model.settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    LOOKUPS_ONLINE_WEATHER,
    LOOKUPS_WEATHER_URL,
    MODEL_API_KEY,
    MODEL_BASE_URL,
    MODEL_CONTEXT_UPDATES,
    MODEL_NAME,
    MODEL_PRESET,
    MODEL_SNAPSHOT_LAYOUT,
    MODEL_TOOL_USE,
    UI_LANGUAGE,
    Section,
    Setting,
    ToolUse,
)
from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    LOCAL_SERVERS,
    OVERRIDES,
    TOOL_USE_TEXT,
    ConnectionCheckError,
    ContextWindow,
    FoundServer,
    ModelProfile,
    Preset,
    SecretSource,
    SecretStore,
    base_url_problem,
    check_connection,
    check_tool_use,
    list_models,
    load_profile,
    normalize_base_url,
    preset_for,
    probe_context_window,
    save_profile,
    stored_key,
)
from concierge.store import Settings
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.async_support import loop_running
from concierge.ui.found_servers import FoundServers
from concierge.ui.i18n import (
    SYSTEM,
    shown,
    shown_error,
    translate,
)
from concierge.ui.task_dialog import TaskDialog
from concierge.ui.task_failure import failure_text
from concierge.ui.vertical_scroll import VerticalScrollArea
from concierge.ui.wrapped_label import wrapped_label

from .key_field import KeyField
from .rows import ModelList, Row, setting_name
from .section import SettingRows, SettingsSection
from .setting_spin import whole
from .status import Kind, StatusLabel

RESTART_NOTE = QT_TRANSLATE_NOOP(
    "SettingsDialog", "Concierge shows the new language after a restart."
)


def weather_sends(url: str) -> str:
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
        ).format(budget=whole(budget))
    in_use = budget_for_window(budget, window.tokens, answer_cap)
    kept = (
        translate("SettingsDialog", "as set")
        if in_use == budget
        else translate("SettingsDialog", "below the {budget} set").format(budget=whole(budget))
    )
    return translate(
        "SettingsDialog",
        "Context window: {window} tokens, from {source}. Budget in use: "
        "{in_use} tokens ({kept}), leaving room for an answer of {answer}.",
    ).format(
        window=whole(window.tokens),
        source=shown(window.source),
        in_use=whole(in_use),
        kept=kept,
        answer=whole(answer_cap),
    )


SESSION_KEY_TEXT = QT_TRANSLATE_NOOP(
    "SettingsDialog",
    "This API key is kept only until Concierge quits: the system keyring did not accept it.",
)


def _environment_note(overridden: tuple[str, ...]) -> str:
    fields = ", ".join(
        f"{setting_name(setting)} ({name})" for setting, name in OVERRIDES if name in overridden
    )
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


class SettingsDialog(TaskDialog):
    """Edits a `ModelProfile`; OK saves (async) and closes, Cancel discards."""

    saved = Signal(object)
    """The profile now in effect (`ModelProfile`, environment overrides applied)."""
    key_notice = Signal(str)
    """Saved, but the API key lasts only until Concierge quits: why, in a sentence."""
    task_failed = Signal(str, object)
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
        local_servers: Sequence[Preset] = LOCAL_SERVERS,
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
        self._focus_online = False
        self._stored_language = SYSTEM
        self._tool_use = profile.tool_use
        """What the last connection test found, for the fields as they are."""

        self.found = FoundServers(
            self.tasks, self, servers=local_servers, action=translate("SettingsDialog", "Use")
        )
        self._build()
        self._fill(profile)
        self._connect()
        if loop_running():
            self.tasks.start(self._load_stored(), name="read the other settings")
            self.ask_context_window()
            self.found.search()

    def _build(self) -> None:
        # The rows scroll and the buttons stay: with every section the dialog is taller
        # than a 800-pixel screen, whose bottom would otherwise hide OK and Cancel.
        self._content = QWidget(self)
        self._content.setObjectName("settingsContent")
        self._content.installEventFilter(self)
        self._scroll = VerticalScrollArea(self)
        form = QFormLayout()
        self.model_rows = SettingRows(Section.MODEL, self._content, form)
        self.sections = {
            section: SettingsSection(section, self._content)
            for section in Section
            if section is not Section.MODEL
        }
        self.preset_combo = self._control(MODEL_PRESET, QComboBox)
        self.base_url_edit = self._control(MODEL_BASE_URL, QLineEdit)
        self.key_edit = self._control(MODEL_API_KEY, QLineEdit)
        self.key_field = self.key_edit.parentWidget()
        assert isinstance(self.key_field, KeyField)
        models = self.model_rows[MODEL_NAME].field.findChild(ModelList)
        assert models is not None
        self.model_combo, self.refresh_button = models.combo, models.refresh_button
        self.models_busy, self.models_status = models.busy, models.status

        self.hint_label = wrapped_label(
            self, name="presetHint", accessible=translate("SettingsDialog", "About this server")
        )
        self.model_rows[MODEL_PRESET].add_below(self.hint_label)
        self.window_status = StatusLabel(translate("SettingsDialog", "Context window"), self)
        self.window_status.setObjectName("contextWindowStatus")
        self.model_rows[ASSISTANT_ANSWER_CAP].add_below(self.window_status)

        self.test_button = QPushButton(translate("SettingsDialog", "Test connection"), self)
        self.test_button.setObjectName("testConnectionButton")
        self.test_button.setAccessibleName(translate("SettingsDialog", "Test connection"))
        self.connection_status = StatusLabel(translate("SettingsDialog", "Connection status"), self)
        self.connection_status.setObjectName("connectionStatus")
        self.env_note = StatusLabel(translate("SettingsDialog", "Environment overrides"), self)
        self.env_note.setObjectName("environmentNote")
        self.key_warning = StatusLabel(translate("SettingsDialog", "API key storage"), self)
        self.key_warning.setObjectName("keyWarning")
        self.problem_label = StatusLabel(translate("SettingsDialog", "Problem"), self)
        self.problem_label.setObjectName("problemLabel")

        weather = self.sections[Section.ONLINE].rows[LOOKUPS_ONLINE_WEATHER]
        self.weather_note = wrapped_label(
            weather.field,
            name="weatherForecastsNote",
            accessible=translate("SettingsDialog", "What weather forecasts send"),
        )
        weather.add_below(self.weather_note)
        self._show_weather_url(LOOKUPS_WEATHER_URL.default)
        language = self.sections[Section.GENERAL].rows[UI_LANGUAGE]
        self.language_note = StatusLabel(
            translate("SettingsDialog", "When the language changes"), language.field
        )
        self.language_note.setObjectName("languageNote")
        language.add_below(self.language_note)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        for button, text in (
            (self.ok_button, translate("SettingsDialog", "OK")),
            (self.cancel_button, translate("SettingsDialog", "Cancel")),
        ):
            button.setText(text)
            button.setAccessibleName(text)
        self._layout(form)

    def _control(self, setting: Setting[Any], kind: type[Any]) -> Any:
        control = self.model_rows[setting].control
        assert isinstance(control, kind)
        return control

    def control(self, setting: Setting[Any]) -> QWidget:
        if setting.section is Section.MODEL:
            return self.model_rows[setting].control
        assert setting.section is not None, f"{setting.key} is not shown in Settings"
        return self.sections[setting.section].control(setting)

    def _layout(self, form: QFormLayout) -> None:
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignTop)
        test_row.addWidget(self.connection_status, 1)
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.found)
        layout.addLayout(form)
        layout.addLayout(test_row)
        for section in self.sections.values():
            layout.addWidget(section)
        layout.addWidget(self.env_note)
        layout.addWidget(self.key_warning)
        layout.addWidget(self.problem_label)
        layout.addStretch()
        self._scroll.setWidget(self._content)
        outer = QVBoxLayout(self)
        outer.addWidget(self._scroll, 1)
        outer.addWidget(self.buttons)
        chain: list[QWidget] = [
            *self.found.focus_chain,
            *self.model_rows.focus_chain,
            self.test_button,
            *(widget for section in self.sections.values() for widget in section.focus_chain),
            self.ok_button,
            self.cancel_button,
        ]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _show_updates_choice(self) -> None:
        """Changes only keeps every runtime message trailing, so the state cannot also go
        ahead of the person's message: the box is off while it is chosen."""
        leading = self.model_rows[MODEL_SNAPSHOT_LAYOUT].control
        leading.setEnabled(not self.model_rows[MODEL_CONTEXT_UPDATES].read())

    def _fill(self, profile: ModelProfile) -> None:
        for setting, row in self.model_rows.rows.items():
            if setting is not MODEL_API_KEY or self._env_key is None:
                row.write(profile[setting])
        self.model_rows.loaded = True
        self._show_preset(profile.preset_info)
        self._show_updates_choice()
        for setting, variable in OVERRIDES:
            if variable not in self._overridden:
                continue
            locked = translate("SettingsDialog", "Set by environment variable {variable}").format(
                variable=variable
            )
            if setting is MODEL_API_KEY:
                self.key_field.set_locked(locked)
            else:
                control = self.model_rows[setting].control
                control.setEnabled(False)
                control.setToolTip(locked)
        if ENV_MODEL in self._overridden:
            self.refresh_button.setEnabled(False)
        if self._overridden:
            self.env_note.show_message(_environment_note(self._overridden))
        if profile.key_source is SecretSource.SESSION:
            self.key_warning.show_message(shown(SESSION_KEY_TEXT), Kind.WARNING)
        elif profile.key_source is SecretSource.KEYRING:
            self.key_warning.show_message(shown(self._secrets.where(profile.key_source)))

    def _connect(self) -> None:
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        self.base_url_edit.textChanged.connect(self._base_url_changed)
        self.base_url_edit.editingFinished.connect(self._fetch_stored_key)
        self.key_edit.textEdited.connect(self._key_edited)
        self.key_field.typed.connect(self._check_typed_key)
        self.key_edit.textChanged.connect(self._invalidate_connection)
        self.model_combo.currentTextChanged.connect(self._model_text_changed)
        self.refresh_button.clicked.connect(self.refresh_models)
        self.test_button.clicked.connect(self.test_connection)
        self.found.connect_requested.connect(self.use_found)
        for setting in (ASSISTANT_CONTEXT_BUDGET, ASSISTANT_ANSWER_CAP):
            self.control(setting).valueChanged.connect(self._show_window)  # type: ignore[attr-defined]
        updates = self.control(MODEL_CONTEXT_UPDATES)
        updates.currentIndexChanged.connect(self._show_updates_choice)  # type: ignore[attr-defined]
        language = self.control(UI_LANGUAGE)
        language.currentIndexChanged.connect(self._show_language_note)  # type: ignore[attr-defined]
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

    @property
    def preset(self) -> Preset:
        return preset_for(str(self.model_rows[MODEL_PRESET].read()))

    def api_key(self) -> str | None:
        """The key the server gets: the environment's, or what the field holds."""
        if self._env_key is not None:
            return self._env_key
        return self.key_edit.text().strip() or None

    def current_profile(self) -> ModelProfile:
        """The profile as the fields describe it (not yet saved)."""
        values = self.model_rows.values()
        values[MODEL_API_KEY] = self.api_key() or ""
        values[MODEL_TOOL_USE] = self._tool_use
        return ModelProfile.of(
            values,
            key_source=SecretSource.ENVIRONMENT if self._env_key is not None else None,
            overridden=self._overridden,
        )

    async def _load_stored(self) -> None:
        """Read what the profile does not carry; those fields stay disabled until then."""
        url = await self._settings.get(LOOKUPS_WEATHER_URL)
        self._stored_language = await self._settings.get(UI_LANGUAGE)
        for section in self.sections.values():  # Voice last: listing devices takes a while.
            await section.load(self._settings)
            if section is self.sections[Section.ONLINE]:
                self._show_weather_url(url)
                if self._focus_online:
                    self.control(LOOKUPS_ONLINE_WEATHER).setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_language_note()

    def focus_online_lookups(self) -> None:
        """Focus the weather forecasts switch: where "turn it on in Settings" leads."""
        self._focus_online = True
        if self.sections[Section.ONLINE].loaded:
            self.control(LOOKUPS_ONLINE_WEATHER).setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_language_note(self) -> None:
        """Say, as soon as another language is chosen, that it shows after a restart (the
        window's text is made in one language at start-up)."""
        general = self.sections[Section.GENERAL]
        changed = general.loaded and general.rows[UI_LANGUAGE].read() != self._stored_language
        self.language_note.show_message(shown(RESTART_NOTE) if changed else "")

    def _show_weather_url(self, url: str) -> None:
        line = weather_sends(url)
        check = self.control(LOOKUPS_ONLINE_WEATHER)
        self.weather_note.setText(line)
        check.setAccessibleDescription(line)
        check.setToolTip(line)

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

    def _check_typed_key(self) -> None:
        """A key typed or pasted is tried on the server at once: its models, or its refusal in
        words, rather than at the first message."""
        if base_url_problem(self.base_url_edit.text()) is None:
            self.refresh_models()

    def _model_text_changed(self) -> None:
        if not self._filling_models:
            self._invalidate_connection()

    def _invalidate_connection(self) -> None:
        self._connection_generation += 1
        self._tool_use = ToolUse.UNTESTED
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

    def use_found(self, server: FoundServer, model: str) -> asyncio.Task[None]:
        """Fill the fields with a server found on this computer and one of its models, and
        test them; OK keeps them."""
        self.model_rows[MODEL_PRESET].write(server.preset.key)
        if ENV_BASE_URL not in self._overridden:
            self.base_url_edit.setText(server.base_url)
        if ENV_MODEL not in self._overridden:
            self._show_models(list(server.models))
            self.model_combo.setEditText(model)
        return self.test_connection()

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

    def ask_context_window(self) -> asyncio.Task[ContextWindow | None] | None:
        """Ask the server in the fields for its context window, in the background."""
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
                self._window,
                self.model_rows[ASSISTANT_CONTEXT_BUDGET].read(),
                self.model_rows[ASSISTANT_ANSWER_CAP].read(),
            )
            self.window_status.show_message(text)

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
                ).format(answer=message, tokens=whole(window.tokens))
            if kind is Kind.SUCCESS and profile.model:
                message, kind = await self._test_tools(generation, profile, message)
        if generation != self._connection_generation:
            return  # The fields changed meanwhile; that invalidation re-enabled the button.
        self.test_button.setEnabled(True)
        self.connection_status.show_message(message, kind)

    async def _test_tools(
        self, generation: int, profile: ModelProfile, message: str
    ) -> tuple[str, Kind]:
        """Ask the model for one tool call; the verdict goes with the profile OK saves."""
        if generation == self._connection_generation:
            self.connection_status.show_message(
                translate("SettingsDialog", "{answer} Asking the model to use a tool…").format(
                    answer=message
                )
            )
        try:
            verdict = await check_tool_use(profile)
        except ConnectionCheckError as error:
            return shown_error(error), Kind.ERROR
        if generation == self._connection_generation:
            self._tool_use = verdict
        kind = Kind.SUCCESS if verdict is ToolUse.EDITS else Kind.WARNING
        return f"{message} {shown(TOOL_USE_TEXT[verdict])}.", kind

    def save(self) -> None:
        if self.busy:
            return
        if ENV_BASE_URL not in self._overridden:
            problem = base_url_problem(self.base_url_edit.text())
            if problem is not None:
                self.problem_label.show_message(shown(problem), Kind.ERROR)
                self.base_url_edit.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        for row, problem in self._problems():
            self.problem_label.show_message(problem, Kind.ERROR)
            row.control.setFocus(Qt.FocusReason.OtherFocusReason)
            row.control.selectAll()  # type: ignore[attr-defined]
            return
        self.problem_label.clear_message()
        self._set_saving(True)
        self.tasks.start(self._save(self.current_profile()), name="save settings")

    def _problems(self) -> list[tuple[Row, str]]:
        """The fields OK cannot save, and why: a section's only once its stored values show."""
        found = self.model_rows.problems()
        for section in self.sections.values():
            if section.loaded:
                found += section.rows.problems()
        return found

    async def _save(self, edited: ModelProfile) -> None:
        general = self.sections[Section.GENERAL]
        language = general.rows[UI_LANGUAGE].read() if general.loaded else self._stored_language
        try:
            for section in self.sections.values():
                await section.save(self._settings)  # one not yet read stays as stored
            secret = await save_profile(
                self._settings, self._secrets, edited.values, environ=self._environ
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
        if language != self._stored_language:
            self.language_saved.emit(language)
        if secret is not None:  # say exactly where the key went, kept or not
            self.key_notice.emit(
                translate("SettingsDialog", "Settings saved. {where}").format(
                    where=shown(secret.message or SESSION_KEY_TEXT)
                )
            )
        self.accept()

    def _set_saving(self, saving: bool) -> None:
        self.busy = saving
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
        """Grow to what the rows need at this width, up to the screen's height: wrapped
        text's height for a width is not in a dialog's minimum size."""
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

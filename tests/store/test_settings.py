"""Settings: declared once, typed on the way in and out, invalid stored values fall back."""

from __future__ import annotations

import logging
from typing import Annotated

import pytest
from pydantic import Field
from sqlmodel import Session

from concierge.model.settings import (
    ASSISTANT_CONTEXT_BUDGET,
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_NAME,
    MODEL_PRESET,
    SETTINGS,
    UI_LAST_TRIP_ID,
    UI_WINDOW_GEOMETRY,
    UNDO_DEPTH,
    Setting,
    declare,
    whole_range,
)
from concierge.store import AppSetting, Database, InvalidSettingError, Settings


def store_raw(database: Database, key: str, value: str) -> None:
    def write(session: Session) -> None:
        session.merge(AppSetting(key=key, value=value))

    database.run_sync(write)


async def test_defaults_apply_until_a_value_is_stored(database: Database) -> None:
    settings = Settings(database)
    assert await settings.get(MODEL_PRESET) == "ollama"
    assert await settings.get(MODEL_BASE_URL) == "http://localhost:11434/v1"
    assert await settings.get(MODEL_NAME) == ""
    assert await settings.get(MODEL_MERGE_USER_TURNS) is False
    assert await settings.get(UI_LAST_TRIP_ID) is None
    assert await settings.get(UI_WINDOW_GEOMETRY) is None


async def test_values_round_trip_with_their_types(database: Database) -> None:
    settings = Settings(database)
    await settings.set(MODEL_NAME, "qwen3:8b")
    await settings.set(MODEL_MERGE_USER_TURNS, True)
    await settings.set(UI_LAST_TRIP_ID, "abc123")
    await settings.set(UI_WINDOW_GEOMETRY, "AdnQywADAAAAAAAA")
    assert await settings.get(MODEL_NAME) == "qwen3:8b"
    assert await settings.get(MODEL_MERGE_USER_TURNS) is True
    assert await settings.get(UI_LAST_TRIP_ID) == "abc123"
    await settings.set(UI_LAST_TRIP_ID, None)
    assert await settings.get(UI_LAST_TRIP_ID) is None
    stored = database.run_sync(lambda session: session.get(AppSetting, "model.merge_user_turns"))
    assert stored is not None
    assert stored.value == "true"  # JSON
    await settings.reset(MODEL_NAME)
    assert await settings.get(MODEL_NAME) == ""
    assert await settings.get(UI_WINDOW_GEOMETRY) == "AdnQywADAAAAAAAA"


async def test_values_survive_reopening(db_path: object, database: Database) -> None:
    await Settings(database).set(MODEL_BASE_URL, "http://localhost:1234/v1")
    database.close()
    with Database(database.path) as reopened:
        assert await Settings(reopened).get(MODEL_BASE_URL) == "http://localhost:1234/v1"


@pytest.mark.parametrize(
    ("setting", "value"),
    [(MODEL_MERGE_USER_TURNS, "yes"), (MODEL_NAME, 7), (UI_LAST_TRIP_ID, 3), (MODEL_NAME, None)],
)
async def test_setting_a_value_of_the_wrong_type_is_refused(
    database: Database, setting: Setting[object], value: object
) -> None:
    settings = Settings(database)
    with pytest.raises(InvalidSettingError, match=setting.key):
        await settings.set(setting, value)
    assert await settings.get(setting) == setting.default


@pytest.mark.parametrize(
    ("setting", "stored"),
    [
        (MODEL_MERGE_USER_TURNS, '"yes"'),
        (MODEL_MERGE_USER_TURNS, "1"),
        (MODEL_NAME, "{not json"),
        (MODEL_PRESET, "null"),
        (UI_LAST_TRIP_ID, "[1, 2]"),
    ],
)
async def test_an_invalid_stored_value_reads_as_the_default_with_a_warning(
    database: Database,
    caplog: pytest.LogCaptureFixture,
    setting: Setting[object],
    stored: str,
) -> None:
    store_raw(database, setting.key, stored)
    with caplog.at_level(logging.WARNING, logger="concierge.store.settings"):
        assert await Settings(database).get(setting) == setting.default
    assert setting.key in caplog.text
    assert "using the default" in caplog.text


async def test_unknown_stored_keys_are_left_alone(database: Database) -> None:
    store_raw(database, "from.a.newer.version", '"x"')
    await Settings(database).set(MODEL_NAME, "llama")
    row = database.run_sync(lambda session: session.get(AppSetting, "from.a.newer.version"))
    assert row is not None
    assert row.value == '"x"'


def test_every_setting_is_declared_once_with_a_valid_default() -> None:
    assert {
        "model.preset",
        "model.base_url",
        "model.name",
        "model.merge_user_turns",
        "ui.last_trip_id",
        "ui.window_geometry",
    } <= set(SETTINGS)
    assert all(setting.description for setting in SETTINGS.values())
    for setting in SETTINGS.values():
        assert setting.adapter.validate_python(setting.default, strict=True) == setting.default
    with pytest.raises(ValueError, match="declared twice"):
        declare("model.name", str, "", "again")
    with pytest.raises(ValueError, match="valid boolean"):
        Setting("test.bad_default", bool, "no", "a default of the wrong type")


def test_whole_range_reads_the_declared_bounds() -> None:
    assert whole_range(MODEL_CONNECT_TIMEOUT) == (1, 300)  # gt=0: one second is the least
    assert whole_range(MODEL_IDLE_TIMEOUT) == (1, 3600)
    assert whole_range(UNDO_DEPTH) == (1, 100_000)
    exclusive = Setting("test.exclusive", Annotated[float, Field(gt=2.5, lt=10)], 5.0, "")
    assert whole_range(exclusive) == (3, 9)
    at_least_one = Setting("test.at_least_one", Annotated[int, Field(ge=1)], 1, "")
    assert whole_range(ASSISTANT_CONTEXT_BUDGET) == (8_000, 2_000_000)  # the dialog's limits
    for open_ended in (at_least_one, MODEL_NAME):
        with pytest.raises(ValueError, match="not bounded on both sides"):
            whole_range(open_ended)

"""Finding the servers people run, connecting one, and the connection test's tool verdict:
over real sockets, through the real openai SDK, against fakes that answer as the servers do."""

from __future__ import annotations

import pytest

from concierge.model.settings import MODEL_BASE_URL, MODEL_NAME, MODEL_PRESET, ToolUse
from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    LOCAL_SERVERS,
    ModelProfile,
    SecretStore,
    check_tool_use,
    connect_found,
    find_local_servers,
    load_profile,
)
from concierge.store import Database, Settings
from tests.fakes import FakeOllama, FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.ollama_server import preset_at, silent_preset


@pytest.fixture(autouse=True)
def no_environment_key(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


def test_the_servers_looked_for_are_declared_once_with_how_to_start_them() -> None:
    assert [p.label for p in LOCAL_SERVERS] == [
        "Ollama",
        "LM Studio",
        "llama.cpp server",
        "vLLM",
        "Jan",
        "LocalAI",
    ]
    ports = {p.label: p.base_url.rsplit(":", 1)[1] for p in LOCAL_SERVERS}
    assert ports == {
        "Ollama": "11434/v1",
        "LM Studio": "1234/v1",
        "llama.cpp server": "8080/v1",
        "vLLM": "8000/v1",
        "Jan": "1337/v1",
        "LocalAI": "8080/v1",
    }
    assert all(p.start and "\n" not in p.start for p in LOCAL_SERVERS)


async def test_ollama_is_found_with_its_models_and_silence_is_not() -> None:
    with FakeOllama() as ollama:
        servers = [preset_at("ollama", ollama.base_url), silent_preset("lmstudio")]
        found = await find_local_servers(servers)
        assert [(f.preset.label, f.base_url, f.models) for f in found] == [
            ("Ollama", ollama.base_url, ("llama3.1:8b", "qwen2.5:7b"))
        ]
        asked = {r.path for r in ollama.requests}
        assert asked == {"/api/tags", "/v1/models"}


async def test_an_openai_server_at_ollamas_port_is_not_taken_for_ollama() -> None:
    with FakeOpenAIServer() as other:  # No /api/tags: a real Ollama's own API is missing.
        assert await find_local_servers([preset_at("ollama", other.base_url)]) == []


async def test_servers_sharing_a_port_are_told_apart() -> None:
    with FakeOpenAIServer(context_window=8_192) as llamacpp, FakeOpenAIServer() as localai:
        for server, label in ((llamacpp, "llama.cpp server"), (localai, "LocalAI")):
            rows = [preset_at("llamacpp", server.base_url), preset_at("localai", server.base_url)]
            (found,) = await find_local_servers(rows)
            assert found.preset.label == label and found.models == ("fake-model",)


async def test_only_the_loopback_is_asked() -> None:
    assert await find_local_servers([preset_at("ollama", "http://192.0.2.1:11434/v1")]) == []
    assert all(
        p.base_url.startswith(("http://localhost:", "http://127.0.0.1:")) for p in LOCAL_SERVERS
    )


async def test_connecting_a_found_model_makes_it_the_profile(database: Database) -> None:
    settings, secrets = Settings(database), SecretStore()
    with FakeOllama() as ollama:
        (found,) = await find_local_servers([preset_at("ollama", ollama.base_url)])
    profile = await connect_found(settings, secrets, found, "qwen2.5:7b")
    assert profile.is_usable and profile.tool_use is ToolUse.UNTESTED
    assert (profile.preset, profile.base_url, profile.model) == (
        "ollama",
        ollama.base_url,
        "qwen2.5:7b",
    )
    assert await load_profile(settings, secrets) == profile


def ollama_profile(server: FakeOpenAIServer, model: str = "llama3.1:8b") -> ModelProfile:
    return ModelProfile.of(
        {MODEL_PRESET: "ollama", MODEL_BASE_URL: server.base_url, MODEL_NAME: model}
    )


async def test_a_model_that_calls_the_tool_can_edit_the_trip() -> None:
    with FakeOllama() as ollama:
        ollama.script(Reply.tool_calls(ToolCallSpec("add_stop", {"place": "Lisbon, Portugal"})))
        assert await check_tool_use(ollama_profile(ollama)) is ToolUse.EDITS
        (request,) = ollama.chat_requests
        assert [tool["function"]["name"] for tool in request["tools"]] == ["add_stop"]
        assert request["max_tokens"] == 2_048


async def test_a_model_that_answers_in_text_can_only_talk() -> None:
    with FakeOllama() as ollama:
        ollama.script(Reply.text("Sure! I added Lisbon to your trip."))
        assert await check_tool_use(ollama_profile(ollama)) is ToolUse.TALKS
        ollama.script(Reply.tool_calls(ToolCallSpec("add_stop", {"town": "Lisbon"})))
        assert await check_tool_use(ollama_profile(ollama)) is ToolUse.TALKS


async def test_a_model_the_server_refuses_tools_for_can_only_talk() -> None:
    with FakeOllama(models=("gemma:2b",), without_tools=("gemma:2b",)) as ollama:
        assert await check_tool_use(ollama_profile(ollama, "gemma:2b")) is ToolUse.TALKS

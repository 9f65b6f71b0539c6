"""SIGTERM, as a session logout sends it, while the assistant works or a lookup runs: the app
exits by itself (code 0, not killed), what was typed is saved, nothing is done that nobody
permitted, and the database checks clean. The moments of start-up and of typing in a form:
tests/test_quick_exit.py and tests/test_sigterm_saves_typing.py."""

from __future__ import annotations

from tests.fakes.replies import Reply, ToolCallSpec
from tests.lookup_started import seed_forecast
from tests.travel.lookups.weather_server import WeatherServer

from . import test_gui_kill_recovery as kill_recovery
from .chat import send, transcript
from .desktop import Session, popup_menu_open, until
from .test_gui_kill_recovery import ITEM, Launcher, integrity, item_titles, seed, stored_payloads
from .test_turns import LONG_ANSWER
from .trip_form import FIELDS, stored, type_into

launcher = kill_recovery.launcher


def terminated(session: Session, message: str) -> None:
    """SIGTERM now: exited by itself, `message` saved, the item kept, the database clean."""
    assert session.app.terminate() == 0, session.app.log
    log = session.app.log
    assert "signal 15: closing" in log and "Traceback" not in log, log
    assert any(message in payload for payload in stored_payloads(session))
    assert item_titles(session) == [ITEM]
    assert integrity(session) == "ok"


def test_sigterm_while_an_answer_streams(launcher: Launcher) -> None:
    seed(launcher.data_dir)
    session = launcher.start()
    session.server.script(Reply.text(LONG_ANSWER, chunks=120, chunk_delay=0.1))
    message = "Tell me everything about Lisbon."
    send(session, message)
    until(lambda: "word010" in transcript(session), "ten streamed words in the chat")
    terminated(session, message)


def test_sigterm_during_a_tool_call(launcher: Launcher) -> None:
    item_id = seed(launcher.data_dir)
    session = launcher.start()
    session.server.script(
        Reply.tool_calls(ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": item_id}))
    )
    message = f"Please remove the {ITEM}."
    send(session, message)
    session.ax.one("the Deny button of the removal prompt", name="Deny", role="push button")
    until(
        lambda: any("edit_itinerary" in p for p in stored_payloads(session)),
        "the tool call stored",
    )
    terminated(session, message)


def test_sigterm_while_a_lookup_runs(launcher: Launcher) -> None:
    """Notes typed, then Lookups (Ctrl+5) ▸ Look up ▸ Weather forecast, asked of a server that
    has the request and does not answer yet: the lookup ends interrupted (to retry after the
    next start), the notes are kept."""
    notes = next(field for field in FIELDS if field.label == "Notes")
    with WeatherServer() as weather:
        weather.delay = 120.0  # longer than the lookup waits: only the exit ends it
        seed_forecast(launcher.data_dir, weather.url)
        session = launcher.start()
        type_into(session, notes, "Ferry to Pico")
        session.input.key("ctrl+5")  # the Lookups tab
        session.input.click(
            session.ax.one("the Look up button", name="Look up", role="push button")
        )
        until(lambda: popup_menu_open(session), "the Look up menu")
        session.input.key("Up", "Return")  # its last entry: the weather forecast
        until(lambda: weather.requests, "the forecast asked for")
        assert session.app.terminate() == 0, session.app.log
    log = session.app.log
    assert "signal 15: closing" in log and "Traceback" not in log, log
    assert stored(session, notes.column) == "Ferry to Pico"
    jobs = session.app.query("SELECT kind, status FROM lookup_job")
    assert [tuple(job) for job in jobs] == [("weather", "interrupted")], log
    assert integrity(session) == "ok"

"""The window's start: the services, Qt and the asyncio loop it drives (NOTES.md's qasync
recipe). Only Qt is imported before the first window is painted; the rest (openai,
SQLAlchemy, Alembic: seconds on a cold start) is imported behind it.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox  # before qasync, as qasync requires

from concierge.app_identity import APP_ID, APP_NAME, ICON_SVG, VERSION
from concierge.ui.colours import follow_colour_scheme
from concierge.ui.startup_window import StartupWindow
from concierge.ui.unix_signals import Closing

if TYPE_CHECKING:
    import asyncio

    from concierge.travel.services import TravelServices
    from concierge.ui.garbage import GuiThreadCollector
    from concierge.ui.main_window import MainWindow
    from concierge.ui.single_instance import SingleInstance

T = TypeVar("T")
log = logging.getLogger("concierge")
logging.getLogger("alembic").setLevel(logging.WARNING)

READY_MESSAGE = "Concierge is ready"
"""Logged once the window is shown, the last session restored and the chat shows its
conversation, so the person can type and send (tests wait for it). The assistant is bound
just after; a message sent before that waits for it."""
PHASE_MESSAGE = "start-up: %s after %.0f ms"
"""Logged as each phase of start-up ends (`Phase`): the log says where the time went, and
bench/startup.py times each one."""
POLL_MS = 5
"""How often the start-up window's event loop looks whether the work off its thread is done."""
PLACES_LOADED_MESSAGE = "Airports and towns loaded"
PLACES_STOPPED_MESSAGE = "Stopped loading airports and towns: closing"


class Phase:
    """The phases of start-up, in order, as `PHASE_MESSAGE` names them."""

    SERVICES_IMPORTED = "services imported"
    DATABASE_OPENED = "database checked and migrated"
    WINDOW_IMPORTED = "window imported"
    WINDOW_BUILT = "window built"
    SESSION_RESTORED = "session restored"
    ASSISTANT_BOUND = "assistant bound"


def phase_done(phase: str, started: float) -> None:
    log.info(PHASE_MESSAGE, phase, (time.perf_counter() - started) * 1000)


def while_painting(work: Callable[[], T], signals: Sequence[int] = ()) -> T:
    """`work()` (no Qt in it) on a thread of its own while this one runs Qt's event loop, so
    the start-up window repaints and answers through the imports and the database's checks
    instead of freezing; returns what it returns, raises what it raises, or `Closing` as
    soon as `signals` (`remember_signals`' list) holds one: the work is abandoned, not
    waited for (SQLite keeps the file whole whatever step it stops at). Under a running
    asyncio loop it runs `work()` here: a nested Qt loop would run that loop's callbacks
    inside the step of the task that called it."""
    asyncio = sys.modules.get("asyncio")  # not imported: no loop runs (the import waits
    if asyncio is not None:  # for the thread, so the start-up window repaints sooner)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:
            return work()
    from concurrent.futures import ThreadPoolExecutor

    from PySide6.QtCore import QEventLoop, QTimer

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="concierge-start")
    future = pool.submit(work)
    waiting = QEventLoop()
    poll = QTimer()
    poll.setInterval(POLL_MS)
    poll.timeout.connect(lambda: waiting.quit() if future.done() or signals else None)
    poll.start()
    if not future.done() and not signals:
        waiting.exec()
    poll.stop()
    pool.shutdown(wait=False)
    if not future.done():
        raise Closing
    return future.result()


def leave(code: int) -> NoReturn:
    """End the process with `code` once everything is saved and the database closed:
    Python's and Qt's teardown (threads joined, among them an exchange-rate parse or a
    migration abandoned, modules and widgets destroyed) takes over a second under load and
    saves nothing. The log handlers are flushed and closed first."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # closed or broken: nothing to write
            stream.flush()
    os._exit(code)


def import_services() -> None:
    """The store, SQLAlchemy and the travel services: most of start-up's imports, none of
    them Qt (tests/test_layers.py), so they can load off the GUI thread."""
    importlib.import_module("concierge.travel.services")


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="concierge", description="Plan a trip while an assistant works beside you."
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="folder for the database and logs (default: the platform's data folder, "
        "or $CONCIERGE_DATA_DIR)",
    )
    parser.add_argument(
        "--language",
        default=None,
        help="the language to show the window in, such as en or pt_BR (default: the one set in "
        "Settings, or $CONCIERGE_LANGUAGE, or the system's)",
    )
    parser.add_argument(
        "--no-welcome",
        action="store_true",
        help="do not open the welcome at the first launch (for scripted or managed starts; "
        "Help ▸ Welcome still opens it)",
    )
    return parser.parse_args(list(argv))


def chosen_language(arguments: argparse.Namespace) -> str:
    """The language asked for before the settings are read: --language, then the environment."""
    import os

    return arguments.language or os.environ.get("CONCIERGE_LANGUAGE", "")


def cannot_start() -> str:
    from concierge.ui.i18n import translate

    return translate("App", "Concierge cannot start")


def configure_logging(folder: Path) -> None:
    from logging.handlers import RotatingFileHandler

    folder.mkdir(parents=True, exist_ok=True)
    handlers: list[logging.Handler] = [
        logging.StreamHandler(),
        RotatingFileHandler(
            folder / "concierge.log", maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        ),
    ]
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        handlers=handlers,
        force=True,
    )


def bring_to_front(window: MainWindow) -> None:
    """Show the window to a person who launched Concierge again."""
    window.showNormal()
    window.raise_()
    window.activateWindow()


async def run(
    app: QApplication,
    services: TravelServices,
    splash: StartupWindow,
    started: float,
    instance: SingleInstance,
    log_folder: Path,
    language: str,
    signals: list[int],
    welcome: bool = True,
) -> NoReturn:
    """The window until it is closed; then everything saved, the database closed and the
    process ended (`leave`), without waiting for the loop's teardown."""
    import asyncio

    from concierge.model.settings import UI_LANGUAGE
    from concierge.ui.garbage import GuiThreadCollector
    from concierge.ui.i18n import choose_language, current_language, install_language
    from concierge.ui.unix_signals import SignalBridge, closing_at_once

    try:
        with closing_at_once(signals):  # the window's imports: a second under load
            from concierge.ui.main_window import MainWindow
    except Closing:  # no window is built
        asked_to_close(signals)
        await services.aclose()
        close_and_leave(services, instance)
    phase_done(Phase.WINDOW_IMPORTED, started)
    if not language:
        install_language(choose_language(await services.settings.get(UI_LANGUAGE)))
    closed = asyncio.Event()
    window = MainWindow(services, on_close=closed.set, log_folder=log_folder)
    phase_done(Phase.WINDOW_BUILT, started)

    def close_window(signum: int) -> None:
        log.info("signal %d: closing", signum)
        window.close()

    bridge = SignalBridge(close_window, window)
    collector = GuiThreadCollector(window)
    collector.start()
    window.place_over(splash)
    window.show()
    splash.close()
    for signum in signals:  # came while the window was being built
        close_window(signum)
    instance.on_show(lambda: bring_to_front(window))
    log.info("main window shown after %.0f ms", (time.perf_counter() - started) * 1000)
    log.info("window language %s: %s", current_language(), window.menu_titles())
    loading: asyncio.Task[float] | None = None
    starting = asyncio.create_task(
        open_session(window, services, started, welcome=welcome), name="start-up"
    )
    asked = asyncio.create_task(closed.wait(), name="wait for a close")
    try:
        await asyncio.wait({starting, asked}, return_when=asyncio.FIRST_COMPLETED)
        if starting.done():
            starting.result()
        else:  # a close before the session is restored does not wait for it
            await abandon(starting)
        if not closed.is_set():
            # The place index (airports and the gazetteer, 1.5 s of parsing that holds the
            # GIL) loads once the window is ready, so it never slows start-up, nor closing:
            # a close stops it.
            loading = asyncio.create_task(services.load_places(), name="load places")
            loading.add_done_callback(lambda task: places_loaded(task, collector))
            await closed.wait()
        log.info("closing")
        if loading is not None:
            await stop_loading(loading)
        await window.shutdown()
        await services.aclose()  # Lookups stop; goal completions and form settling finish.
    finally:
        starting.cancel()
        asked.cancel()
        if loading is not None:
            loading.cancel()
        bridge.close()
        collector.stop()
        window.deleteLater()
    close_and_leave(services, instance)


async def open_session(
    window: MainWindow, services: TravelServices, started: float, *, welcome: bool = True
) -> None:
    """What start-up does once the window is shown, until the person can type and send; then
    the welcome, at a first launch (`welcome`: unless --no-welcome)."""
    interrupted = await services.lookups.recover()
    if interrupted:
        log.info("%d lookups were interrupted when the app last closed", len(interrupted))
    await window.restore_session()
    await window.chat.ready()
    phase_done(Phase.SESSION_RESTORED, started)
    log.info("%s (%.0f ms)", READY_MESSAGE, (time.perf_counter() - started) * 1000)
    await window.bind_assistant()
    phase_done(Phase.ASSISTANT_BOUND, started)
    if welcome:
        await window.welcome_once()
    await window.build_deferred_tabs()


async def abandon(task: asyncio.Task[None]) -> None:
    """Cancel `task` and wait until it has stopped; a failure other than the cancellation is
    logged, since the close goes on."""
    import asyncio

    task.cancel()
    await asyncio.wait({task})
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("start-up failed while closing", exc_info=error)


def close_and_leave(services: TravelServices, instance: SingleInstance) -> NoReturn:
    """Close the database (its WAL checkpointed), free the data folder and end the process."""
    services.close()
    instance.release()
    leave(0)


def places_loaded(loading: asyncio.Task[float], collector: GuiThreadCollector) -> None:
    if loading.cancelled():
        return
    if (error := loading.exception()) is not None:
        log.error("cannot load the airports and towns", exc_info=error)
        return
    log.info("%s in %.1f s", PLACES_LOADED_MESSAGE, loading.result())
    collector.freeze()


async def stop_loading(loading: asyncio.Task[float]) -> None:
    """Stop the place index's load if it still runs, and wait for its thread to stop."""
    import asyncio

    if loading.done():
        return
    loading.cancel()
    await asyncio.wait({loading})
    log.info(PLACES_STOPPED_MESSAGE)


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """The window on its data folder; the process ends (`leave`) with its exit code once
    everything is saved."""
    leave(open_window(argv))


def open_window(argv: Sequence[str] | None) -> int:
    started = time.perf_counter()
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(VERSION)
    app.setOrganizationName(APP_NAME)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(QIcon(str(ICON_SVG)))
    app.setQuitOnLastWindowClosed(False)
    follow_colour_scheme(app)
    from concierge.ui.i18n import choose_language, install_language
    from concierge.ui.unix_signals import remember_signals

    signals = remember_signals()
    language = chosen_language(arguments)
    install_language(choose_language(language))
    splash = StartupWindow()
    splash.show_now()
    try:
        while_painting(import_services, signals)
    except Closing:  # nothing opened yet; the log is not set up
        return 0

    from concierge.store import data_dir, log_dir
    from concierge.ui.async_support import run_with_qt
    from concierge.ui.single_instance import SingleInstance

    folder = data_dir(arguments.data_dir)
    log_folder = log_dir(arguments.data_dir)
    configure_logging(log_folder)
    log.info("first window shown after %.0f ms", (time.perf_counter() - started) * 1000)
    phase_done(Phase.SERVICES_IMPORTED, started)
    try:
        instance = SingleInstance(folder)
        acquired = instance.acquire()
    except OSError as error:
        log.error("cannot use the data folder %s: %s", folder, error)
        splash.close()
        QMessageBox.critical(None, cannot_start(), f"{folder}: {error}")
        return 1
    if not acquired:
        splash.close()
        return defer_to_owner(instance)
    try:
        if asked_to_close(signals):
            return 0
        try:
            services = open_or_restore(folder, splash, signals)
        except Closing:
            asked_to_close(signals)
            return 0
        if services is None:
            return 1
        phase_done(Phase.DATABASE_OPENED, started)
        log.info("data folder %s", folder)
        try:
            if asked_to_close(signals):
                return 0
            return run_with_qt(
                app,
                run(
                    app,
                    services,
                    splash,
                    started,
                    instance,
                    log_folder,
                    language,
                    signals,
                    welcome=not arguments.no_welcome,
                ),
            )
        finally:
            services.close()
    finally:
        instance.release()


def asked_to_close(signals: list[int]) -> bool:
    """Whether a signal came before the window was built: the app then exits rather than
    build it."""
    if signals:
        log.info("signal %d: closing", signals[0])
    return bool(signals)


def open_or_restore(
    folder: Path, splash: StartupWindow, signals: Sequence[int] = ()
) -> TravelServices | None:
    """The folder's services; None, once the person was told why, if they cannot open. A
    damaged database is never opened: the person may put its newest good backup in place."""
    from concierge.store import CorruptDatabaseError, StoreError
    from concierge.store.integrity import restore_backup
    from concierge.travel.services import open_services
    from concierge.ui.damaged_database import ask_to_restore
    from concierge.ui.i18n import shown_error

    try:
        try:
            return while_painting(lambda: open_services(folder), signals)
        except CorruptDatabaseError as error:
            log.error("the database in %s is damaged: %s", folder, error)
            splash.close()
            if not ask_to_restore(error) or error.backup is None:
                return None
            damaged = restore_backup(error.path, error.backup)
            log.info("restored %s; the damaged file is kept as %s", error.backup, damaged)
            return open_services(folder)
    except (StoreError, OSError) as error:
        log.error("cannot open the data folder %s: %s", folder, error)
        splash.close()
        QMessageBox.critical(None, cannot_start(), shown_error(error))
        return None


def defer_to_owner(instance: SingleInstance) -> int:
    """A second launch on a folder in use: the first shows its window, this one exits."""
    pid = instance.owner_pid()
    if instance.ask_owner_to_show():
        log.info(
            "Concierge is already open on %s (process %s); asked it to show its window",
            instance.folder,
            pid,
        )
        return 0
    log.error("Concierge (process %s) holds %s but does not answer", pid, instance.folder)
    from concierge.ui.i18n import translate

    QMessageBox.critical(
        None,
        translate("App", "Concierge is already open"),
        translate(
            "App",
            "Another Concierge (process {pid}) is using the data folder {folder} but "
            "does not answer. Close it, or wait until it has started, then try again.",
        ).format(pid=pid, folder=instance.folder),
    )
    return 1

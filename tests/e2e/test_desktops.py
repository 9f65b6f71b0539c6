"""Two desktops on one machine, as when CI and a developer run the suite at once: another
desktop's accessibility bus, started and then ended, leaves this one's reachable. (Every
desktop's bus once listened on one path, so the other's took it over and then removed it, and
every later AT-SPI client here failed.)"""

from __future__ import annotations

from .desktop import Accessibility, Desktop, Session


def main_window_found(session: Session) -> None:
    """A new AT-SPI client on `session`'s desktop finds the app's main window."""
    ours = Accessibility(session.env)
    try:
        ours.pid = session.app.process.pid
        ours.one("the main window", role="frame", name="Concierge")
    finally:
        ours.close()


def test_another_desktop_s_accessibility_bus_leaves_ours_alone(session: Session) -> None:
    other = Desktop().start()
    try:
        theirs = Accessibility(other.environ())  # starts the other desktop's bus
        try:
            main_window_found(session)
        finally:
            theirs.close()
    finally:
        other.stop()
    main_window_found(session)

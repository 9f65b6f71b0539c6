"""The day timeline: keyboard and mouse selection, Enter opening the item, what screen
readers and tooltips say, colours that read in light and dark, and its selection following
the itinerary list both ways."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import time

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QAccessible, QHelpEvent, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory, QToolTip
from pytestqt.qtbot import QtBot

from concierge.model.kinds import ITEM_KINDS
from concierge.travel.itinerary.day_layout import TimelineEntry, lay_out
from concierge.ui.colours import Tone, colour, contrast, dark_palette
from concierge.ui.trips import ItineraryView
from concierge.ui.trips.day_timeline import DayTimeline, block_fill, kind_colour
from concierge.ui.trips.timeline_text import (
    block_times,
    describe,
    duration_text,
    free_text,
    summary,
)
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, focus, on_screen, press
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

HEADING = "Sat 10 April 2027 — Day 2"


def busy_day() -> list[TimelineEntry]:
    t = time.fromisoformat
    return [
        TimelineEntry("pass", "Rail pass", "train", None, None, all_day=True),
        TimelineEntry("breakfast", "Breakfast", "meal", t("08:00"), t("08:45")),
        TimelineEntry("train", "Train to Porto", "train", t("09:30"), t("12:10")),
        TimelineEntry("lello", "Livraria Lello", "activity", t("11:30"), t("13:00")),
        TimelineEntry("dinner", "Dinner", "meal", t("20:00"), None),
    ]


@pytest.fixture
def timeline(qtbot: QtBot) -> DayTimeline:
    widget = DayTimeline()
    qtbot.addWidget(widget)
    widget.set_day(HEADING, busy_day())
    widget.resize(360, 900)
    widget.show()
    widget.setFocus()
    return widget


def test_keys_walk_the_entries_in_time_order(timeline: DayTimeline, qtbot: QtBot) -> None:
    chosen: list[str] = []
    timeline.item_selected.connect(chosen.append)
    assert timeline.selected_id is None
    qtbot.keyClick(timeline, Qt.Key.Key_Down)
    assert timeline.selected_id == "pass"  # The all-day chip on top comes first.
    for key, expected in [
        (Qt.Key.Key_Down, "breakfast"),
        (Qt.Key.Key_Right, "train"),
        (Qt.Key.Key_Down, "lello"),
        (Qt.Key.Key_Up, "train"),
        (Qt.Key.Key_Left, "breakfast"),
        (Qt.Key.Key_End, "dinner"),
        (Qt.Key.Key_Down, "dinner"),  # The last stays selected.
        (Qt.Key.Key_Home, "pass"),
        (Qt.Key.Key_Up, "pass"),
    ]:
        qtbot.keyClick(timeline, key)
        assert timeline.selected_id == expected, key
    assert chosen == ["pass", "breakfast", "train", "lello", "train", "breakfast", "dinner", "pass"]

    timeline.select(None)
    qtbot.keyClick(timeline, Qt.Key.Key_Up)
    assert timeline.selected_id == "dinner"  # Up with nothing selected starts at the end.


def test_enter_and_a_double_click_open_the_item(timeline: DayTimeline, qtbot: QtBot) -> None:
    opened: list[str] = []
    timeline.item_activated.connect(opened.append)
    qtbot.keyClick(timeline, Qt.Key.Key_Return)
    assert opened == []  # Nothing selected yet.
    qtbot.keyClick(timeline, Qt.Key.Key_Down)
    qtbot.keyClick(timeline, Qt.Key.Key_Down)
    qtbot.keyClick(timeline, Qt.Key.Key_Return)
    qtbot.keyClick(timeline, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert opened == ["breakfast", "breakfast"]

    rect = timeline.block_rect("lello")
    assert rect is not None
    centre = rect.center().toPoint()
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=centre)
    assert timeline.selected_id == "lello"
    qtbot.mouseDClick(timeline, Qt.MouseButton.LeftButton, pos=centre)
    assert opened[-1] == "lello"
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert timeline.selected_id == "lello"  # A click on nothing keeps the selection.


def test_blocks_are_drawn_by_time_side_by_side_where_they_overlap(timeline: DayTimeline) -> None:
    rects = {item_id: timeline.block_rect(item_id) for item_id in timeline.day_layout.order()}
    breakfast, train, lello, dinner = (rects[k] for k in ("breakfast", "train", "lello", "dinner"))
    assert breakfast and train and lello and dinner
    assert breakfast.bottom() < train.top() < lello.top() < dinner.top()
    assert train.right() <= lello.left()  # Two lanes.
    assert breakfast.width() > 1.8 * train.width()  # Alone: the whole column.
    chip = rects["pass"]
    assert chip is not None and chip.bottom() < breakfast.top()

    image = timeline.grab().toImage()
    ratio = image.devicePixelRatio()
    error = colour(Tone.ERROR, timeline.palette())
    # The half hour they share (11:30–12:10) is hatched in the error colour in both blocks.
    for block in (train, lello):
        y = round((lello.top() + 12) * ratio)
        row = {image.pixelColor(x, y).name() for x in range(int(block.left()), int(block.right()))}
        assert error.name() in row
    y = round(breakfast.center().y() * ratio)
    row = {image.pixelColor(x, y).name() for x in range(int(breakfast.left()), 340)}
    assert error.name() not in row


def test_screen_readers_hear_the_selected_entry(timeline: DayTimeline, qtbot: QtBot) -> None:
    assert timeline.accessibleName() == "Day timeline"
    assert timeline.accessibleDescription() == (f"{HEADING}. 5 items · 1 overlap · 7 h 45 free.")
    timeline.select("lello")
    assert timeline.accessibleDescription() == (
        "Livraria Lello, Activity, 11:30–13:00. Overlaps Train to Porto. 4 of 5."
    )
    qtbot.keyClick(timeline, Qt.Key.Key_End)
    assert timeline.accessibleDescription() == "Dinner, Meal, 20:00 · no end time. 5 of 5."
    interface = QAccessible.queryAccessibleInterface(timeline)
    assert interface is not None  # What assistive technology asks for:
    assert interface.text(QAccessible.Text.Name) == "Day timeline"
    assert interface.text(QAccessible.Text.Description) == timeline.accessibleDescription()
    assert interface.state().focusable
    qtbot.keyClick(timeline, Qt.Key.Key_Home)
    assert timeline.accessibleDescription() == "Rail pass, Train, all day. 1 of 5."


def test_texts() -> None:
    assert [duration_text(m) for m in (5, 45, 60, 90, 125)] == [
        "5 min",
        "45 min",
        "1 h",
        "1 h 30",
        "2 h 05",
    ]
    assert free_text(90) == "1 h 30 free"
    t = time.fromisoformat
    layout = lay_out(
        [
            TimelineEntry("in", "Flight in", "flight", None, t("07:15"), continues_before=True),
            TimelineEntry("out", "Night train", "train", t("22:00"), None, continues_after=True),
        ]
    )
    assert [block_times(b) for b in layout.blocks] == [
        "from the day before until 07:15",
        "22:00 until the next day",
    ]
    assert describe(layout, "in") == "Flight in, Flight, from the day before until 07:15. 1 of 2."
    assert summary(layout) == "2 items · 14 h 45 free"
    assert summary(lay_out([])) == "Nothing planned"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_kind_reads_in_light_and_dark(dark: bool) -> None:
    style = QStyleFactory.create("Fusion")
    palette = dark_palette() if dark else style.standardPalette()
    text = palette.color(QPalette.ColorRole.Text)
    base = palette.color(QPalette.ColorRole.Base)
    for kind in [*ITEM_KINDS.values(), "something else"]:
        assert contrast(text, block_fill(kind, palette)) >= 4.5, kind
        assert contrast(kind_colour(kind, palette), base) >= 3, kind  # The strip stands out.
    error = colour(Tone.ERROR, palette)
    assert contrast(error, block_fill("activity", palette)) >= 3


# -- beside the itinerary list ------------------------------------------------------------


@pytest.fixture
async def view(services: TripServices) -> AsyncIterator[ItineraryView]:
    widget = ItineraryView(services)
    async with on_screen(widget, 900, 520):
        yield widget


async def test_the_timeline_and_the_list_select_together(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = (
        await services.trips.create(
            {"title": "Porto", "start_date": "2026-05-14", "end_date": "2026-05-16"}
        )
    ).record
    add = services.itinerary.add
    check_in = (
        await add(trip.id, {"day": "2026-05-14", "title": "Check in", "start_time": "15:00"})
    ).record
    cellar = (await add(trip.id, {"day": "2026-05-14", "title": "Port cellar"})).record
    boat = (
        await add(trip.id, {"day": "2026-05-14", "title": "Boat", "start_time": "15:00"})
    ).record
    dinner = (
        await add(trip.id, {"day": "2026-05-14", "title": "Dinner", "start_time": "20:00"})
    ).record
    home = (
        await add(trip.id, {"day": "2026-05-16", "title": "Fly home", "start_time": "09:40"})
    ).record
    view.set_trip(trip.id)
    timeline = view.timeline
    await until(lambda: timeline.heading == "Thu 14 May 2026 — Day 1")
    assert timeline.day_layout.order() == (cellar.id, check_in.id, boat.id, dinner.id)
    assert timeline.selected_id is None

    await focus(view.tree)
    press(qtbot, Qt.Key.Key_Home)  # The first day's heading…
    press(qtbot, Qt.Key.Key_Down)  # …then its first item.
    assert view.selected_item_ids == (check_in.id,)
    assert timeline.selected_id == check_in.id

    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is timeline
    press(qtbot, Qt.Key.Key_Down)
    assert timeline.selected_id == boat.id
    assert view.selected_item_ids == (boat.id,)
    assert view.model.item_at(view.tree.currentIndex()) == boat
    assert services.selection.current.item_ids == (boat.id,)
    assert "Overlaps Check in" in timeline.accessibleDescription()
    press(qtbot, Qt.Key.Key_Home)
    assert view.selected_item_ids == (cellar.id,)
    press(qtbot, Qt.Key.Key_End)
    assert view.selected_item_ids == (dinner.id,)

    press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is view.tree
    press(qtbot, Qt.Key.Key_End)  # The list's last row: Fly home, on the third day.
    assert view.selected_item_ids == (home.id,)
    assert timeline.heading == "Sat 16 May 2026 — Day 3"
    assert timeline.selected_id == home.id

    press(qtbot, Qt.Key.Key_Home)  # A day's heading: its timeline, nothing selected.
    assert timeline.heading == "Thu 14 May 2026 — Day 1" and timeline.selected_id is None
    press(qtbot, Qt.Key.Key_End)

    press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Return)
    editor = view.editor
    assert editor is not None and editor.windowTitle() == "Edit item"
    assert editor.title_edit.text() == "Fly home"
    editor.reject()
    await until(lambda: view.editor is None and QApplication.focusWidget() is timeline)

    await services.itinerary.update(home.id, {"start_time": "11:05"})  # A refresh…
    await until(lambda: timeline.day_layout.blocks[0].start == 11 * 60 + 5)
    assert timeline.selected_id == home.id  # …keeps the selection.
    await services.itinerary.remove(home.id)
    await until(lambda: not timeline.day_layout.order())
    assert timeline.selected_id is None
    view.set_trip(None)
    await until(lambda: timeline.heading == "")


async def test_ctrl_t_hides_and_shows_the_timeline(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Porto", "start_date": "2026-05-14"})).record
    await services.itinerary.add(trip.id, {"day": "2026-05-14", "title": "Lello"})
    view.set_trip(trip.id)
    await until(lambda: view.timeline.heading.startswith("Thu 14 May 2026"))
    width = view.tree.width()
    assert view.timeline.isVisible() and view.timeline_button.isChecked()
    assert view.timeline_button.toolTip() == "Show the day timeline beside the list (Ctrl+T)"
    await focus(view.timeline)
    press(qtbot, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert not view.timeline.isVisible() and not view.timeline_button.isChecked()
    assert QApplication.focusWidget() is view.tree  # The keyboard is not lost.
    await until(lambda: view.tree.width() > width)  # The list takes the room.
    press(qtbot, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert view.timeline.isVisible() and view.timeline_button.isChecked()


def test_the_selected_block_is_scrolled_into_view(qtbot: QtBot) -> None:
    widget = DayTimeline()
    qtbot.addWidget(widget)
    widget.set_day(HEADING, busy_day())
    widget.resize(320, 260)
    widget.show()
    widget.setFocus()
    assert widget.scroll_bar.isVisible()

    chip = widget.block_rect("pass")
    assert chip is not None

    def in_view(item_id: str) -> bool:
        """Wholly in the hours' part, below the chips."""
        rect = widget.block_rect(item_id)
        return rect is not None and rect.top() > chip.bottom() and rect.bottom() < widget.height()

    assert in_view("breakfast")  # A day opens at its first block.
    assert not in_view("dinner")
    qtbot.keyClick(widget, Qt.Key.Key_End)
    assert in_view("dinner") and not in_view("breakfast")
    qtbot.keyClick(widget, Qt.Key.Key_Home)
    qtbot.keyClick(widget, Qt.Key.Key_Down)
    assert in_view("breakfast")
    top = widget.scroll_bar.value()
    qtbot.keyClick(widget, Qt.Key.Key_PageDown)
    assert widget.scroll_bar.value() > top
    assert widget.selected_id == "breakfast"  # Paging scrolls; it does not select.


def test_the_kept_hour_grid_follows_scrolling_and_the_palette(qtbot: QtBot) -> None:
    """The hours are drawn once and reused: a timeline that painted, then scrolled, then
    went dark looks each time exactly like one that starts out that way."""

    def timeline(dark: bool, scroll: int) -> DayTimeline:
        widget = DayTimeline()
        qtbot.addWidget(widget)
        if dark:
            widget.setPalette(dark_palette())
        widget.set_day(HEADING, busy_day())
        widget.resize(320, 260)
        widget.show()
        widget.select("dinner")
        widget.scroll_bar.setValue(scroll)
        return widget

    used = timeline(dark=False, scroll=0)
    used.grab()
    qtbot.keyClick(used, Qt.Key.Key_End)  # Selects the dinner, scrolled into view.
    scroll = used.scroll_bar.value()
    assert used.selected_id == "dinner" and scroll > 0
    assert used.grab().toImage() == timeline(dark=False, scroll=scroll).grab().toImage()
    used.setPalette(dark_palette())
    assert used.grab().toImage() == timeline(dark=True, scroll=scroll).grab().toImage()


def test_the_tooltip_says_what_the_block_is(timeline: DayTimeline) -> None:
    rect = timeline.block_rect("train")
    assert rect is not None
    centre = rect.center().toPoint()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, timeline.mapToGlobal(centre))
    QApplication.sendEvent(timeline, event)
    assert QToolTip.text() == (
        "Train to Porto, Train, 09:30–12:10. Overlaps Livraria Lello. 3 of 5."
    )


async def test_ctrl_page_keys_change_the_day_and_delete_removes(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = (
        await services.trips.create(
            {"title": "Porto", "start_date": "2026-05-14", "end_date": "2026-05-16"}
        )
    ).record
    add = services.itinerary.add
    lello = (
        await add(trip.id, {"day": "2026-05-14", "title": "Lello", "start_time": "10:00"})
    ).record
    home = (
        await add(trip.id, {"day": "2026-05-16", "title": "Fly home", "start_time": "09:40"})
    ).record
    view.set_trip(trip.id)
    timeline = view.timeline
    await until(lambda: timeline.heading == "Thu 14 May 2026 — Day 1")
    await focus(timeline)
    ctrl = Qt.KeyboardModifier.ControlModifier
    press(qtbot, Qt.Key.Key_PageUp, ctrl)  # No day before the first.
    assert timeline.heading == "Thu 14 May 2026 — Day 1"
    press(qtbot, Qt.Key.Key_PageDown, ctrl)
    assert timeline.heading == "Fri 15 May 2026 — Day 2"
    assert not timeline.day_layout.order()
    press(qtbot, Qt.Key.Key_PageDown, ctrl)
    assert timeline.heading == "Sat 16 May 2026 — Day 3"
    assert view.model.day_at(view.tree.currentIndex()) == home.day  # The list follows.
    assert QApplication.focusWidget() is timeline
    press(qtbot, Qt.Key.Key_Down)
    assert view.selected_item_ids == (home.id,)

    press(qtbot, Qt.Key.Key_Delete)
    await until(lambda: not timeline.day_layout.order())
    assert await services.itinerary.get(home.id) is None
    assert view.undo_bar.text == "Removed “Fly home”."
    assert await services.itinerary.get(lello.id) is not None

"""The itinerary view: days, keyboard reordering, the item dialog, removal with Undo,
selection feeding `SelectionState`, and the assistant's items marked until seen."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, time

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QAbstractButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.store import ItineraryItemRecord, TripRecord
from concierge.travel.exports import read_plan
from concierge.ui.colours import mark_tint
from concierge.ui.exports.itinerary_page import itinerary_page
from concierge.ui.trips import ItineraryModel, ItineraryView, itinerary_view
from concierge.ui.trips.itinerary_days import group_by_day
from concierge.ui.trips.itinerary_model import ITEM_ID_ROLE
from concierge.ui.views.marks import ADDED_BY_ASSISTANT
from tests.travel.zones_support import seed_lisbon_day
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, assistant_edit, eventually, on_screen, tab_order
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
async def view(services: TripServices) -> AsyncIterator[ItineraryView]:
    widget = ItineraryView(services)
    async with on_screen(widget, 640, 480):
        yield widget


async def porto_trip(services: TripServices) -> tuple[TripRecord, list[ItineraryItemRecord]]:
    trip = (
        await services.trips.create(
            {
                "title": "Porto",
                "start_date": "2026-05-14",
                "end_date": "2026-05-16",
            }
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    add = services.itinerary.add
    items = [
        (
            await add(trip.id, {"day": "2026-05-14", "title": "Check in", "start_time": "15:00"})
        ).record,
        (await add(trip.id, {"day": "2026-05-14", "title": "Port cellar", "place": "Gaia"})).record,
        (await add(trip.id, {"day": "2026-05-14", "title": "Dinner"})).record,
        (
            await add(
                trip.id, {"day": "2026-05-16", "title": "Fly home", "notes": "Gate  closes\n 9:40"}
            )
        ).record,
    ]
    return trip, items


async def show(view: ItineraryView, trip: TripRecord) -> None:
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() > 0)


def headings(view: ItineraryView) -> list[str]:
    return [group.heading for group in view.model.days]


def titles(view: ItineraryView) -> list[list[str]]:
    return [[item.title for item in group.items] for group in view.model.days]


def select(view: ItineraryView, item_id: str) -> None:
    index = view.model.index_of_item(item_id)
    view.tree.setFocus()
    view.tree.selectionModel().setCurrentIndex(
        index,
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )


async def stored_titles(services: TripServices, trip_id: str) -> list[tuple[date, int, str]]:
    return [(i.day, i.position, i.title) for i in await services.itinerary.items(trip_id)]


async def test_the_model_passes_the_model_tester(
    qtmodeltester: ModelTester, services: TripServices
) -> None:
    trip, items = await porto_trip(services)
    model = ItineraryModel()
    qtmodeltester.check(model)
    model.set_days(group_by_day(trip, items), {items[1].id: frozenset({"*", "title"})})
    qtmodeltester.check(model)
    model.mark_seen(items[1].id)
    model.set_days([])
    qtmodeltester.check(model)


async def test_items_are_grouped_by_day(view: ItineraryView, services: TripServices) -> None:
    trip, _ = await porto_trip(services)
    await show(view, trip)
    assert headings(view) == [
        "Thu 14 May 2026 — Day 1",
        "Fri 15 May 2026 — Day 2",
        "Sat 16 May 2026 — Day 3",
    ]
    assert titles(view) == [["Check in", "Port cellar", "Dinner"], [], ["Fly home"]]
    model = view.model
    first_day = model.index(0, 0)
    assert view.tree.isFirstColumnSpanned(0, first_day.parent())
    assert [model.index(0, c, first_day).data() for c in range(4)] == ["15:00", "Check in", "", ""]
    assert model.index(1, 2, first_day).data() == "Gaia"
    assert model.index(0, 3, model.index(2, 0)).data() == "Gate closes 9:40"
    assert view.tree.isExpanded(first_day)

    await services.itinerary.add(trip.id, {"day": "2026-05-20", "title": "Extra day"})
    await until(lambda: len(view.model.days) == 4)
    assert headings(view)[3] == "Wed 20 May 2026 — after the trip"


async def test_keyboard_reordering_persists_and_keeps_the_selection(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip, items = await porto_trip(services)
    await show(view, trip)
    dinner = items[2]
    select(view, dinner.id)
    qtbot.keyClick(view.tree, Qt.Key.Key_Up, ALT)
    await until(lambda: titles(view)[0] == ["Check in", "Dinner", "Port cellar"])
    assert await stored_titles(services, trip.id) == [
        (date(2026, 5, 14), 0, "Check in"),
        (date(2026, 5, 14), 1, "Dinner"),
        (date(2026, 5, 14), 2, "Port cellar"),
        (date(2026, 5, 16), 0, "Fly home"),
    ]
    assert view.selected_item_ids == (dinner.id,)

    qtbot.keyClick(view.tree, Qt.Key.Key_PageDown, ALT)  # To the next day, first.
    await until(lambda: titles(view)[1] == ["Dinner"])
    qtbot.keyClick(view.tree, Qt.Key.Key_PageDown, ALT)
    await until(lambda: titles(view)[2] == ["Dinner", "Fly home"])
    qtbot.keyClick(view.tree, Qt.Key.Key_Down, ALT)
    await until(lambda: titles(view)[2] == ["Fly home", "Dinner"])
    qtbot.keyClick(view.tree, Qt.Key.Key_PageUp, ALT)  # To the previous day, last.
    await until(lambda: titles(view)[1] == ["Dinner"])
    qtbot.keyClick(view.tree, Qt.Key.Key_Up, ALT | SHIFT)  # Where no window manager takes it.
    await until(lambda: titles(view)[0] == ["Check in", "Port cellar", "Dinner"])
    qtbot.keyClick(view.tree, Qt.Key.Key_Down, ALT | SHIFT)
    await until(lambda: titles(view)[1] == ["Dinner"])
    assert (await services.itinerary.get(dinner.id)) is not None
    moved = await services.itinerary.get(dinner.id)
    assert moved is not None and (moved.day, moved.position) == (date(2026, 5, 15), 0)
    assert view.selected_item_ids == (dinner.id,)

    view.move_selected_to_day(date(2026, 5, 14))  # "Move to day" puts it last.
    await until(lambda: titles(view)[0] == ["Check in", "Port cellar", "Dinner"])
    view.toolbar.day_menu.aboutToShow.emit()
    labels = [action.text() for action in view.toolbar.day_menu.actions()]
    assert labels == headings(view)


async def test_selecting_items_updates_the_selection_state(
    view: ItineraryView, services: TripServices
) -> None:
    trip, items = await porto_trip(services)
    services.selection.select_trip(trip.id)
    await show(view, trip)
    emitted: list[object] = []
    view.items_selected.connect(emitted.append)
    select(view, items[1].id)
    assert services.selection.current.item_ids == (items[1].id,)
    assert services.selection.current.trip_id == trip.id
    view.tree.selectionModel().select(
        view.model.index_of_item(items[3].id),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    both: tuple[str, ...] = (items[1].id, items[3].id)
    assert services.selection.current.item_ids == both
    assert emitted[-1] == (items[1].id, items[3].id)

    await services.itinerary.update(items[0].id, {"title": "Check in early"})  # A refresh…
    await until(lambda: titles(view)[0][0] == "Check in early")
    assert view.selected_item_ids == (items[1].id, items[3].id)  # …keeps the selection.

    view.set_trip(None)
    assert not services.selection.current.item_ids


async def test_assistant_items_are_marked_until_selected(
    view: ItineraryView, services: TripServices
) -> None:
    trip, items = await porto_trip(services)
    await show(view, trip)
    added = (
        await services.itinerary.add(
            trip.id, {"day": "2026-05-15", "title": "Douro cruise"}, context=assistant_edit()
        )
    ).record
    await until(lambda: titles(view)[1] == ["Douro cruise"])
    index = view.model.index_of_item(added.id, 1)
    assert index.data(Qt.ItemDataRole.BackgroundRole) == mark_tint()
    assert index.data(Qt.ItemDataRole.ToolTipRole) == ADDED_BY_ASSISTANT
    assert index.data(ITEM_ID_ROLE) == added.id
    other = view.model.index_of_item(items[0].id, 1)
    assert other.data(Qt.ItemDataRole.BackgroundRole) is None

    await services.itinerary.update(items[0].id, {"start_time": "16:00"}, context=assistant_edit())
    await until(lambda: view.model.is_unseen(items[0].id))
    tip = view.model.index_of_item(items[0].id, 0).data(Qt.ItemDataRole.ToolTipRole)
    # The time is also the assistant's guess until the person confirms it.
    assert tip == "Changed by the assistant: time\nSet by the assistant, not confirmed: time"

    select(view, added.id)
    assert not view.model.is_unseen(added.id)
    assert view.model.index_of_item(added.id, 1).data(Qt.ItemDataRole.BackgroundRole) is None

    async def added_is_seen() -> bool:
        unseen = await services.history.unseen_assistant_changes(trip.id)
        return all(entity_id != added.id for _, entity_id in unseen)

    await eventually(added_is_seen)
    assert view.model.is_unseen(items[0].id)  # Not selected yet: still marked.

    await services.itinerary.update(added.id, {"place": "Pinhão"}, context=assistant_edit())
    await until(lambda: view.model.is_unseen(added.id))  # Changed while selected: marked.
    assert view.selected_item_ids == (added.id,)
    tip = view.model.index_of_item(added.id, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == "Changed by the assistant: place"
    view.edit_selected()  # Opening it counts as looking at it.
    assert not view.model.is_unseen(added.id)
    assert view.editor is not None
    view.editor.reject()


async def test_add_item_through_the_dialog(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip, _ = await porto_trip(services)
    await show(view, trip)
    view.tree.setCurrentIndex(view.model.index(1, 0))  # Day 2 is current.
    qtbot.mouseClick(view.toolbar.add_button, Qt.MouseButton.LeftButton)
    editor = view.editor
    assert editor is not None and editor.isVisible()
    assert editor.windowTitle() == "Add item"
    assert editor.day_edit.date().toPython() == date(2026, 5, 15)

    editor.time_edit.setText("25:00")
    qtbot.keyClicks(editor.title_edit, "Douro cruise")
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: editor.error_label.isVisible())
    assert "Start time must be a time of day such as 09:30" in editor.error_label.text()
    assert editor.isVisible() and editor.title_edit.text() == "Douro cruise"

    editor.time_edit.setText("930")
    editor.place_edit.setText("Pinhão")  # QTest types ASCII only.
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: titles(view)[1] == ["Douro cruise"])
    assert view.editor is None
    [added] = [i for i in await services.itinerary.items(trip.id) if i.title == "Douro cruise"]
    assert (added.day, added.start_time, added.place, added.timezone) == (
        date(2026, 5, 15),
        time(9, 30),
        "Pinhão",
        "Europe/Lisbon",
    )
    assert view.selected_item_ids == (added.id,)


async def test_enter_edits_the_selected_item(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip, items = await porto_trip(services)
    await show(view, trip)
    select(view, items[1].id)
    qtbot.keyClick(view.tree, Qt.Key.Key_Return)
    editor = view.editor
    assert editor is not None and editor.windowTitle() == "Edit item"
    assert editor.title_edit.text() == "Port cellar"
    editor.title_edit.setText("Port cellar tour")
    qtbot.mouseClick(editor.save_button, Qt.MouseButton.LeftButton)
    await until(lambda: titles(view)[0][1] == "Port cellar tour")
    changed = await services.itinerary.get(items[1].id)
    assert changed is not None and changed.place == "Gaia"  # Untouched fields stay.
    assert await services.history.undo_label(trip.id) == "Edit “Port cellar”"


async def test_delete_removes_at_once_and_undo_brings_it_back(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip, items = await porto_trip(services)
    await show(view, trip)
    select(view, items[1].id)
    qtbot.keyClick(view.tree, Qt.Key.Key_Delete)
    await until(lambda: titles(view)[0] == ["Check in", "Dinner"])
    assert view.undo_bar.isVisible()
    assert view.undo_bar.text == "Removed “Port cellar”."
    assert await services.itinerary.get(items[1].id) is None

    qtbot.mouseClick(view.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    await until(lambda: titles(view)[0] == ["Check in", "Port cellar", "Dinner"])
    assert not view.undo_bar.isVisible()
    assert view.selected_item_ids == (items[1].id,)


async def test_time_column_fits_its_times(view: ItineraryView, services: TripServices) -> None:
    """The time column is sized when the times change (not on every layout) and fits them."""
    trip, _ = await porto_trip(services)
    await show(view, trip)
    width = view.tree.columnWidth(0)
    assert width >= view.tree.sizeHintForColumn(0) > 0
    await services.itinerary.add(
        trip.id, {"day": "2026-05-15", "title": "Late", "start_time": "23:45"}
    )
    await until(lambda: titles(view)[1] == ["Late"])
    assert view.tree.columnWidth(0) >= view.tree.sizeHintForColumn(0)


async def test_live_refresh_follows_other_writers(
    view: ItineraryView, services: TripServices
) -> None:
    trip, items = await porto_trip(services)
    await show(view, trip)
    await services.trips.update(trip.id, {"start_date": "2026-05-13"})
    await until(lambda: headings(view)[0] == "Wed 13 May 2026 — Day 1")
    await services.itinerary.remove(items[3].id, context=assistant_edit())
    await until(lambda: titles(view)[-1] == [])
    await services.trips.delete(trip.id)
    await until(lambda: view.stack.currentWidget() is view.placeholder)
    assert view.placeholder.text() == "This trip was deleted."


async def test_controls_are_named(view: ItineraryView, services: TripServices) -> None:
    trip, _ = await porto_trip(services)
    await show(view, trip)
    assert view.tree.accessibleName() == "Itinerary"
    names = set()
    for button in view.findChildren(QAbstractButton):
        if button.text():
            assert button.accessibleName() == button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
        names.add(button.accessibleName())
    assert {"Add item", "Edit", "Remove", "Move up", "Move down", "Move to day"} <= names
    assert view.toolbar.move_up_button.toolTip() == "Move up (Alt+Up)"
    assert view.toolbar.next_day_action.toolTip() == "Move to next day (Alt+PgDown)"
    assert "Alt+PgUp or Alt+PgDown" in view.toolbar.move_to_day_button.toolTip()
    assert [w.accessibleName() for w in tab_order(view.tree, 8)] == [
        "Itinerary",
        "Day timeline",
        "Add item",
        "Edit",
        "Remove",
        "Move up",
        "Move down",
        "Move to day",
    ]


async def test_item_dialog_fields_are_named(view: ItineraryView, services: TripServices) -> None:
    trip, _ = await porto_trip(services)
    await show(view, trip)
    view.add_item()
    editor = view.editor
    assert editor is not None
    assert [w.accessibleName() for w in editor.fields.values()] == [
        "Kind",
        "Title",
        "Day",
        "All day",
        "Start time",
        "Time zone",
        "End day",
        "End time",
        "End time zone",
        "Duration",
        "Carrier",
        "Number",
        "From",
        "To",
        "Seat",
        "Place",
        "Opening hours",
        "Confirmation code",
        "Provider",
        "Address",
        "Link",
        "Cost",
        "Notes",
    ]
    assert editor.save_button.accessibleName() == "Save"
    editor.reject()
    await until(lambda: view.editor is None)


async def test_only_changes_to_what_it_shows_reload_the_itinerary(
    view: ItineraryView, services: TripServices
) -> None:
    """The trip's own fields change as someone types; only its dates (the days) and its
    stops' time zones and dates matter here, and item changes of course."""
    trip, items = await porto_trip(services)
    await show(view, trip)
    await until(lambda: not view._coalesce.isActive() and not view._refresher.busy)
    await services.trips.update(trip.id, {"notes": "Pack light", "travellers": 3})
    assert not view._coalesce.isActive()
    await services.trips.update(trip.id, {"end_date": "2026-05-17"})
    assert view._coalesce.isActive()
    await until(lambda: len(view.model.days) == 4)
    await until(lambda: not view._coalesce.isActive() and not view._refresher.busy)
    await services.itinerary.update(items[0].id, {"title": "Check in early"})
    assert view._coalesce.isActive()
    await until(lambda: titles(view)[0][0] == "Check in early")


async def test_changes_from_elsewhere_wait_for_the_reload_gap_and_own_edits_do_not(
    view: ItineraryView, services: TripServices, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst of writes from elsewhere (the assistant, a lookup) reloads the itinerary at
    most every `RELOAD_GAP_MS`; the person's own edit here shows at once all the same."""
    monkeypatch.setattr(itinerary_view, "RELOAD_GAP_MS", 60_000)
    trip, items = await porto_trip(services)
    await show(view, trip)
    await until(lambda: not view._coalesce.isActive() and not view._refresher.busy)
    await services.itinerary.update(items[3].id, {"title": "Fly home early"})
    assert view._coalesce.remainingTime() > 10_000  # Waits for the gap after the last load.
    select(view, items[2].id)
    qtbot.keyClick(view.tree, Qt.Key.Key_Up, ALT)
    await until(lambda: titles(view)[0] == ["Check in", "Dinner", "Port cellar"])
    assert titles(view)[2] == ["Fly home early"]  # Served by the same reload.
    assert not view._coalesce.isActive()


async def test_rows_timeline_and_print_read_a_zoneless_item_in_its_stops_zone(
    view: ItineraryView, services: TripServices
) -> None:
    """An item without a zone is read in its stop's (`item_zones`), as the checks and the
    calendar read it: a museum at 09:30 in Lisbon comes before a call at 17:45 in Tokyo
    (08:30 and 08:45 UTC), whatever order they were put in."""
    seeded = await seed_lisbon_day(services)
    view.set_trip(seeded.trip_id)
    await until(lambda: view.model.rowCount() > 0)

    day = view.model.days[0]  # The flight lands the next day.
    assert [item.title for item in day.items] == ["Museum", "Call", "To Tokyo"]
    museum = view.model.index_of_item(seeded.museum.id)
    assert museum.siblingAtColumn(0).data() == "09:30–10:30"
    assert view.model.index_of_item(seeded.call.id).siblingAtColumn(0).data() == (
        "17:45 Tokyo → 18:45 Tokyo"
    )
    await until(lambda: bool(view.timeline.day_layout.blocks))
    blocks = {block.entry.title: block.entry for block in view.timeline.day_layout.blocks}
    assert (blocks["Museum"].start, blocks["Museum"].end) == (time(9, 30), time(10, 30))

    page = itinerary_page(await read_plan(services, seeded.trip_id))
    assert page.index("Museum") < page.index("Call") < page.index("To Tokyo")
    assert "09:30–10:30" in page

"""The import review queue above the chat while records read from booking files wait;
nothing imported is applied until accepted, and one decision is one undo step.

Rows come ticked, duplicates unticked: Space ticks, Enter accepts the ticked (else the
current row), Delete rejects, F2 edits and Save accepts as edited, Ctrl+Enter accepts every
non-duplicate, Ctrl+Delete rejects all. A record the reader doubted shows the Problems
list's warning mark, its sentences in the tooltip and in what a screen reader says.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Coroutine, Mapping, Sequence
from datetime import date
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from concierge.store import (
    Change,
    ChangeBus,
    EntityKind,
    ImportNews,
    ImportQueue,
    InvalidChangeError,
    ItineraryRepository,
    QueuedCandidate,
    StoreError,
)
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.itinerary.item_text import span_parts
from concierge.ui.colours import follow_palette
from concierge.ui.i18n import ENGLISH, current_language, shown, shown_error, translate
from concierge.ui.problems.icons import SEVERITY_WORDS, severity_icon
from concierge.ui.trips.item_editor import ItemEditor
from concierge.ui.views.actions import make_action, review_layout
from concierge.ui.views.trip_view import TripView

ID_ROLE = Qt.ItemDataRole.UserRole
"""The row's candidate id (on column 0)."""
COLUMNS = (
    QT_TRANSLATE_NOOP("ImportsPanel", "Kind"),
    QT_TRANSLATE_NOOP("ImportsPanel", "Title"),
    QT_TRANSLATE_NOOP("ImportsPanel", "When (local)"),
    QT_TRANSLATE_NOOP("ImportsPanel", "Booking code"),
    QT_TRANSLATE_NOOP("ImportsPanel", "Duplicate"),
)
TITLE_COLUMN, DUPLICATE_COLUMN = 1, 4
DUPLICATE = COLUMNS[DUPLICATE_COLUMN]
CONTENTS = QHeaderView.ResizeMode.ResizeToContents
SHOWN_ROWS = 7
"""The list's least height, in lines of text: the heading and a few rows stay in view."""
ACCEPT_TICKED = QT_TRANSLATE_NOOP("ImportsPanel", "Accept ticked")
REJECT_ONE = QT_TRANSLATE_NOOP("ImportsPanel", "Reject")
EDIT = QT_TRANSLATE_NOOP("ImportsPanel", "Edit…")
ACCEPT_ALL = QT_TRANSLATE_NOOP("ImportsPanel", "Accept all new")
REJECT_ALL = QT_TRANSLATE_NOOP("ImportsPanel", "Reject all")


def day_text(day: date) -> str:
    """ "Wed 14 May"; "qua., 14 de mai." in Portuguese."""
    if current_language() == ENGLISH:
        return f"{day:%a} {day.day} {day:%b}"
    from babel.dates import format_skeleton

    from concierge.travel.locale.app_locale import app_locale

    return format_skeleton("MMMEd", day, locale=app_locale())


def warning_word() -> str:
    return shown(SEVERITY_WORDS["warning"])


def warnings_said(warnings: Sequence[str]) -> str:
    """A reader's warnings after the warning word ("" for none)."""
    if not warnings:
        return ""
    return f"{warning_word()}: {' '.join(shown(warning) for warning in warnings)}"


def duplicate_text(candidate: QueuedCandidate, titles: Mapping[str, str]) -> str:
    """What the record seems to repeat ("" for nothing); `titles` names items by id."""
    if candidate.duplicate_of is not None:
        title = titles.get(candidate.duplicate_of) or translate("ImportsPanel", "an item")
        return translate("ImportsPanel", "The itinerary has it already: “{title}”.").format(
            title=title
        )
    if candidate.duplicate_of_candidate is not None:
        return translate("ImportsPanel", "An earlier import has it already.")
    return ""


def title_tooltip(candidate: QueuedCandidate) -> str:
    """Where the record came from, and the reader's warnings about it, one a line."""
    lines = [
        translate("ImportsPanel", "From {file} ({source})").format(
            file=candidate.file_name, source=candidate.source_ref
        )
    ]
    lines += [f"{warning_word()}: {shown(warning)}" for warning in candidate.warnings]
    return "\n".join(lines)


def title_spoken(candidate: QueuedCandidate) -> str:
    """The title as a screen reader says it: the warnings follow it."""
    if not candidate.warnings:
        return candidate.title
    return f"{candidate.title}. {warnings_said(candidate.warnings)}"


def row_texts(candidate: QueuedCandidate) -> tuple[str, ...]:
    """The row's cells: local times, zones named only where the end's differs."""
    item = candidate.as_item()
    parts = span_parts(item, item.timezone)
    return (
        shown(item.kind.label),
        item.title,
        " → ".join(f"{day_text(day)} {shown(when)}".strip() for day, when in parts),
        item.confirmation_code,
        shown(DUPLICATE) if candidate.is_duplicate else "",
    )


class ImportsPanel(TripView[ImportNews]):
    """Pending imported records of the selected trip; hidden while there are none."""

    decided = Signal(str)
    """The person decided; the sentence saying what became of the records."""

    def __init__(
        self,
        imports: ImportQueue,
        itinerary: ItineraryRepository,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(bus.imports, parent, name="imports")
        self._unsubscribe_changes: Callable[[], None] | None = bus.subscribe(self._changed)
        self.setObjectName("importsPanel")
        self.setAccessibleName(translate("ImportsPanel", "Imported records"))
        self.imports = imports
        self.itinerary = itinerary
        self.candidates: list[QueuedCandidate] = []
        self.editor: ItemEditor | None = None
        self.heading = QLabel(self)
        self.heading.setObjectName("importsHeading")
        self.heading.setWordWrap(True)
        self.list = QTreeWidget(self)
        self.list.setObjectName("importsList")
        self.list.setAccessibleName(translate("ImportsPanel", "Records to review"))
        self.list.setHeaderLabels([shown(column) for column in COLUMNS])
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setMinimumHeight(self.list.fontMetrics().height() * SHOWN_ROWS)
        header = self.list.header()
        header.setStretchLastSection(False)
        for column in range(len(COLUMNS)):
            mode = QHeaderView.ResizeMode.Stretch if column == TITLE_COLUMN else CONTENTS
            header.setSectionResizeMode(column, mode)
        self.list.itemActivated.connect(lambda _item, _column: self.edit_current())
        self.accept_action = make_action(
            self, shown(ACCEPT_TICKED), Qt.Key.Key_Return, self.accept_ticked
        )
        self.reject_action = make_action(
            self, shown(REJECT_ONE), Qt.Key.Key_Delete, self.reject_current
        )
        self.edit_action = make_action(self, shown(EDIT), Qt.Key.Key_F2, self.edit_current)
        self.accept_all_action = make_action(
            self, shown(ACCEPT_ALL), Qt.Modifier.CTRL | Qt.Key.Key_Return, self.accept_all
        )
        self.reject_all_action = make_action(
            self, shown(REJECT_ALL), Qt.Modifier.CTRL | Qt.Key.Key_Delete, self.reject_all
        )
        self.actions_shown = (
            self.accept_action,
            self.reject_action,
            self.edit_action,
            self.accept_all_action,
            self.reject_all_action,
        )
        review_layout(self, self.heading, self.list, self.actions_shown)
        self._busy = False
        follow_palette(self, self._paint_icons)

    # -- TripView ---------------------------------------------------------------------------

    async def load(self, trip_id: str) -> None:
        candidates = await self.imports.pending(trip_id)
        titles: dict[str, str] = {}
        if any(c.duplicate_of is not None for c in candidates):
            titles = {item.id: item.title for item in await self.itinerary.items(trip_id)}
        if trip_id != self.trip_id:
            return
        self.show_candidates(candidates, titles)
        self.refreshed.emit()

    def forget(self) -> None:
        self.show_candidates([], {})

    # -- public -----------------------------------------------------------------------------

    def show_candidates(self, candidates: list[QueuedCandidate], titles: Mapping[str, str]) -> None:
        """Show `candidates`, keeping the ticks of rows shown before."""
        before = {self._id(item): item.checkState(0) for item in self._items()}
        shown = self.list.currentItem()
        current = self.list.indexOfTopLevelItem(shown) if shown is not None else 0
        had_focus = self.list.hasFocus()
        self.candidates = candidates
        self.list.clear()
        for candidate in candidates:
            item = QTreeWidgetItem(self.list, list(row_texts(candidate)))
            item.setData(0, ID_ROLE, candidate.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            default = Qt.CheckState.Unchecked if candidate.is_duplicate else Qt.CheckState.Checked
            item.setCheckState(0, before.get(candidate.id, default))
            item.setToolTip(TITLE_COLUMN, title_tooltip(candidate))
            item.setData(TITLE_COLUMN, Qt.ItemDataRole.AccessibleTextRole, title_spoken(candidate))
            item.setToolTip(DUPLICATE_COLUMN, duplicate_text(candidate, titles))
        self._paint_icons()
        if candidates:
            row = self.list.topLevelItem(min(max(current, 0), len(candidates) - 1))
            if row is not None:
                self.list.setCurrentItem(row)
        count = len(candidates)
        files = sorted({c.file_name for c in candidates})
        template = (
            translate(
                "ImportsPanel",
                "1 record from {files} to review, not added yet: Space ticks, Enter accepts "
                "the ticked, Delete rejects.",
            )
            if count == 1
            else translate(
                "ImportsPanel",
                "{count} records from {files} to review, not added yet: Space ticks, Enter "
                "accepts the ticked, Delete rejects.",
            )
        )
        self.heading.setText(template.format(count=count, files=", ".join(files)))
        for action in self.actions_shown:
            action.setEnabled(bool(candidates))
        self.setVisible(bool(candidates))
        if had_focus and not candidates:
            self.focusNextChild()

    def ticked(self) -> list[int]:
        return [
            self._id(item) for item in self._items() if item.checkState(0) is Qt.CheckState.Checked
        ]

    def current(self) -> QueuedCandidate | None:
        item = self.list.currentItem()
        wanted = self._id(item) if item is not None else None
        return next((c for c in self.candidates if c.id == wanted), None)

    async def shutdown(self) -> None:
        if self._unsubscribe_changes is not None:
            self._unsubscribe_changes()
            self._unsubscribe_changes = None
        await super().shutdown()

    def focus_list(self) -> None:
        if self.candidates:
            self.list.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def accept_ticked(self) -> None:
        """Accept the ticked rows; with none ticked, the current one."""
        current = self.current()
        self._accept(self.ticked() or ([current.id] if current is not None else []))

    def accept_all(self) -> None:
        self._accept([c.id for c in self.candidates if not c.is_duplicate])

    def reject_current(self) -> None:
        candidate = self.current()
        if candidate is not None:
            self._reject([candidate.id])

    def reject_all(self) -> None:
        self._reject([c.id for c in self.candidates])

    def edit_current(self) -> None:
        """The item dialog, filled in from the current record; Save accepts it as edited."""
        candidate = self.current()
        if candidate is None or self.editor is not None:
            return
        item = candidate.as_item()
        editor = ItemEditor(self, day=item.day, item=item)
        editor.setWindowTitle(translate("ImportsPanel", "Edit imported record"))
        editor.save_requested.connect(
            lambda values: self.tasks.start(
                self._save_edit(editor, candidate, values), name="accept edited record"
            )
        )
        editor.finished.connect(lambda _result: self._editor_closed(editor))
        self.editor = editor
        editor.open()

    # -- internals --------------------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        """While records wait, an item changed or removed changes their duplicate marks."""
        if self.candidates and change.entity is EntityKind.ITINERARY_ITEM:
            self._on_news(ImportNews(change.trip_id or ""))

    def _paint_icons(self) -> None:
        """The warning mark beside warned records' titles, in the palette's colours."""
        warned = {c.id for c in self.candidates if c.warnings}
        icon = severity_icon("warning", self.palette()) if warned else None
        for item in self._items():
            if icon is not None and self._id(item) in warned:
                item.setIcon(TITLE_COLUMN, icon)

    @staticmethod
    def _id(item: QTreeWidgetItem) -> int:
        value: int = item.data(0, ID_ROLE)
        return value

    def _items(self) -> list[QTreeWidgetItem]:
        rows = (self.list.topLevelItem(row) for row in range(self.list.topLevelItemCount()))
        return [row for row in rows if row is not None]

    def _editor_closed(self, editor: ItemEditor) -> None:
        if self.editor is editor:
            self.editor = None
        editor.deleteLater()
        self.list.setFocus(Qt.FocusReason.OtherFocusReason)

    async def _save_edit(
        self, editor: ItemEditor, candidate: QueuedCandidate, values: dict[str, object]
    ) -> None:
        trip_id = self.trip_id
        if trip_id is None:
            return
        try:
            accepted = await self.imports.accept(
                trip_id, [candidate.id], {candidate.id: values}, context=self.person()
            )
        except InvalidChangeError as error:
            editor.show_error(error.field, shown_error(error))
            return
        except StoreError as error:
            editor.show_error("", shown_error(error))
            return
        editor.accept()
        self.decided.emit(_accepted_text(len(accepted.items)))
        self.reload_now()

    def _accept(self, ids: Sequence[int]) -> None:
        self._decide(ids, self._accept_now, "accept imported records")

    def _decide(
        self,
        ids: Sequence[int],
        decide: Callable[[str, Collection[int]], Coroutine[Any, Any, None]],
        name: str,
    ) -> None:
        trip_id = self.trip_id
        if trip_id is None or not ids or self._busy:
            return
        self._busy = True
        self.tasks.start(decide(trip_id, ids), name=name)

    async def _accept_now(self, trip_id: str, ids: Collection[int]) -> None:
        try:
            accepted = await self.imports.accept(trip_id, ids, context=self.person())
        except StoreError as error:
            self.decided.emit(
                translate("ImportsPanel", "Nothing was added: {reason}").format(
                    reason=shown_error(error)
                )
            )
            return
        finally:
            self._busy = False
            self.reload_now()
        self.decided.emit(_accepted_text(len(accepted.items)))

    def _reject(self, ids: Sequence[int]) -> None:
        self._decide(ids, self._reject_now, "reject imported records")

    async def _reject_now(self, trip_id: str, ids: Collection[int]) -> None:
        try:
            count = await self.imports.reject(trip_id, ids)
        finally:
            self._busy = False
            self.reload_now()
        self.decided.emit(
            translate("ImportsPanel", "Rejected 1 imported record.")
            if count == 1
            else translate("ImportsPanel", "Rejected {count} imported records.").format(count=count)
        )


def _accepted_text(count: int) -> str:
    if count == 1:
        return translate(
            "ImportsPanel", "Added 1 imported item to the itinerary; Ctrl+Z undoes it."
        )
    return translate(
        "ImportsPanel", "Added {count} imported items to the itinerary; Ctrl+Z undoes it."
    ).format(count=count)

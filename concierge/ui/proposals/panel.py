"""The review panel: the assistant's proposed changes (the setting "Assistant edits:
propose"), above the chat while any wait.

One row per proposed tool call, ticked to begin with: what it adds, changes or removes,
before → after, and the problems it would introduce or fix. Space ticks or unticks the
current row; Enter accepts the ticked rows and rejects the rest; Ctrl+Enter accepts all,
Ctrl+Backspace rejects all. What is accepted is one undo step (Ctrl+Z undoes it whole). A
row the trip no longer fits is not applied; the status bar says which and why.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from concierge.store import (
    Change,
    ChangeBus,
    Decision,
    ItineraryRepository,
    ProposalNews,
    ProposalRepository,
    ProposedCall,
    StopRepository,
    StoreError,
)
from concierge.travel.proposals.text import call_texts
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.views.actions import make_actions, review_layout
from concierge.ui.views.trip_view import TripView
from concierge.ui.views.words import counted

ProblemLines = Callable[[str], Awaitable[Mapping[str, Sequence[str]]]]
"""Trip id → for each pending call, the problems it would introduce or fix, in lines."""
CALL_ROLE = Qt.ItemDataRole.UserRole
"""The row's call id."""


def call_row(call: ProposedCall, names: Mapping[str, str], problems: Sequence[str] = ()) -> str:
    """A call's row text: its changes, their details indented, then the other program that
    proposed it ("Proposed by Claude Desktop"), then problems made or fixed."""
    lines: list[str] = []
    for text in call_texts(call, names):
        lines.append(shown(text.heading))
        lines.extend(f"    {shown(detail)}" for detail in text.details)
    if call.program is not None:
        by = translate("ProposalsPanel", "Proposed by {program}").format(program=call.program)
        lines.append(f"    {by}")
    lines.extend(f"    {shown(problem)}" for problem in problems)
    return "\n".join(lines) or shown(call.label)


def decision_text(decision: Decision) -> str:
    """The status bar's sentence after a decision."""
    text = translate(
        "ProposalsPanel",
        "Accepted {accepted}, rejected {rejected} of the assistant’s proposed changes.",
    ).format(accepted=len(decision.accepted), rejected=len(decision.rejected))
    if decision.conflicts:
        reasons = "; ".join(
            f"{shown(call_texts(call)[0].heading)}: {_note(call)}" for call in decision.conflicts
        )
        text += " " + translate(
            "ProposalsPanel", "Not applied, as the trip changed since: {reasons}."
        ).format(reasons=reasons)
    if decision.undo_label:
        text += " " + translate("ProposalsPanel", "Ctrl+Z undoes the accepted ones.")
    return text


def _note(call: ProposedCall) -> str:
    return shown(call.note) if call.note is not None else str(call.note)


def _heading(call: ProposedCall) -> str:
    texts = call_texts(call)
    return shown(texts[0].heading) if texts else shown(call.label)


class ProposalsPanel(TripView[ProposalNews]):
    """Pending proposals of the selected trip; hidden while there are none."""

    decided = Signal(str)
    """The person decided; the sentence saying what became of the proposals."""

    view_name = "proposals"
    object_name = "proposalsPanel"

    def __init__(
        self,
        proposals: ProposalRepository,
        itinerary: ItineraryRepository,
        stops: StopRepository,
        bus: ChangeBus,
        parent: QWidget | None = None,
        *,
        problems: ProblemLines | None = None,
    ) -> None:
        """`problems`: what each call would introduce or fix (none shown without it)."""
        super().__init__(bus.proposals, parent)
        self.problems = problems
        self._unsubscribe_changes: Callable[[], None] | None = bus.subscribe(self._changed)
        self.proposals = proposals
        self.itinerary = itinerary
        self.stops = stops
        self.calls: list[ProposedCall] = []
        self.heading = QLabel(self)
        self.heading.setObjectName("proposalsHeading")
        self.heading.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setObjectName("proposalsList")
        self.list.setAccessibleName(translate("ProposalsPanel", "Proposed changes"))
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        shown = make_actions(
            self,
            (translate("ProposalsPanel", "Accept ticked"), Qt.Key.Key_Return, self.accept_selected),
            (
                translate("ProposalsPanel", "Accept all"),
                Qt.Modifier.CTRL | Qt.Key.Key_Return,
                self.accept_all,
            ),
            (
                translate("ProposalsPanel", "Reject all"),
                Qt.Modifier.CTRL | Qt.Key.Key_Backspace,
                self.reject_all,
            ),
        )
        self.accept_selected_action, self.accept_all_action, self.reject_all_action = shown
        review_layout(self, self.heading, self.list, shown)
        self._busy = False

    async def load(self, trip_id: str) -> None:
        calls = await self.proposals.pending(trip_id)
        names: dict[str, str] = {}
        problems: Mapping[str, Sequence[str]] = {}
        if calls:
            names.update((item.id, item.title) for item in await self.itinerary.items(trip_id))
            names.update((stop.id, stop.place) for stop in await self.stops.stops(trip_id))
            if self.problems is not None:
                problems = await self.problems(trip_id)
        if trip_id != self.trip_id:
            return
        self.show_calls(calls, names, problems)
        self.refreshed.emit()

    def forget(self) -> None:
        self.show_calls([], {}, {})

    def show_no_trip(self) -> None:
        self.show_calls([], {}, {})

    def show_calls(
        self,
        calls: list[ProposedCall],
        names: Mapping[str, str],
        problems: Mapping[str, Sequence[str]],
    ) -> None:
        """Show `calls`, keeping the ticks of rows shown before (new rows come ticked)."""
        unticked = {
            item.data(CALL_ROLE)
            for item in self._items()
            if item.checkState() is Qt.CheckState.Unchecked
        }
        current = self.list.currentRow()
        had_focus = self.list.hasFocus()
        self.calls = calls
        self.list.clear()
        for call in calls:
            row = call_row(call, names, problems.get(call.call_id, ()))
            item = QListWidgetItem(row, self.list)
            item.setData(CALL_ROLE, call.call_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            ticked = call.call_id not in unticked
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        if calls:
            self.list.setCurrentRow(min(max(current, 0), len(calls) - 1))
        count = len(calls)
        proposes = counted(
            count,
            translate("ProposalsPanel", "The assistant proposes 1 change, not made yet."),
            translate("ProposalsPanel", "The assistant proposes {count} changes, not made yet."),
        )
        keys = translate(
            "ProposalsPanel",
            "Space ticks or unticks one; Enter accepts the ticked ones and rejects the rest.",
        )
        self.heading.setText(f"{proposes} {keys}")
        for action in (self.accept_selected_action, self.accept_all_action, self.reject_all_action):
            action.setEnabled(bool(calls))
        self.setVisible(bool(calls))
        if had_focus and not calls:
            self.focusNextChild()

    def ticked(self) -> list[str]:
        """The call ids of the ticked rows, in order."""
        return [
            item.data(CALL_ROLE)
            for item in self._items()
            if item.checkState() is Qt.CheckState.Checked
        ]

    def focus_list(self) -> None:
        if self.calls:
            self.list.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def accept_selected(self) -> None:
        self._decide(self.ticked())

    def accept_all(self) -> None:
        self._decide([call.call_id for call in self.calls])

    def reject_all(self) -> None:
        self._decide([])

    async def shutdown(self) -> None:
        if self._unsubscribe_changes is not None:
            self._unsubscribe_changes()
            self._unsubscribe_changes = None
        await super().shutdown()

    def _changed(self, change: Change) -> None:
        """While changes wait, any change to the trip may alter the problems they would
        introduce or fix: read them again (coalesced like proposal news)."""
        if self.calls:
            self._on_news(ProposalNews(change.trip_id or ""))

    def _items(self) -> list[QListWidgetItem]:
        return [self.list.item(row) for row in range(self.list.count())]

    def _decide(self, accepted: Collection[str]) -> None:
        trip_id = self.trip_id
        if trip_id is None or not self.calls or self._busy:
            return
        self._busy = True
        self.tasks.start(self._decide_now(trip_id, accepted), name="decide on proposals")

    async def _decide_now(self, trip_id: str, accepted: Collection[str]) -> None:
        try:
            decision = await self.proposals.decide(trip_id, accepted)
        except StoreError as error:
            self.decided.emit(
                translate("ProposalsPanel", "The proposals were left as they were: {error}").format(
                    error=shown_error(error)
                )
            )
            self.reload_now()
            return
        finally:
            self._busy = False
        self.decided.emit(decision_text(decision))
        self.reload_now()

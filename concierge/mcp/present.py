"""What changed in a trip since a client's last call: the changes-only form of the runtime
context (`changed_lines`, as our own model receives updates), kept per client and trip."""

from __future__ import annotations

from dataclasses import dataclass, field

from concierge.agent.context_updates import changed_lines

UNCHANGED = "[The trip has not changed since your last call.]"
CHANGES = "[What changed in the trip since your last call: + new or replacing, - gone]"
WHOLE = "[The trip now (trip_context shows it again whenever you need it):]"


@dataclass
class LastSeen:
    """The runtime context each client was last given, per trip."""

    texts: dict[tuple[str, str], str] = field(default_factory=dict)

    def since(self, client: str, trip_id: str, now: str) -> str:
        """What `client` has not seen of `now`: the changed lines, or the whole present on its
        first call on the trip; `now` becomes what it has seen."""
        before = self.texts.get((client, trip_id))
        self.texts[(client, trip_id)] = now
        if before is None:
            return f"{WHOLE}\n{now}"
        if before == now:
            return UNCHANGED
        return f"{CHANGES}\n{changed_lines(before, now)}"

    def seen(self, client: str, trip_id: str, now: str) -> None:
        self.texts[(client, trip_id)] = now

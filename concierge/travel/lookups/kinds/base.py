"""What every lookup kind provides: a name, a runner on JSON parameters, a typed result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ...places.index import PlaceIndex
from ..parameters import Parameters
from ..progress import Progress


class LookupResult(Protocol):
    """A kind's outcome: one line for lists and the assistant's status view, and the whole
    result as a JSON-able dict for the details view and the lookup tool's result action."""

    def summary(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class LookupContext:
    """What a runner may use besides its parameters. Runners run in a worker thread."""

    places: PlaceIndex
    progress: Progress


Runner = Callable[[Parameters, LookupContext], LookupResult]


@dataclass(frozen=True, slots=True)
class LookupKind:
    """One kind of lookup. `uses` names the parameters it reads (filled from the trip when
    not given), so a start request can be described and checked."""

    name: str
    title: str
    description: str
    uses: tuple[str, ...]
    run: Runner
    online: bool = False
    """Asks a service on the internet: only such a kind gets the online settings (read
    from the database as it starts)."""

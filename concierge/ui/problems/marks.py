"""Which rows and blocks a trip's problems mark, and what the mark says. A day row sums up
its day, so a collapsed day still shows its problems."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

from concierge.travel.checks import Problem, Severity
from concierge.ui.i18n import shown, translate
from concierge.ui.views.words import counted

from .icons import severity_word, worst


def problem_words(problem: Problem) -> str:
    """One problem as a tooltip line and screen readers say it: "Error: …"."""
    return f"{severity_word(problem.severity)}: {shown(problem.text)}"


def count_text(count: int) -> str:
    """ "No problems", "1 problem", "3 problems"."""
    if not count:
        return translate("Problems", "No problems")
    return counted(
        count, translate("Problems", "1 problem"), translate("Problems", "{count} problems")
    )


@dataclass(frozen=True, slots=True)
class Mark:
    """What one row or block shows for the problems about it."""

    severity: Severity
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """Every problem, one per line (the tooltip)."""
        return "\n".join(self.lines)

    @property
    def spoken(self) -> str:
        """The same in one run of sentences (the accessible description)."""
        return " ".join(self.lines)


@dataclass(frozen=True, slots=True)
class ProblemMarks:
    """Marks by item id and by day; empty when the plan has no problems."""

    items: Mapping[str, Mark] = field(default_factory=dict)
    days: Mapping[date, Mark] = field(default_factory=dict)


NO_MARKS = ProblemMarks()


def problem_marks(problems: Iterable[Problem]) -> ProblemMarks:
    by_item: dict[str, list[Problem]] = {}
    by_day: dict[date, list[Problem]] = {}
    for problem in problems:
        for item_id in dict.fromkeys(problem.item_ids):
            by_item.setdefault(item_id, []).append(problem)
        if problem.day is not None:
            by_day.setdefault(problem.day, []).append(problem)
    return ProblemMarks(
        {key: _mark(found) for key, found in by_item.items()},
        {key: _mark(found) for key, found in by_day.items()},
    )


def _mark(problems: list[Problem]) -> Mark:
    severity = worst(problem.severity for problem in problems)
    assert severity is not None
    return Mark(severity, tuple(problem_words(problem) for problem in problems))

"""The person's constraints as checks: each kind of `concierge.model.constraints` judged here.

A constraint comes from a confirmed pin or from the trip brief's answers (`brief_constraints`); a
brief answer the person has not confirmed yet is checked as proposed and finds only notes. A broken
constraint is an error when the plan's own fields show it and a warning when it rests on the words
of a title or a note; an item the check cannot judge is a note, so nothing passes for checked in
silence."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, time, timedelta
from decimal import Decimal
from functools import cache

from pydantic import JsonValue

from concierge.model.constraints import BY_NAME, KINDS, Constraint, parse_rule
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.wall_clock import instant, start_of
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.item_times import duration_text, item_length
from ..safe_text.value_text import one_line
from .checker import Check, CheckEnv, Checker
from .plan import TripPlan
from .problem import Problem, Severity
from .wording import named

QUOTE_LIMIT = 40
"""Characters of a pin's text a message quotes."""

STEP_FREE_SIGNS = ("step-free", "step free", "wheelchair", "accessible", "lift", "elevator", "ramp")
"""Words in an item that say it can be reached without steps."""
STEP_BARRIERS = ("stairs", "steps", "steep", "hike", "hiking", "climb", "cobbled", "ladder")
"""Words in an item that say it cannot (the constraint's own words are added)."""

DIET_CONFLICTS: Mapping[str, tuple[str, ...]] = {
    "vegetarian": ("steak", "steakhouse", "bbq", "barbecue", "churrasco", "yakiniku", "seafood"),
    "vegan": ("steak", "steakhouse", "bbq", "barbecue", "cheese", "dairy", "seafood", "gelato"),
    "pescatarian": ("steak", "steakhouse", "bbq", "barbecue", "churrasco", "yakiniku"),
    "halal": ("pork", "bacon", "ham", "tonkatsu", "wine bar", "beer hall"),
    "kosher": ("pork", "bacon", "ham", "shellfish", "tonkatsu"),
    "gluten-free": ("pasta", "pizza", "bakery", "ramen", "udon", "brewery"),
    "lactose-free": ("cheese", "dairy", "gelato", "fondue"),
    "nut allergy": ("nuts", "peanut", "satay", "praline"),
}
"""Words that say a meal does not suit a diet the brief offers; a warning, not an error:
the menu may still have a dish that does."""
DIET_SIGNS: Mapping[str, tuple[str, ...]] = {
    "vegetarian": ("vegetarian", "vegan", "veggie", "plant-based"),
    "vegan": ("vegan", "plant-based"),
    "pescatarian": ("pescatarian", "vegetarian", "vegan", "fish", "seafood"),
    "gluten-free": ("gluten-free", "gluten free", "coeliac", "celiac"),
    "lactose-free": ("lactose-free", "lactose free", "dairy-free", "vegan"),
    "nut allergy": ("nut-free", "nut free"),
}
"""Words that say a meal suits a diet, beside the diet's own name."""
NO_NEEDS = frozenset({"", "none", "no", "n/a", "-", "nothing"})
"""Answers to the brief's accessibility question that mean there is no need."""
MOBILITY = ("wheelchair", "step", "stairs", "walk", "mobility", "pushchair", "stroller", "cane")
"""Words in the brief's accessibility answer that make it a step-free constraint."""


@dataclass(frozen=True, slots=True)
class Applied:
    """A constraint the plan is checked against: where it comes from, as a message names it
    ("the pin “No red-eye flights”"), and a key telling two constraints of a kind apart."""

    constraint: Constraint
    source: str
    key: str
    proposed: bool = False
    """The assistant's answer, not yet confirmed: its problems are notes."""


def _quoted(text: str) -> str:
    text = one_line(text)
    return f"“{text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1].rstrip() + '…'}”"


def applied_constraints(plan: TripPlan) -> tuple[Applied, ...]:
    """The constraints to check: the pins' confirmed rules (all-trip pins first), then the
    brief's."""
    found: list[Applied] = []
    for pin in plan.pins:
        if pin.rule is None or not pin.rule_confirmed:
            continue
        try:
            constraint = parse_rule(pin.rule)
        except ValueError:  # a rule stored under older limits: shown in the panel, not checked
            continue
        source = QT_TRANSLATE_NOOP("Problem", "the pin {text}").format(text=_quoted(pin.text))
        found.append(Applied(constraint, source, pin.id))
    found.extend(brief_constraints(plan.brief, plan.brief_unconfirmed))
    return tuple(found)


def brief_constraints(
    brief: Mapping[str, JsonValue], unconfirmed: Collection[str] = frozenset()
) -> tuple[Applied, ...]:
    """The brief's answers as constraints, proposed where the field is in `unconfirmed`."""
    found: list[Applied] = []
    diets = [word for word in _words(brief.get("diet")) if word.lower() != "none"]
    if diets:
        found.append(
            _from_brief(
                "diet",
                diets,
                QT_TRANSLATE_NOOP("Problem", "the brief’s dietary needs"),
                unconfirmed,
            )
        )
    needs = brief.get("accessibility")
    if (
        isinstance(needs, str)
        and needs.strip().lower() not in NO_NEEDS
        and any(word in needs.lower() for word in MOBILITY)
    ):
        found.append(
            _from_brief(
                "step_free",
                [],
                QT_TRANSLATE_NOOP("Problem", "the brief’s accessibility needs"),
                unconfirmed,
            )
        )
    avoid = _words(brief.get("avoid"))
    if avoid:
        found.append(
            _from_brief(
                "avoid",
                avoid,
                QT_TRANSLATE_NOOP("Problem", "the brief’s things to avoid"),
                unconfirmed,
            )
        )
    return tuple(found)


def _words(value: JsonValue) -> list[str]:
    """An answer's words, fit for a rule (no commas or brackets), at most 20."""
    if not isinstance(value, list):
        return []
    words = [re.sub(r"[(),\s]+", " ", str(word)).strip()[:60] for word in value]
    kept: list[str] = []
    for word in words:
        if word and word.lower() not in (k.lower() for k in kept):
            kept.append(word)
    return kept[:20]


BRIEF_FIELDS: Mapping[str, str] = {"diet": "diet", "step_free": "accessibility", "avoid": "avoid"}
"""The brief field each derived kind comes from."""
UNCONFIRMED = QT_TRANSLATE_NOOP("Problem", "the assistant’s unconfirmed answer to {source}")
"""Put before a proposed brief constraint's source, so each of its notes says so."""
UNCONFIRMED_DETAIL = QT_TRANSLATE_NOOP(
    "Problem",
    "The person has not confirmed this answer in the brief yet; it counts once they look at "
    "it or mark it seen.",
)


def _from_brief(
    kind: str, words: Sequence[str], source: str, unconfirmed: Collection[str]
) -> Applied:
    proposed = BRIEF_FIELDS[kind] in unconfirmed
    return Applied(
        Constraint(BY_NAME[kind], {"words": tuple(words)}),
        UNCONFIRMED.format(source=source) if proposed else source,
        f"brief:{kind}",
        proposed,
    )


# -- the checks, one per kind --------------------------------------------------------------

KindCheck = Callable[[Applied, TripPlan], Iterable[Problem]]


def _problem(
    applied: Applied,
    severity: Severity,
    message: str,
    item: ItineraryItemRecord | None = None,
    *,
    items: tuple[str, ...] = (),
    day: date | None = None,
) -> Problem:
    """A problem with `applied`: about one item (it keys the problem), or trip-wide (or one
    day's) about `items`."""
    if item is None:
        return Problem(
            check=applied.constraint.kind.name,
            severity=severity,
            message=message,
            item_ids=items,
            day=day,
            subject=applied.key,
        )
    start = start_of(item)
    return Problem(
        check=applied.constraint.kind.name,
        severity=severity,
        message=message,
        item_ids=(item.id,),
        day=item.day,
        subject=f"{applied.key}:{item.id}",
        at=None if start is None else instant(start),
    )


def _in_window(moment: time, start: time, end: time) -> bool:
    return start <= moment < end if start < end else moment >= start or moment < end


def no_departure_between(applied: Applied, plan: TripPlan) -> Iterator[Problem]:
    values = applied.constraint.values
    start, end = values["start"], values["end"]
    flights = values["scope"] == "flights"
    window = QT_TRANSLATE_NOOP("Problem", "between {start} and {end}").format(
        start=f"{start:%H:%M}", end=f"{end:%H:%M}"
    )
    for item in plan.items:
        counted = item.kind is ItemKind.FLIGHT if flights else item.kind.spec.transport
        if not counted:
            continue
        if item.start_time is None:
            yield _problem(
                applied,
                "note",
                QT_TRANSLATE_NOOP(
                    "Problem",
                    "{item} has no departure time, so it is not known whether it leaves "
                    "{window}, which {source} rules out.",
                ).format(item=named(item), window=window, source=applied.source),
                item,
            )
        elif _in_window(item.start_time, start, end):
            yield _problem(
                applied,
                "error",
                QT_TRANSLATE_NOOP(
                    "Problem",
                    "{item} departs at {time} on {day}, {window}, which {source} rules out.",
                ).format(
                    item=named(item),
                    time=f"{item.start_time:%H:%M}",
                    day=item.day,
                    window=window,
                    source=applied.source,
                ),
                item,
            )


def max_flights(applied: Applied, plan: TripPlan) -> Iterator[Problem]:
    allowed = applied.constraint.values["count"]
    flights = [item for item in plan.items if item.kind is ItemKind.FLIGHT]
    if len(flights) > allowed:
        yield _problem(
            applied,
            "error",
            (
                QT_TRANSLATE_NOOP("Problem", "The plan has 1 flight; {source} allows {allows}.")
                if len(flights) == 1
                else QT_TRANSLATE_NOOP(
                    "Problem", "The plan has {count} flights; {source} allows {allows}."
                )
            ).format(
                count=len(flights),
                source=applied.source,
                allows=(
                    QT_TRANSLATE_NOOP("Problem", "none")
                    if allowed == 0
                    else QT_TRANSLATE_NOOP("Problem", "at most {count}").format(count=allowed)
                ),
            ),
            items=tuple(item.id for item in flights),
        )


def max_transit_per_day(applied: Applied, plan: TripPlan) -> Iterator[Problem]:
    hours: Decimal = applied.constraint.values["hours"]
    allowed = timedelta(minutes=int(hours * 60))
    for day, items in plan.by_day.items():
        journeys = [item for item in items if item.kind.spec.transport]
        total = timedelta(0)
        for item in journeys:
            length = item_length(item)
            if length is None:
                yield _problem(
                    applied,
                    "note",
                    QT_TRANSLATE_NOOP(
                        "Problem",
                        "{item} has no end or duration, so its time is not counted against "
                        "the {hours} hours of transit a day {source} allows.",
                    ).format(item=named(item), hours=format(hours, "f"), source=applied.source),
                    item,
                )
            else:
                total += max(length, timedelta(0))
        if total > allowed:
            yield _problem(
                applied,
                "error",
                QT_TRANSLATE_NOOP(
                    "Problem",
                    "{day} has {length} of transit, more than the {hours} hours a day {source} "
                    "allows.",
                ).format(
                    day=day,
                    length=duration_text(total),
                    hours=format(hours, "f"),
                    source=applied.source,
                ),
                items=tuple(item.id for item in journeys),
                day=day,
            )


@cache
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of `words` as a whole word or phrase, any case."""
    alternatives = "|".join(
        re.escape(word.lower()) for word in sorted(words, key=len, reverse=True)
    )
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _said(item: ItineraryItemRecord, words: Sequence[str]) -> str | None:
    """The first of `words` the item's title, place, notes or details say, or None."""
    if not words:
        return None
    text = " ".join(
        (
            item.title,
            item.place,
            item.notes,
            item.provider,
            item.address,
            item.from_place,
            item.to_place,
            item.carrier,
        )
    )
    match = _pattern(tuple(words)).search(text)
    return None if match is None else match[0].lower()


def avoid(applied: Applied, plan: TripPlan) -> Iterator[Problem]:
    words = applied.constraint.values["words"]
    for item in plan.items:
        word = _said(item, words)
        if word is not None:
            yield _problem(
                applied,
                "warning",
                QT_TRANSLATE_NOOP(
                    "Problem", "{item} mentions “{word}”, which {source} says to avoid."
                ).format(item=named(item), word=word, source=applied.source),
                item,
            )


def diet(applied: Applied, plan: TripPlan) -> Iterator[Problem]:
    diets = [word.lower() for word in applied.constraint.values["words"]]
    signs = tuple({sign for d in diets for sign in (d, *DIET_SIGNS.get(d, ()))})
    conflicts = {d: DIET_CONFLICTS.get(d, ()) for d in diets}
    wanted = ", ".join(diets)
    for item in plan.items:
        if item.kind is not ItemKind.MEAL:
            continue
        clash = next(
            ((d, word) for d, words in conflicts.items() if (word := _said(item, words))),
            None,
        )
        if clash is not None:
            yield _problem(
                applied,
                "warning",
                QT_TRANSLATE_NOOP(
                    "Problem", "{item} mentions “{word}”, which may not suit {diet} ({source})."
                ).format(item=named(item), word=clash[1], diet=clash[0], source=applied.source),
                item,
            )
        elif _said(item, signs) is None:
            yield _problem(
                applied,
                "note",
                QT_TRANSLATE_NOOP(
                    "Problem", "Nothing says {item} suits {diets} ({source}); check the menu."
                ).format(item=named(item), diets=wanted, source=applied.source),
                item,
            )


def step_free(applied: Applied, plan: TripPlan) -> Iterator[Problem]:
    barriers = (*STEP_BARRIERS, *applied.constraint.values["words"])
    for item in plan.items:
        if not item.kind.spec.entered:
            continue
        barrier = _said(item, barriers)
        if barrier is not None:
            yield _problem(
                applied,
                "warning",
                QT_TRANSLATE_NOOP(
                    "Problem", "{item} mentions “{word}”, but {source} asks for step-free access."
                ).format(item=named(item), word=barrier, source=applied.source),
                item,
            )
        elif _said(item, STEP_FREE_SIGNS) is None:
            yield _problem(
                applied,
                "note",
                QT_TRANSLATE_NOOP(
                    "Problem", "Nothing says {item} is step-free ({source}); check before booking."
                ).format(item=named(item), source=applied.source),
                item,
            )


CHECKS: Mapping[str, KindCheck] = {
    "no_departure_between": no_departure_between,
    "max_flights": max_flights,
    "max_transit_per_day": max_transit_per_day,
    "avoid": avoid,
    "diet": diet,
    "step_free": step_free,
}
"""The check of each kind of constraint, by the kind's name."""

_UNMATCHED = {kind.name for kind in KINDS} ^ set(CHECKS)
if _UNMATCHED:
    raise RuntimeError(f"Constraint kinds without a check, or checks without a kind: {_UNMATCHED}")


def _checker(name: str) -> Check:
    judge = CHECKS[name]

    def run(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
        for applied in applied_constraints(plan):
            if applied.constraint.kind.name != name:
                continue
            for problem in judge(applied, plan):
                if applied.proposed:
                    problem = replace(problem, severity="note", detail=UNCONFIRMED_DETAIL)
                yield problem

    return run


CHECKERS: tuple[Checker, ...] = tuple(
    Checker(kind.name, kind.label, _checker(kind.name)) for kind in KINDS
)
"""One checker per kind of constraint, named after it, in the kinds' order."""

"""What the brief panel says about a form's state, in words (pure functions, no widgets)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import JsonValue

from concierge.travel.forms import FormDefinition, FormState
from concierge.travel.forms.status import compact

COMPLETE = "Complete"
INVALID_PREFIX = "The stored answer no longer fits"


def status_text(state: FormState) -> str:
    """ "Step 2 of 4 · 3 required answers missing", or "Complete"."""
    step = state.open_step
    if step is None:
        return COMPLETE
    count = len(state.missing)
    answers = "answer" if count == 1 else "answers"
    return f"Step {step.number} of {len(state.steps)} · {count} required {answers} missing"


def skipped_text(definition: FormDefinition, names: Iterable[str]) -> str:
    """The fields of a step that are not asked now, each with when it would be ("" for
    none): "Not asked now: Number of travellers (only when Travelling as is family)."."""
    parts = [
        f"{definition.labels[name]} (only when {definition.explain_condition(name)})"
        for name in names
    ]
    return f"Not asked now: {'; '.join(parts)}." if parts else ""


def kept_text(definition: FormDefinition, name: str) -> str:
    """The flag on an answer whose field no longer applies."""
    return (
        f"Kept but not used now: only asked when {definition.explain_condition(name)}. "
        "Clear it to withdraw it."
    )


def invalid_text(reason: str) -> str:
    return f"{INVALID_PREFIX}: {reason}"


def unknown_text(unknown: Mapping[str, JsonValue]) -> str:
    """Answers to names the form no longer has ("" for none)."""
    if not unknown:
        return ""
    answers = "; ".join(f"{name} = {compact(value)}" for name, value in unknown.items())
    return f"Answers to questions this form no longer asks: {answers}."

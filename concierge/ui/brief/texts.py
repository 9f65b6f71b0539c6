"""What the brief panel says about a form's state, in words (pure functions, no widgets)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import JsonValue

from concierge.travel.forms import FormDefinition, FormState
from concierge.travel.forms.status import compact
from concierge.ui.i18n import shown, translate


def invalid_prefix() -> str:
    """How the note on a stored answer that no longer fits begins."""
    return translate("BriefPanel", "The stored answer no longer fits")


def status_text(state: FormState) -> str:
    """ "Step 2 of 4 · 3 required answers missing", or "Complete"."""
    step = state.open_step
    if step is None:
        return translate("BriefPanel", "Complete")
    count = len(state.missing)
    if count == 1:
        text = translate("BriefPanel", "Step {step} of {steps} · 1 required answer missing")
    else:
        text = translate("BriefPanel", "Step {step} of {steps} · {count} required answers missing")
    return text.format(step=step.number, steps=len(state.steps), count=count)


def _condition(definition: FormDefinition, name: str) -> str:
    when = definition.explain_condition(name)
    return shown(when) if when is not None else str(when)


def skipped_text(definition: FormDefinition, names: Iterable[str]) -> str:
    """The fields of a step that are not asked now, each with when it would be ("" for
    none): "Not asked now: Number of travellers (only when Travelling as is family)."."""
    parts = [
        translate("BriefPanel", "{field} (only when {condition})").format(
            field=shown(definition.labels[name]), condition=_condition(definition, name)
        )
        for name in names
    ]
    if not parts:
        return ""
    return translate("BriefPanel", "Not asked now: {fields}.").format(fields="; ".join(parts))


def kept_text(definition: FormDefinition, name: str) -> str:
    """The flag on an answer whose field no longer applies."""
    return translate(
        "BriefPanel",
        "Kept but not used now: only asked when {condition}. Clear it to withdraw it.",
    ).format(condition=_condition(definition, name))


def invalid_text(reason: str) -> str:
    return f"{invalid_prefix()}: {shown(reason)}"


def unknown_text(unknown: Mapping[str, JsonValue]) -> str:
    """Answers to names the form no longer has ("" for none)."""
    if not unknown:
        return ""
    answers = "; ".join(f"{name} = {compact(value)}" for name, value in unknown.items())
    return translate(
        "BriefPanel", "Answers to questions this form no longer asks: {answers}."
    ).format(answers=answers)

"""The forms the app ships, by id."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .definition import FormDefinition
from .errors import UnknownFormError
from .trip_brief import TRIP_BRIEF

FORMS: Mapping[str, FormDefinition] = MappingProxyType({TRIP_BRIEF.id: TRIP_BRIEF})


def form_by_id(form_id: str) -> FormDefinition:
    """The shipped form `form_id`; UnknownFormError lists the ids there are."""
    form = FORMS.get(form_id)
    if form is None:
        raise UnknownFormError(form_id, tuple(FORMS))
    return form

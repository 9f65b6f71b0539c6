"""Errors of the form engine, worded so they can be shown as they are: to the person in the
form panel, or to the assistant as a tool error it can act on."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import TravelError


class FormError(TravelError):
    """Base class for every error of `concierge.travel.forms`."""


class FormDefinitionError(FormError, ValueError):
    """A form definition is inconsistent (a programming error, raised when it is built)."""


class FormValueError(FormError):
    """A raw answer its field cannot read; `field` lets a form panel point at it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class UnknownFieldError(FormValueError):
    """The form has no field of that name; the message lists the ones it has."""

    def __init__(self, form_title: str, field: str, known: Sequence[str]) -> None:
        super().__init__(
            field,
            f"The form '{form_title}' has no field {field!r}; its fields are {', '.join(known)}.",
        )
        self.known = tuple(known)


class UnknownFormError(FormError, LookupError):
    """No shipped form has that id; the message lists the ids there are."""

    def __init__(self, form_id: str, known: Sequence[str]) -> None:
        super().__init__(f"There is no form {form_id!r}; the forms are {', '.join(known)}.")
        self.form_id = form_id
        self.known = tuple(known)

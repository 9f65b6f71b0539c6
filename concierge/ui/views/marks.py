"""How views mark what the assistant or another program changed unseen, and facts nobody
confirmed: an amber accent plus words in tooltip and accessible description, so not by colour
alone.
"""

from __future__ import annotations

from concierge.store.seen import DeviceName, made_by
from concierge.text import QT_TRANSLATE_NOOP

CHANGED_BY_ASSISTANT = QT_TRANSLATE_NOOP("Marks", "Changed by the assistant")
"""Each of these is an English `str` (tests and views compare it): show it with `shown`."""
ADDED_BY_ASSISTANT = QT_TRANSLATE_NOOP("Marks", "Added by the assistant")
UNVERIFIED = QT_TRANSLATE_NOOP("Marks", "Set by the assistant, not confirmed")
"""A fact the assistant set, until the person confirms or edits it or a lookup or import
backs it: its text in `Tone.UNVERIFIED`, these words in tooltip and description."""
CHANGED_BY_PROGRAM = QT_TRANSLATE_NOOP("Marks", "Changed by {program}")
"""Another program's change, named by the program ("Changed by concierge import")."""
ADDED_BY_PROGRAM = QT_TRANSLATE_NOOP("Marks", "Added by {program}")
CHANGED_ON_DEVICE = QT_TRANSLATE_NOOP("Marks", "Changed on {device}")
"""A companion's change to a shared trip, named by their device ("Changed on Ana's laptop")."""
ADDED_ON_DEVICE = QT_TRANSLATE_NOOP("Marks", "Added on {device}")


def changed_by(fields: frozenset[str]) -> str:
    """Who made an unseen change with these fields: the assistant, or the program named."""
    return changed_by_program(made_by(fields))


def changed_by_program(program: str | None) -> str:
    """The words for a change by `program` (None: the assistant; a `DeviceName`: on it)."""
    if isinstance(program, DeviceName):
        return CHANGED_ON_DEVICE.format(device=program)
    return CHANGED_BY_ASSISTANT if program is None else CHANGED_BY_PROGRAM.format(program=program)


def added_by(fields: frozenset[str]) -> str:
    """Who added a row, unseen, with these fields: the assistant, or the program named."""
    program = made_by(fields)
    if isinstance(program, DeviceName):
        return ADDED_ON_DEVICE.format(device=program)
    return ADDED_BY_ASSISTANT if program is None else ADDED_BY_PROGRAM.format(program=program)

"""Lists of names in a sentence, in the person's language: "Budget, Interests and Pace"."""

from __future__ import annotations

from collections.abc import Sequence

from concierge.ui.i18n import translate


def shown_and_list(names: Sequence[str]) -> str:
    """In English exactly as `concierge.store.and_list` writes it (the model reads that)."""
    if len(names) <= 1:
        return "".join(names)
    return translate("Words", "{items} and {last}").format(
        items=", ".join(names[:-1]), last=names[-1]
    )


def counted(count: int, one: str, many: str, **values: object) -> str:
    """`one` ("1 item") for a single thing, else `many` ("{count} items"), either filled in
    with the count and `values`."""
    return (one if count == 1 else many).format(count=count, **values)

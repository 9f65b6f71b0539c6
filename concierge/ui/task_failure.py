"""What the person reads when a background task fails: "Could not save expense: …", in
one language (the task's English name goes to the log)."""

from __future__ import annotations

from concierge.ui.i18n import shown_error, translate


def task_descriptions() -> dict[str, str]:
    """Each fixed task name with what it does, as the failure sentence names it."""
    return {
        "accept edited record": translate("Task", "accept edited record"),
        "accept imported records": translate("Task", "accept imported records"),
        "add stop": translate("Task", "add stop"),
        "attach document": translate("Task", "attach document"),
        "attach documents": translate("Task", "attach documents"),
        "attach file": translate("Task", "attach file"),
        "cancel lookup": translate("Task", "cancel lookup"),
        "chat turn": translate("Task", "chat turn"),
        "clear old answers": translate("Task", "clear old answers"),
        "close model client": translate("Task", "close model client"),
        "close settings": translate("Task", "close settings"),
        "confirm expense": translate("Task", "confirm expense"),
        "confirm item": translate("Task", "confirm item"),
        "confirm item details": translate("Task", "confirm item details"),
        "create trip": translate("Task", "create trip"),
        "decide on proposals": translate("Task", "decide on proposals"),
        "delete trip": translate("Task", "delete trip"),
        "duplicate trip": translate("Task", "duplicate trip"),
        "import files": translate("Task", "import files"),
        "list documents to attach": translate("Task", "list documents to attach"),
        "list held-back values": translate("Task", "list held-back values"),
        "load conversation": translate("Task", "load conversation"),
        "load documents": translate("Task", "load documents"),
        "load places": translate("Task", "load places"),
        "load trips": translate("Task", "load trips"),
        "lock": translate("Task", "lock"),
        "lock field": translate("Task", "lock field"),
        "lock item field": translate("Task", "lock item field"),
        "lock stop": translate("Task", "lock stop"),
        "mark added items seen": translate("Task", "mark added items seen"),
        "mark expense seen": translate("Task", "mark expense seen"),
        "mark items seen": translate("Task", "mark items seen"),
        "mark seen": translate("Task", "mark seen"),
        "mark stop seen": translate("Task", "mark stop seen"),
        "mark stops seen": translate("Task", "mark stops seen"),
        "move item": translate("Task", "move item"),
        "move stop": translate("Task", "move stop"),
        "move trip": translate("Task", "move trip"),
        "offer lookups": translate("Task", "offer lookups"),
        "open settings": translate("Task", "open settings"),
        "pin text": translate("Task", "pin text"),
        "read API key": translate("Task", "read API key"),
        "read a CSV file's columns": translate("Task", "read a CSV file's columns"),
        "read the context window": translate("Task", "read the context window"),
        "read the other settings": translate("Task", "read the other settings"),
        "redo": translate("Task", "redo"),
        "refresh models": translate("Task", "refresh models"),
        "refresh undo": translate("Task", "refresh undo"),
        "reject imported records": translate("Task", "reject imported records"),
        "remember trip": translate("Task", "remember trip"),
        "remove document": translate("Task", "remove document"),
        "remove expense": translate("Task", "remove expense"),
        "remove items": translate("Task", "remove items"),
        "remove stop": translate("Task", "remove stop"),
        "rename trip": translate("Task", "rename trip"),
        "retry lookup": translate("Task", "retry lookup"),
        "save expense": translate("Task", "save expense"),
        "save item": translate("Task", "save item"),
        "save settings": translate("Task", "save settings"),
        "save stop": translate("Task", "save stop"),
        "share a held-back value": translate("Task", "share a held-back value"),
        "test connection": translate("Task", "test connection"),
        "undo": translate("Task", "undo"),
        "undo delete trip": translate("Task", "undo delete trip"),
        "undo document removal": translate("Task", "undo document removal"),
        "undo remove expense": translate("Task", "undo remove expense"),
        "undo remove items": translate("Task", "undo remove items"),
    }


def failure_text(name: str, error: object) -> str:
    """ "Could not {task}: {error}" with the task described and the error's message, both in
    the window's language (English reads exactly as the name and the message)."""
    message = shown_error(error) if isinstance(error, BaseException) else str(error)
    described = task_descriptions().get(name)
    if described is None:
        # The English keeps the name; a translation says only that something failed.
        return translate("UnnamedTask", "Could not {task}: {error}").format(
            task=name, error=message
        )
    return translate("Task", "Could not {task}: {error}").format(task=described, error=message)

"""Every control has an accessible name matching its label; icon buttons have tooltips."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QWidget
from pytestqt.qtbot import QtBot

from concierge.agent import InMemoryHistoryStore, PermissionRequest
from concierge.ui.chat import ChatPanel
from concierge.ui.inspector import InspectorPanel
from tests.fakes import FakeOpenAIServer
from tests.ui.support import ItemRef, agent_for, bind
from tests.ui.waiting import until


def _focus_chain(start: QWidget, stop: QWidget) -> list[QWidget]:
    chain = [start]
    widget = start.nextInFocusChain()
    while widget is not None and widget is not start and len(chain) < 200:
        chain.append(widget)
        if widget is stop:
            break
        widget = widget.nextInFocusChain()
    return chain


async def test_chat_controls_are_named_and_in_a_logical_tab_order(
    chat_panel: ChatPanel, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    composer = chat_panel.composer
    assert composer.edit.accessibleName() == "Message"
    assert chat_panel.transcript.accessibleName() == "Conversation"
    assert composer.attach_button.accessibleName() == "Attach…"
    assert composer.attach_button.toolTip() == "Attach a document or image (Ctrl+Shift+A)"
    assert composer.attach_button.text() == "Attach…"
    for button in chat_panel.findChildren(QAbstractButton):
        if button.text():
            assert button.accessibleName() == button.text(), button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
    assert {"Send", "Stop", "Retry", "Settings…"} <= {
        b.accessibleName() for b in chat_panel.findChildren(QAbstractButton)
    }

    chain = _focus_chain(composer.edit, composer.send_button)
    order = [w for w in chain if w.focusPolicy() != 0]
    assert order.index(composer.attach_button) < order.index(composer.stop_button)
    assert order.index(composer.stop_button) < order.index(composer.send_button)
    assert order[0] is composer.edit and order[1] is composer.attach_button


async def test_permission_buttons_are_named(chat_panel: ChatPanel) -> None:
    request = PermissionRequest("remove_item", "call_1", ItemRef(item="x", day=1), "Remove it?")
    answer = chat_panel.tasks.start(chat_panel.ask(request), name="ask")
    await until(lambda: chat_panel.permissions.prompts)
    [prompt] = chat_panel.permissions.prompts
    assert prompt.allow_button.accessibleName() == "Allow"
    assert prompt.deny_button.accessibleName() == "Deny"
    assert prompt.accessibleDescription() == "Remove it?"
    prompt.deny_button.click()
    assert await answer is False


def test_inspector_views_are_named(qtbot: QtBot) -> None:
    inspector = InspectorPanel()
    qtbot.addWidget(inspector)
    names = {w.accessibleName() for w in inspector.findChildren(QWidget)}
    assert {
        "System prompt",
        "Runtime snapshot",
        "Usage per model call",
        "Token usage per model call",
    } <= names

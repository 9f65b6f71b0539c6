"""Creating, listing and deleting conversations; their messages live in `history`."""

from __future__ import annotations

import uuid

from sqlmodel import Session, col, select

from .database import Database
from .tables import Conversation


async def create_conversation(database: Database, title: str = "") -> Conversation:
    conversation = Conversation(id=uuid.uuid4().hex, title=title)

    def insert(session: Session) -> Conversation:
        session.add(conversation)
        return conversation

    return await database.run(insert)


async def list_conversations(database: Database) -> list[Conversation]:
    """Every conversation, newest first."""

    def query(session: Session) -> list[Conversation]:
        return list(
            session.exec(
                select(Conversation).order_by(
                    col(Conversation.created_at).desc(), col(Conversation.id)
                )
            ).all()
        )

    return await database.run(query)


async def delete_conversation(database: Database, conversation_id: str) -> bool:
    """Delete a conversation with its messages (ON DELETE CASCADE); False if it was absent."""

    def remove(session: Session) -> bool:
        conversation = session.get(Conversation, conversation_id)
        if conversation is None:
            return False
        session.delete(conversation)
        return True

    return await database.run(remove)

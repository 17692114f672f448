"""The transactional outbox: written with the row it announces, drained by the relay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.pg.tables import OutboxMessage

__all__ = ["OutboxRepository"]


class OutboxRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, task_name: str, payload: dict[str, Any]) -> None:
        await self._session.execute(insert(OutboxMessage).values(task_name=task_name, payload=payload))

    async def claim_pending(self, limit: int) -> Sequence[OutboxMessage]:
        """Lock up to ``limit`` unpublished messages, oldest first.

        ``SKIP LOCKED`` lets several relays drain concurrently without publishing the same message twice
        while both are alive; the locks last until the caller's transaction ends.
        """
        stmt = (
            select(OutboxMessage)
            .where(OutboxMessage.published_at.is_(None))
            .order_by(OutboxMessage.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        return (await self._session.scalars(stmt)).all()

    async def mark_published(self, ids: Sequence[int]) -> None:
        if ids:
            await self._session.execute(
                update(OutboxMessage).where(OutboxMessage.id.in_(ids)).values(published_at=func.now())
            )

    async def record_failure(self, message_id: int, error: str) -> None:
        await self._session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == message_id)
            .values(attempts=OutboxMessage.attempts + 1, last_error=error)
        )

    async def job_payload(self, task_name: str, code2wf_id: str) -> dict[str, Any] | None:
        """The envelope once sent for a generation (used by retry to repeat the same inputs)."""
        stmt = (
            select(OutboxMessage.payload)
            .where(
                OutboxMessage.task_name == task_name,
                OutboxMessage.payload.contains({"code2wf_id": code2wf_id}),
            )
            .limit(1)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

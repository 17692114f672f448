"""The transactional outbox: written with the row it announces, drained by the relay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.pg.tables import OutboxMessage

__all__ = ["OutboxRepository"]


class OutboxRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(self, task_name: str, payload: dict[str, Any]) -> None:
        await self._session.execute(insert(OutboxMessage).values(task_name=task_name, payload=payload))

    async def lock_relay(self) -> bool:
        """Whether this transaction is now the one relay draining (fair claims count what is out, so two
        relays counting at once could both fill the same free slot); ``False`` when another one is."""
        locked = await self._session.scalar(
            text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": _RELAY_LOCK}
        )
        return bool(locked)

    async def claim_fairly(
        self, limit: int, *, gated_tasks: Sequence[str], per_organization: int
    ) -> Sequence[OutboxMessage]:
        """Lock up to ``limit`` unpublished messages, oldest first, each into a free slot of its organization.

        ``SKIP LOCKED`` keeps the batches of two relays disjoint even without :meth:`lock_relay`; the locks
        last until the caller's transaction ends. An organization has at most ``per_organization`` jobs out:
        a ``gated_tasks`` message (one per processing ``code2wf`` or ``design_generation`` row, which carries
        the organization; both kinds share the organization's slots, since both hold a worker) is out from
        its publication until its row leaves ``processing`` (event, or the reaper at the deadline).
        An organization's pending messages are claimed oldest first, only into its free slots; another
        organization's message is never behind more than the slots of the others. Other tasks are not gated.
        Only the organizations with pending messages are counted.
        """
        ids = (
            await self._session.scalars(
                _FAIR_CANDIDATES,
                {"gated": list(gated_tasks), "per_org": per_organization, "limit": limit},
            )
        ).all()
        if not ids:
            return []
        stmt = (
            select(OutboxMessage)
            .where(OutboxMessage.id.in_(ids), OutboxMessage.published_at.is_(None))
            .order_by(OutboxMessage.id)
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


_RELAY_LOCK = 0x7766_3264_6573_0001  # "wf2des" + 1: the advisory lock key of the outbox relay

# Per organization: its pending gated messages ranked oldest first, and how many of its rows (of both
# kinds) are processing.
# Processing rows whose message is still pending are not out yet: out = processing - pending, and a message
# of rank r may go when out + r <= per_org.
_FAIR_CANDIDATES = text(
    """
    WITH pending AS (
        SELECT id, (payload->>'organization_id')::bigint AS org,
               row_number() OVER (PARTITION BY payload->>'organization_id' ORDER BY id) AS rank,
               count(*) OVER (PARTITION BY payload->>'organization_id') AS waiting
        FROM outbox
        WHERE published_at IS NULL AND task_name = ANY(:gated)
    ),
    processing AS (
        SELECT organization_id AS org, count(*) AS n
        FROM (
            SELECT organization_id FROM code2wf
            WHERE status = '0' AND organization_id IN (SELECT DISTINCT org FROM pending)
            UNION ALL
            SELECT organization_id FROM design_generation
            WHERE status = '0' AND organization_id IN (SELECT DISTINCT org FROM pending)
        ) AS rows
        GROUP BY organization_id
    ),
    candidates AS (
        SELECT p.id FROM pending p LEFT JOIN processing r ON r.org = p.org
        WHERE coalesce(r.n, 0) - p.waiting + p.rank <= :per_org
        UNION ALL
        SELECT id FROM outbox WHERE published_at IS NULL AND task_name <> ALL(:gated)
    )
    SELECT id FROM candidates ORDER BY id LIMIT :limit
    """
)

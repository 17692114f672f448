"""The outbox relay: publish committed messages at least once, then mark them.

Hazards, and why they are harmless here:
- killed after publishing, before marking: the messages are re-published on the next run. The Celery task id
  is the code2wf id and the webhook transition is conditional, so a duplicate job cannot change a finished
  row.
- two relays (several API processes, or ``wf2des outbox-relay``): a transaction-scoped advisory lock lets one
  drain at a time (the others skip the round), and ``FOR UPDATE SKIP LOCKED`` keeps batches disjoint anyway.
- fairness: a generation (Code2WF or design) is published only into a free slot of its organization
  (``per_organization`` out at once, until its row leaves processing), so one organization's burst waits
  in the outbox, not on the broker in front of everyone else's jobs. A finished job wakes the relay (the
  events endpoint).
- broker down: the first failure stops the batch, records ``attempts``/``last_error``, and the rows stay
  pending; the API keeps accepting requests because it only ever writes the outbox.
"""

from __future__ import annotations

import asyncio
import contextlib

import anyio
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from wf2des.api.metrics import Metrics
from wf2des.api.outbox.publisher import OutgoingMessage, Publisher
from wf2des.core.logging import get_logger
from wf2des.core.safety import safe_message
from wf2des.jobs.contract import CODE2WF_GENERATE, DESIGN_GENERATE
from wf2des.pg.repositories import OutboxRepository

__all__ = ["GATED_TASKS", "drain_once", "run_relay"]

# Jobs that hold a worker for a while, one row each in ``processing``: Code2WF and design generations share
# an organization's slots. A component sweep is short and has no row; it is not gated.
GATED_TASKS = (CODE2WF_GENERATE, DESIGN_GENERATE)

_log = get_logger(__name__)


async def drain_once(
    sessions: async_sessionmaker[AsyncSession],
    publisher: Publisher,
    *,
    batch_size: int,
    per_organization: int,
    metrics: Metrics | None = None,
) -> tuple[int, bool]:
    """Publish one batch. Returns (published count, whether a publish failed)."""
    async with sessions() as session, session.begin():
        repo = OutboxRepository(session)
        if not await repo.lock_relay():
            return 0, False
        claimed = await repo.claim_fairly(
            batch_size, gated_tasks=GATED_TASKS, per_organization=per_organization
        )
        if not claimed:
            return 0, False
        messages = [OutgoingMessage(m.id, m.task_name, m.payload) for m in claimed]
        outcome = await anyio.to_thread.run_sync(publisher.publish_many, messages)
        await repo.mark_published(outcome.published)
        if outcome.error is not None:
            failed_id = messages[len(outcome.published)].outbox_id
            await repo.record_failure(failed_id, safe_message(outcome.error))
    if metrics is not None:
        metrics.outbox_published.inc(len(outcome.published))
        if outcome.error is not None:
            metrics.outbox_failures.inc()
    if outcome.error is not None:
        _log.warning(
            "outbox_publish_failed", error=safe_message(outcome.error), published=len(outcome.published)
        )
    return len(outcome.published), outcome.error is not None


async def run_relay(
    sessions: async_sessionmaker[AsyncSession],
    publisher: Publisher,
    *,
    batch_size: int,
    per_organization: int,
    interval: float,
    wakeup: asyncio.Event | None = None,
    metrics: Metrics | None = None,
    linger: float = 0.02,
) -> None:
    """Drain forever: immediately while batches are full, else on a wake-up or every ``interval`` seconds."""
    backoff = interval
    while True:
        try:
            count, failed = await drain_once(
                sessions, publisher, batch_size=batch_size, per_organization=per_organization, metrics=metrics
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # PostgreSQL unavailable: keep the loop alive
            _log.warning("outbox_relay_error", error=safe_message(str(exc)))
            count, failed = 0, True
        if count >= batch_size and not failed:
            continue
        backoff = min(backoff * 2, 30.0) if failed else interval
        if wakeup is None or failed:
            await asyncio.sleep(backoff)
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wakeup.wait(), timeout=interval)
            # Linger briefly so a burst of creates becomes one batch (one claim, one commit) instead of one
            # drain per request competing with the requests themselves.
            await asyncio.sleep(linger)
        wakeup.clear()

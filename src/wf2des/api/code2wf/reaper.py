"""Fail generations still processing past their deadline (the worker died, or never got the job).

Code2WF's lifecycle rule, applied to design generations too, run as a background loop by the API process
beside the outbox relay.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from wf2des.api.metrics import Metrics
from wf2des.core.logging import get_logger
from wf2des.core.safety import safe_message
from wf2des.pg.repositories import Code2wfRepository, DesignGenerationRepository

__all__ = ["REAPER_ACTOR", "TIMED_OUT", "reap_once", "run_reaper"]

TIMED_OUT = "generation timed out"
REAPER_ACTOR = "wf2des-reaper"
_log = get_logger(__name__)


async def reap_once(sessions: async_sessionmaker[AsyncSession], deadline: timedelta) -> list[str]:
    async with sessions() as session, session.begin():
        code2wf = await Code2wfRepository(session).fail_overdue(deadline, TIMED_OUT, REAPER_ACTOR)
        designs = await DesignGenerationRepository(session).fail_overdue(deadline, TIMED_OUT, REAPER_ACTOR)
        return [*code2wf, *designs]


async def run_reaper(
    sessions: async_sessionmaker[AsyncSession],
    deadline: timedelta,
    *,
    interval: float,
    metrics: Metrics | None = None,
) -> None:
    while True:
        try:
            reaped = await reap_once(sessions, deadline)
            if reaped:
                _log.info("generations_timed_out", count=len(reaped))  # code2wf and design generations
                if metrics is not None:
                    metrics.reaped.inc(len(reaped))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            _log.warning("reaper_error", error=safe_message(str(exc)))
        await asyncio.sleep(interval)

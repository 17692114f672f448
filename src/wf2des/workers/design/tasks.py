"""``wf2des.design.generate``: validate the envelope, run the pipeline, report the outcome."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from celery import Celery
from celery.exceptions import SoftTimeLimitExceeded
from pydantic import ValidationError

from wf2des.core.logging import bind, clear_context, get_logger
from wf2des.jobs.contract import DESIGN_GENERATE, DesignGenerationJob
from wf2des.workers.code2wf.deadline import Budget
from wf2des.workers.code2wf.tasks import event_client
from wf2des.workers.design.pipeline import DesignOutcome, generate, record_timeout
from wf2des.workers.events import deliver_event
from wf2des.workers.runtime import get_runtime

__all__ = ["register", "run_design_job"]

log = get_logger(__name__)


def run_design_job(payload: dict[str, Any]) -> dict[str, Any]:
    """The task body, callable without Celery (tests, the in-process demo)."""
    try:
        job = DesignGenerationJob.model_validate(payload)
    except ValidationError as exc:
        # A malformed envelope cannot be reported (no trustworthy callback): drop it loudly.
        log.error("malformed job envelope dropped", errors=exc.error_count())
        return {"status": "dropped"}
    clear_context()
    bind(design_generation_id=job.design_generation_id, attempt=job.attempt)
    if job.deadline <= datetime.now(UTC):
        # the API's reaper fails a row past its deadline: an event now would only be refused
        log.warning("job past its deadline dropped", deadline=job.deadline.isoformat())
        return {"status": "expired"}
    runtime = get_runtime()
    budget = Budget(runtime.worker_settings.job_timeout_s)
    try:
        outcome: DesignOutcome = generate(job, runtime, budget)
    except SoftTimeLimitExceeded:
        log.error("job exceeded the soft time limit")
        outcome = record_timeout(job, runtime, budget.message())
    started = time.perf_counter()
    delivery = deliver_event(
        job,
        outcome.event(job.attempt),
        retry_for_s=runtime.worker_settings.event_retry_for_s,
        client=event_client(),
    )
    log.info(
        "design job finished",
        status=outcome.status,
        flag_count=outcome.flag_count,
        reused=outcome.reused,
        delivered=delivery.delivered,
        event_status=delivery.status,
        event_ms=round((time.perf_counter() - started) * 1000, 1),
        **{name: round(ms, 1) for name, ms in outcome.timings_ms.items()},
    )
    return {"status": outcome.status, "resultUrl": outcome.result_url, "delivered": delivery.delivered}


def register(app: Celery, soft_time_limit_s: int = 170) -> None:
    @app.task(
        name=DESIGN_GENERATE,
        shared=False,
        acks_late=True,
        reject_on_worker_lost=True,
        soft_time_limit=soft_time_limit_s,
    )
    def generate_task(payload: dict[str, Any]) -> dict[str, Any]:
        return run_design_job(payload)

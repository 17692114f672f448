"""``wf2des.code2wf.generate``: validate the envelope, run the pipeline, report the outcome."""

from __future__ import annotations

import functools
import time
from datetime import UTC, datetime
from typing import Any

import httpx
from celery import Celery
from celery.exceptions import SoftTimeLimitExceeded
from pydantic import ValidationError

from wf2des.core.logging import bind, clear_context, get_logger
from wf2des.jobs.contract import CODE2WF_GENERATE, Code2wfJob
from wf2des.workers.code2wf.deadline import Budget
from wf2des.workers.code2wf.pipeline import GenerationResult, generate, record_timeout
from wf2des.workers.events import deliver_event
from wf2des.workers.metrics import JOB_SECONDS, JOBS
from wf2des.workers.runtime import get_runtime

__all__ = ["event_client", "register", "run_code2wf_job"]

log = get_logger(__name__)


@functools.cache
def event_client() -> httpx.Client:
    """One HTTP client per worker process: building one loads the CA bundle, tens to hundreds of ms a job."""
    return httpx.Client(timeout=10)


def run_code2wf_job(payload: dict[str, Any]) -> dict[str, Any]:
    """The task body, callable without Celery (tests, the in-process demo)."""
    try:
        job = Code2wfJob.model_validate(payload)
    except ValidationError as exc:
        # A malformed envelope cannot be reported (no trustworthy callback): drop it loudly.
        log.error("malformed job envelope dropped", errors=exc.error_count())
        return {"status": "dropped"}
    clear_context()  # a worker process runs many jobs: no line may carry the previous job's id
    bind(code2wf_id=job.code2wf_id, attempt=job.attempt)
    if job.deadline <= datetime.now(UTC):
        # The API's reaper fails a row past its deadline ("generation timed out"); working on it now would
        # only produce an event the API must refuse.
        log.warning("job past its deadline dropped", deadline=job.deadline.isoformat())
        JOBS.labels("expired").inc()
        return {"status": "expired"}
    runtime = get_runtime()
    JOBS.labels("started").inc()
    try:  # launching Chromium (first job, or after a recycle) is the worker's cost, not the page's
        runtime.browser.warm()
    except Exception as exc:  # the capture tries again and turns a failure into the job's outcome
        log.warning("browser did not start ahead of the job", error=type(exc).__name__)
    budget = Budget(runtime.worker_settings.job_timeout_s)
    with JOB_SECONDS.time():
        try:
            result: GenerationResult = generate(job, runtime, budget)
        except SoftTimeLimitExceeded:
            # a phase did not return within the budget plus its grace: still exactly one, clear outcome
            log.error("job exceeded the soft time limit")
            result = record_timeout(job, runtime, budget.message())
    JOBS.labels(result.status).inc()
    started = time.perf_counter()
    delivery = deliver_event(
        job,
        result.event(job.attempt),
        retry_for_s=runtime.worker_settings.event_retry_for_s,
        client=event_client(),
    )
    event_ms = (time.perf_counter() - started) * 1000
    log.info(
        "job finished",
        status=result.status,
        flag_count=result.flag_count,
        reused=result.reused,
        delivered=delivery.delivered,
        event_status=delivery.status,
        event_ms=round(event_ms, 1),
        **{name: round(ms, 1) for name, ms in result.timings_ms.items()},
    )
    return {"status": result.status, "resultUrl": result.result_url, "delivered": delivery.delivered}


def register(app: Celery, soft_time_limit_s: int = 170) -> None:
    # shared=False: a task belongs to this app only; Celery's default also hands it to every app made later
    # in the process, where a second app's own registration then clashes with it.
    @app.task(
        name=CODE2WF_GENERATE,
        shared=False,
        acks_late=True,
        reject_on_worker_lost=True,
        soft_time_limit=soft_time_limit_s,
    )
    def generate_task(payload: dict[str, Any]) -> dict[str, Any]:
        return run_code2wf_job(payload)

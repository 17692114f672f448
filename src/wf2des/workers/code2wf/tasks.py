"""``wf2des.code2wf.generate``: validate the envelope, run the pipeline, report the outcome."""

from __future__ import annotations

from typing import Any

from celery import Celery
from celery.exceptions import SoftTimeLimitExceeded

from wf2des.core.logging import get_logger
from wf2des.jobs.contract import CODE2WF_GENERATE, Code2wfJob
from wf2des.workers.code2wf.deadline import Budget
from wf2des.workers.code2wf.pipeline import GenerationResult, generate, record_timeout
from wf2des.workers.generation_job import accept, report
from wf2des.workers.metrics import JOB_SECONDS, JOBS
from wf2des.workers.runtime import get_runtime

__all__ = ["register", "run_code2wf_job"]

log = get_logger(__name__)


def run_code2wf_job(payload: dict[str, Any]) -> dict[str, Any]:
    """The task body, callable without Celery (tests, the in-process demo)."""
    job = accept(Code2wfJob.model_validate, payload, "code2wf_id")
    if isinstance(job, str):
        if job == "expired":
            JOBS.labels("expired").inc()
        return {"status": job}
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
    return report(job, result, runtime, "job finished")


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

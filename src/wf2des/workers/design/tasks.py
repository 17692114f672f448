"""``wf2des.design.generate``: validate the envelope, run the pipeline, report the outcome."""

from __future__ import annotations

from typing import Any

from celery import Celery
from celery.exceptions import SoftTimeLimitExceeded

from wf2des.core.logging import get_logger
from wf2des.jobs.contract import DESIGN_GENERATE, DesignGenerationJob
from wf2des.workers.code2wf.deadline import Budget
from wf2des.workers.design.pipeline import DesignOutcome, generate, record_timeout
from wf2des.workers.generation_job import accept, report
from wf2des.workers.runtime import get_runtime

__all__ = ["register", "run_design_job"]

log = get_logger(__name__)


def run_design_job(payload: dict[str, Any]) -> dict[str, Any]:
    """The task body, callable without Celery (tests, the in-process demo)."""
    job = accept(DesignGenerationJob.model_validate, payload, "design_generation_id")
    if isinstance(job, str):
        return {"status": job}
    runtime = get_runtime()
    budget = Budget(runtime.worker_settings.job_timeout_s)
    try:
        outcome: DesignOutcome = generate(job, runtime, budget)
    except SoftTimeLimitExceeded:
        log.error("job exceeded the soft time limit")
        outcome = record_timeout(job, runtime, budget.message())
    return report(job, outcome, runtime, "design job finished")


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

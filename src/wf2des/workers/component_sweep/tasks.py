"""``wf2des.component_sweep.run``: validate the envelope, sweep the project's files, log a per-file summary.

A sweep that fails for one file records ``sweep_error`` on that file and goes on with the next; the task
itself is not retried by Celery (the next sweep is the retry, and a held marker makes a duplicate harmless).
"""

from __future__ import annotations

import asyncio
from typing import Any

from celery import Celery
from pydantic import ValidationError
from pymongo.database import Database

from wf2des.core.logging import bind, clear_context, get_logger
from wf2des.integrations.figma import FigmaClient, client_from_settings
from wf2des.jobs.contract import COMPONENT_SWEEP_RUN, ComponentSweepJob
from wf2des.workers.component_sweep.run import sweep_project

__all__ = ["register", "run_component_sweep"]

log = get_logger(__name__)


def run_component_sweep(
    job: ComponentSweepJob, *, db: Database[Any], figma: FigmaClient
) -> list[dict[str, Any]]:
    """The task body without Celery: returns one summary dict per file."""
    clear_context()  # also called without Celery (``wf2des sweep``): no line may carry an earlier job's ids
    bind(run_id=job.run_id, organization_id=job.organization_id, project_id=job.project_id)

    async def run() -> list[dict[str, Any]]:
        async with figma:
            summaries = await sweep_project(
                job.scope(),
                db=db,
                figma=figma,
                run_id=job.run_id,
                figma_file_key=job.figma_file_key,
            )
        return [s.as_dict() for s in summaries]

    return asyncio.run(run())


def register(app: Celery) -> None:
    @app.task(
        name=COMPONENT_SWEEP_RUN, shared=False, acks_late=True, reject_on_worker_lost=True
    )  # see code2wf
    def component_sweep_task(payload: dict[str, Any]) -> dict[str, Any]:
        try:
            job = ComponentSweepJob.model_validate(payload)
        except ValidationError as exc:
            log.error("malformed component_sweep envelope dropped", errors=exc.error_count())
            return {"status": "dropped"}
        from wf2des.workers.runtime import get_runtime

        runtime = get_runtime()
        summaries = run_component_sweep(
            job,
            db=runtime.docstore,
            figma=client_from_settings(runtime.settings, job_token=job.figma_token),
        )
        log.info("component_sweep finished", files=len(summaries))
        return {"status": "done", "files": summaries}

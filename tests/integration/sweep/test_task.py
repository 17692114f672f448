"""The Celery task body (``run_component_sweep``) and its registration under the contract's name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from celery import Celery
from pymongo.database import Database

from wf2des.integrations.figma import FigmaClient
from wf2des.jobs.contract import COMPONENT_SWEEP_RUN, ComponentSweepJob
from wf2des.workers.component_sweep.tasks import register as register_task
from wf2des.workers.component_sweep.tasks import run_component_sweep

from .conftest import ORG, PROJECT


def test_register_adds_the_task_under_its_contract_name() -> None:
    app = Celery("t", broker="memory://", set_as_current=False)
    register_task(app)
    assert COMPONENT_SWEEP_RUN in app.tasks
    assert app.tasks[COMPONENT_SWEEP_RUN]({"organization_id": "x"}) == {"status": "dropped"}


def test_run_component_sweep_sweeps_the_jobs_project(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("LIB1", components=4)
    job = ComponentSweepJob(organization_id=ORG, project_id=PROJECT, run_id="job-1")
    [summary] = run_component_sweep(job, db=docstore, figma=make_client())
    assert (summary["figma_file_key"], summary["status"], summary["components_written"]) == (
        "LIB1",
        "synced",
        4,
    )

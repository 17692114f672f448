"""Dispatching a component sweep of a project's registered Figma files.

A sweep is dispatched through the transactional outbox like a Code2WF job: the record is written in the
request's transaction and the relay publishes it after the commit. A project with no registered file still
gets its run (202, ``files: []``): the worker resolves the files when it runs, so a file registered meanwhile
is swept, and an empty run costs one query. ``files`` is what was registered when the request was accepted.
The job carries the organization's own Figma token, sealed for the worker (refreshed first when near expiry).
"""

from __future__ import annotations

from typing import Any

from pymongo.database import Database
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.deps import OUTBOX_WRITTEN
from wf2des.api.docstore import in_thread
from wf2des.api.figma_connection.access import sealed_job_token
from wf2des.api.state import AppState
from wf2des.core.ids import new_uuid7
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore import ProjectFileRegistrations
from wf2des.jobs.contract import COMPONENT_SWEEP_RUN, ComponentSweepJob
from wf2des.pg.repositories import OutboxRepository

__all__ = ["dispatch_sweep"]


async def dispatch_sweep(
    session: AsyncSession, state: AppState, db: Database[Any], scope: ProjectScope
) -> tuple[str, list[str]]:
    keys = await in_thread(_list_keys, db, scope)
    job = ComponentSweepJob(
        organization_id=scope.organization_id,
        project_id=scope.project_id,
        run_id=new_uuid7(),
        figma_token=await sealed_job_token(session, state, scope.organization_id),
    )
    await OutboxRepository(session).add(COMPONENT_SWEEP_RUN, job.model_dump(mode="json"))
    session.info[OUTBOX_WRITTEN] = True
    return job.run_id, keys


def _list_keys(db: Database[Any], scope: ProjectScope) -> list[str]:
    return [str(doc["figma_file_key"]) for doc in ProjectFileRegistrations(db).list(scope)]

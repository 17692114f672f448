"""Projects visible to a caller: those of the organizations its verified token names, and no others."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import Principal
from wf2des.api.projects.schemas import ProjectList, ProjectOut
from wf2des.pg.repositories import ProjectRepository

__all__ = ["MAX_PROJECTS", "list_projects"]

MAX_PROJECTS = 1000


async def list_projects(session: AsyncSession, principal: Principal) -> ProjectList:
    rows = await ProjectRepository(session).list_accessible(principal.organization_ids, MAX_PROJECTS + 1)
    items = [
        ProjectOut(project_id=r.project_id, organization_id=r.organization_id, name=r.name) for r in rows
    ]
    return ProjectList(items=items[:MAX_PROJECTS], truncated=len(items) > MAX_PROJECTS)

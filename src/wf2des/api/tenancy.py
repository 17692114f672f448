"""The one function that turns a caller into a project scope (tenancy as a type)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import Principal
from wf2des.core.errors import NotFound
from wf2des.pg.repositories import AccessibleOrganizationID, ProjectRepository, ProjectScope

__all__ = ["authorize_project", "not_found"]


def not_found() -> NotFound:
    """The single 404 body for a missing object, a missing project and another organization's object."""
    return NotFound("The requested resource was not found.")


async def authorize_project(session: AsyncSession, principal: Principal, project_id: int) -> ProjectScope:
    organization_id = await ProjectRepository(session).organization_of(project_id, principal.organization_ids)
    if organization_id is None:
        raise not_found()
    return ProjectScope(AccessibleOrganizationID(organization_id), project_id)

"""The one function that turns a caller into a project scope (tenancy as a type)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import Principal
from wf2des.core.errors import NotFound
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.pg.repositories import ProjectRepository

__all__ = ["ProjectOwners", "authorize_project", "not_found"]


def not_found() -> NotFound:
    """The single 404 body for a missing object, a missing project and another organization's object."""
    return NotFound("The requested resource was not found.")


class ProjectOwners:
    """project id → organization id, remembered once seen: a project never changes organization.

    Only positive answers are kept (a project created later must be found), and the caller's organizations
    are checked on every request, so the cache can only skip a query, never widen access.
    """

    def __init__(self, limit: int = 100_000) -> None:
        self._owners: dict[int, int] = {}
        self._limit = limit

    def get(self, project_id: int) -> int | None:
        return self._owners.get(project_id)

    def remember(self, project_id: int, organization_id: int) -> None:
        if len(self._owners) >= self._limit:
            self._owners.clear()
        self._owners[project_id] = organization_id


async def authorize_project(
    session: AsyncSession, principal: Principal, project_id: int, owners: ProjectOwners | None = None
) -> ProjectScope:
    organization_id = owners.get(project_id) if owners is not None else None
    if organization_id is None:
        organization_id = await ProjectRepository(session).organization_of(
            project_id, principal.organization_ids
        )
        if organization_id is not None and owners is not None:
            owners.remember(project_id, organization_id)
    if organization_id is None or organization_id not in principal.organization_ids:
        raise not_found()
    return ProjectScope(AccessibleOrganizationID(organization_id), project_id)

"""Organizations and projects: tenancy lookups and the admin bootstrap."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.pg.tables import Organization, Project

__all__ = ["ProjectRepository", "ProjectSummary"]


@dataclass(frozen=True, slots=True)
class ProjectSummary:
    organization_id: int
    project_id: int
    name: str


class ProjectRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def organization_of(self, project_id: int, among: Collection[int]) -> int | None:
        """The project's organization when it is one of ``among``; None otherwise (missing or foreign)."""
        if not among:
            return None
        stmt = select(Project.organization_id).where(
            Project.id == project_id, Project.organization_id.in_(list(among))
        )
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def organization_name(self, organization_id: int) -> str | None:
        """The organization's name; None when there is no such organization."""
        stmt = select(Organization.name).where(Organization.id == organization_id)
        return (await self._session.execute(stmt)).scalar_one_or_none()

    async def list_accessible(self, organizations: Collection[int], limit: int) -> list[ProjectSummary]:
        """The projects of the caller's organizations (``organizations`` comes from a verified token)."""
        if not organizations:
            return []
        stmt = (
            select(Project.organization_id, Project.id, Project.name)
            .where(Project.organization_id.in_(sorted(organizations)))
            .order_by(Project.name, Project.id)
            .limit(limit)
        )
        rows = (await self._session.execute(stmt)).all()
        return [ProjectSummary(organization_id=r[0], project_id=r[1], name=r[2]) for r in rows]

    async def ensure(self, organization_id: int, project_id: int, name: str) -> bool:
        """Create the organization if missing and the project; False when the project already existed.

        Raises ``ValueError`` when the project exists in another organization.
        """
        await self._session.execute(
            insert(Organization)
            .values(id=organization_id, name=f"organization {organization_id}")
            .on_conflict_do_nothing(index_elements=["id"])
        )
        created = await self._session.execute(
            insert(Project)
            .values(id=project_id, organization_id=organization_id, name=name)
            .on_conflict_do_nothing(index_elements=["id"])
            .returning(Project.id)
        )
        if created.scalar_one_or_none() is not None:
            return True
        owner = await self._session.scalar(select(Project.organization_id).where(Project.id == project_id))
        if owner != organization_id:
            raise ValueError(f"project {project_id} belongs to another organization")
        return False

"""Page Import rows (the files and manifest live in the blob store)."""

from __future__ import annotations

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.core.tenancy import ProjectScope
from wf2des.pg.tables import PageImport

__all__ = ["PageImportRepository"]


class PageImportRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add(
        self,
        scope: ProjectScope,
        *,
        id: str,
        status: str,
        entry_path: str,
        manifest_url: str,
        file_count: int,
        total_bytes: int,
        actor: str,
    ) -> PageImport:
        stmt = (
            insert(PageImport)
            .values(
                id=id,
                organization_id=scope.organization_id,
                project_id=scope.project_id,
                status=status,
                entry_path=entry_path,
                manifest_url=manifest_url,
                file_count=file_count,
                total_bytes=total_bytes,
                created_by=actor,
                updated_by=actor,
            )
            .returning(PageImport)
        )
        return (await self._session.scalars(stmt)).one()

    async def get(self, scope: ProjectScope, page_import_id: str) -> PageImport | None:
        stmt = select(PageImport).where(
            PageImport.id == page_import_id,
            PageImport.organization_id == scope.organization_id,
            PageImport.project_id == scope.project_id,
        )
        return (await self._session.scalars(stmt)).one_or_none()

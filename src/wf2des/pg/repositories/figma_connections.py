"""Each organization's Figma connection (``figma_connection``). Tokens arrive and leave sealed.

Keyed by organization id alone: a connection belongs to an organization, not a project, and every caller
passes an organization its principal holds (``wf2des.api.figma_connection``), never one from a request body.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.pg.tables import FigmaConnection

__all__ = ["FigmaConnectionRecord", "FigmaConnectionRepository"]


@dataclass(frozen=True, slots=True)
class FigmaConnectionRecord:
    organization_id: int
    figma_user_id: str | None
    scopes: str
    access_token_sealed: str
    refresh_token_sealed: str
    access_expires_at: datetime
    connected_by: str
    connected_at: datetime
    refreshed_at: datetime | None


class FigmaConnectionRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, organization_id: int, *, for_update: bool = False) -> FigmaConnectionRecord | None:
        """The connection; ``for_update`` locks the row, so two refreshes of one token do not race."""
        stmt = select(FigmaConnection).where(FigmaConnection.organization_id == organization_id)
        if for_update:
            stmt = stmt.with_for_update()
        row = (await self._session.execute(stmt)).scalar_one_or_none()
        if row is None:
            return None
        return FigmaConnectionRecord(
            organization_id=row.organization_id,
            figma_user_id=row.figma_user_id,
            scopes=row.scopes,
            access_token_sealed=row.access_token_sealed,
            refresh_token_sealed=row.refresh_token_sealed,
            access_expires_at=row.access_expires_at,
            connected_by=row.connected_by,
            connected_at=row.connected_at,
            refreshed_at=row.refreshed_at,
        )

    async def save(
        self,
        organization_id: int,
        *,
        figma_user_id: str | None,
        scopes: str,
        access_token_sealed: str,
        refresh_token_sealed: str,
        access_expires_at: datetime,
        connected_by: str,
    ) -> None:
        """Connect, or reconnect (another account replaces the previous one)."""
        values = {
            "figma_user_id": figma_user_id,
            "scopes": scopes,
            "access_token_sealed": access_token_sealed,
            "refresh_token_sealed": refresh_token_sealed,
            "access_expires_at": access_expires_at,
            "connected_by": connected_by,
        }
        stmt = insert(FigmaConnection).values(organization_id=organization_id, **values)
        stmt = stmt.on_conflict_do_update(
            index_elements=[FigmaConnection.organization_id],
            set_={**values, "connected_at": func.now(), "refreshed_at": None},
        )
        await self._session.execute(stmt)

    async def refreshed(
        self,
        organization_id: int,
        *,
        access_token_sealed: str,
        refresh_token_sealed: str | None,
        access_expires_at: datetime,
    ) -> None:
        values: dict[str, object] = {
            "access_token_sealed": access_token_sealed,
            "access_expires_at": access_expires_at,
            "refreshed_at": func.now(),
        }
        if refresh_token_sealed is not None:  # Figma's refresh answer carries no new refresh token
            values["refresh_token_sealed"] = refresh_token_sealed
        await self._session.execute(
            update(FigmaConnection).where(FigmaConnection.organization_id == organization_id).values(values)
        )

    async def remove(self, organization_id: int) -> bool:
        result = await self._session.execute(
            delete(FigmaConnection).where(FigmaConnection.organization_id == organization_id)
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

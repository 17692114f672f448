"""Design generation rows: creation with their outbox message, tenant-scoped reads, keyset discovery and
the lifecycle transitions (the same rules as ``code2wf``: '0' → '1' | '2' once, materialized only when
completed, soft delete)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, Select, Table, and_, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.core.tenancy import ProjectScope
from wf2des.pg.repositories.code2wf import TerminalOutcome
from wf2des.pg.tables import DesignGeneration, OutboxMessage, Wf2desStatus

__all__ = [
    "DesignGenerationFilter",
    "DesignGenerationRecord",
    "DesignGenerationRepository",
    "design_discovery_statement",
]


@dataclass(frozen=True, slots=True)
class DesignGenerationRecord:
    """A design_generation row as the API shows it."""

    id: str
    organization_id: int
    project_id: int
    figma_file_key: str
    wireframe_node_id: str
    status: Wf2desStatus
    attempt: int
    flag_count: int | None
    result_url: str | None
    error_message: str | None
    materialized_at: datetime | None
    created_at: datetime
    updated_at: datetime
    created_by: str
    updated_by: str


_TABLE = cast(Table, DesignGeneration.__table__)
_COLUMNS = [_TABLE.c[name] for name in DesignGenerationRecord.__slots__]


@dataclass(frozen=True, slots=True)
class DesignGenerationFilter:
    figma_file_key: str | None = None
    wireframe_node_id: str | None = None
    status: Wf2desStatus | None = None
    materialized: bool | None = None
    before_id: str | None = None
    limit: int = 50


class DesignGenerationRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add_with_outbox(
        self,
        scope: ProjectScope,
        *,
        id: str,
        figma_file_key: str,
        wireframe_node_id: str,
        actor: str,
        task_name: str,
        payload: dict[str, Any],
    ) -> DesignGenerationRecord:
        """The new row (attempt 1, processing) and the outbox message announcing it, in the caller's
        transaction: the job is published if and only if the row commits."""
        stmt = (
            insert(_TABLE)
            .values(
                id=id,
                organization_id=scope.organization_id,
                project_id=scope.project_id,
                figma_file_key=figma_file_key,
                wireframe_node_id=wireframe_node_id,
                status=Wf2desStatus.PROCESSING,
                attempt=1,
                created_by=actor,
                updated_by=actor,
            )
            .returning(*_COLUMNS)
        )
        row = (await self._session.execute(stmt)).one()
        await self._session.execute(insert(OutboxMessage).values(task_name=task_name, payload=payload))
        return DesignGenerationRecord(*row)

    async def get(self, scope: ProjectScope, design_generation_id: str) -> DesignGenerationRecord | None:
        stmt = select(*_COLUMNS).where(
            _in_scope(scope), _TABLE.c.id == design_generation_id, _TABLE.c.deleted_at.is_(None)
        )
        return _one_or_none((await self._session.execute(stmt)).one_or_none())

    async def get_unscoped(self, design_generation_id: str) -> DesignGenerationRecord | None:
        """For the signed webhook only: the signature, not a user token, binds the caller to this id."""
        stmt = select(*_COLUMNS).where(_TABLE.c.id == design_generation_id, _TABLE.c.deleted_at.is_(None))
        return _one_or_none((await self._session.execute(stmt)).one_or_none())

    async def list_page(
        self, scope: ProjectScope, flt: DesignGenerationFilter
    ) -> list[DesignGenerationRecord]:
        """Newest first by id (UUIDv7 is time-ordered); up to ``limit + 1`` rows, to detect a next page."""
        result = await self._session.execute(design_discovery_statement(scope, flt))
        return [DesignGenerationRecord(*row) for row in result]

    async def finish(
        self, design_generation_id: str, outcome: TerminalOutcome, actor: str
    ) -> DesignGenerationRecord | None:
        """The only '0' → '1'/'2' transition: conditional on still processing at the same attempt."""
        stmt = (
            update(_TABLE)
            .where(
                _TABLE.c.id == design_generation_id,
                _TABLE.c.status == Wf2desStatus.PROCESSING,
                _TABLE.c.attempt == outcome.attempt,
                _TABLE.c.deleted_at.is_(None),
            )
            .values(
                status=outcome.status,
                result_url=outcome.result_url,
                flag_count=outcome.flag_count,
                error_message=outcome.error_message,
                updated_at=func.now(),
                updated_by=actor,
            )
            .returning(*_COLUMNS)
        )
        return _one_or_none((await self._session.execute(stmt)).one_or_none())

    async def materialize(
        self, scope: ProjectScope, design_generation_id: str, actor: str
    ) -> DesignGenerationRecord | None:
        """Set ``materialized_at`` once on a completed row; a repeat leaves the first timestamp."""
        stmt = (
            update(_TABLE)
            .where(
                _in_scope(scope),
                _TABLE.c.id == design_generation_id,
                _TABLE.c.status == Wf2desStatus.COMPLETED,
                _TABLE.c.deleted_at.is_(None),
                _TABLE.c.materialized_at.is_(None),
            )
            .values(materialized_at=func.now(), updated_at=func.now(), updated_by=actor)
            .returning(*_COLUMNS)
        )
        return _one_or_none((await self._session.execute(stmt)).one_or_none())

    async def soft_delete(self, scope: ProjectScope, design_generation_id: str, actor: str) -> bool:
        stmt = (
            update(_TABLE)
            .where(_in_scope(scope), _TABLE.c.id == design_generation_id, _TABLE.c.deleted_at.is_(None))
            .values(deleted_at=func.now(), deleted_by=actor, updated_at=func.now(), updated_by=actor)
            .returning(_TABLE.c.id)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none() is not None

    async def fail_overdue(
        self, older_than: timedelta, message: str, actor: str, limit: int = 500
    ) -> list[str]:
        """Fail rows processing past the deadline. Conditional, so a racing webhook wins or loses cleanly."""
        overdue = (
            select(_TABLE.c.id)
            .where(
                _TABLE.c.status == Wf2desStatus.PROCESSING,
                _TABLE.c.deleted_at.is_(None),
                _TABLE.c.created_at < func.now() - older_than,
            )
            .limit(limit)
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        )
        stmt = (
            update(_TABLE)
            .where(_TABLE.c.id.in_(overdue), _TABLE.c.status == Wf2desStatus.PROCESSING)
            .values(
                status=Wf2desStatus.FAILED,
                error_message=message,
                updated_at=func.now(),
                updated_by=actor,
            )
            .returning(_TABLE.c.id)
        )
        return list((await self._session.execute(stmt)).scalars())


def design_discovery_statement(scope: ProjectScope, flt: DesignGenerationFilter) -> Select[Any]:
    """The list / plugin-discovery query: ``limit + 1`` rows, newest first.

    The equality predicates lead with (organization_id, project_id, figma_file_key, status | node), and
    ``id`` ends both discovery indexes, so PostgreSQL reads ``design_generation_org_project_file_status_idx``
    (or ``…_file_node_idx``) backwards and stops after the page: no sort. A test asserts it on ``EXPLAIN``.
    """
    stmt = select(*_COLUMNS).where(_in_scope(scope), _TABLE.c.deleted_at.is_(None))
    if flt.figma_file_key is not None:
        stmt = stmt.where(_TABLE.c.figma_file_key == flt.figma_file_key)
    if flt.wireframe_node_id is not None:
        stmt = stmt.where(_TABLE.c.wireframe_node_id == flt.wireframe_node_id)
    if flt.status is not None:
        stmt = stmt.where(_TABLE.c.status == flt.status)
    if flt.materialized is True:
        stmt = stmt.where(_TABLE.c.materialized_at.is_not(None))
    elif flt.materialized is False:
        stmt = stmt.where(_TABLE.c.materialized_at.is_(None))
    if flt.before_id is not None:
        stmt = stmt.where(_TABLE.c.id < flt.before_id)
    return stmt.order_by(_TABLE.c.id.desc()).limit(flt.limit + 1)


def _one_or_none(row: Any) -> DesignGenerationRecord | None:
    return DesignGenerationRecord(*row) if row is not None else None


def _in_scope(scope: ProjectScope) -> ColumnElement[bool]:
    return and_(_TABLE.c.organization_id == scope.organization_id, _TABLE.c.project_id == scope.project_id)

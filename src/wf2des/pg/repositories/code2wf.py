"""Code2WF rows (seed 001): creation, tenant-scoped reads, keyset discovery and lifecycle transitions."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import ColumnElement, Integer, Select, Table, and_, bindparam, func, insert, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.core.tenancy import ProjectScope
from wf2des.pg.tables import Code2wf, OutboxMessage, Wf2desStatus

__all__ = [
    "Code2wfListFilter",
    "Code2wfRecord",
    "Code2wfRepository",
    "TerminalOutcome",
    "discovery_statement",
]


@dataclass(frozen=True, slots=True)
class Code2wfRecord:
    """A code2wf row as the API shows it, read with Core (no ORM identity map or unit of work per row)."""

    id: str
    organization_id: int
    project_id: int
    page_import_id: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None
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


def _record(row: Code2wf) -> Code2wfRecord:
    """How an ORM-loaded row leaves this module: the same value the Core reads build, so the API has one row
    type (and one conversion to its response)."""
    return Code2wfRecord(*(getattr(row, name) for name in Code2wfRecord.__slots__))


_CODE2WF = cast(Table, Code2wf.__table__)
_OUTBOX = cast(Table, OutboxMessage.__table__)
_RECORD_COLUMNS = [_CODE2WF.c[name] for name in Code2wfRecord.__slots__]

# Both INSERTs in one statement (one round trip, atomic on its own), built once: a module-level statement
# keeps its SQL compilation cache key, where a per-request ``insert().values(...)`` recomputes it each time.
# Parameter names carry a ``p_`` prefix: an execute-time key equal to a column name (``id``) would add that
# column to the other INSERT of the statement too.
_created = (
    insert(_CODE2WF)
    .values(
        id=bindparam("p_id"),
        organization_id=bindparam("p_organization_id"),
        project_id=bindparam("p_project_id"),
        page_import_id=bindparam("p_page_import_id"),
        figma_file_key=bindparam("p_figma_file_key"),
        screen_id=bindparam("p_screen_id"),
        placement_target=bindparam("p_placement_target"),
        status=Wf2desStatus.PROCESSING,
        attempt=1,
        created_by=bindparam("p_actor"),
        updated_by=bindparam("p_actor"),
    )
    .returning(*_RECORD_COLUMNS)
    .cte("created")
)
_queued = (
    insert(_OUTBOX)
    .values(task_name=bindparam("p_task_name"), payload=bindparam("p_payload", type_=JSONB))
    .cte("queued")
)
_ADD_WITH_OUTBOX = select(*_created.c).add_cte(_queued)


@dataclass(frozen=True, slots=True)
class Code2wfListFilter:
    figma_file_key: str | None = None
    status: Wf2desStatus | None = None
    materialized: bool | None = None
    before_id: str | None = None
    limit: int = 50


@dataclass(frozen=True, slots=True)
class TerminalOutcome:
    """What a worker event asks to record."""

    status: Wf2desStatus
    attempt: int
    result_url: str | None
    flag_count: int | None
    error_message: str | None


class Code2wfRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add_with_outbox(
        self,
        scope: ProjectScope,
        *,
        id: str,
        page_import_id: str,
        figma_file_key: str,
        screen_id: str,
        placement_target: str | None,
        actor: str,
        task_name: str,
        payload: dict[str, Any],
    ) -> Code2wfRecord:
        """The new row (attempt 1, processing) and the outbox message announcing it, in one statement."""
        params = {
            "p_id": id,
            "p_organization_id": scope.organization_id,
            "p_project_id": scope.project_id,
            "p_page_import_id": page_import_id,
            "p_figma_file_key": figma_file_key,
            "p_screen_id": screen_id,
            "p_placement_target": placement_target,
            "p_actor": actor,
            "p_task_name": task_name,
            "p_payload": payload,
        }
        row = (await self._session.execute(_ADD_WITH_OUTBOX, params)).one()
        return Code2wfRecord(*row)

    async def get(self, scope: ProjectScope, code2wf_id: str) -> Code2wfRecord | None:
        stmt = select(Code2wf).where(_in_scope(scope), Code2wf.id == code2wf_id, Code2wf.deleted_at.is_(None))
        return _record_or_none((await self._session.scalars(stmt)).one_or_none())

    async def list_page(self, scope: ProjectScope, flt: Code2wfListFilter) -> list[Code2wfRecord]:
        """Newest first by id (UUIDv7 is time-ordered); up to ``limit + 1`` rows, to detect a next page."""
        stmt = _discovery_shape(*_shape_of(flt))
        result = await self._session.execute(stmt, _discovery_params(scope, flt))
        return [Code2wfRecord(*row) for row in result]

    async def finish(self, code2wf_id: str, outcome: TerminalOutcome, actor: str) -> Code2wfRecord | None:
        """The only '0' → '1'/'2' transition: conditional on still processing at the same attempt.

        Returns the updated row, or None when the condition did not hold (the caller then reads the row to
        tell an identical repeat from a conflict).
        """
        stmt = (
            update(Code2wf)
            .where(
                Code2wf.id == code2wf_id,
                Code2wf.status == Wf2desStatus.PROCESSING,
                Code2wf.attempt == outcome.attempt,
                Code2wf.deleted_at.is_(None),
            )
            .values(
                status=outcome.status,
                result_url=outcome.result_url,
                flag_count=outcome.flag_count,
                error_message=outcome.error_message,
                updated_at=func.now(),
                updated_by=actor,
            )
            .returning(Code2wf)
        )
        return _record_or_none((await self._session.scalars(stmt)).one_or_none())

    async def get_unscoped(self, code2wf_id: str) -> Code2wfRecord | None:
        """For the signed webhook only: the signature, not a user token, binds the caller to this id."""
        stmt = select(Code2wf).where(Code2wf.id == code2wf_id, Code2wf.deleted_at.is_(None))
        return _record_or_none((await self._session.scalars(stmt)).one_or_none())

    async def materialize(self, scope: ProjectScope, code2wf_id: str, actor: str) -> Code2wfRecord | None:
        """Set ``materialized_at`` once on a completed row; a repeat leaves the first timestamp."""
        stmt = (
            update(Code2wf)
            .where(
                _in_scope(scope),
                Code2wf.id == code2wf_id,
                Code2wf.status == Wf2desStatus.COMPLETED,
                Code2wf.deleted_at.is_(None),
                Code2wf.materialized_at.is_(None),
            )
            .values(materialized_at=func.now(), updated_at=func.now(), updated_by=actor)
            .returning(Code2wf)
        )
        return _record_or_none((await self._session.scalars(stmt)).one_or_none())

    async def soft_delete(self, scope: ProjectScope, code2wf_id: str, actor: str) -> bool:
        stmt = (
            update(Code2wf)
            .where(_in_scope(scope), Code2wf.id == code2wf_id, Code2wf.deleted_at.is_(None))
            .values(deleted_at=func.now(), deleted_by=actor, updated_at=func.now(), updated_by=actor)
            .returning(Code2wf.id)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none() is not None

    async def fail_overdue(
        self, older_than: timedelta, message: str, actor: str, limit: int = 500
    ) -> list[str]:
        """Fail rows processing past the deadline. Conditional, so a racing webhook wins or loses cleanly."""
        overdue = (
            select(Code2wf.id)
            .where(
                Code2wf.status == Wf2desStatus.PROCESSING,
                Code2wf.deleted_at.is_(None),
                Code2wf.created_at < func.now() - older_than,
            )
            .limit(limit)
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        )
        stmt = (
            update(Code2wf)
            .where(Code2wf.id.in_(overdue), Code2wf.status == Wf2desStatus.PROCESSING)
            .values(
                status=Wf2desStatus.FAILED,
                error_message=message,
                updated_at=func.now(),
                updated_by=actor,
            )
            .returning(Code2wf.id)
        )
        return list((await self._session.execute(stmt)).scalars())


def discovery_statement(scope: ProjectScope, flt: Code2wfListFilter) -> Select[Any]:
    """The list / plugin-discovery query, with the filter's values bound.

    The equality predicates lead with (organization_id, project_id, figma_file_key, status) so the planner
    can use ``code2wf_org_project_file_status_idx``; ``id <`` is the keyset cursor. A test asserts the
    index on ``EXPLAIN``.
    """
    return _discovery_shape(*_shape_of(flt)).params(_discovery_params(scope, flt))


@functools.cache
def _discovery_shape(
    by_file: bool, by_status: bool, materialized: bool | None, after_cursor: bool
) -> Select[Any]:
    """One statement per filter shape (at most 24), built once so its compilation cache key is kept."""
    stmt = select(*_RECORD_COLUMNS).where(
        _CODE2WF.c.organization_id == bindparam("p_org"),
        _CODE2WF.c.project_id == bindparam("p_project"),
        _CODE2WF.c.deleted_at.is_(None),
    )
    if by_file:
        stmt = stmt.where(_CODE2WF.c.figma_file_key == bindparam("p_file"))
    if by_status:
        stmt = stmt.where(_CODE2WF.c.status == bindparam("p_status"))
    if materialized is True:
        stmt = stmt.where(_CODE2WF.c.materialized_at.is_not(None))
    elif materialized is False:
        stmt = stmt.where(_CODE2WF.c.materialized_at.is_(None))
    if after_cursor:
        stmt = stmt.where(_CODE2WF.c.id < bindparam("p_before"))
    return stmt.order_by(_CODE2WF.c.id.desc()).limit(bindparam("p_limit", type_=Integer))


def _shape_of(flt: Code2wfListFilter) -> tuple[bool, bool, bool | None, bool]:
    return (
        flt.figma_file_key is not None,
        flt.status is not None,
        flt.materialized,
        flt.before_id is not None,
    )


def _discovery_params(scope: ProjectScope, flt: Code2wfListFilter) -> dict[str, Any]:
    params: dict[str, Any] = {
        "p_org": scope.organization_id,
        "p_project": scope.project_id,
        "p_limit": flt.limit + 1,
    }
    if flt.figma_file_key is not None:
        params["p_file"] = flt.figma_file_key
    if flt.status is not None:
        params["p_status"] = flt.status
    if flt.before_id is not None:
        params["p_before"] = flt.before_id
    return params


def _record_or_none(row: Code2wf | None) -> Code2wfRecord | None:
    return _record(row) if row is not None else None


def _in_scope(scope: ProjectScope) -> ColumnElement[bool]:
    return and_(Code2wf.organization_id == scope.organization_id, Code2wf.project_id == scope.project_id)

"""Seed 001's lifecycle, once for every generation table (``code2wf``, ``design_generation``): they share
their lifecycle columns and CHECKs (``wf2des.pg.tables.GenerationLifecycle``). A table's repository adds only
its record, the columns a creation writes and its discovery's equality filters.

Statements are built once per table (and per discovery filter shape) with bound parameters, so each keeps its
SQL compilation cache key; a per-request ``insert().values(...)`` would recompute it every time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, Protocol, TypeVar, cast

from sqlalchemy import ColumnElement, Integer, Select, Table, bindparam, func, insert, select, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.core.tenancy import ProjectScope
from wf2des.pg.tables import OutboxMessage, Wf2desStatus

__all__ = [
    "GenerationFilter",
    "GenerationRecord",
    "GenerationRepository",
    "GenerationTable",
    "TerminalOutcome",
]

_OUTBOX = cast(Table, OutboxMessage.__table__)


@dataclass(frozen=True, slots=True)
class GenerationRecord:
    """The lifecycle of a generation row as the API shows it; each table's record adds its own inputs."""

    id: str
    organization_id: int
    project_id: int
    figma_file_key: str
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


@dataclass(frozen=True, slots=True)
class TerminalOutcome:
    """What a worker event asks to record."""

    status: Wf2desStatus
    attempt: int
    result_url: str | None
    flag_count: int | None
    error_message: str | None


class GenerationFilter(Protocol):
    """What every discovery filter has besides its table's equality filters."""

    @property
    def materialized(self) -> bool | None: ...
    @property
    def before_id(self) -> str | None: ...
    @property
    def limit(self) -> int: ...


RecordT = TypeVar("RecordT", bound=GenerationRecord)
FilterT = TypeVar("FilterT", bound=GenerationFilter)

# (which equality filters are set, materialized, after a cursor): one statement per shape
_Shape = tuple[tuple[bool, ...], bool | None, bool]


class GenerationTable(Generic[RecordT, FilterT]):
    """One generation table's statements and its row type.

    The record's fields name the columns read; ``created`` the columns a creation writes besides id,
    organization and project; ``filters`` the filter's equality members, in the
    order of the table's discovery indexes (each also names a column), so the planner can use them.
    """

    def __init__(
        self, table: Table, record: type[RecordT], *, created: Sequence[str], filters: Sequence[str]
    ) -> None:
        self.table = table
        self.record = record
        self.columns = [table.c[f.name] for f in dataclasses.fields(record)]
        self._filters = tuple(filters)
        self._shapes: dict[_Shape, Select[Any]] = {}
        # Both INSERTs in one statement (one round trip, atomic on its own). Parameter names carry a ``p_``
        # prefix: an execute-time key equal to a column name (``id``) would add that column to the other
        # INSERT of the statement too.
        written = ("id", "organization_id", "project_id", *created)
        row = (
            insert(table)
            .values(
                {
                    **{name: bindparam(f"p_{name}") for name in written},
                    "status": Wf2desStatus.PROCESSING,
                    "attempt": 1,
                    "created_by": bindparam("p_actor"),
                    "updated_by": bindparam("p_actor"),
                }
            )
            .returning(*self.columns)
            .cte("created")
        )
        queued = (
            insert(_OUTBOX)
            .values(task_name=bindparam("p_task_name"), payload=bindparam("p_payload", type_=JSONB))
            .cte("queued")
        )
        self.add_with_outbox = select(*row.c).add_cte(queued)

    def discovery(self, scope: ProjectScope, flt: FilterT) -> tuple[Select[Any], dict[str, Any]]:
        """The list / plugin-discovery statement for this filter's shape, and its parameters.

        Equality on organization, project and the set filters leads (the discovery indexes' order); ``id <``
        is the keyset cursor; newest first by id (UUIDv7 is time-ordered), ``limit + 1`` rows, to detect a
        next page.
        """
        values = [getattr(flt, name) for name in self._filters]
        shape: _Shape = (tuple(v is not None for v in values), flt.materialized, flt.before_id is not None)
        stmt = self._shapes.get(shape)
        if stmt is None:
            stmt = self._shapes[shape] = self._discovery_shape(shape)
        params = {f"p_{name}": v for name, v in zip(self._filters, values, strict=True) if v is not None}
        params.update(p_org=scope.organization_id, p_project=scope.project_id, p_limit=flt.limit + 1)
        if flt.before_id is not None:
            params["p_before"] = flt.before_id
        return stmt, params

    def _discovery_shape(self, shape: _Shape) -> Select[Any]:
        by, materialized, after_cursor = shape
        c = self.table.c
        stmt = select(*self.columns).where(
            c.organization_id == bindparam("p_org"),
            c.project_id == bindparam("p_project"),
            c.deleted_at.is_(None),
        )
        for name, used in zip(self._filters, by, strict=True):
            if used:
                stmt = stmt.where(c[name] == bindparam(f"p_{name}"))
        if materialized is True:
            stmt = stmt.where(c.materialized_at.is_not(None))
        elif materialized is False:
            stmt = stmt.where(c.materialized_at.is_(None))
        if after_cursor:
            stmt = stmt.where(c.id < bindparam("p_before"))
        return stmt.order_by(c.id.desc()).limit(bindparam("p_limit", type_=Integer))


class GenerationRepository(Generic[RecordT, FilterT]):
    """The lifecycle of one generation table; never commits (the caller's session does)."""

    def __init__(self, session: AsyncSession, table: GenerationTable[RecordT, FilterT]) -> None:
        self._session = session
        self._table = table
        self._c = table.table.c

    async def _add_with_outbox(
        self, scope: ProjectScope, actor: str, task_name: str, payload: dict[str, Any], **values: Any
    ) -> RecordT:
        """The new row (attempt 1, processing) and the outbox message announcing it, in one statement: the
        job is published if and only if the row commits."""
        params = {f"p_{name}": value for name, value in values.items()}
        params.update(
            p_organization_id=scope.organization_id,
            p_project_id=scope.project_id,
            p_actor=actor,
            p_task_name=task_name,
            p_payload=payload,
        )
        row = (await self._session.execute(self._table.add_with_outbox, params)).one()
        return self._table.record(*row)

    async def get(self, scope: ProjectScope, generation_id: str) -> RecordT | None:
        return await self._one_or_none(select(*self._table.columns).where(*self._live(generation_id, scope)))

    async def get_unscoped(self, generation_id: str) -> RecordT | None:
        """For the signed webhook only: the signature, not a user token, binds the caller to this id."""
        return await self._one_or_none(select(*self._table.columns).where(*self._live(generation_id)))

    async def list_page(self, scope: ProjectScope, flt: FilterT) -> list[RecordT]:
        """Newest first by id (UUIDv7 is time-ordered); up to ``limit + 1`` rows, to detect a next page."""
        result = await self._session.execute(*self._table.discovery(scope, flt))
        return [self._table.record(*row) for row in result]

    async def finish(self, generation_id: str, outcome: TerminalOutcome, actor: str) -> RecordT | None:
        """The only '0' → '1'/'2' transition: conditional on still processing at the same attempt.

        Returns the updated row, or None when the condition did not hold (the caller then reads the row to
        tell an identical repeat from a conflict).
        """
        c = self._c
        stmt = (
            update(self._table.table)
            .where(
                *self._live(generation_id), c.status == Wf2desStatus.PROCESSING, c.attempt == outcome.attempt
            )
            .values(
                status=outcome.status,
                result_url=outcome.result_url,
                flag_count=outcome.flag_count,
                error_message=outcome.error_message,
                updated_at=func.now(),
                updated_by=actor,
            )
            .returning(*self._table.columns)
        )
        return await self._one_or_none(stmt)

    async def materialize(self, scope: ProjectScope, generation_id: str, actor: str) -> RecordT | None:
        """Set ``materialized_at`` once on a completed row; a repeat leaves the first timestamp."""
        c = self._c
        stmt = (
            update(self._table.table)
            .where(
                *self._live(generation_id, scope),
                c.status == Wf2desStatus.COMPLETED,
                c.materialized_at.is_(None),
            )
            .values(materialized_at=func.now(), updated_at=func.now(), updated_by=actor)
            .returning(*self._table.columns)
        )
        return await self._one_or_none(stmt)

    async def soft_delete(self, scope: ProjectScope, generation_id: str, actor: str) -> bool:
        stmt = (
            update(self._table.table)
            .where(*self._live(generation_id, scope))
            .values(deleted_at=func.now(), deleted_by=actor, updated_at=func.now(), updated_by=actor)
            .returning(self._c.id)
        )
        return (await self._session.execute(stmt)).scalar_one_or_none() is not None

    async def fail_overdue(
        self, older_than: timedelta, message: str, actor: str, limit: int = 500
    ) -> list[str]:
        """Fail rows processing past the deadline. Conditional, so a racing webhook wins or loses cleanly."""
        c = self._c
        processing = c.status == Wf2desStatus.PROCESSING
        overdue = (
            select(c.id)
            .where(processing, c.deleted_at.is_(None), c.created_at < func.now() - older_than)
            .limit(limit)
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        )
        stmt = (
            update(self._table.table)
            .where(c.id.in_(overdue), processing)
            .values(
                status=Wf2desStatus.FAILED, error_message=message, updated_at=func.now(), updated_by=actor
            )
            .returning(c.id)
        )
        return list((await self._session.execute(stmt)).scalars())

    def _live(self, generation_id: str, scope: ProjectScope | None = None) -> list[ColumnElement[bool]]:
        """This generation unless soft-deleted, and, given a scope, only inside that project."""
        c = self._c
        where = [c.id == generation_id, c.deleted_at.is_(None)]
        if scope is not None:
            where += [c.organization_id == scope.organization_id, c.project_id == scope.project_id]
        return where

    async def _one_or_none(self, stmt: Any) -> RecordT | None:
        row = (await self._session.execute(stmt)).one_or_none()
        return self._table.record(*row) if row is not None else None

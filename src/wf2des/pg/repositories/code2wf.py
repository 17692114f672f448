"""Code2WF rows (seed 001): creation, tenant-scoped reads, keyset discovery and lifecycle transitions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Select, Table
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.core.tenancy import ProjectScope
from wf2des.pg.repositories.generations import GenerationRecord, GenerationRepository, GenerationTable
from wf2des.pg.tables import Code2wf, Wf2desStatus

__all__ = [
    "Code2wfListFilter",
    "Code2wfRecord",
    "Code2wfRepository",
    "discovery_statement",
]


@dataclass(frozen=True, slots=True)
class Code2wfRecord(GenerationRecord):
    """A code2wf row as the API shows it, read with Core (no ORM identity map or unit of work per row)."""

    page_import_id: str
    screen_id: str
    placement_target: str | None


@dataclass(frozen=True, slots=True)
class Code2wfListFilter:
    figma_file_key: str | None = None
    status: Wf2desStatus | None = None
    materialized: bool | None = None
    before_id: str | None = None
    limit: int = 50


# The filters in the order of ``code2wf_org_project_file_status_idx``.
_TABLE: GenerationTable[Code2wfRecord, Code2wfListFilter] = GenerationTable(
    cast(Table, Code2wf.__table__),
    Code2wfRecord,
    created=("page_import_id", "figma_file_key", "screen_id", "placement_target"),
    filters=("figma_file_key", "status"),
)


class Code2wfRepository(GenerationRepository[Code2wfRecord, Code2wfListFilter]):
    def __init__(self, session: AsyncSession) -> None:
        super().__init__(session, _TABLE)

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
        return await self._add_with_outbox(
            scope,
            actor,
            task_name,
            payload,
            id=id,
            page_import_id=page_import_id,
            figma_file_key=figma_file_key,
            screen_id=screen_id,
            placement_target=placement_target,
        )


def discovery_statement(scope: ProjectScope, flt: Code2wfListFilter) -> Select[Any]:
    """The list / plugin-discovery query, with the filter's values bound.

    The equality predicates lead with (organization_id, project_id, figma_file_key, status) so the planner
    can use ``code2wf_org_project_file_status_idx``; ``id <`` is the keyset cursor. A test asserts the
    index on ``EXPLAIN``.
    """
    stmt, params = _TABLE.discovery(scope, flt)
    return stmt.params(params)

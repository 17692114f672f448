"""Design generation rows: creation with their outbox message, tenant-scoped reads, keyset discovery and
the lifecycle transitions (the same rules as ``code2wf``: '0' → '1' | '2' once, materialized only when
completed, soft delete)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Select, Table
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.core.tenancy import ProjectScope
from wf2des.pg.repositories.generations import GenerationRecord, GenerationRepository, GenerationTable
from wf2des.pg.tables import DesignGeneration, Wf2desStatus

__all__ = [
    "DesignGenerationFilter",
    "DesignGenerationRecord",
    "DesignGenerationRepository",
    "design_discovery_statement",
]


@dataclass(frozen=True, slots=True)
class DesignGenerationRecord(GenerationRecord):
    """A design_generation row as the API shows it."""

    wireframe_node_id: str


@dataclass(frozen=True, slots=True)
class DesignGenerationFilter:
    figma_file_key: str | None = None
    wireframe_node_id: str | None = None
    status: Wf2desStatus | None = None
    materialized: bool | None = None
    before_id: str | None = None
    limit: int = 50


# The filters in the order of the two discovery indexes (file, then node or status).
_TABLE: GenerationTable[DesignGenerationRecord, DesignGenerationFilter] = GenerationTable(
    cast(Table, DesignGeneration.__table__),
    DesignGenerationRecord,
    created=("figma_file_key", "wireframe_node_id"),
    filters=("figma_file_key", "wireframe_node_id", "status"),
)


class DesignGenerationRepository(GenerationRepository[DesignGenerationRecord, DesignGenerationFilter]):
    def __init__(self, session: AsyncSession) -> None:
        super().__init__(session, _TABLE)

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
        """The new row (attempt 1, processing) and the outbox message announcing it, in one statement."""
        return await self._add_with_outbox(
            scope,
            actor,
            task_name,
            payload,
            id=id,
            figma_file_key=figma_file_key,
            wireframe_node_id=wireframe_node_id,
        )


def design_discovery_statement(scope: ProjectScope, flt: DesignGenerationFilter) -> Select[Any]:
    """The list / plugin-discovery query: ``limit + 1`` rows, newest first.

    The equality predicates lead with (organization_id, project_id, figma_file_key, status | node), and
    ``id`` ends both discovery indexes, so PostgreSQL reads ``design_generation_org_project_file_status_idx``
    (or ``…_file_node_idx``) backwards and stops after the page: no sort. A test asserts it on ``EXPLAIN``.
    """
    stmt, params = _TABLE.discovery(scope, flt)
    return stmt.params(params)

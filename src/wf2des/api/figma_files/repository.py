"""Reads of ``design_component`` for the files' sync state, each scoped by organization and project."""

from __future__ import annotations

from typing import Any

from pymongo.collection import Collection
from pymongo.database import Database

from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore import DESIGN_COMPONENT, project_filter

__all__ = ["ActiveComponents"]


class ActiveComponents:
    def __init__(self, db: Database[Any]) -> None:
        self._components: Collection[dict[str, Any]] = db[DESIGN_COMPONENT]

    def count(self, scope: ProjectScope, figma_file_key: str) -> int:
        return self._components.count_documents(
            {**project_filter(scope), "figma_file_key": figma_file_key, "status": "active"}
        )

    def counts(self, scope: ProjectScope) -> dict[str, int]:
        """figma_file_key → active components, for every file of the project, in one round trip."""
        rows = self._components.aggregate(
            [
                {"$match": {**project_filter(scope), "status": "active"}},
                {"$group": {"_id": "$figma_file_key", "n": {"$sum": 1}}},
            ]
        )
        return {str(row["_id"]): int(row["n"]) for row in rows}

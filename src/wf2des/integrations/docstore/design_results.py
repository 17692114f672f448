"""The design generation worker's writer of ``design_generation_result`` (the only writer).

One document per generation and attempt (unique index). It is written after the report and preview and
*before* the spec, whose key is the generation's commit marker: a redelivered job whose spec exists reuses
it and never writes again, so a completed generation always has its document. Until then a delivery replaces
the document whole (its own run's inputs), so a crashed delivery's document never survives beside another
delivery's spec, except when two deliveries race: the first spec stays (immutable) and the last document
wins. ``artifacts.spec_sha256`` lets a reader detect that rare mismatch.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from pymongo.collection import Collection
from pymongo.database import Database

from wf2des.core.ids import new_uuid4
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore.lineage import lineage
from wf2des.integrations.docstore.project_files import project_filter
from wf2des.integrations.docstore.records import (
    DesignArtifactsDocument,
    DesignGenerationResultDocument,
    DesignInputsDocument,
    DesignPlacementDocument,
)
from wf2des.integrations.docstore.schema import DESIGN_GENERATION_RESULT

__all__ = ["PRODUCER", "DesignGenerationResults"]

PRODUCER: Final = "wf2des.design.generate"


class DesignGenerationResults:
    def __init__(self, db: Database[Any]) -> None:
        self._results: Collection[DesignGenerationResultDocument] = db[DESIGN_GENERATION_RESULT]

    def record(
        self,
        scope: ProjectScope,
        *,
        design_generation_id: str,
        attempt: int,
        figma_file_key: str,
        wireframe_node_id: str,
        inputs: DesignInputsDocument,
        placement: DesignPlacementDocument,
        artifacts: DesignArtifactsDocument,
        flag_count: int,
        now: datetime,
    ) -> DesignGenerationResultDocument:
        """This delivery's document, replacing one an earlier delivery of the same attempt left."""
        identity = {**project_filter(scope), "design_generation_id": design_generation_id, "attempt": attempt}
        existing = self._results.find_one(identity, {"_id": 1, "created_at": 1})
        document: DesignGenerationResultDocument = {
            "_id": existing["_id"] if existing else new_uuid4(),
            "organization_id": int(scope.organization_id),
            "project_id": scope.project_id,
            "design_generation_id": design_generation_id,
            "attempt": attempt,
            "figma_file_key": figma_file_key,
            "wireframe_node_id": wireframe_node_id,
            **lineage(f"{design_generation_id}.attempt-{attempt}", PRODUCER, now),
            "inputs": inputs,
            "placement": placement,
            "artifacts": artifacts,
            "flag_count": flag_count,
            "created_at": existing["created_at"] if existing else now,
            "updated_at": now,
        }
        self._results.replace_one(identity, document, upsert=True)
        return document

    def get(
        self, scope: ProjectScope, design_generation_id: str, attempt: int
    ) -> DesignGenerationResultDocument | None:
        query: Mapping[str, Any] = {
            **project_filter(scope),
            "design_generation_id": design_generation_id,
            "attempt": attempt,
        }
        return self._results.find_one(query)

"""The ``component_sweep`` writer of ``design_component``: bulk upserts with the lineage envelope, removals as
``status = "removed"`` (never a delete), all fenced by the sweep marker's fencing number.

Fencing across collections: a single document cannot be updated conditionally on *another* collection's
marker, so each component document carries ``sweep_fence`` (the ``acquired_at`` of the marker of the sweep
that last wrote it). A write matches only documents whose fence is not newer than ours; an upsert against a
newer fence falls through to an insert, which the unique index refuses — so a sweeper that lost its marker can
never overwrite what a newer holder wrote, and learns it lost (:class:`SweepMarkerLost`). Callers also
re-check the marker before each batch, which keeps even the untouched documents quiet in practice.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from pymongo import UpdateOne
from pymongo.collection import Collection
from pymongo.database import Database
from pymongo.errors import BulkWriteError, DuplicateKeyError

from wf2des.core.ids import new_uuid4
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore.lineage import lineage
from wf2des.integrations.docstore.project_files import FileRole, ProjectFileRegistrations, project_filter
from wf2des.integrations.docstore.records import DesignComponentDocument
from wf2des.integrations.docstore.schema import DESIGN_COMPONENT
from wf2des.integrations.docstore.sweep_writer import Marker, SweepMarkerLost

__all__ = ["PRODUCER", "ComponentRecord", "DesignComponents", "FileScope", "project_library"]

PRODUCER: Final = "wf2des.component_sweep"
_DUPLICATE_KEY = 11000


@dataclass(frozen=True)
class FileScope:
    """One file of a project: the components a sweep writes, scoped by the project the sweep's job names."""

    project: ProjectScope
    figma_file_key: str

    def query(self) -> dict[str, Any]:
        return {**project_filter(self.project), "figma_file_key": self.figma_file_key}


@dataclass(frozen=True)
class ComponentRecord:
    component_key: str
    node_id: str
    name: str
    description: str | None = None
    component_set_id: str | None = None
    component_set_name: str | None = None
    # Read by the assemble step to choose and fill instances; None when the sweep could not read the node.
    variant_properties: dict[str, str] | None = None
    width: float | None = None
    height: float | None = None
    text_layers: list[str] | None = None


def _fence_ok(marker: Marker) -> dict[str, Any]:
    return {"$or": [{"sweep_fence": {"$exists": False}}, {"sweep_fence": {"$lte": marker.fence}}]}


class DesignComponents:
    def __init__(self, db: Database[Any], *, producer: str = PRODUCER) -> None:
        self._components: Collection[DesignComponentDocument] = db[DESIGN_COMPONENT]
        self._producer = producer

    def upsert(
        self, scope: FileScope, marker: Marker, run_id: str, records: Sequence[ComponentRecord], now: datetime
    ) -> int:
        """Upsert ``records`` as active; returns how many were written. :class:`SweepMarkerLost` if fenced."""
        if not records:
            return 0
        operations = [
            UpdateOne(
                {**scope.query(), "component_key": r.component_key, **_fence_ok(marker)},
                {
                    "$set": {
                        "node_id": r.node_id,
                        "name": r.name,
                        "description": r.description,
                        "component_set_id": r.component_set_id,
                        "component_set_name": r.component_set_name,
                        "variant_properties": r.variant_properties,
                        "width": r.width,
                        "height": r.height,
                        "text_layers": r.text_layers,
                        "status": "active",
                        "removed_at": None,
                        **self._envelope(marker, run_id, now),
                    },
                    "$setOnInsert": {"_id": new_uuid4(), "created_at": now},
                },
                upsert=True,
            )
            for r in records
        ]
        try:
            result = self._components.bulk_write(operations, ordered=False)
        except BulkWriteError as exc:
            if any(e.get("code") == _DUPLICATE_KEY for e in exc.details.get("writeErrors", [])):
                raise SweepMarkerLost(f"a newer sweep owns components of {scope.figma_file_key}") from exc
            raise
        except DuplicateKeyError as exc:  # some servers surface a lone failure this way
            raise SweepMarkerLost(f"a newer sweep owns components of {scope.figma_file_key}") from exc
        return int(result.upserted_count + result.modified_count)

    def mark_removed(
        self, scope: FileScope, marker: Marker, run_id: str, present: Iterable[str], now: datetime
    ) -> int:
        """Every active component of the file not in ``present`` becomes ``removed``; nothing is deleted."""
        result = self._components.update_many(
            {
                **scope.query(),
                "status": "active",
                "component_key": {"$nin": sorted(set(present))},
                **_fence_ok(marker),
            },
            {"$set": {"status": "removed", "removed_at": now, **self._envelope(marker, run_id, now)}},
        )
        return int(result.modified_count)

    def list(self, scope: FileScope) -> list[DesignComponentDocument]:
        return list(self._components.find(scope.query()).sort("component_key", 1))

    def active_in(
        self, scope: ProjectScope, figma_file_keys: Iterable[str]
    ) -> builtins.list[DesignComponentDocument]:
        """Active components of the given files of one project (the assemble step's library)."""
        query = {
            **project_filter(scope),
            "figma_file_key": {"$in": sorted(set(figma_file_keys))},
            "status": "active",
        }
        return list(self._components.find(query).sort([("figma_file_key", 1), ("component_key", 1)]))

    def _envelope(self, marker: Marker, run_id: str, now: datetime) -> dict[str, Any]:
        return {**lineage(run_id, self._producer, now), "updated_at": now, "sweep_fence": marker.fence}


def project_library(db: Database[Any], scope: ProjectScope) -> list[DesignComponentDocument]:
    """The project's library components: the active components of its library files, or of its working
    files when it has no library file (a team that keeps its components next to its pages)."""
    files = ProjectFileRegistrations(db).list(scope)
    libraries = [str(f["figma_file_key"]) for f in files if f.get("role") == int(FileRole.LIBRARY)]
    keys = libraries or [str(f["figma_file_key"]) for f in files if f.get("role") == int(FileRole.WORKING)]
    if not keys:
        return []
    return DesignComponents(db).active_in(scope, keys)

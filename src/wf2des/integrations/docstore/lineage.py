"""The lineage envelope: which run produced a document, when, and under which document schema.

One definition for every collection whose documents come from a run (``design_component`` from a
``component_sweep``, ``design_generation_result`` from a design generation): the fields, the builder and
the ``$jsonSchema`` properties the validators require. ``project_figma_file`` deliberately carries none
(seed 000: two writers and no single producing run).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, TypedDict

__all__ = ["INDEX_SCHEMA_VERSION", "LINEAGE_FIELDS", "LineageEnvelope", "lineage", "lineage_properties"]

INDEX_SCHEMA_VERSION: Final = 1  # every wf2des collection's document schema version (schema governance)
LINEAGE_FIELDS: Final = ("run_id", "producer", "produced_at", "index_schema_version")


class LineageEnvelope(TypedDict):
    run_id: str  # the producing run: a sweep's run id, a design generation's id and attempt
    producer: str  # the job that wrote it (its task name)
    produced_at: datetime
    index_schema_version: int


def lineage(run_id: str, producer: str, produced_at: datetime) -> LineageEnvelope:
    return {
        "run_id": run_id,
        "producer": producer,
        "produced_at": produced_at,
        "index_schema_version": INDEX_SCHEMA_VERSION,
    }


def lineage_properties() -> dict[str, Any]:
    """The envelope's ``$jsonSchema`` properties; every field in ``LINEAGE_FIELDS`` is also required."""
    return {
        "run_id": {"bsonType": "string", "minLength": 1},
        "producer": {"bsonType": "string", "minLength": 1},
        "produced_at": {"bsonType": "date"},
        "index_schema_version": {"bsonType": ["int", "long"]},
    }

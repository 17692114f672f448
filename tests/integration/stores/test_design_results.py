"""``design_generation_result`` on SecantusDB: its validator (the lineage envelope it shares with
``design_component``, inputs, placement, artifacts), its indexes, and its writer's one-per-attempt rule."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError, WriteError

from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.docstore import DESIGN_GENERATION_RESULT
from wf2des.integrations.docstore.design_results import DesignGenerationResults
from wf2des.integrations.docstore.lineage import LINEAGE_FIELDS, lineage_properties
from wf2des.integrations.docstore.records import DesignArtifactsDocument, DesignInputsDocument
from wf2des.integrations.docstore.schema import design_component_validator, design_generation_result_validator

SCOPE = ProjectScope(AccessibleOrganizationID(41), 42)
NOW = datetime(2026, 12, 3, 4, 0, tzinfo=UTC)
INPUTS: DesignInputsDocument = {
    "wireframe_source": "rest",
    "figma_file_version": "123",
    "libraries": [{"figma_file_key": "Kit1", "version": "9", "components_synced_at": NOW}],
    "config": {"key": "41/42/wf2des/config/v-x.json", "version": "x", "sha256": "0" * 64},
}
ARTIFACTS: DesignArtifactsDocument = {
    "spec_key": "41/42/design-generations/g/attempt-1/spec.json",
    "spec_sha256": "a" * 64,
    "report_key": "41/42/design-generations/g/attempt-1/report.json",
    "preview_key": None,
}


def _record(docstore: Database[Any], generation: str = "g-1", **changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "design_generation_id": generation,
        "attempt": 1,
        "figma_file_key": "Work1",
        "wireframe_node_id": "10:2",
        "inputs": INPUTS,
        "placement": {"figma_file_key": "Work1", "wireframe_node_id": "10:2", "design_area": None},
        "artifacts": ARTIFACTS,
        "flag_count": 2,
        "now": NOW,
        **changes,
    }
    return dict(DesignGenerationResults(docstore).record(SCOPE, **fields))


def test_both_run_written_collections_share_one_envelope() -> None:
    for validator in (design_component_validator(), design_generation_result_validator()):
        schema = validator["$jsonSchema"]
        assert set(LINEAGE_FIELDS) <= set(schema["required"])
        assert {field: schema["properties"][field] for field in LINEAGE_FIELDS} == lineage_properties()


def test_the_indexes(docstore: Database[Any]) -> None:
    indexes = docstore[DESIGN_GENERATION_RESULT].index_information()
    assert indexes["design_generation_result_org_project_generation_attempt_uq"]["unique"] is True
    assert indexes["design_generation_result_org_project_file_node_idx"]["key"] == [
        ("organization_id", 1),
        ("project_id", 1),
        ("figma_file_key", 1),
        ("wireframe_node_id", 1),
        ("produced_at", -1),
    ]


def test_a_second_delivery_replaces_the_document_and_keeps_its_identity(docstore: Database[Any]) -> None:
    first = _record(docstore, flag_count=2)
    later = datetime(2026, 12, 3, 4, 5, tzinfo=UTC)
    second = _record(docstore, flag_count=3, now=later)
    stored = DesignGenerationResults(docstore).get(SCOPE, "g-1", 1)
    assert stored is not None
    assert (stored["_id"], stored["created_at"]) == (first["_id"], NOW)
    assert (stored["flag_count"], stored["produced_at"], stored["updated_at"]) == (3, later, later)
    assert second["run_id"] == "g-1.attempt-1"
    assert docstore[DESIGN_GENERATION_RESULT].count_documents({}) == 1
    other = ProjectScope(AccessibleOrganizationID(41), 43)
    assert DesignGenerationResults(docstore).get(other, "g-1", 1) is None  # scoped by project


def test_one_document_per_generation_and_attempt(docstore: Database[Any]) -> None:
    document = _record(docstore)
    with pytest.raises(DuplicateKeyError):
        docstore[DESIGN_GENERATION_RESULT].insert_one(
            {**document, "_id": "0190c0de-0000-4000-8000-000000000001"}
        )


INVALID = {
    "no run_id": {"$unset": {"run_id": ""}},
    "no producer": {"$unset": {"producer": ""}},
    "schema version as text": {"$set": {"index_schema_version": "1"}},
    "unknown wireframe source": {"$set": {"inputs.wireframe_source": "email"}},
    "config hash not hex": {"$set": {"inputs.config.sha256": "nope"}},
    "design area without its page": {
        "$set": {
            "placement.design_area": {"node_id": "1:1", "name": "D", "x": 0, "y": 0, "width": 1, "height": 1}
        }
    },
    "negative flag count": {"$set": {"flag_count": -1}},
    "bad file key": {"$set": {"figma_file_key": "a/b"}},
}


@pytest.mark.parametrize("update", INVALID.values(), ids=INVALID.keys())
def test_the_validator_refuses_what_the_schema_does_not_allow(
    docstore: Database[Any], update: dict[str, Any]
) -> None:
    _record(docstore)
    with pytest.raises(WriteError):
        docstore[DESIGN_GENERATION_RESULT].update_one({"design_generation_id": "g-1"}, update)

"""project_figma_file and design_component on a real MongoDB-wire server (SecantusDB)."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime
from typing import Any

import pytest
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError, WriteError

from wf2des.core.ids import new_uuid4
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.docstore import (
    DESIGN_COMPONENT,
    INDEX_SCHEMA_VERSION,
    PROJECT_FIGMA_FILE,
    FileRole,
    ProjectFileRegistrations,
    ensure_schema,
)


def _doc(**overrides: Any) -> dict[str, Any]:
    now = datetime.now(UTC)
    doc: dict[str, Any] = {
        "_id": new_uuid4(),
        "organization_id": 1,
        "project_id": 2,
        "figma_file_key": "AbC123",
        "role": 0,
        "index_schema_version": INDEX_SCHEMA_VERSION,
        "created_at": now,
        "updated_at": now,
    }
    doc.update(overrides)
    return doc


def test_schema_is_idempotent_and_indexes_match_the_seed(docstore: Database[Any]) -> None:
    ensure_schema(docstore)
    indexes = docstore[PROJECT_FIGMA_FILE].index_information()
    keys = {name: (info["key"], info.get("unique", False)) for name, info in indexes.items()}
    assert keys["project_figma_file_org_project_file_key_uq"] == (
        [("organization_id", 1), ("project_id", 1), ("figma_file_key", 1)],
        True,
    )
    assert keys["project_figma_file_org_project_role_idx"] == (
        [("organization_id", 1), ("project_id", 1), ("role", 1)],
        False,
    )


def test_unique_file_per_project(docstore: Database[Any]) -> None:
    files = docstore[PROJECT_FIGMA_FILE]
    files.insert_one(_doc())
    with pytest.raises(DuplicateKeyError):
        files.insert_one(_doc())
    files.insert_one(_doc(project_id=3))  # same key in another project is another document
    files.insert_one(_doc(organization_id=9))


INVALID = {
    "underscore_in_key": {"figma_file_key": "abc_def"},
    "empty_key": {"figma_file_key": ""},
    "role_2": {"role": 2},
    "role_string": {"role": "working"},
    "marker_missing_fields": {"sweep_marker": {"token": "t"}},
    "marker_extra_field": {
        "sweep_marker": {
            "token": "t",
            "acquired_at": datetime.now(UTC),
            "expires_at": datetime.now(UTC),
            "x": 1,
        }
    },
    "marker_string_dates": {"sweep_marker": {"token": "t", "acquired_at": "now", "expires_at": "later"}},
    "captures_non_string": {"style_captures": {"text/body": 42}},
    "sweep_error_number": {"sweep_error": 5},
    "id_not_uuid": {"_id": "not-a-uuid"},
    "org_as_string": {"organization_id": "1"},
    "design_tokens_missing_lists": {"design_tokens": {"variables": []}},
    "design_tokens_string_type": {
        "design_tokens": {
            "collections": [],
            "color_styles": [],
            "text_styles": [],
            "variables": [
                {
                    "id": "V:1",
                    "key": "k",
                    "name": "gap",
                    "collection": "size",
                    "resolved_type": "STRING",
                    "scopes": [],
                    "code_syntax": {},
                    "values": [],
                }
            ],
        }
    },
}


@pytest.mark.parametrize("overrides", INVALID.values(), ids=INVALID.keys())
def test_validator_rejects_invalid_documents(docstore: Database[Any], overrides: dict[str, Any]) -> None:
    with pytest.raises(WriteError):
        docstore[PROJECT_FIGMA_FILE].insert_one(_doc(**overrides))


def test_validator_accepts_null_marker_and_error(docstore: Database[Any]) -> None:
    now = datetime.now(UTC)
    docstore[PROJECT_FIGMA_FILE].insert_one(
        _doc(
            sweep_marker=None,
            sweep_error=None,
            style_captures={"text/Heading 1": "S:abc,1:2"},
            components_synced_at=now,
            config_url="1/2/wf2des/config.json",
        )
    )
    docstore[PROJECT_FIGMA_FILE].insert_one(
        _doc(figma_file_key="Other1", sweep_marker={"token": "t", "acquired_at": now, "expires_at": now})
    )


def _scope(organization_id: int, project_id: int) -> ProjectScope:
    return ProjectScope(AccessibleOrganizationID(organization_id), project_id)


def test_registration_upsert_sets_only_its_fields(docstore: Database[Any]) -> None:
    repo = ProjectFileRegistrations(docstore)
    first = repo.register(_scope(1, 2), "KeyA", FileRole.WORKING)
    assert first["role"] == 0
    assert first["config_url"] == "1/2/wf2des/config.json"
    assert first["index_schema_version"] == INDEX_SCHEMA_VERSION
    identity = {k: first[k] for k in ("organization_id", "project_id", "figma_file_key")}
    assert identity == {"organization_id": 1, "project_id": 2, "figma_file_key": "KeyA"}
    docstore[PROJECT_FIGMA_FILE].update_one({"_id": first["_id"]}, {"$set": {"sweep_error": "boom"}})
    second = repo.register(_scope(1, 2), "KeyA", FileRole.LIBRARY)
    assert second["_id"] == first["_id"]
    assert second["role"] == 1
    assert second["sweep_error"] == "boom"  # the sweep's field survives a re-registration
    assert second["created_at"] == first["created_at"]
    assert [d["figma_file_key"] for d in repo.list(_scope(1, 2), FileRole.LIBRARY)] == ["KeyA"]
    assert repo.list(_scope(1, 2), FileRole.WORKING) == []
    assert repo.get(_scope(1, 3), "KeyA") is None  # scoped by project
    assert repo.get(_scope(7, 2), "KeyA") is None  # and by organization


def test_concurrent_first_registrations_make_one_document(docstore: Database[Any]) -> None:
    """16 threads register one new file at once, 20 rounds: one document per round, all callers get it."""
    repo = ProjectFileRegistrations(docstore)
    for round_no in range(20):
        key = f"RaceKey{round_no}"
        ids: list[str] = []
        barrier = threading.Barrier(16)

        def register(key: str = key, ids: list[str] = ids, barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            ids.append(repo.register(_scope(1, 2), key, FileRole.WORKING)["_id"])

        threads = [threading.Thread(target=register) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(ids) == 16, round_no
        assert len(set(ids)) == 1, round_no
        assert docstore[PROJECT_FIGMA_FILE].count_documents({"figma_file_key": key}) == 1


def _race_round(repo: ProjectFileRegistrations, files: Any, doc_id: str, round_no: int) -> dict[str, Any]:
    """One round: 4 registration and 4 sweep threads, 3 writes each; returns each writer's last value."""
    rng = random.Random(round_no)
    registration_lock, sweep_lock = threading.Lock(), threading.Lock()
    last: dict[str, Any] = {}
    start = threading.Barrier(8)

    def registrar(seed: int) -> None:
        start.wait()
        for step in range(3):
            role = FileRole((seed + step + round_no) % 2)
            with registration_lock:
                repo.register(_scope(1, 2), "Shared", role)
                last["role"] = int(role)

    def sweeper(seed: int) -> None:
        start.wait()
        for step in range(3):
            capture = {f"text/r{round_no}-s{seed}-{step}": f"S:{rng.random()}"}
            error = None if step % 2 else f"failure {seed}"
            with sweep_lock:
                files.update_one(
                    {"_id": doc_id},
                    {
                        "$set": {
                            "style_captures": capture,
                            "sweep_error": error,
                            "components_synced_at": datetime.now(UTC),
                        }
                    },
                )
                last["captures"], last["error"] = capture, error

    threads = [threading.Thread(target=registrar, args=(i,)) for i in range(4)]
    threads += [threading.Thread(target=sweeper, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return last


def test_two_writer_race_keeps_both_writers_fields(docstore: Database[Any]) -> None:
    """Registration and sweep-field writes interleaved from many threads on one document, 100 rounds.

    Writes of the same writer are ordered by that writer's lock (so "its last value" is well defined), but
    the two writers race freely against each other: neither may ever undo the other's fields.
    """
    repo = ProjectFileRegistrations(docstore)
    files = docstore[PROJECT_FIGMA_FILE]
    doc = repo.register(_scope(1, 2), "Shared", FileRole.WORKING)
    for round_no in range(100):
        last = _race_round(repo, files, doc["_id"], round_no)
        final = files.find_one({"_id": doc["_id"]})
        assert final is not None
        assert final["role"] == last["role"], round_no
        assert final["style_captures"] == last["captures"], round_no
        assert final["sweep_error"] == last["error"], round_no
        assert final["config_url"] == "1/2/wf2des/config.json"


def test_design_component_validator_checks_property_definitions(docstore: Database[Any]) -> None:
    now = datetime.now(UTC)
    base = {
        "organization_id": 1,
        "project_id": 1,
        "figma_file_key": "Lib1",
        "node_id": "1:1",
        "name": "Size=Medium",
        "status": "active",
        "run_id": "r",
        "producer": "p",
        "produced_at": now,
        "index_schema_version": 1,
        "created_at": now,
        "updated_at": now,
    }
    good = {"name": "Label#1:0", "type": "TEXT", "default": "Button", "layers": ["Label"]}
    docstore[DESIGN_COMPONENT].insert_one(
        {
            **base,
            "_id": new_uuid4(),
            "component_key": "a",
            "property_definitions": [good],
            "component_set_key": "s",
            "default_variant": True,
        }
    )
    for bad in (
        {**good, "type": "NUMBER"},
        {**good, "default": 3},
        {k: v for k, v in good.items() if k != "layers"},
    ):
        with pytest.raises(WriteError):
            docstore[DESIGN_COMPONENT].insert_one(
                {**base, "_id": new_uuid4(), "component_key": "b", "property_definitions": [bad]}
            )

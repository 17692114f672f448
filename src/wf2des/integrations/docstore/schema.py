"""Collections, ``$jsonSchema`` validators and indexes, applied idempotently by ``ensure_schema``.

Fields owned by one writer may be absent until that writer first writes them (a file registered but never
swept has no ``components_synced_at``), so the validators require only the identity and audit fields.
"""

from __future__ import annotations

import contextlib
from typing import Any, Final

from pymongo import ASCENDING, DESCENDING
from pymongo.database import Database
from pymongo.errors import CollectionInvalid, OperationFailure

from wf2des.core.errors import StoreError
from wf2des.integrations.docstore.lineage import INDEX_SCHEMA_VERSION, LINEAGE_FIELDS, lineage_properties

__all__ = [
    "DESIGN_COMPONENT",
    "DESIGN_GENERATION_RESULT",
    "FIGMA_FILE_KEY_PATTERN",
    "INDEX_SCHEMA_VERSION",
    "PROJECT_FIGMA_FILE",
    "design_component_validator",
    "design_generation_result_validator",
    "ensure_schema",
    "project_figma_file_validator",
]

PROJECT_FIGMA_FILE: Final = "project_figma_file"
DESIGN_COMPONENT: Final = "design_component"
DESIGN_GENERATION_RESULT: Final = "design_generation_result"
FIGMA_FILE_KEY_PATTERN: Final = "^[A-Za-z0-9]+$"

_INT = {"bsonType": ["int", "long"]}
_DATE = {"bsonType": "date"}
_UUID_STRING = {
    "bsonType": "string",
    "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
}


def project_figma_file_validator() -> dict[str, Any]:
    return {
        "$jsonSchema": {
            "bsonType": "object",
            "required": [
                "_id",
                "organization_id",
                "project_id",
                "figma_file_key",
                "index_schema_version",
                "created_at",
                "updated_at",
            ],
            "properties": {
                "_id": _UUID_STRING,
                "organization_id": _INT,
                "project_id": _INT,
                "figma_file_key": {"bsonType": "string", "pattern": FIGMA_FILE_KEY_PATTERN, "maxLength": 255},
                "role": {"bsonType": ["int", "long"], "enum": [0, 1]},
                "components_synced_at": _DATE,
                "config_url": {"bsonType": "string", "maxLength": 1024},
                "sweep_error": {"bsonType": ["string", "null"]},
                "style_captures": {
                    "bsonType": "object",
                    "additionalProperties": {"bsonType": "string"},
                },
                "sweep_marker": {
                    "oneOf": [
                        {"bsonType": "null"},
                        {
                            "bsonType": "object",
                            "required": ["token", "acquired_at", "expires_at"],
                            "additionalProperties": False,
                            "properties": {
                                "token": {"bsonType": "string", "minLength": 1},
                                "acquired_at": _DATE,
                                "expires_at": _DATE,
                            },
                        },
                    ]
                },
                # Not in seed 000: the Figma file version that components_synced_at certifies, so an
                # unchanged file costs one request (GET /meta). Written only by component_sweep.
                "swept_version": {"bsonType": "string"},
                # Not in seed 000 (style_captures stays exactly {token: id}): per captured token, what the
                # plugin needs to import a library asset — its kind and Figma key. Written only by
                # component_sweep, in the same update as style_captures.
                "style_capture_keys": {
                    "bsonType": "object",
                    "additionalProperties": {
                        "bsonType": "object",
                        "required": ["kind", "key"],
                        "additionalProperties": False,
                        "properties": {
                            "kind": {"enum": ["text_style", "color_style", "color_variable"]},
                            "key": {"bsonType": "string", "minLength": 1, "maxLength": 255},
                        },
                    },
                },
                # Where the colour captures came from: variables, or FILL styles when the Variables REST
                # API was refused (it needs Figma Enterprise).
                "color_capture_source": {"enum": ["variables", "color_styles"]},
                "index_schema_version": _INT,
                "created_at": _DATE,
                "updated_at": _DATE,
            },
        }
    }


def design_component_validator() -> dict[str, Any]:
    return {
        "$jsonSchema": {
            "bsonType": "object",
            "required": [
                "_id",
                "organization_id",
                "project_id",
                "figma_file_key",
                "component_key",
                "node_id",
                "name",
                "status",
                *LINEAGE_FIELDS,
                "created_at",
                "updated_at",
            ],
            "properties": {
                "_id": _UUID_STRING,
                "organization_id": _INT,
                "project_id": _INT,
                "figma_file_key": {"bsonType": "string", "pattern": FIGMA_FILE_KEY_PATTERN},
                "component_key": {"bsonType": "string", "minLength": 1},
                "node_id": {"bsonType": "string", "minLength": 1},
                "name": {"bsonType": "string"},
                "description": {"bsonType": ["string", "null"]},
                "component_set_id": {"bsonType": ["string", "null"]},
                "component_set_name": {"bsonType": ["string", "null"]},
                # Written by component_sweep for the assemble step (library components → instances); null
                # when unknown, absent on documents swept before these fields existed.
                "variant_properties": {
                    "bsonType": ["object", "null"],
                    "additionalProperties": {"bsonType": "string"},
                },
                "width": {"bsonType": ["double", "int", "long", "null"], "minimum": 0},
                "height": {"bsonType": ["double", "int", "long", "null"], "minimum": 0},
                "text_layers": {
                    "bsonType": ["array", "null"],
                    "items": {"bsonType": "string"},
                    "maxItems": 200,
                },
                "status": {"enum": ["active", "removed"]},
                "removed_at": {"bsonType": ["date", "null"]},
                # acquired_at of the marker of the sweep that last wrote this document: a sweeper whose
                # marker was taken over cannot overwrite what a newer sweep wrote.
                "sweep_fence": _DATE,
                **lineage_properties(),
                "created_at": _DATE,
                "updated_at": _DATE,
            },
        }
    }


def design_generation_result_validator() -> dict[str, Any]:
    """One design generation's run: identity, the lineage envelope, the inputs it read, where its design
    goes, and the keys of its immutable artifacts."""
    area = {
        "bsonType": "object",
        "required": ["node_id", "name", "page", "x", "y", "width", "height"],
        "additionalProperties": False,
        "properties": {
            "node_id": {"bsonType": "string", "minLength": 1},
            "name": {"bsonType": "string"},
            "page": {"bsonType": "string"},
            **{k: {"bsonType": ["double", "int", "long"]} for k in ("x", "y")},
            **{k: {"bsonType": ["double", "int", "long"], "minimum": 0} for k in ("width", "height")},
        },
    }
    library = {
        "bsonType": "object",
        "required": ["figma_file_key", "version", "components_synced_at"],
        "additionalProperties": False,
        "properties": {
            "figma_file_key": {"bsonType": "string", "pattern": FIGMA_FILE_KEY_PATTERN},
            "version": {"bsonType": "string"},
            "components_synced_at": {"bsonType": ["date", "null"]},
        },
    }
    config = {
        "bsonType": ["object", "null"],
        "required": ["key", "sha256"],
        "additionalProperties": False,
        "properties": {
            "key": {"bsonType": "string", "minLength": 1},
            "version": {"bsonType": ["string", "null"]},
            "sha256": {"bsonType": "string", "pattern": "^[0-9a-f]{64}$"},
        },
    }
    return {
        "$jsonSchema": {
            "bsonType": "object",
            "required": [
                "_id",
                "organization_id",
                "project_id",
                "design_generation_id",
                "attempt",
                "figma_file_key",
                "wireframe_node_id",
                *LINEAGE_FIELDS,
                "inputs",
                "placement",
                "artifacts",
                "flag_count",
                "created_at",
                "updated_at",
            ],
            "properties": {
                "_id": _UUID_STRING,
                "organization_id": _INT,
                "project_id": _INT,
                "design_generation_id": {"bsonType": "string", "minLength": 1, "maxLength": 255},
                "attempt": {"bsonType": ["int", "long"], "minimum": 1},
                "figma_file_key": {"bsonType": "string", "pattern": FIGMA_FILE_KEY_PATTERN, "maxLength": 255},
                "wireframe_node_id": {"bsonType": "string", "minLength": 1, "maxLength": 255},
                **lineage_properties(),
                "inputs": {
                    "bsonType": "object",
                    "required": ["wireframe_source", "figma_file_version", "libraries", "config"],
                    "additionalProperties": False,
                    "properties": {
                        "wireframe_source": {"enum": ["rest", "snapshot"]},
                        "figma_file_version": {"bsonType": ["string", "null"]},
                        "libraries": {"bsonType": "array", "items": library, "maxItems": 200},
                        "config": config,
                    },
                },
                "placement": {
                    "bsonType": "object",
                    "required": ["figma_file_key", "wireframe_node_id", "design_area"],
                    "additionalProperties": False,
                    "properties": {
                        "figma_file_key": {"bsonType": "string", "pattern": FIGMA_FILE_KEY_PATTERN},
                        "wireframe_node_id": {"bsonType": "string", "minLength": 1},
                        "design_area": {"oneOf": [{"bsonType": "null"}, area]},
                        "design_area_error": {"bsonType": ["string", "null"]},
                    },
                },
                "artifacts": {
                    "bsonType": "object",
                    "required": ["spec_key", "spec_sha256", "report_key", "preview_key"],
                    "additionalProperties": False,
                    "properties": {
                        "spec_key": {"bsonType": "string", "minLength": 1},
                        "spec_sha256": {"bsonType": "string", "pattern": "^[0-9a-f]{64}$"},
                        "report_key": {"bsonType": "string", "minLength": 1},
                        "preview_key": {"bsonType": ["string", "null"]},
                    },
                },
                "flag_count": {"bsonType": ["int", "long"], "minimum": 0},
                "created_at": _DATE,
                "updated_at": _DATE,
            },
        }
    }


_INDEXES: Final[dict[str, list[tuple[str, list[tuple[str, int]], bool]]]] = {
    PROJECT_FIGMA_FILE: [
        (
            "project_figma_file_org_project_file_key_uq",
            [("organization_id", ASCENDING), ("project_id", ASCENDING), ("figma_file_key", ASCENDING)],
            True,
        ),
        (
            "project_figma_file_org_project_role_idx",
            [("organization_id", ASCENDING), ("project_id", ASCENDING), ("role", ASCENDING)],
            False,
        ),
    ],
    DESIGN_COMPONENT: [
        (
            "design_component_org_project_file_component_uq",
            [
                ("organization_id", ASCENDING),
                ("project_id", ASCENDING),
                ("figma_file_key", ASCENDING),
                ("component_key", ASCENDING),
            ],
            True,
        ),
        (
            "design_component_org_project_file_status_idx",
            [
                ("organization_id", ASCENDING),
                ("project_id", ASCENDING),
                ("figma_file_key", ASCENDING),
                ("status", ASCENDING),
            ],
            False,
        ),
    ],
    DESIGN_GENERATION_RESULT: [
        (
            "design_generation_result_org_project_generation_attempt_uq",
            [
                ("organization_id", ASCENDING),
                ("project_id", ASCENDING),
                ("design_generation_id", ASCENDING),
                ("attempt", ASCENDING),
            ],
            True,
        ),
        (
            "design_generation_result_org_project_file_node_idx",
            [
                ("organization_id", ASCENDING),
                ("project_id", ASCENDING),
                ("figma_file_key", ASCENDING),
                ("wireframe_node_id", ASCENDING),
                ("produced_at", DESCENDING),
            ],
            False,
        ),
    ],
}


def ensure_schema(db: Database[Any]) -> None:
    """Create the collections with their validators and indexes; re-running only refreshes validators."""
    validators = {
        PROJECT_FIGMA_FILE: project_figma_file_validator(),
        DESIGN_COMPONENT: design_component_validator(),
        DESIGN_GENERATION_RESULT: design_generation_result_validator(),
    }
    existing = set(db.list_collection_names())
    for name, validator in validators.items():
        if name not in existing:
            with contextlib.suppress(CollectionInvalid):  # created concurrently by another migrate
                db.create_collection(
                    name, validator=validator, validationLevel="strict", validationAction="error"
                )
        else:
            try:
                db.command(
                    "collMod", name, validator=validator, validationLevel="strict", validationAction="error"
                )
            except OperationFailure as exc:  # pragma: no cover - only on servers without collMod
                raise StoreError(
                    f"could not update the validator of {name}: {exc}", code="docstore_error"
                ) from exc
        collection = db[name]
        for index_name, keys, unique in _INDEXES[name]:
            collection.create_index(keys, name=index_name, unique=unique)

"""The registration writer of ``project_figma_file`` (through wf2des-api).

It owns exactly ``role`` and ``config_url`` (plus ``updated_at``); every write is a field-level ``$set`` of
those fields, so it can never clobber what ``component_sweep`` writes (sync fields, captures, marker),
even when both race on the same document.
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any, Final

from pymongo import ReturnDocument
from pymongo.collection import Collection
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from wf2des.core.errors import StoreError
from wf2des.core.ids import new_uuid4
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore.records import ProjectFigmaFileDocument
from wf2des.integrations.docstore.schema import INDEX_SCHEMA_VERSION, PROJECT_FIGMA_FILE
from wf2des.jobs.keys import project_config_key

__all__ = [
    "REGISTRATION_FIELDS",
    "FileRole",
    "ProjectFileRegistrations",
    "project_config_key",
    "project_filter",
]


class FileRole(enum.IntEnum):
    WORKING = 0
    LIBRARY = 1


REGISTRATION_FIELDS: Final = frozenset({"role", "config_url"})


class ProjectFileRegistrations:
    """Repository of the registration writer; every read and write is scoped by a :class:`ProjectScope`."""

    def __init__(self, db: Database[Any]) -> None:
        self._files: Collection[ProjectFigmaFileDocument] = db[PROJECT_FIGMA_FILE]

    def register(
        self, scope: ProjectScope, figma_file_key: str, role: FileRole, *, now: datetime | None = None
    ) -> ProjectFigmaFileDocument:
        """Insert or update the file's registration; returns the document after the write."""
        stamp = now or datetime.now(UTC)
        identity = {**project_filter(scope), "figma_file_key": figma_file_key}
        update = {
            "$set": {
                "role": int(role),
                "config_url": project_config_key(int(scope.organization_id), scope.project_id),
                "updated_at": stamp,
            },
            "$setOnInsert": {
                "_id": new_uuid4(),
                **identity,
                "created_at": stamp,
                "index_schema_version": INDEX_SCHEMA_VERSION,
            },
        }
        for _ in range(3):
            try:
                doc = self._files.find_one_and_update(
                    identity, update, upsert=True, return_document=ReturnDocument.AFTER
                )
            except DuplicateKeyError:
                # Two upserts raced to insert; the loser retries and now matches the winner's document.
                continue
            if doc is not None:
                return doc
            # Some servers (SecantusDB under concurrent upserts) answer null for a lost insert race instead of
            # a duplicate-key error: retrying applies our $set to the winner's document.
        raise StoreError(  # pragma: no cover
            "The document store lost a concurrent file registration three times; retry.",
            code="docstore_error",
        )

    def get(self, scope: ProjectScope, figma_file_key: str) -> ProjectFigmaFileDocument | None:
        return self._files.find_one({**project_filter(scope), "figma_file_key": figma_file_key})

    def list(self, scope: ProjectScope, role: FileRole | None = None) -> list[ProjectFigmaFileDocument]:
        """Files of a project through the (organization_id, project_id, role) index."""
        query: dict[str, Any] = project_filter(scope)
        query["role"] = (
            int(role) if role is not None else {"$in": [int(FileRole.WORKING), int(FileRole.LIBRARY)]}
        )
        return list(self._files.find(query).sort([("figma_file_key", 1)]))


def project_filter(scope: ProjectScope) -> dict[str, Any]:
    """The two leading keys of every query and identity in a project's collections, as plain ints."""
    return {"organization_id": int(scope.organization_id), "project_id": scope.project_id}

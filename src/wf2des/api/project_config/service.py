"""The project's ingest config: versions in the blob store, component rules checked against the swept library.

Blob I/O and document-store reads run in worker threads; every read is scoped by the caller's
``ProjectScope``.
"""

from __future__ import annotations

from typing import Any

import anyio
from pymongo.database import Database

from wf2des.api.docstore import in_thread
from wf2des.api.tenancy import not_found
from wf2des.assemble import ProjectConfig
from wf2des.assemble.library import Library, LibraryComponent
from wf2des.assemble.matching import rule_problems
from wf2des.core.errors import InvalidInput
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.blobs import BlobStore
from wf2des.integrations.blobs.project_config import (
    InvalidStoredConfig,
    StoredConfig,
    read_current_config,
    write_config,
)
from wf2des.integrations.docstore.design_components import project_library

__all__ = ["UnknownLibraryComponent", "get_config", "put_config"]


async def get_config(blobs: BlobStore, scope: ProjectScope) -> StoredConfig:
    stored = await anyio.to_thread.run_sync(
        read_current_config, blobs, scope.organization_id, scope.project_id
    )
    if stored is None:
        raise not_found()
    return stored


class UnknownLibraryComponent(InvalidInput):
    code = "component_rule_unknown"


def _check_component_rules(db: Database[Any], scope: ProjectScope, config: ProjectConfig) -> None:
    """A rule must name what the project's swept library has. A project not swept yet cannot be checked:
    its rules are accepted, and the assemble step reports any that do not resolve."""
    if not config.components:
        return
    docs = project_library(db, scope)
    if not docs:
        return
    problems = rule_problems(config.components, Library(LibraryComponent.from_document(d) for d in docs))
    if problems:
        raise UnknownLibraryComponent(
            "The config's component rules name what the project's library lacks: " + "; ".join(problems[:10])
        )


async def put_config(
    blobs: BlobStore, scope: ProjectScope, config: ProjectConfig, db: Database[Any] | None = None
) -> tuple[StoredConfig, bool]:
    """Store a new version; ``True`` when the project had no config before. 422 for a rule naming a
    component the project's library lacks (checked when ``db`` is given and the config has rules)."""
    if db is not None and config.components:
        await in_thread(_check_component_rules, db, scope, config)

    def write() -> tuple[StoredConfig, bool]:
        had_one = _has_config(blobs, scope)
        return write_config(blobs, scope.organization_id, scope.project_id, config), not had_one

    return await anyio.to_thread.run_sync(write)


def _has_config(blobs: BlobStore, scope: ProjectScope) -> bool:
    try:
        return read_current_config(blobs, scope.organization_id, scope.project_id) is not None
    except InvalidStoredConfig:
        return True  # an invalid config is still a config: replacing it is an update

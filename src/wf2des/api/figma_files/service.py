"""Figma-file registration and sync state, the project's ingest config, and dispatching component sweeps.

Every document-store query is scoped by the caller's ``ProjectScope`` (organization and project), and runs in
a worker thread. Registration writes only ``role`` and ``config_url`` (``ProjectFileRegistrations``), so it
can race a sweep on the same document without losing either writer's fields.

A sweep is dispatched through the transactional outbox like a Code2WF job: the record is written in the
request's transaction and the relay publishes it after the commit. A project with no registered file still
gets its run (202, ``files: []``): the worker resolves the files when it runs, so a file registered meanwhile
is swept, and an empty run costs one query. ``files`` is what was registered when the request was accepted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio
from pymongo.database import Database
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.deps import OUTBOX_WRITTEN
from wf2des.api.figma_files.docstore import in_thread
from wf2des.api.figma_files.repository import ActiveComponents
from wf2des.api.figma_files.schemas import FigmaFileDetail, FigmaFileOut, RoleName, role_from_name
from wf2des.api.tenancy import not_found
from wf2des.assemble import ProjectConfig
from wf2des.assemble.library import Library, LibraryComponent
from wf2des.assemble.matching import rule_problems
from wf2des.core.errors import InvalidInput
from wf2des.core.ids import new_uuid7
from wf2des.integrations.blobs import BlobStore
from wf2des.integrations.blobs.project_config import (
    InvalidStoredConfig,
    StoredConfig,
    read_current_config,
    write_config,
)
from wf2des.integrations.docstore import ProjectFileRegistrations
from wf2des.integrations.docstore.design_components import project_library
from wf2des.integrations.docstore.schema import FIGMA_FILE_KEY_PATTERN
from wf2des.jobs.contract import COMPONENT_SWEEP_RUN, ComponentSweepJob
from wf2des.pg.repositories import OutboxRepository, ProjectScope

__all__ = [
    "Registered",
    "check_file_key",
    "dispatch_sweep",
    "get_config",
    "get_file",
    "list_files",
    "put_config",
    "register",
]

_FILE_KEY = re.compile(FIGMA_FILE_KEY_PATTERN)
_MAX_FILE_KEY = 255


def check_file_key(figma_file_key: str) -> str:
    # fullmatch with an ASCII-only check: ``$`` would accept a trailing newline, and keys are ASCII.
    if not (
        figma_file_key.isascii()
        and len(figma_file_key) <= _MAX_FILE_KEY
        and _FILE_KEY.fullmatch(figma_file_key)
    ):
        raise InvalidInput(
            "figmaFileKey must be 1 to 255 ASCII letters and digits.", code="invalid_figma_file_key"
        )
    return figma_file_key


def _now() -> datetime:
    # The document store keeps milliseconds; a truncated stamp reads back equal to what we wrote.
    stamp = datetime.now(UTC)
    return stamp.replace(microsecond=stamp.microsecond // 1000 * 1000)


@dataclass(frozen=True, slots=True)
class Registered:
    file: FigmaFileDetail
    created: bool


def _register(
    db: Database[Any], scope: ProjectScope, figma_file_key: str, role: RoleName
) -> tuple[dict[str, Any], int, datetime]:
    stamp = _now()
    doc = ProjectFileRegistrations(db).register(
        scope.organization_id, scope.project_id, figma_file_key, role_from_name(role), now=stamp
    )
    return doc, ActiveComponents(db).count(scope, figma_file_key), stamp


async def register(db: Database[Any], scope: ProjectScope, figma_file_key: str, role: RoleName) -> Registered:
    doc, active, stamp = await in_thread(_register, db, scope, figma_file_key, role)
    # Created by this request iff its insert stamped created_at (two racing first registrations within one
    # millisecond may both report 201; the document is the same one).
    created = doc["created_at"] == stamp
    return Registered(FigmaFileDetail.of(doc, active_components=active, now=_now()), created)


def _get(db: Database[Any], scope: ProjectScope, figma_file_key: str) -> tuple[dict[str, Any] | None, int]:
    doc = ProjectFileRegistrations(db).get(scope.organization_id, scope.project_id, figma_file_key)
    if doc is None or doc.get("role") is None:
        return None, 0
    return doc, ActiveComponents(db).count(scope, figma_file_key)


async def get_file(db: Database[Any], scope: ProjectScope, figma_file_key: str) -> FigmaFileDetail:
    doc, active = await in_thread(_get, db, scope, figma_file_key)
    if doc is None:
        raise not_found()
    return FigmaFileDetail.of(doc, active_components=active, now=_now())


def _list(
    db: Database[Any], scope: ProjectScope, role: RoleName | None
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    docs = ProjectFileRegistrations(db).list(
        scope.organization_id, scope.project_id, role_from_name(role) if role else None
    )
    return docs, ActiveComponents(db).counts(scope) if docs else {}


async def list_files(db: Database[Any], scope: ProjectScope, role: RoleName | None) -> list[FigmaFileOut]:
    docs, counts = await in_thread(_list, db, scope, role)
    now = _now()
    return [
        FigmaFileOut.of(doc, active_components=counts.get(doc["figma_file_key"], 0), now=now) for doc in docs
    ]


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
    docs = project_library(db, scope.organization_id, scope.project_id)
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


async def dispatch_sweep(
    session: AsyncSession, db: Database[Any], scope: ProjectScope
) -> tuple[str, list[str]]:
    keys = await in_thread(_list_keys, db, scope)
    job = ComponentSweepJob(
        organization_id=scope.organization_id, project_id=scope.project_id, run_id=new_uuid7()
    )
    await OutboxRepository(session).add(COMPONENT_SWEEP_RUN, job.model_dump(mode="json"))
    session.info[OUTBOX_WRITTEN] = True
    return job.run_id, keys


def _list_keys(db: Database[Any], scope: ProjectScope) -> list[str]:
    return [
        str(doc["figma_file_key"])
        for doc in ProjectFileRegistrations(db).list(scope.organization_id, scope.project_id)
    ]

"""Figma-file registration and sync state.

Every document-store query is scoped by the caller's ``ProjectScope`` (organization and project), and runs in
a worker thread. Registration writes only ``role`` and ``config_url`` (``ProjectFileRegistrations``), so it
can race a sweep on the same document without losing either writer's fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pymongo.database import Database
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.docstore import in_thread
from wf2des.api.figma_connection.access import check_readable, organization_token
from wf2des.api.figma_files.repository import ActiveComponents
from wf2des.api.figma_files.schemas import FigmaFileDetail, FigmaFileOut, RoleName, role_from_name
from wf2des.api.state import AppState
from wf2des.api.tenancy import not_found
from wf2des.core.errors import InvalidInput
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore import ProjectFigmaFileDocument, ProjectFileRegistrations
from wf2des.integrations.docstore.schema import FIGMA_FILE_KEY_PATTERN
from wf2des.integrations.figma import FigmaAuth

__all__ = [
    "Registered",
    "check_access",
    "check_file_key",
    "get_file",
    "list_files",
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


async def check_access(
    session: AsyncSession, state: AppState, scope: ProjectScope, figma_file_key: str
) -> None:
    """The organization's own Figma account can read the file, or the registration is refused.

    File keys travel in share links, so knowing one proves nothing: without this check an organization
    could register another's file and have it swept. An organization without a connection has its files
    registered unchecked: in production nothing reads them until it connects; in development the
    service-wide token does, which serves a single tenant by definition.
    """
    token = await organization_token(session, state, scope.organization_id)
    if token is not None:
        await check_readable(state, FigmaAuth(token, "oauth"), figma_file_key)


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
) -> tuple[ProjectFigmaFileDocument, int, datetime]:
    stamp = _now()
    doc = ProjectFileRegistrations(db).register(scope, figma_file_key, role_from_name(role), now=stamp)
    return doc, ActiveComponents(db).count(scope, figma_file_key), stamp


async def register(db: Database[Any], scope: ProjectScope, figma_file_key: str, role: RoleName) -> Registered:
    doc, active, stamp = await in_thread(_register, db, scope, figma_file_key, role)
    # Created by this request iff its insert stamped created_at (two racing first registrations within one
    # millisecond may both report 201; the document is the same one).
    created = doc["created_at"] == stamp
    return Registered(FigmaFileDetail.of(doc, active_components=active, now=_now()), created)


def _get(
    db: Database[Any], scope: ProjectScope, figma_file_key: str
) -> tuple[ProjectFigmaFileDocument | None, int]:
    doc = ProjectFileRegistrations(db).get(scope, figma_file_key)
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
) -> tuple[list[ProjectFigmaFileDocument], dict[str, int]]:
    docs = ProjectFileRegistrations(db).list(scope, role_from_name(role) if role else None)
    return docs, ActiveComponents(db).counts(scope) if docs else {}


async def list_files(db: Database[Any], scope: ProjectScope, role: RoleName | None) -> list[FigmaFileOut]:
    docs, counts = await in_thread(_list, db, scope, role)
    now = _now()
    return [
        FigmaFileOut.of(doc, active_components=counts.get(doc["figma_file_key"], 0), now=now) for doc in docs
    ]

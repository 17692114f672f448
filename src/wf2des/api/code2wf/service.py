"""Code2WF lifecycle rules (seed 001): creation, discovery, materialization, retry, soft delete.

Services never commit: the request's session dependency does, once. Creation writes the row and its outbox
message in that one transaction, so a job is published if and only if its row exists.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api import generation_lifecycle as lifecycle
from wf2des.api.auth import Principal
from wf2des.api.code2wf.schemas import Code2wfCreate
from wf2des.api.code2wf.sources import CompletedImports, SourceImport
from wf2des.api.deps import OUTBOX_WRITTEN
from wf2des.api.generation_lifecycle import decode_cursor, encode_cursor
from wf2des.api.settings import ApiSettings
from wf2des.core.errors import Conflict, InvalidInput
from wf2des.core.ids import new_uuid7
from wf2des.core.settings import Settings
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.contract import CODE2WF_GENERATE, Code2wfJob
from wf2des.jobs.keys import preview_key
from wf2des.pg.repositories import (
    Code2wfListFilter,
    Code2wfRecord,
    Code2wfRepository,
    OutboxRepository,
    PageImportRepository,
)
from wf2des.pg.tables import PageImportStatus, Wf2desStatus

__all__ = [
    "create",
    "decode_cursor",
    "delete",
    "encode_cursor",
    "get",
    "list_page",
    "materialize",
    "read_preview",
    "read_result",
    "retry",
    "screen_id_for",
]

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def screen_id_for(entry_path: str) -> str:
    """A deterministic slug from the entry path: ``pages/About Us.html`` → ``pages-about-us``."""
    stem = re.sub(r"\.html?$", "", entry_path, flags=re.IGNORECASE)
    slug = _NON_SLUG.sub("-", stem.lower()).strip("-")[:255].strip("-")
    return slug or "screen"


async def _source_import(
    session: AsyncSession, scope: ProjectScope, page_import_id: str, cache: CompletedImports | None
) -> SourceImport:
    cached = cache.get(scope, page_import_id) if cache is not None else None
    if cached is not None:
        return cached
    row = await PageImportRepository(session).get(scope, page_import_id)
    if row is None:
        raise InvalidInput("The Page Import does not exist in this project.", code="page_import_not_found")
    if row.status != PageImportStatus.COMPLETED:
        raise Conflict("The Page Import is not completed.", code="page_import_not_completed")
    item = SourceImport(row.id, row.organization_id, row.project_id, row.manifest_url, row.entry_path)
    if cache is not None:
        cache.remember(item)
    return item


async def create(
    session: AsyncSession,
    scope: ProjectScope,
    principal: Principal,
    body: Code2wfCreate,
    *,
    settings: Settings,
    api_settings: ApiSettings,
    imports: CompletedImports | None = None,
    figma_token: str | None = None,
) -> Code2wfRecord:
    page_import = await _source_import(session, scope, body.page_import_id, imports)
    return await _create_row(
        session,
        scope,
        principal.subject,
        page_import,
        figma_file_key=body.figma_file_key,
        screen_id=body.screen_id or screen_id_for(page_import.entry_path),
        placement_target=body.placement_target,
        viewport_width=body.viewport_width or api_settings.default_viewport_width,
        settings=settings,
        api_settings=api_settings,
        figma_token=figma_token,
    )


async def _create_row(
    session: AsyncSession,
    scope: ProjectScope,
    actor: str,
    page_import: SourceImport,
    *,
    figma_file_key: str,
    screen_id: str,
    placement_target: str | None,
    viewport_width: int,
    settings: Settings,
    api_settings: ApiSettings,
    figma_token: str | None,
) -> Code2wfRecord:
    code2wf_id = new_uuid7()
    callback_url, callback_key = lifecycle.callback(settings, "code2wf", code2wf_id, "code2wf")
    job = Code2wfJob(
        code2wf_id=code2wf_id,
        organization_id=scope.organization_id,
        project_id=scope.project_id,
        page_import_id=page_import.id,
        manifest_url=page_import.manifest_url,
        figma_file_key=figma_file_key,
        screen_id=screen_id,
        placement_target=placement_target,
        viewport_width=viewport_width,
        attempt=1,  # a new row is always attempt 1 (CHECK attempt_v1); retry creates a new row
        callback_url=callback_url,
        callback_key=callback_key,
        deadline=lifecycle.job_deadline(api_settings),
        figma_token=figma_token,
    )
    row = await Code2wfRepository(session).add_with_outbox(
        scope,
        id=code2wf_id,
        page_import_id=page_import.id,
        figma_file_key=figma_file_key,
        screen_id=screen_id,
        placement_target=placement_target,
        actor=actor,
        task_name=CODE2WF_GENERATE,
        payload=job.model_dump(mode="json"),
    )
    session.info[OUTBOX_WRITTEN] = True
    return row


async def get(session: AsyncSession, scope: ProjectScope, code2wf_id: str) -> Code2wfRecord:
    return await lifecycle.get(Code2wfRepository(session), scope, code2wf_id)


async def list_page(
    session: AsyncSession, scope: ProjectScope, flt: Code2wfListFilter
) -> tuple[list[Code2wfRecord], str | None]:
    return lifecycle.page(await Code2wfRepository(session).list_page(scope, flt), flt.limit)


async def read_result(session: AsyncSession, scope: ProjectScope, code2wf_id: str, blobs: BlobStore) -> bytes:
    row = await get(session, scope, code2wf_id)
    if row.status != Wf2desStatus.COMPLETED or row.result_url is None:
        raise Conflict("The generation has not completed.", code="code2wf_not_completed")
    missing = InvalidInput("The result artifact is missing.", code="result_missing")
    return await lifecycle.read_artifact(blobs, row.result_url, missing)


async def read_preview(
    session: AsyncSession, scope: ProjectScope, code2wf_id: str, blobs: BlobStore
) -> tuple[bytes, str]:
    """The preview PNG and its strong ETag; 404 ``preview_not_found`` when the worker stored none."""
    row = await get(session, scope, code2wf_id)
    key = preview_key(row.organization_id, row.project_id, row.id, row.attempt)
    return await lifecycle.read_preview(row, key, blobs, "generation")


async def materialize(
    session: AsyncSession, scope: ProjectScope, code2wf_id: str, actor: str
) -> Code2wfRecord:
    not_completed = Conflict("Only a completed generation can be materialized.", code="code2wf_not_completed")
    return await lifecycle.materialize(Code2wfRepository(session), scope, code2wf_id, actor, not_completed)


async def retry(
    session: AsyncSession,
    scope: ProjectScope,
    principal: Principal,
    code2wf_id: str,
    *,
    settings: Settings,
    api_settings: ApiSettings,
    figma_token: str | None = None,
) -> Code2wfRecord:
    original = await get(session, scope, code2wf_id)
    if original.status != Wf2desStatus.FAILED:
        raise Conflict("Only a failed generation can be retried.", code="code2wf_not_failed")
    page_import = await _source_import(session, scope, original.page_import_id, None)
    sent: dict[str, Any] | None = await OutboxRepository(session).job_payload(CODE2WF_GENERATE, original.id)
    viewport = sent.get("viewport_width") if sent else None
    return await _create_row(
        session,
        scope,
        principal.subject,
        page_import,
        figma_file_key=original.figma_file_key,
        screen_id=original.screen_id,
        placement_target=original.placement_target,
        viewport_width=viewport if isinstance(viewport, int) else api_settings.default_viewport_width,
        settings=settings,
        api_settings=api_settings,
        figma_token=figma_token,
    )


async def delete(session: AsyncSession, scope: ProjectScope, code2wf_id: str, actor: str) -> None:
    await lifecycle.delete(Code2wfRepository(session), scope, code2wf_id, actor)

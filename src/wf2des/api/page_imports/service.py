"""Storing a Page Import: row first (inside the request transaction), then blobs, then the commit.

Order matters for "a failed upload leaves no row and no orphan manifest": the row insert runs first so a
database refusal happens before anything is written to the blob store; blobs are written content-addressed
(``sha256/{hex}`` beside the manifest, see ``wf2des.jobs.keys``) and the manifest last; if any write fails,
everything this request wrote is deleted and the exception rolls the transaction back. Remaining hazard: a
commit that fails *after* the manifest is written leaves unreferenced blobs (never a row without its
manifest).
"""

from __future__ import annotations

import json

import anyio
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import Principal
from wf2des.api.page_imports.files import Limits, UploadedFile, build_manifest, check_files, content_type_of
from wf2des.api.tenancy import not_found
from wf2des.core.errors import BlobExists
from wf2des.core.ids import new_uuid7
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.keys import file_key, manifest_key
from wf2des.pg.repositories import PageImportRepository
from wf2des.pg.tables import PageImport, PageImportStatus

__all__ = ["create", "get"]


async def create(
    session: AsyncSession,
    scope: ProjectScope,
    principal: Principal,
    entry: str,
    files: list[UploadedFile],
    blobs: BlobStore,
    limits: Limits,
) -> PageImport:
    entry_path = check_files(files, entry, limits)
    page_import_id = new_uuid7()
    manifest = manifest_key(scope.organization_id, scope.project_id, page_import_id)
    row = await PageImportRepository(session).add(
        scope,
        id=page_import_id,
        status=PageImportStatus.COMPLETED,
        entry_path=entry_path,
        manifest_url=manifest,
        file_count=len(files),
        total_bytes=sum(len(f.data) for f in files),
        actor=principal.subject,
    )
    body = json.dumps(build_manifest(entry_path, files), separators=(",", ":")).encode()
    await anyio.to_thread.run_sync(_store, blobs, files, manifest, body)
    return row


def _store(blobs: BlobStore, files: list[UploadedFile], manifest: str, body: bytes) -> None:
    written: list[str] = []
    try:
        for f in files:
            key = file_key(manifest, f.sha256)
            try:
                blobs.put_immutable(key, f.data, content_type_of(f.path))
            except BlobExists:
                continue  # same content twice in one import, or a lost-response retry: it is there
            written.append(key)
        blobs.put_immutable(manifest, body, "application/json")
    except BaseException:
        for key in written:
            blobs.delete(key)
        raise


async def get(session: AsyncSession, scope: ProjectScope, page_import_id: str) -> PageImport:
    row = await PageImportRepository(session).get(scope, page_import_id)
    if row is None:
        raise not_found()
    return row

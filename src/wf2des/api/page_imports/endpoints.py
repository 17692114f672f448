"""``/v1/projects/{projectId}/page-imports``: multipart upload of files or one zip archive."""

from __future__ import annotations

from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, File, Form, Path, UploadFile, status

from wf2des.api.deps import BlobsDep, CurrentPrincipal, ProjectScopeDep, SessionDep, StateDep
from wf2des.api.ids import ResourceId
from wf2des.api.page_imports import service
from wf2des.api.page_imports.files import Limits, UploadedFile, normalise_path, unpack_zip
from wf2des.api.page_imports.schemas import PageImportOut
from wf2des.api.problems import problem_responses
from wf2des.core.errors import InvalidInput, PayloadTooLarge

__all__ = ["router"]

router = APIRouter(prefix="/v1/projects/{projectId}/page-imports", tags=["page imports"])


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=PageImportOut,
    responses=problem_responses(400, 401, 404, 413, 422),
    summary="Upload a page's code (files, or one zip archive)",
)
async def create_page_import(
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    state: StateDep,
    blobs: BlobsDep,
    entry: Annotated[str, Form(min_length=1, max_length=1024, description="relative path of the entry HTML")],
    files: Annotated[
        list[UploadFile] | None, File(description="one part per file; filename = relative path")
    ] = None,
    archive: Annotated[UploadFile | None, File(description="a zip of the page instead of files")] = None,
) -> PageImportOut:
    cfg = state.api_settings
    limits = Limits(cfg.max_upload_bytes, cfg.max_file_bytes, cfg.max_files)
    if bool(files) == (archive is not None):
        raise InvalidInput("Send either 'files' parts or one 'archive' part.", code="invalid_upload")
    uploaded: list[UploadedFile]
    if archive is not None:
        data = await _read(archive, limits.max_total_bytes)
        # Parsing a zip is CPU work of up to a second on a full archive: never on the event loop.
        uploaded = await anyio.to_thread.run_sync(unpack_zip, data, limits)
    else:
        assert files is not None
        if len(files) > limits.max_files:
            raise PayloadTooLarge(f"At most {limits.max_files} files may be uploaded.")
        uploaded = []
        for part in files:
            path = normalise_path(part.filename or "")
            uploaded.append(UploadedFile(path, await _read(part, limits.max_file_bytes)))
    row = await service.create(session, scope, principal, entry, uploaded, blobs, limits)
    return PageImportOut.of(row)


async def _read(part: UploadFile, cap: int) -> bytes:
    if part.size is not None and part.size > cap:
        raise PayloadTooLarge(f"{(part.filename or 'a part')[:80]!r} is larger than {cap} bytes.")
    data = await part.read(cap + 1)
    if len(data) > cap:
        raise PayloadTooLarge(f"{(part.filename or 'a part')[:80]!r} is larger than {cap} bytes.")
    return data


@router.get(
    "/{pageImportId}",
    response_model=PageImportOut,
    responses=problem_responses(401, 404, 422),
    summary="One Page Import",
)
async def get_page_import(
    scope: ProjectScopeDep,
    session: SessionDep,
    page_import_id: Annotated[ResourceId, Path(alias="pageImportId", min_length=1, max_length=255)],
) -> PageImportOut:
    return PageImportOut.of(await service.get(session, scope, page_import_id))

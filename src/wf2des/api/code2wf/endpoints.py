"""HTTP surface of Code2WF under ``/v1/projects/{projectId}/code2wf``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response, status

from wf2des.api.code2wf import materialization, service
from wf2des.api.code2wf.schemas import (
    FIGMA_FILE_KEY,
    Code2wfCreate,
    Code2wfList,
    Code2wfOut,
    Code2wfSpec,
    Materialization,
    StatusName,
    status_from_name,
)
from wf2des.api.deps import BlobsDep, CurrentPrincipal, ProjectScopeDep, SessionDep, StateDep
from wf2des.api.figma_connection.access import sealed_job_token
from wf2des.api.ids import ResourceId
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response
from wf2des.core.errors import NotFound
from wf2des.pg.repositories import Code2wfListFilter, Code2wfRecord

__all__ = [
    "CursorQuery",
    "FigmaFileKeyQuery",
    "LimitQuery",
    "StatusQuery",
    "optional_report_body",
    "preview_response",
    "preview_responses",
    "router",
]

router = APIRouter(prefix="/v1/projects/{projectId}/code2wf", tags=["code2wf"])

Code2wfId = Annotated[ResourceId, Path(alias="code2wfId", min_length=1, max_length=255)]
_READ = problem_responses(401, 404, 422)
# Artifacts are immutable, so a preview never changes under its URL; ``private``: it needs a bearer token.
PREVIEW_CACHE_CONTROL = "private, max-age=31536000, immutable"
# The discovery query parameters every generation list shares.
FigmaFileKeyQuery = Annotated[
    str | None, Query(alias="figmaFileKey", min_length=1, max_length=255, pattern=FIGMA_FILE_KEY)
]
StatusQuery = Annotated[StatusName | None, Query(alias="status")]
LimitQuery = Annotated[int, Query(ge=1, le=200)]
CursorQuery = Annotated[str | None, Query(min_length=1, max_length=100)]


def optional_report_body() -> dict[str, Any]:
    """The OpenAPI request body of a materialization: an optional ``MaterializationReport``."""
    schema = {"$ref": "#/components/schemas/MaterializationReport"}
    return {"requestBody": {"required": False, "content": {"application/json": {"schema": schema}}}}


def preview_responses(description: str) -> dict[int | str, dict[str, Any]]:
    png = {"image/png": {"schema": {"type": "string", "format": "binary"}}}
    return {200: {"description": description, "content": png}, **problem_responses(401, 404, 422)}


def preview_response(content: bytes, etag: str) -> Response:
    return Response(
        content, media_type="image/png", headers={"Cache-Control": PREVIEW_CACHE_CONTROL, "ETag": etag}
    )


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=Code2wfOut,
    responses=problem_responses(401, 404, 409, 422),
    summary="Start a Code2WF generation",
)
async def create_code2wf(
    body: Code2wfCreate,
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    state: StateDep,
) -> Response:
    row = await service.create(
        session,
        scope,
        principal,
        body,
        settings=state.settings,
        api_settings=state.api_settings,
        imports=state.completed_imports,
        figma_token=await sealed_job_token(session, state, scope.organization_id),
    )
    return _accepted(scope.project_id, row)


@router.get("", response_model=Code2wfList, responses=_READ, summary="List / discover generations")
async def list_code2wf(
    scope: ProjectScopeDep,
    session: SessionDep,
    figma_file_key: FigmaFileKeyQuery = None,
    status_name: StatusQuery = None,
    materialized: bool | None = None,
    limit: LimitQuery = 50,
    cursor: CursorQuery = None,
) -> Response:
    flt = Code2wfListFilter(
        figma_file_key=figma_file_key,
        status=status_from_name(status_name) if status_name else None,
        materialized=materialized,
        before_id=service.decode_cursor(cursor) if cursor else None,
        limit=limit,
    )
    rows, next_cursor = await service.list_page(session, scope, flt)
    items = [Code2wfOut.of(r) for r in rows]
    return model_response(Code2wfList.model_construct(items=items, next_cursor=next_cursor))


@router.get("/{code2wfId}", response_model=Code2wfOut, responses=_READ, summary="One generation")
async def get_code2wf(scope: ProjectScopeDep, session: SessionDep, code2wf_id: Code2wfId) -> Response:
    return model_response(Code2wfOut.of(await service.get(session, scope, code2wf_id)))


@router.get(
    "/{code2wfId}/result",
    response_model=Code2wfSpec,
    responses={200: {"description": "The wireframe spec JSON"}, **problem_responses(401, 404, 409, 422)},
    summary="The generated spec (completed generations only)",
)
async def get_code2wf_result(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, code2wf_id: Code2wfId
) -> Response:
    content = await service.read_result(session, scope, code2wf_id, blobs)
    return Response(content, media_type="application/json")


@router.post(
    "/{code2wfId}/materialization",
    response_model=Materialization,
    responses=problem_responses(401, 404, 409, 422),
    summary="Report placement in Figma (idempotent), optionally with the plugin's report",
    description="The body is optional: a `MaterializationReport` (JSON, at most 64 KiB). An oversized or "
    "malformed report is a 422 and nothing is recorded. The report is stored once, beside the result.",
    openapi_extra=optional_report_body(),
)
async def materialize_code2wf(
    request: Request,
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    blobs: BlobsDep,
    code2wf_id: Code2wfId,
) -> Materialization:
    report = await materialization.request_report(request)
    row = await service.materialize(session, scope, code2wf_id, principal.subject)
    assert row.materialized_at is not None
    owner = materialization.ReportOwner.code2wf(scope.organization_id, scope.project_id, row.id, row.attempt)
    report = await materialization.placed_report(blobs, owner, report)
    return Materialization(code2wf_id=row.id, materialized_at=row.materialized_at, report=report)


@router.get(
    "/{code2wfId}/materialization",
    response_model=Materialization,
    responses=problem_responses(401, 404, 422),
    summary="When the generation was placed in Figma, and the plugin's report",
)
async def get_materialization(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, code2wf_id: Code2wfId
) -> Materialization:
    row = await service.get(session, scope, code2wf_id)
    if row.materialized_at is None:
        raise NotFound("The generation has not been placed in Figma yet.", code="not_materialized")
    owner = materialization.ReportOwner.code2wf(scope.organization_id, scope.project_id, row.id, row.attempt)
    report = await materialization.read_report(blobs, owner)
    return Materialization(code2wf_id=row.id, materialized_at=row.materialized_at, report=report)


@router.get(
    "/{code2wfId}/preview",
    response_class=Response,
    responses=preview_responses("The preview PNG the worker drew of the first screen (immutable)"),
    summary="The generation's preview image",
)
async def get_preview(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, code2wf_id: Code2wfId
) -> Response:
    return preview_response(*await service.read_preview(session, scope, code2wf_id, blobs))


@router.post(
    "/{code2wfId}/retry",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=Code2wfOut,
    responses=problem_responses(401, 404, 409, 422),
    summary="Retry a failed generation as a new row",
)
async def retry_code2wf(
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    state: StateDep,
    code2wf_id: Code2wfId,
) -> Response:
    row = await service.retry(
        session,
        scope,
        principal,
        code2wf_id,
        settings=state.settings,
        api_settings=state.api_settings,
        figma_token=await sealed_job_token(session, state, scope.organization_id),
    )
    return _accepted(scope.project_id, row)


@router.delete(
    "/{code2wfId}",
    status_code=status.HTTP_204_NO_CONTENT,
    response_class=Response,
    responses=problem_responses(401, 404, 422),
    summary="Soft-delete a generation",
)
async def delete_code2wf(
    scope: ProjectScopeDep, principal: CurrentPrincipal, session: SessionDep, code2wf_id: Code2wfId
) -> Response:
    await service.delete(session, scope, code2wf_id, principal.subject)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


def _accepted(project_id: int, row: Code2wfRecord) -> Response:
    location = f"/v1/projects/{project_id}/code2wf/{row.id}"
    return model_response(Code2wfOut.of(row), status.HTTP_202_ACCEPTED, {"Location": location})

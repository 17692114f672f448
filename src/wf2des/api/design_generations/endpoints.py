"""HTTP surface of wireframe → design under ``/v1/projects/{projectId}/design-generations``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response, status
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.datastructures import UploadFile  # what Request.form() gives; FastAPI's subclasses it

from wf2des.api.code2wf import materialization
from wf2des.api.code2wf.endpoints import (
    CursorQuery,
    FigmaFileKeyQuery,
    LimitQuery,
    StatusQuery,
    optional_report_body,
    preview_response,
    preview_responses,
)
from wf2des.api.code2wf.schemas import FIGMA_FILE_KEY, Code2wfSpec, status_from_name
from wf2des.api.deps import BlobsDep, CurrentPrincipal, ProjectScopeDep, SessionDep, StateDep
from wf2des.api.design_generations import service
from wf2des.api.design_generations.schemas import (
    WIREFRAME_NODE_ID,
    DesignGenerationBatch,
    DesignGenerationCreate,
    DesignGenerationList,
    DesignGenerationOut,
    DesignMaterialization,
    DesignReport,
)
from wf2des.api.design_generations.snapshot import (
    MAX_FRAMES,
    SnapshotFrame,
    check_frames,
    parse_annotations,
    parse_frame,
)
from wf2des.api.figma_connection.access import sealed_job_token
from wf2des.api.ids import ResourceId
from wf2des.api.openapi_schema import inline_defs
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response
from wf2des.core.errors import InvalidInput, NotFound, PayloadTooLarge, UnsupportedMediaType
from wf2des.jobs.keys import design_materialization_key
from wf2des.pg.repositories import DesignGenerationFilter

__all__ = ["router"]

router = APIRouter(prefix="/v1/projects/{projectId}/design-generations", tags=["design generations"])

DesignGenerationId = Annotated[ResourceId, Path(alias="designGenerationId", min_length=1, max_length=255)]
_READ = problem_responses(401, 404, 422)
_DESIGN_REPORT_SCHEMA = "wf2des.design.materialization/v1"
_SNAPSHOT_FORM = {
    "type": "object",
    "required": ["figmaFileKey", "frames"],
    "properties": {
        "figmaFileKey": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": FIGMA_FILE_KEY},
        "frames": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_FRAMES,
            "items": {"type": "string", "format": "binary"},
            "description": 'one part per wireframe frame: its JSON_REST_V1 export ({"document": {…}})',
        },
        "annotations": {
            "type": "string",
            "description": "JSON {nodeId: [label, …]}: the annotations of nodes inside the frames",
        },
    },
}


@router.post(
    "",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=DesignGenerationBatch,
    responses=problem_responses(401, 404, 413, 415, 422),
    summary="Start design generations: one wireframe frame over REST, or the plugin's snapshot of frames",
    description="`application/json` (`figmaFileKey`, `wireframeNodeId`): the worker reads the frame with "
    "`GET /v1/files/:key/nodes`. `multipart/form-data`: the plugin's `JSON_REST_V1` export of one or more "
    "frames (a `frames` part each) and their annotations. Either way the answer lists one generation per "
    "frame, in the order sent; `Location` names it when there is exactly one.",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": inline_defs(DesignGenerationCreate.model_json_schema(by_alias=True))
                },
                "multipart/form-data": {"schema": _SNAPSHOT_FORM},
            },
        }
    },
)
async def create_design_generations(
    request: Request,
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    state: StateDep,
    blobs: BlobsDep,
) -> Response:
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type not in ("application/json", "multipart/form-data"):
        raise UnsupportedMediaType("Send application/json or multipart/form-data.")
    figma_token = await sealed_job_token(session, state, scope.organization_id)
    if media_type == "application/json":
        body = _create_body(await request.body())
        rows = [
            await service.create_from_rest(
                session,
                scope,
                principal.subject,
                body.figma_file_key,
                body.wireframe_node_id,
                settings=state.settings,
                api_settings=state.api_settings,
                figma_token=figma_token,
            )
        ]
    else:
        figma_file_key, frames, annotations = await _snapshot_form(
            request, state.api_settings.max_snapshot_bytes
        )
        rows = await service.create_from_snapshot(
            session,
            scope,
            principal.subject,
            figma_file_key,
            frames,
            annotations,
            blobs,
            settings=state.settings,
            api_settings=state.api_settings,
            figma_token=figma_token,
        )
    headers = {}
    if len(rows) == 1:
        headers["Location"] = f"/v1/projects/{scope.project_id}/design-generations/{rows[0].id}"
    batch = DesignGenerationBatch(items=[DesignGenerationOut.of(row) for row in rows])
    return model_response(batch, status.HTTP_202_ACCEPTED, headers)


def _create_body(raw: bytes) -> DesignGenerationCreate:
    try:
        return DesignGenerationCreate.model_validate_json(raw)
    except ValidationError as exc:
        # the same 400 (not JSON) / 422 (invalid content) problems as every other JSON body
        errors: list[Any] = [{**err, "loc": ("body", *err["loc"])} for err in exc.errors()]
        raise RequestValidationError(errors) from None


async def _snapshot_form(
    request: Request, max_frame_bytes: int
) -> tuple[str, list[SnapshotFrame], dict[str, list[str]]]:
    form = await request.form(max_files=MAX_FRAMES + 1, max_fields=8)
    key = form.get("figmaFileKey")
    if not isinstance(key, str) or not key.isascii() or not key.isalnum() or len(key) > 255:
        raise InvalidInput("figmaFileKey must be a Figma file key.", code="invalid_figma_file_key")
    parts = form.getlist("frames")
    if len(parts) > MAX_FRAMES:
        raise PayloadTooLarge(f"At most {MAX_FRAMES} frames may be sent at once.", code="too_many_frames")
    frames = []
    for position, frame in enumerate(parts):
        if not isinstance(frame, UploadFile):
            raise InvalidInput(f"frames[{position}] must be a file part.", code="invalid_snapshot")
        frames.append(parse_frame(await _read(frame, max_frame_bytes, position), position))
    part = form.get("annotations")
    raw: str | bytes | None = None
    if isinstance(part, UploadFile):
        raw = await _read(part, max_frame_bytes, None)
    elif isinstance(part, str):
        raw = part
    annotations = parse_annotations(raw)
    check_frames(frames, annotations)
    return key, frames, annotations


async def _read(part: UploadFile, cap: int, position: int | None) -> bytes:
    name = "annotations" if position is None else f"frames[{position}]"
    data = await part.read(cap + 1)
    if len(data) > cap:
        raise PayloadTooLarge(f"{name} is larger than {cap} bytes.", code="snapshot_too_large")
    return data


@router.get(
    "", response_model=DesignGenerationList, responses=_READ, summary="List / discover design generations"
)
async def list_design_generations(
    scope: ProjectScopeDep,
    session: SessionDep,
    figma_file_key: FigmaFileKeyQuery = None,
    wireframe_node_id: Annotated[
        str | None, Query(alias="wireframeNodeId", min_length=3, max_length=255, pattern=WIREFRAME_NODE_ID)
    ] = None,
    status_name: StatusQuery = None,
    materialized: bool | None = None,
    limit: LimitQuery = 50,
    cursor: CursorQuery = None,
) -> Response:
    flt = DesignGenerationFilter(
        figma_file_key=figma_file_key,
        wireframe_node_id=wireframe_node_id,
        status=status_from_name(status_name) if status_name else None,
        materialized=materialized,
        before_id=service.decode_cursor(cursor) if cursor else None,
        limit=limit,
    )
    rows, next_cursor = await service.list_page(session, scope, flt)
    items = [DesignGenerationOut.of(row) for row in rows]
    return model_response(DesignGenerationList.model_construct(items=items, next_cursor=next_cursor))


@router.get(
    "/{designGenerationId}",
    response_model=DesignGenerationOut,
    responses=_READ,
    summary="One design generation",
)
async def get_design_generation(
    scope: ProjectScopeDep, session: SessionDep, generation_id: DesignGenerationId
) -> Response:
    return model_response(DesignGenerationOut.of(await service.get(session, scope, generation_id)))


@router.get(
    "/{designGenerationId}/result",
    response_model=Code2wfSpec,
    responses={200: {"description": "The design spec JSON"}, **problem_responses(401, 404, 409, 422)},
    summary="The design spec (completed generations only)",
)
async def get_design_result(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, generation_id: DesignGenerationId
) -> Response:
    return Response(
        await service.read_result(session, scope, generation_id, blobs), media_type="application/json"
    )


@router.get(
    "/{designGenerationId}/report",
    response_model=DesignReport,
    responses={200: {"description": "The per-element report"}, **problem_responses(401, 404, 409, 422)},
    summary="What each wireframe element became (completed generations only)",
)
async def get_design_report(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, generation_id: DesignGenerationId
) -> Response:
    return Response(
        await service.read_report(session, scope, generation_id, blobs), media_type="application/json"
    )


@router.get(
    "/{designGenerationId}/preview",
    response_class=Response,
    responses=preview_responses("The preview PNG the worker drew of the design (immutable)"),
    summary="The design's preview image",
)
async def get_design_preview(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, generation_id: DesignGenerationId
) -> Response:
    return preview_response(*await service.read_preview(session, scope, generation_id, blobs))


@router.post(
    "/{designGenerationId}/materialization",
    response_model=DesignMaterialization,
    responses=problem_responses(401, 404, 409, 422),
    summary="Report placement of the design in Figma (idempotent), optionally with the plugin's report",
    description="The body is optional: a `MaterializationReport` (JSON, at most 64 KiB), as for Code2WF.",
    openapi_extra=optional_report_body(),
)
async def materialize_design(
    request: Request,
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    blobs: BlobsDep,
    generation_id: DesignGenerationId,
) -> DesignMaterialization:
    report = await materialization.request_report(request)
    row = await service.materialize(session, scope, generation_id, principal.subject)
    assert row.materialized_at is not None
    owner = _report_owner(scope.organization_id, scope.project_id, row.id, row.attempt)
    report = await materialization.placed_report(blobs, owner, report)
    return DesignMaterialization(
        design_generation_id=row.id, materialized_at=row.materialized_at, report=report
    )


@router.get(
    "/{designGenerationId}/materialization",
    response_model=DesignMaterialization,
    responses=problem_responses(401, 404, 422),
    summary="When the design was placed in Figma, and the plugin's report",
)
async def get_design_materialization(
    scope: ProjectScopeDep, session: SessionDep, blobs: BlobsDep, generation_id: DesignGenerationId
) -> DesignMaterialization:
    row = await service.get(session, scope, generation_id)
    if row.materialized_at is None:
        raise NotFound("The design has not been placed in Figma yet.", code="not_materialized")
    report = await materialization.read_report(
        blobs, _report_owner(scope.organization_id, scope.project_id, row.id, row.attempt)
    )
    return DesignMaterialization(
        design_generation_id=row.id, materialized_at=row.materialized_at, report=report
    )


@router.delete(
    "/{designGenerationId}",
    status_code=status.HTTP_204_NO_CONTENT,
    response_class=Response,
    responses=problem_responses(401, 404, 422),
    summary="Soft-delete a design generation",
)
async def delete_design_generation(
    scope: ProjectScopeDep,
    principal: CurrentPrincipal,
    session: SessionDep,
    generation_id: DesignGenerationId,
) -> Response:
    await service.delete(session, scope, generation_id, principal.subject)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


def _report_owner(
    organization_id: int, project_id: int, generation_id: str, attempt: int
) -> materialization.ReportOwner:
    key = design_materialization_key(organization_id, project_id, generation_id, attempt)
    return materialization.ReportOwner(_DESIGN_REPORT_SCHEMA, "designGenerationId", generation_id, key)

"""HTTP surface of a project's Figma files, its ingest config and component sweeps, under ``/v1/projects/{projectId}``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response, status
from fastapi.responses import JSONResponse

from wf2des.api.deps import BlobsDep, ProjectScopeDep, SessionDep
from wf2des.api.figma_files import service
from wf2des.api.figma_files.docstore import DocstoreDep
from wf2des.api.figma_files.schemas import (
    ComponentSweepOut,
    FigmaFileDetail,
    FigmaFileList,
    FileRegistration,
    RoleName,
)
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response
from wf2des.assemble import ProjectConfig
from wf2des.integrations.docstore.schema import FIGMA_FILE_KEY_PATTERN

__all__ = ["router"]

router = APIRouter(prefix="/v1/projects/{projectId}", tags=["figma-files"])

# Checked in the handler (after authentication and the project scope) so a bad key has its own stable code,
# ``invalid_figma_file_key``, and never tells another organization anything.
FigmaFileKey = Annotated[
    str,
    Path(alias="figmaFileKey", json_schema_extra={"pattern": FIGMA_FILE_KEY_PATTERN, "maxLength": 255}),
]
_READ = problem_responses(401, 404, 422, 503)


@router.put(
    "/figma-files/{figmaFileKey}",
    response_model=FigmaFileDetail,
    responses={201: {"model": FigmaFileDetail, "description": "Registered"}, **_READ},
    summary="Register a Figma file, or change its role",
)
async def register_figma_file(
    scope: ProjectScopeDep, db: DocstoreDep, figma_file_key: FigmaFileKey, body: FileRegistration
) -> Response:
    result = await service.register(db, scope, service.check_file_key(figma_file_key), body.role)
    if result.created:
        location = f"/v1/projects/{scope.project_id}/figma-files/{figma_file_key}"
        return model_response(result.file, status.HTTP_201_CREATED, {"Location": location})
    return model_response(result.file)


@router.get(
    "/figma-files", response_model=FigmaFileList, responses=_READ, summary="Registered files and sync state"
)
async def list_figma_files(
    scope: ProjectScopeDep, db: DocstoreDep, role: Annotated[RoleName | None, Query()] = None
) -> Response:
    return model_response(FigmaFileList(items=await service.list_files(db, scope, role)))


@router.get(
    "/figma-files/{figmaFileKey}",
    response_model=FigmaFileDetail,
    responses=_READ,
    summary="One file: sync state and style captures",
)
async def get_figma_file(scope: ProjectScopeDep, db: DocstoreDep, figma_file_key: FigmaFileKey) -> Response:
    return model_response(await service.get_file(db, scope, service.check_file_key(figma_file_key)))


@router.post(
    "/component-sweeps",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=ComponentSweepOut,
    responses=_READ,
    summary="Sweep the project's registered files (wf2des.component_sweep.run)",
)
async def start_component_sweep(scope: ProjectScopeDep, session: SessionDep, db: DocstoreDep) -> Response:
    run_id, files = await service.dispatch_sweep(session, db, scope)
    return model_response(ComponentSweepOut(run_id=run_id, files=files), status.HTTP_202_ACCEPTED)


_CONFIG_READ = problem_responses(401, 404, 409, 422)
# Saving checks component rules against the swept library in the document store (422 component_rule_unknown).
_CONFIG_WRITE = problem_responses(401, 404, 409, 422, 503)


@router.put(
    "/wf2des/config",
    response_model=ProjectConfig,
    responses={201: {"model": ProjectConfig, "description": "First config of the project"}, **_CONFIG_WRITE},
    summary="Store a new version of the project's ingest config (schemas/project-config.v1.json)",
)
async def put_project_config(
    scope: ProjectScopeDep, blobs: BlobsDep, db: DocstoreDep, body: ProjectConfig
) -> Response:
    stored, created = await service.put_config(blobs, scope, body, db)
    return _config_response(stored.config, stored.version, status.HTTP_201_CREATED if created else 200)


@router.get(
    "/wf2des/config",
    response_model=ProjectConfig,
    responses=_CONFIG_READ,
    summary="The project's current ingest config",
)
async def get_project_config(scope: ProjectScopeDep, blobs: BlobsDep) -> Response:
    stored = await service.get_config(blobs, scope)
    return _config_response(stored.config, stored.version, 200)


def _config_response(config: ProjectConfig, version: str | None, status_code: int) -> Response:
    body: dict[str, Any] = config.to_json()
    headers = {"ETag": f'"{version}"'} if version else None
    return JSONResponse(body, status_code=status_code, headers=headers)

"""HTTP surface of a project's Figma files, under ``/v1/projects/{projectId}``."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response, status

from wf2des.api.deps import ProjectScopeDep
from wf2des.api.docstore import DocstoreDep
from wf2des.api.figma_files import service
from wf2des.api.figma_files.schemas import FigmaFileDetail, FigmaFileList, FileRegistration, RoleName
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response
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

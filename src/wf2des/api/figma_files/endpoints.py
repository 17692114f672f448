"""HTTP surface of a project's Figma files, under ``/v1/projects/{projectId}``."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response, status

from wf2des.api.deps import ProjectScopeDep, SessionDep, StateDep
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
    responses={
        201: {"model": FigmaFileDetail, "description": "Registered"},
        **_READ,
        **problem_responses(403, 409, 502),
    },
    summary="Register a Figma file, or change its role",
    description="The organization's Figma credential must be able to read the file (one GET "
    "/v1/files/:key/meta): a file Figma does not show that account is a 404 figma_file_not_found, one it "
    "may not read a 403 figma_file_not_readable.",
)
async def register_figma_file(
    scope: ProjectScopeDep,
    session: SessionDep,
    state: StateDep,
    db: DocstoreDep,
    figma_file_key: FigmaFileKey,
    body: FileRegistration,
) -> Response:
    key = service.check_file_key(figma_file_key)
    await service.check_access(session, state, scope, key)
    result = await service.register(db, scope, key, body.role)
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

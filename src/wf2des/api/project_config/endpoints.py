"""HTTP surface of a project's ingest config, under ``/v1/projects/{projectId}``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response, status
from fastapi.responses import JSONResponse

from wf2des.api.deps import BlobsDep, ProjectScopeDep
from wf2des.api.docstore import DocstoreDep
from wf2des.api.problems import problem_responses
from wf2des.api.project_config import service
from wf2des.assemble import ProjectConfig

__all__ = ["router"]

# Tagged with the project's Figma files, as before the split: the OpenAPI document (and the plugin's types
# generated from it) stays the same.
router = APIRouter(prefix="/v1/projects/{projectId}", tags=["figma-files"])

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

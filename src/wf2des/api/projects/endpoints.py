"""HTTP surface of ``/v1/projects``."""

from __future__ import annotations

from fastapi import APIRouter, Response

from wf2des.api.deps import CurrentPrincipal, SessionDep
from wf2des.api.problems import problem_responses
from wf2des.api.projects import service
from wf2des.api.projects.schemas import ProjectList
from wf2des.api.responses import model_response

__all__ = ["router"]

router = APIRouter(prefix="/v1/projects", tags=["projects"])


@router.get(
    "",
    response_model=ProjectList,
    responses=problem_responses(401),
    summary="The projects of the caller's organization(s), by name",
)
async def list_projects(principal: CurrentPrincipal, session: SessionDep) -> Response:
    return model_response(await service.list_projects(session, principal))

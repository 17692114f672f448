"""HTTP surface of a project's component sweeps, under ``/v1/projects/{projectId}``."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from wf2des.api.component_sweeps import service
from wf2des.api.component_sweeps.schemas import ComponentSweepOut
from wf2des.api.deps import ProjectScopeDep, SessionDep, StateDep
from wf2des.api.docstore import DocstoreDep
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response

__all__ = ["router"]

# Tagged with the project's Figma files, as before the split: the OpenAPI document (and the plugin's types
# generated from it) stays the same.
router = APIRouter(prefix="/v1/projects/{projectId}", tags=["figma-files"])


@router.post(
    "/component-sweeps",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=ComponentSweepOut,
    responses=problem_responses(401, 404, 409, 422, 502, 503),
    summary="Sweep the project's registered files (wf2des.component_sweep.run)",
)
async def start_component_sweep(
    scope: ProjectScopeDep, session: SessionDep, state: StateDep, db: DocstoreDep
) -> Response:
    run_id, files = await service.dispatch_sweep(session, state, db, scope)
    return model_response(ComponentSweepOut(run_id=run_id, files=files), status.HTTP_202_ACCEPTED)

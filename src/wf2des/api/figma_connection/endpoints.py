"""``/v1/organizations/{organizationId}/figma-connection`` (start, status, disconnect) and the browser's
``/figma/callback`` (not part of the JSON API: no CORS, not in OpenAPI).

Any member of the organization (its id in the caller's token) may connect or disconnect; another
organization's id is the same 404 as an unknown one.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Path, Query, Request, Response, status
from fastapi.responses import HTMLResponse

from wf2des.api.deps import CurrentPrincipal, SessionDep, StateDep
from wf2des.api.figma_connection import service
from wf2des.api.figma_connection.schemas import FigmaConnectionStarted, FigmaConnectionStatus
from wf2des.api.plugin_sessions.pages import cross_site, form_page, message_page
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response
from wf2des.api.tenancy import not_found
from wf2des.core.errors import NotFound, Wf2desError

__all__ = ["callback_router", "router"]


async def _organization(
    principal: CurrentPrincipal,
    organization_id: Annotated[int, Path(alias="organizationId", ge=1, le=2**63 - 1)],
) -> int:
    if organization_id not in principal.organization_ids:
        raise not_found()
    return organization_id


Organization = Annotated[int, Depends(_organization)]

router = APIRouter(prefix="/v1/organizations/{organizationId}/figma-connection", tags=["figma-connection"])


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=FigmaConnectionStarted,
    responses=problem_responses(401, 404, 422, 503),
    summary="Start connecting the organization's Figma account (OAuth 2)",
    description="Returns Figma's authorization URL (state and PKCE bound to this organization, valid 10 "
    "minutes). After the user allows access, Figma redirects to /figma/callback, which stores the tokens "
    "sealed; sweeps and wireframe reads then use them.",
)
async def start_figma_connection(
    session: SessionDep, state: StateDep, principal: CurrentPrincipal, organization_id: Organization
) -> Response:
    started = await service.start(session, state, organization_id, principal.subject)
    return model_response(started, status.HTTP_201_CREATED, {"Cache-Control": "no-store"})


@router.get(
    "",
    response_model=FigmaConnectionStatus,
    responses=problem_responses(401, 404, 422),
    summary="Whether the organization's Figma account is connected, by whom, with which scopes",
)
async def get_figma_connection(session: SessionDep, organization_id: Organization) -> Response:
    return model_response(await service.status(session, organization_id))


@router.delete(
    "",
    status_code=status.HTTP_204_NO_CONTENT,
    responses=problem_responses(401, 404, 422),
    summary="Disconnect: forget the organization's Figma tokens",
)
async def delete_figma_connection(session: SessionDep, organization_id: Organization) -> Response:
    await service.disconnect(session, organization_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


callback_router = APIRouter(prefix="/figma", include_in_schema=False)
_FAILED = "Figma not connected"


@callback_router.get("/callback")
async def figma_callback(
    session: SessionDep,
    state: StateDep,
    code: Annotated[str | None, Query(max_length=2048)] = None,
    state_value: Annotated[str | None, Query(alias="state", max_length=2048)] = None,
    error: Annotated[str | None, Query(max_length=256)] = None,
) -> HTMLResponse:
    """Figma's redirect: exchange the code, store nothing, ask the user to confirm the organization."""
    if error is not None or not code or not state_value:
        return message_page(_FAILED, "The authorization was cancelled or refused.", 400)
    try:
        pending = await service.exchange(session, state, code=code, state_value=state_value)
    except NotFound:
        return message_page(_FAILED, "This authorization is unknown or expired. Start again.", 400)
    except Wf2desError as exc:
        return message_page(_FAILED, exc.detail, exc.status if exc.status >= 400 else 502)
    return form_page(
        "Connect Figma",
        [
            f"Connect your Figma account to the wf2des organization “{pending.organization_name}” "
            f"(id {pending.organization_id})? Its members' sweeps and generations will read Figma files "
            "as you.",
            "Only continue if you started connecting Figma for this organization yourself. If someone "
            "sent you this link, close this page: it would let them read your Figma files.",
        ],
        "/figma/callback",
        {"grant": pending.sealed},
        "Connect this organization",
    )


@callback_router.post("/callback")
async def confirm_figma_connection(
    request: Request,
    session: SessionDep,
    state: StateDep,
    grant: Annotated[str, Form(max_length=4096)],
) -> HTMLResponse:
    if cross_site(request, state.settings.api_url):
        return message_page(_FAILED, "This form can only be sent from the connection page itself.", 403)
    try:
        await service.confirm(session, state, grant)
    except NotFound:
        return message_page(_FAILED, "This authorization is unknown or expired. Start again.", 400)
    return message_page(
        "Figma connected", "The organization's Figma account is connected. You can close this page."
    )

"""``/v1/plugin-sessions``: what the plugin calls (no bearer token: this is how it gets one)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response, status

from wf2des.api.deps import SessionDep, StateDep
from wf2des.api.plugin_sessions import service
from wf2des.api.plugin_sessions.schemas import (
    KEY_PATTERN,
    PluginSessionCreated,
    PluginSessionPending,
    PluginSessionToken,
)
from wf2des.api.problems import problem_responses
from wf2des.api.responses import model_response

__all__ = ["router"]

_REDACTED = "/v1/plugin-sessions/{readKey}"


def _redact_path(request: Request) -> None:
    """Replace the read key in the request's path once routing has used it.

    Error handlers log ``request.url.path`` and echo it as a problem's ``instance``; after this, both see
    the route template, so a read key never reaches a log line or an error body.
    """
    request.scope["path"] = _REDACTED
    request.scope["raw_path"] = _REDACTED.encode()


router = APIRouter(prefix="/v1/plugin-sessions", tags=["plugin-sessions"])

ReadKey = Annotated[str, Path(alias="readKey", pattern=KEY_PATTERN, description="the session's read key")]


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=PluginSessionCreated,
    responses=problem_responses(429, 503),
    summary="Start a plugin sign-in (no authentication)",
    description="Returns a read key to poll with, the login URL to open in the system browser and the "
    "confirmation code to show while waiting (the login page asks the user to compare it). The session "
    "expires after 5 minutes. One client may hold a limited number of pending sessions (429 beyond, with "
    "Retry-After).",
)
async def create_plugin_session(request: Request, session: SessionDep, state: StateDep) -> Response:
    created = await service.create(session, state, request.client.host if request.client else None)
    return model_response(created, status.HTTP_201_CREATED, {"Cache-Control": "no-store"})


@router.get(
    "/{readKey}",
    response_model=PluginSessionToken,
    responses={
        202: {
            "description": "The user has not signed in yet: poll again",
            "model": PluginSessionPending,
        },
        **problem_responses(404, 422),
    },
    summary="Poll a plugin sign-in: 202 while pending, the token exactly once, then 404",
    dependencies=[Depends(_redact_path)],
)
async def poll_plugin_session(session: SessionDep, read_key: ReadKey) -> Response:
    token = await service.poll(session, read_key)
    if token is None:
        return model_response(PluginSessionPending(), status.HTTP_202_ACCEPTED, {"Cache-Control": "no-store"})
    return model_response(token, headers={"Cache-Control": "no-store"})

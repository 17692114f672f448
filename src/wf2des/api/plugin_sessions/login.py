"""``/login``: the pages the system browser shows. Not part of the JSON API: no CORS, not in OpenAPI.

- ``GET /login?session=<writeKey>``: with ``WF2DES_AUTH_DEV``, a form showing the confirmation code and
  asking for organization and subject; otherwise a redirect into the OpenID Connect provider (authorization
  code + PKCE, ``state`` bound to the session).
- ``GET /login/callback``: the provider's redirect; exchanges the code, verifies and stores the token
  (unconfirmed), and shows the confirmation code with a confirm button.
- ``POST /login/confirm``: that button; releases the token to the plugin's next poll.
- ``POST /login/dev``: the dev form's submission (the dev form is its own confirmation).

No GET issues anything. Both POSTs carry a one-time confirm key that only the page showing the code holds,
and refuse a cross-site submission (``Sec-Fetch-Site``; ``Origin`` from browsers that do not send it).

Failures are pages too (a browser is reading), with the same status a problem document would carry. The
callback commits even when it fails, so the ``state`` it consumed stays consumed.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from wf2des.api.deps import SessionDep, StateDep
from wf2des.api.plugin_sessions import service
from wf2des.api.plugin_sessions.oidc import OidcClient
from wf2des.api.plugin_sessions.pages import PAGE_HEADERS, confirm_page, cross_site, dev_form, message_page
from wf2des.api.plugin_sessions.schemas import KEY_PATTERN
from wf2des.api.state import AppState
from wf2des.core.errors import NotFound, Unauthorized, Wf2desError

__all__ = ["router"]

router = APIRouter(prefix="/login", include_in_schema=False)

_DONE = "You can return to Figma."
_EXPIRED = "This sign-in link is unknown, already used or expired. Start the sign-in again from the plugin."

WriteKey = Annotated[str, Query(alias="session", pattern=KEY_PATTERN)]
ConfirmKey = Annotated[str, Form(alias="confirm", pattern=KEY_PATTERN)]


def _cross_site(request: Request, state: AppState) -> bool:
    return cross_site(request, state.settings.api_url)


def _refused_cross_site() -> HTMLResponse:
    return message_page("Sign-in refused", "This form can only be sent from the sign-in page itself.", 403)


def _oidc(state: AppState) -> OidcClient | None:
    settings, cfg = state.settings, state.api_settings
    if not settings.auth_issuer:
        return None
    if state.oidc is None:
        client_id = cfg.auth_client_id or settings.auth_audience
        if not client_id:
            return None
        state.oidc = OidcClient(
            settings.auth_issuer,
            client_id=client_id,
            client_secret=cfg.auth_client_secret.get_secret_value() if cfg.auth_client_secret else None,
            redirect_uri=f"{settings.api_url.rstrip('/')}/login/callback",
            scope=cfg.auth_scope,
        )
    return state.oidc


@router.get("")
async def login(session: SessionDep, state: StateDep, write_key: WriteKey) -> Response:
    if not await service.login_open(session, write_key):
        return message_page("Sign-in expired", _EXPIRED, 404)
    if state.dev_key is not None:
        confirmation = await service.begin_dev_login(session, write_key)
        if confirmation is None:
            return message_page("Sign-in expired", _EXPIRED, 404)
        return dev_form(write_key, confirmation.code, confirmation.confirm_key)
    oidc = _oidc(state)
    if oidc is None:
        return message_page("Sign-in unavailable", "Sign-in is not configured on this server.", 503)
    try:
        url = await service.begin_oidc_login(session, oidc, write_key)
    except Wf2desError as exc:
        return message_page("Sign-in unavailable", exc.detail, 502)
    if url is None:
        return message_page("Sign-in expired", _EXPIRED, 404)
    return RedirectResponse(url, status_code=303, headers=PAGE_HEADERS)


@router.get("/callback")
async def login_callback(
    session: SessionDep,
    state: StateDep,
    code: Annotated[str | None, Query(max_length=2048)] = None,
    state_value: Annotated[str | None, Query(alias="state", max_length=64)] = None,
    error: Annotated[str | None, Query(max_length=256)] = None,
) -> HTMLResponse:
    oidc = _oidc(state)
    if oidc is None or state.dev_key is not None:
        return message_page("Sign-in unavailable", "Sign-in is not configured on this server.", 503)
    if error is not None or not code or not state_value:
        return message_page("Sign-in failed", "The sign-in was cancelled or refused.", 400)
    try:
        confirmation = await service.complete_oidc_login(
            session, oidc, state.verifier, state_value=state_value, code=code
        )
    except NotFound:
        return message_page("Sign-in expired", _EXPIRED, 400)
    except Unauthorized:
        return message_page(
            "Sign-in failed", "The sign-in provider issued a token this service refuses.", 401
        )
    except Wf2desError as exc:
        return message_page("Sign-in failed", exc.detail, exc.status if exc.status >= 400 else 502)
    return confirm_page(confirmation.code, confirmation.confirm_key)


@router.post("/confirm")
async def login_confirm(
    request: Request, session: SessionDep, state: StateDep, confirm_key: ConfirmKey
) -> HTMLResponse:
    if _cross_site(request, state):
        return _refused_cross_site()
    if not await service.confirm(session, confirm_key):
        return message_page("Sign-in expired", _EXPIRED, 404)
    return message_page("Signed in", _DONE)


@router.post("/dev")
async def login_dev(
    request: Request,
    session: SessionDep,
    state: StateDep,
    write_key: Annotated[str, Form(alias="session", pattern=KEY_PATTERN)],
    confirm_key: ConfirmKey,
    organization: Annotated[int, Form(ge=1, le=2**63 - 1)],
    subject: Annotated[str, Form(min_length=1, max_length=255)] = "dev-user",
) -> HTMLResponse:
    if state.dev_key is None:
        return message_page("Sign-in unavailable", "Development sign-in is off on this server.", 404)
    if _cross_site(request, state):
        return _refused_cross_site()
    if not await service.dev_login(
        session,
        state,
        write_key=write_key,
        confirm_key=confirm_key,
        organization=organization,
        subject=subject,
    ):
        return message_page("Sign-in expired", _EXPIRED, 404)
    return message_page("Signed in", _DONE)

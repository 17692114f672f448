"""Connecting an organization's Figma account: start, callback, status, disconnect.

The authorization request's ``state`` is the binding: a value sealed with the at-rest key that names the
organization, the member who started, a PKCE verifier and a nonce, and that opens for 10 minutes only.
Nothing is stored until the user confirms, so an abandoned start leaves no row; a forged or expired state
opens to nothing. The tokens Figma answers are sealed before they reach PostgreSQL.

Confirmation: anyone can start a connection for their own organization and send the authorize URL to
someone else; whoever allows access in Figma would connect *their* Figma account to the sender's
organization. So the callback (a GET) exchanges the code but stores nothing: it shows which organization is
about to be connected and a button; its POST carries the exchanged grant sealed (10 minutes), which only that
page holds, and stores it.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.figma_connection.schemas import FigmaConnectionStarted, FigmaConnectionStatus
from wf2des.api.figma_connection.setup import FigmaAccess
from wf2des.api.plugin_sessions.oidc import new_code_verifier
from wf2des.api.state import AppState
from wf2des.api.tenancy import not_found
from wf2des.core.errors import NotFound, ServiceUnavailable
from wf2des.core.logging import get_logger
from wf2des.core.sealing import SealError
from wf2des.pg.repositories import FigmaConnectionRepository, ProjectRepository

__all__ = ["PendingConnection", "confirm", "disconnect", "exchange", "start", "status"]

STATE_MAX_AGE_SECONDS = 600
_log = get_logger("wf2des.figma_connection")


def _access(state: AppState) -> FigmaAccess:
    if state.figma is None:
        raise ServiceUnavailable(
            "Figma connections are not configured on this server (WF2DES_API_FIGMA_CLIENT_ID).",
            code="figma_oauth_not_configured",
        )
    return state.figma


async def start(
    session: AsyncSession, state: AppState, organization_id: int, subject: str
) -> FigmaConnectionStarted:
    access = _access(state)
    if await ProjectRepository(session).organization_name(organization_id) is None:
        raise not_found()
    verifier = new_code_verifier()
    sealed_state = access.at_rest.seal(
        json.dumps({"o": organization_id, "s": subject, "v": verifier, "n": secrets.token_urlsafe(8)})
    )
    url = access.oauth.authorization_url(state=sealed_state, code_verifier=verifier)
    expires_at = datetime.now(UTC) + timedelta(seconds=STATE_MAX_AGE_SECONDS)
    return FigmaConnectionStarted(authorize_url=url, expires_at=expires_at)


@dataclass(frozen=True, slots=True)
class PendingConnection:
    """An exchanged grant waiting for the user's confirmation: what the page shows, and what it posts."""

    organization_id: int
    organization_name: str
    sealed: str


def _unknown() -> NotFound:
    return NotFound("This Figma authorization is unknown or expired.", code="figma_state_unknown")


async def exchange(
    session: AsyncSession, state: AppState, *, code: str, state_value: str
) -> PendingConnection:
    """Check the state, exchange the code; nothing is stored. NotFound for a forged or expired state."""
    access = _access(state)
    try:
        opened = json.loads(access.at_rest.open(state_value, max_age_seconds=STATE_MAX_AGE_SECONDS))
        organization_id, subject, verifier = int(opened["o"]), str(opened["s"]), str(opened["v"])
    except (SealError, ValueError, KeyError, TypeError):
        raise _unknown() from None
    name = await ProjectRepository(session).organization_name(organization_id)
    if name is None:
        raise _unknown()
    grant = await access.oauth.exchange(code, verifier)
    pending = {
        "o": organization_id,
        "s": subject,
        "a": grant.access_token,
        "r": grant.refresh_token,
        "e": grant.expires_in,
        "u": grant.user_id,
    }
    return PendingConnection(organization_id, name, access.at_rest.seal(json.dumps(pending)))


async def confirm(session: AsyncSession, state: AppState, sealed: str) -> int:
    """Store the confirmed grant (sealed at rest); the organization connected. NotFound when it expired."""
    access = _access(state)
    try:
        grant = json.loads(access.at_rest.open(sealed, max_age_seconds=STATE_MAX_AGE_SECONDS))
        organization_id, refresh_token = int(grant["o"]), str(grant["r"])
        access_token, expires_in = str(grant["a"]), int(grant["e"])
    except (SealError, ValueError, KeyError, TypeError):
        raise _unknown() from None
    await FigmaConnectionRepository(session).save(
        organization_id,
        figma_user_id=grant.get("u"),
        scopes=access.oauth.scopes,
        access_token_sealed=access.at_rest.seal(access_token),
        refresh_token_sealed=access.at_rest.seal(refresh_token),
        access_expires_at=datetime.now(UTC) + timedelta(seconds=expires_in),
        connected_by=str(grant["s"]),
    )
    _log.info("figma_connection.connected", organization_id=organization_id)
    return organization_id


async def status(session: AsyncSession, organization_id: int) -> FigmaConnectionStatus:
    record = await FigmaConnectionRepository(session).get(organization_id)
    if record is None:
        return FigmaConnectionStatus(connected=False)
    return FigmaConnectionStatus(
        connected=True,
        figma_user_id=record.figma_user_id,
        scopes=record.scopes.split(),
        connected_by=record.connected_by,
        connected_at=record.connected_at,
        access_expires_at=record.access_expires_at,
    )


async def disconnect(session: AsyncSession, organization_id: int) -> None:
    """Forget the tokens (Figma documents no revocation endpoint: the user revokes the app in Figma)."""
    if await FigmaConnectionRepository(session).remove(organization_id):
        _log.info("figma_connection.disconnected", organization_id=organization_id)

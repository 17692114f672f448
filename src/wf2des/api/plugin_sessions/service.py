"""Plugin sign-in rules: create, poll, and the two ways a token gets into a session (OIDC, dev).

Lifetime: a session lives ``plugin_session_ttl_seconds`` (5 minutes) from creation, whether or not a token
was stored in it; expired rows are purged whenever a session is created. The token is handed out by exactly
one poll (the row is deleted as it is read). Keys are looked up by their SHA-256 only.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import TokenVerifier, mint_dev_token
from wf2des.api.plugin_sessions.keys import key_hash, new_key
from wf2des.api.plugin_sessions.oidc import OidcClient, new_code_verifier
from wf2des.api.plugin_sessions.schemas import PluginSessionCreated, PluginSessionToken
from wf2des.api.state import AppState
from wf2des.core.errors import NotFound, ServiceUnavailable, Unauthorized
from wf2des.core.logging import get_logger
from wf2des.pg.repositories import ClaimedToken, PluginSessionRepository

__all__ = [
    "TooManySessions",
    "begin_oidc_login",
    "complete_oidc_login",
    "create",
    "dev_login",
    "login_open",
    "poll",
]

_log = get_logger("wf2des.plugin_sessions")


class TooManySessions(ServiceUnavailable):
    code = "too_many_pending_sign_ins"


async def create(session: AsyncSession, state: AppState) -> PluginSessionCreated:
    cfg = state.api_settings
    repo = PluginSessionRepository(session)
    purged = await repo.purge_expired()
    if await repo.count_live() >= cfg.plugin_sessions_max_pending:
        raise TooManySessions("Too many sign-ins are pending; retry in a minute.")
    read_key, write_key = new_key(), new_key()
    expires_at = datetime.now(UTC) + timedelta(seconds=cfg.plugin_session_ttl_seconds)
    await repo.add(
        read_key_hash=key_hash(read_key), write_key_hash=key_hash(write_key), expires_at=expires_at
    )
    _log.info("plugin_session.created", purged=purged)
    login_url = f"{state.settings.api_url.rstrip('/')}/login?session={write_key}"
    return PluginSessionCreated(read_key=read_key, login_url=login_url, expires_at=expires_at)


async def poll(session: AsyncSession, read_key: str) -> PluginSessionToken | None:
    """The token (once), ``None`` while pending; :class:`NotFound` if unknown, expired or already claimed."""
    outcome = await PluginSessionRepository(session).claim(key_hash(read_key))
    if isinstance(outcome, ClaimedToken):
        _log.info("plugin_session.claimed")
        return PluginSessionToken(access_token=outcome.access_token, expires_at=outcome.expires_at)
    if outcome.value == "pending":
        return None
    raise NotFound("The sign-in session does not exist or has expired.", code="plugin_session_not_found")


async def login_open(session: AsyncSession, write_key: str) -> bool:
    return await PluginSessionRepository(session).open_for_login(key_hash(write_key))


async def begin_oidc_login(session: AsyncSession, oidc: OidcClient, write_key: str) -> str | None:
    """The provider's authorization URL, with a fresh ``state`` and PKCE verifier bound to the session."""
    state_value, verifier = new_key(), new_code_verifier()
    bound = await PluginSessionRepository(session).begin_login(
        key_hash(write_key), state_hash=key_hash(state_value), code_verifier=verifier
    )
    if not bound:
        return None
    return await oidc.authorization_url(state=state_value, code_verifier=verifier)


async def complete_oidc_login(
    session: AsyncSession, oidc: OidcClient, verifier: TokenVerifier, *, state_value: str, code: str
) -> None:
    """Consume the state (once), exchange the code, verify the token like any request, store it.

    Raises :class:`NotFound` for an unknown, consumed or expired state, :class:`OidcError` when the provider
    refuses, :class:`Unauthorized` when the token does not verify. The state stays consumed either way: the
    caller commits even on failure, so one authorization response is usable exactly once.
    """
    repo = PluginSessionRepository(session)
    pending = await repo.consume_state(key_hash(state_value))
    if pending is None:
        raise NotFound("This sign-in link was already used or has expired.", code="login_state_unknown")
    response = await oidc.exchange(code, pending.code_verifier)
    token = await _verified_token(verifier, response)
    stored = await repo.store_token(
        read_key_hash=pending.read_key_hash, access_token=token, token_expires_at=_expiry(token)
    )
    if not stored:
        raise NotFound("The sign-in session expired.", code="login_state_unknown")
    _log.info("plugin_session.signed_in", method="oidc")


async def dev_login(
    session: AsyncSession, state: AppState, *, write_key: str, organization: int, subject: str
) -> bool:
    """Issue a dev token (``WF2DES_AUTH_DEV``) for the given organization and subject; False if no session."""
    assert state.dev_key is not None
    cfg = state.api_settings
    token = mint_dev_token(
        state.dev_key,
        issuer=cfg.dev_issuer,
        audience=cfg.dev_audience,
        org_claim=state.settings.auth_org_claim,
        organization=str(organization),
        subject=subject,
        ttl=cfg.dev_token_ttl_seconds,
    )
    await state.verifier.authenticate(f"Bearer {token}")  # the same path as every request
    stored = await PluginSessionRepository(session).store_token(
        write_key_hash=key_hash(write_key), access_token=token, token_expires_at=_expiry(token)
    )
    if stored:
        _log.info("plugin_session.signed_in", method="dev")
    return stored


async def _verified_token(verifier: TokenVerifier, response: dict[str, Any]) -> str:
    """The access token when it verifies, else the ID token (Cognito puts custom claims on the ID token)."""
    for name in ("access_token", "id_token"):
        candidate = response.get(name)
        if not isinstance(candidate, str) or not candidate:
            continue
        try:
            await verifier.authenticate(f"Bearer {candidate}")
        except Unauthorized:
            continue
        return candidate
    raise Unauthorized(
        "The sign-in provider issued a token this service does not accept.", code="token_refused"
    )


def _expiry(token: str) -> datetime:
    claims = jwt.decode(token, options={"verify_signature": False})  # verified just before
    return datetime.fromtimestamp(int(claims["exp"]), UTC)

"""Plugin sign-in rules: create, poll, and the two ways a token gets into a session (OIDC, dev).

Lifetime: a session lives ``plugin_session_ttl_seconds`` (5 minutes) from creation, whether or not a token
was stored in it; expired rows are purged whenever a session is created. The token is handed out by exactly
one poll (the row is deleted as it is read). Keys are looked up by their SHA-256 only.

Confirmation: whoever creates a session holds its login URL, and may send it to someone else. So no token
reaches a poll until the person in the browser confirms, on a page showing the session's confirmation code,
that their plugin shows that same code. The confirm is a POST carrying a one-time confirm key that only that
page holds (a synchronizer token: the session's creator never sees it). With OpenID Connect the provider's
token is stored first and released by the confirm; the dev form is itself the confirmation.

Creation is capped per client (``plugin_sessions_max_pending_per_client``, 429 with ``Retry-After``) before
the global cap (503), so one client cannot fill the global cap and lock everyone else out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from math import ceil
from typing import Any

import jwt
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.auth import TokenVerifier, mint_dev_token
from wf2des.api.plugin_sessions.clients import client_key
from wf2des.api.plugin_sessions.keys import key_hash, new_confirmation_code, new_key
from wf2des.api.plugin_sessions.oidc import OidcClient, new_code_verifier
from wf2des.api.plugin_sessions.schemas import PluginSessionCreated, PluginSessionToken
from wf2des.api.state import AppState
from wf2des.core.errors import NotFound, ServiceUnavailable, TooManyRequests, Unauthorized
from wf2des.core.logging import get_logger
from wf2des.pg.repositories import ClaimedToken, PluginSessionRepository

__all__ = [
    "Confirmation",
    "TooManyClientSessions",
    "TooManySessions",
    "begin_dev_login",
    "begin_oidc_login",
    "complete_oidc_login",
    "confirm",
    "create",
    "dev_login",
    "login_open",
    "poll",
]

_log = get_logger("wf2des.plugin_sessions")


class TooManySessions(ServiceUnavailable):
    code = "too_many_pending_sign_ins"


class TooManyClientSessions(TooManyRequests):
    code = "too_many_sign_ins_from_client"


@dataclass(frozen=True, slots=True)
class Confirmation:
    """What the confirming page shows (the code) and carries back in its POST (the confirm key)."""

    code: str
    confirm_key: str


async def create(session: AsyncSession, state: AppState, client_host: str | None) -> PluginSessionCreated:
    cfg = state.api_settings
    repo = PluginSessionRepository(session)
    purged = await repo.purge_expired()
    client = client_key(client_host)
    mine = await repo.client_pending(client)
    if mine.count >= cfg.plugin_sessions_max_pending_per_client:
        wait = (mine.oldest_expires_at or datetime.now(UTC)) - datetime.now(UTC)
        _log.warning("plugin_session.client_cap", pending=mine.count)
        raise TooManyClientSessions(
            "Too many sign-ins were started from this address; finish or wait for one to expire.",
            retry_after_seconds=ceil(wait.total_seconds()),
        )
    if await repo.count_live() >= cfg.plugin_sessions_max_pending:
        raise TooManySessions("Too many sign-ins are pending; retry in a minute.")
    read_key, write_key, code = new_key(), new_key(), new_confirmation_code()
    expires_at = datetime.now(UTC) + timedelta(seconds=cfg.plugin_session_ttl_seconds)
    await repo.add(
        read_key_hash=key_hash(read_key),
        write_key_hash=key_hash(write_key),
        expires_at=expires_at,
        confirmation_code=code,
        client_key=client,
    )
    _log.info("plugin_session.created", purged=purged)
    login_url = f"{state.settings.api_url.rstrip('/')}/login?session={write_key}"
    return PluginSessionCreated(
        read_key=read_key, login_url=login_url, confirmation_code=code, expires_at=expires_at
    )


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


async def begin_dev_login(session: AsyncSession, write_key: str) -> Confirmation | None:
    """A fresh confirm key for the dev form of a live session without a token; None when there is none."""
    confirm_key = new_key()
    code = await PluginSessionRepository(session).begin_confirmation(
        key_hash(write_key), confirm_key_hash=key_hash(confirm_key)
    )
    return None if code is None else Confirmation(code, confirm_key)


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
) -> Confirmation:
    """Consume the state (once), exchange the code, verify the token like any request, store it unconfirmed.

    Returns what the confirmation page needs; nothing reaches a poll until :func:`confirm`. Raises
    :class:`NotFound` for an unknown, consumed or expired state, :class:`OidcError` when the provider
    refuses, :class:`Unauthorized` when the token does not verify. The state stays consumed either way: the
    caller commits even on failure, so one authorization response is usable exactly once.
    """
    repo = PluginSessionRepository(session)
    pending = await repo.consume_state(key_hash(state_value))
    if pending is None:
        raise NotFound("This sign-in link was already used or has expired.", code="login_state_unknown")
    response = await oidc.exchange(code, pending.code_verifier)
    token = await _verified_token(verifier, response)
    confirm_key = new_key()
    confirmation_code = await repo.store_unconfirmed(
        pending.read_key_hash,
        access_token=token,
        token_expires_at=_expiry(token),
        confirm_key_hash=key_hash(confirm_key),
    )
    if confirmation_code is None:
        raise NotFound("The sign-in session expired.", code="login_state_unknown")
    _log.info("plugin_session.signed_in", method="oidc")
    return Confirmation(confirmation_code, confirm_key)


async def confirm(session: AsyncSession, confirm_key: str) -> bool:
    """Release the stored token to the plugin's next poll; False when the key is unknown, spent or expired."""
    confirmed = await PluginSessionRepository(session).confirm(key_hash(confirm_key))
    if confirmed:
        _log.info("plugin_session.confirmed")
    return confirmed


async def dev_login(
    session: AsyncSession,
    state: AppState,
    *,
    write_key: str,
    confirm_key: str,
    organization: int,
    subject: str,
) -> bool:
    """Issue a dev token (``WF2DES_AUTH_DEV``) for the given organization and subject, confirmed at once.

    False when no live session matches both the write key and the form's confirm key.
    """
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
    stored = await PluginSessionRepository(session).store_confirmed(
        key_hash(write_key),
        confirm_key_hash=key_hash(confirm_key),
        access_token=token,
        token_expires_at=_expiry(token),
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

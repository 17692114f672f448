"""Figma's OAuth 2 authorization-code flow, as a client (``WF2DES_API_FIGMA_CLIENT_ID``).

Endpoints as Figma documents them: the user authorizes at ``https://www.figma.com/oauth``
(``WF2DES_FIGMA_OAUTH_URL``); the code is exchanged at ``POST {api}/v1/oauth/token`` and an access token
renewed at ``POST {api}/v1/oauth/refresh``, both with the app's client id and secret as HTTP Basic
credentials. Access tokens last 90 days; the refresh answer carries no new refresh token. The request also
sends a PKCE S256 challenge; the state stays the binding either way. Figma documents no revocation endpoint:
disconnecting deletes our copy, and the user (or an admin) revokes the app in Figma's settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge

from wf2des.core.errors import Wf2desError

__all__ = ["FigmaOAuth", "FigmaOAuthError", "TokenGrant"]


class FigmaOAuthError(Wf2desError):
    """Figma refused the authorization code or the refresh, or could not be reached; safe to show."""

    status = 502
    title = "Error"
    code = "figma_oauth_failed"


@dataclass(frozen=True, slots=True)
class TokenGrant:
    access_token: str
    expires_in: int
    refresh_token: str | None = None
    user_id: str | None = None

    def __repr__(self) -> str:  # never print a token
        return f"TokenGrant(expires_in={self.expires_in}, user_id={self.user_id!r})"


class FigmaOAuth:
    def __init__(
        self,
        *,
        authorize_url: str,
        api_url: str,
        client_id: str,
        client_secret: str,
        redirect_uri: str,
        scopes: str,
        timeout: float = 10.0,
    ) -> None:
        self._authorize_url = authorize_url
        self._api_url = api_url.rstrip("/")
        self._client_id = client_id
        self._client_secret = client_secret
        self.redirect_uri = redirect_uri
        self.scopes = scopes
        self._timeout = timeout

    def authorization_url(self, *, state: str, code_verifier: str) -> str:
        uri: str = prepare_grant_uri(
            self._authorize_url,
            self._client_id,
            "code",
            redirect_uri=self.redirect_uri,
            scope=self.scopes,
            state=state,
            code_challenge=create_s256_code_challenge(code_verifier),
            code_challenge_method="S256",
        )
        return uri

    async def exchange(self, code: str, code_verifier: str) -> TokenGrant:
        form = {
            "redirect_uri": self.redirect_uri,
            "code": code,
            "grant_type": "authorization_code",
            "code_verifier": code_verifier,
        }
        body = await self._post("/v1/oauth/token", form, "the authorization code")
        grant = _grant(body)
        if grant.refresh_token is None:
            raise FigmaOAuthError("Figma answered the authorization code without a refresh token.")
        return grant

    async def refresh(self, refresh_token: str) -> TokenGrant:
        return _grant(await self._post("/v1/oauth/refresh", {"refresh_token": refresh_token}, "the refresh"))

    async def _post(self, path: str, form: dict[str, str], what: str) -> dict[str, Any]:
        try:
            async with httpx.AsyncClient(timeout=self._timeout, follow_redirects=False) as http:
                response = await http.post(
                    self._api_url + path,
                    data=form,
                    auth=httpx.BasicAuth(self._client_id, self._client_secret),
                    headers={"Accept": "application/json"},
                )
        except httpx.HTTPError:
            raise FigmaOAuthError("Figma could not be reached.") from None
        if response.status_code != 200:
            raise FigmaOAuthError(f"Figma refused {what} (HTTP {response.status_code}).")
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise FigmaOAuthError("Figma answered something that is not a token.")
        return body


def _grant(body: dict[str, Any]) -> TokenGrant:
    access, expires_in = body.get("access_token"), body.get("expires_in")
    if not isinstance(access, str) or not access or not isinstance(expires_in, int) or expires_in <= 0:
        raise FigmaOAuthError("Figma answered something that is not a token.")
    refresh = body.get("refresh_token")
    user = body.get("user_id_string", body.get("user_id"))
    return TokenGrant(
        access_token=access,
        expires_in=expires_in,
        refresh_token=refresh if isinstance(refresh, str) and refresh else None,
        user_id=str(user) if isinstance(user, (str, int)) and not isinstance(user, bool) else None,
    )

"""The OpenID Connect authorization-code flow with PKCE, as a client of ``WF2DES_AUTH_ISSUER``.

Endpoints come from the issuer's discovery document (``/.well-known/openid-configuration``), which must name
the configured issuer exactly (OpenID Connect Discovery §4.3) and is validated by authlib. Request building
(authorization URI, S256 challenge, token request body) is authlib's; HTTP is httpx, like every other
outbound call here. The token the provider returns is *not* trusted as such: the caller verifies it with the
same verifier as every API request before storing it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import httpx
from authlib.common.security import generate_token
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri, prepare_token_request
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.discovery import OpenIDProviderMetadata

from wf2des.core.errors import Wf2desError

__all__ = ["OidcClient", "OidcError", "new_code_verifier"]

_DISCOVERY_TTL_SECONDS = 3600.0


class OidcError(Wf2desError):
    """The provider could not be used or refused the exchange; the message is safe to show."""

    status = 502
    title = "Error"
    code = "sign_in_failed"


def new_code_verifier() -> str:
    """RFC 7636 §4.1: 43–128 characters of the unreserved set; 64 here."""
    return str(generate_token(64))


@dataclass(frozen=True, slots=True)
class _Endpoints:
    authorization: str
    token: str


class OidcClient:
    def __init__(
        self,
        issuer: str,
        *,
        client_id: str,
        client_secret: str | None,
        redirect_uri: str,
        scope: str = "openid",
        timeout: float = 10.0,
    ) -> None:
        self.issuer = issuer
        self._client_id = client_id
        self._client_secret = client_secret
        self.redirect_uri = redirect_uri
        self._scope = scope
        self._timeout = timeout
        self._endpoints: tuple[_Endpoints, float] | None = None

    def _http(self) -> httpx.AsyncClient:
        # One client per call: sign-ins are rare, and nothing is left to close at shutdown.
        return httpx.AsyncClient(timeout=self._timeout, follow_redirects=False)

    async def authorization_url(self, *, state: str, code_verifier: str) -> str:
        endpoints = await self._discover()
        uri: str = prepare_grant_uri(
            endpoints.authorization,
            self._client_id,
            "code",
            redirect_uri=self.redirect_uri,
            scope=self._scope,
            state=state,
            code_challenge=create_s256_code_challenge(code_verifier),
            code_challenge_method="S256",
        )
        return uri

    async def exchange(self, code: str, code_verifier: str) -> dict[str, Any]:
        """The token response for ``code``; raises :class:`OidcError` for any refusal."""
        endpoints = await self._discover()
        fields: dict[str, Any] = {
            "code": code,
            "redirect_uri": self.redirect_uri,
            "code_verifier": code_verifier,
        }
        auth: httpx.Auth | None = None
        if self._client_secret:
            auth = httpx.BasicAuth(self._client_id, self._client_secret)
        else:
            fields["client_id"] = self._client_id  # a public client (PKCE) names itself in the body
        body = prepare_token_request("authorization_code", **fields)
        try:
            async with self._http() as http:
                response = await http.post(
                    endpoints.token,
                    content=body,
                    auth=auth or httpx.USE_CLIENT_DEFAULT,
                    headers={
                        "Content-Type": "application/x-www-form-urlencoded",
                        "Accept": "application/json",
                    },
                )
        except httpx.HTTPError:
            raise OidcError("The sign-in provider could not be reached.") from None
        if response.status_code != 200:
            raise OidcError("The sign-in provider refused the authorization code.")
        try:
            token: dict[str, Any] = response.json()
        except ValueError:
            raise OidcError("The sign-in provider answered something that is not a token.") from None
        if not isinstance(token, dict):
            raise OidcError("The sign-in provider answered something that is not a token.")
        return token

    async def _discover(self) -> _Endpoints:
        cached = self._endpoints
        if cached is not None and time.monotonic() - cached[1] < _DISCOVERY_TTL_SECONDS:
            return cached[0]
        url = self.issuer.rstrip("/") + "/.well-known/openid-configuration"
        try:
            async with self._http() as http:
                response = await http.get(url, headers={"Accept": "application/json"})
            response.raise_for_status()
            metadata = OpenIDProviderMetadata(response.json())
            metadata.validate()
        except (httpx.HTTPError, ValueError, TypeError, KeyError):
            raise OidcError("The sign-in provider's discovery document could not be read.") from None
        if metadata.get("issuer") != self.issuer:
            raise OidcError("The sign-in provider's discovery document names another issuer.")
        methods = metadata.get("code_challenge_methods_supported")
        if methods is not None and "S256" not in methods:
            raise OidcError("The sign-in provider does not support PKCE (S256).")
        endpoints = _Endpoints(str(metadata["authorization_endpoint"]), str(metadata["token_endpoint"]))
        self._endpoints = (endpoints, time.monotonic())
        return endpoints

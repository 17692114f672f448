"""Figma's OAuth 2 provider, faked for tests: authorize, token, refresh, and who may read which file.

Mounted on :class:`~wf2des.integrations.figma.fake.FakeFigma` (``fake.oauth = FakeFigmaOAuth(...)``), it
answers the three endpoints of Figma's authorization-code flow as Figma's docs describe them::

    GET  /oauth?client_id&redirect_uri&scope&state&response_type=code[&code_challenge&…]  (www.figma.com)
    POST /v1/oauth/token    grant_type=authorization_code, code, redirect_uri[, code_verifier]
    POST /v1/oauth/refresh  refresh_token
                            (both with the app's client id and secret as HTTP Basic credentials)

and decides, per access token, which files its Figma account can read: ``accounts`` maps an account to its
file keys, and the next authorization approves as ``approve_as`` (the user the browser is signed in as).
A file another account owns answers 404, as Figma does for a file the caller cannot see; an unknown,
expired or refreshed-away access token answers 403 "Invalid token".
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

__all__ = ["FakeFigmaOAuth"]

JSON = dict[str, Any]


@dataclass
class _Grant:
    account: str
    client_id: str
    redirect_uri: str
    scope: str
    code_challenge: str | None


@dataclass
class FakeFigmaOAuth:
    client_id: str
    client_secret: str
    accounts: dict[str, set[str]] = field(default_factory=dict)
    approve_as: str = ""
    expires_in: int = 90 * 24 * 3600  # Figma's access tokens last 90 days
    # What happened, for tests to assert on.
    issued: list[str] = field(default_factory=list)
    refreshes: int = 0
    _codes: dict[str, _Grant] = field(default_factory=dict)
    _access: dict[str, tuple[str, float]] = field(default_factory=dict)  # token → (account, expiry)
    _refresh: dict[str, str] = field(default_factory=dict)  # refresh token → account
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # -- the file-access rule FakeFigma asks ---------------------------------------------------------------

    def account_of(self, token: str) -> str | None:
        """The account of a live access token; None when the token is not (or no longer) one of ours."""
        with self._lock:
            found = self._access.get(token)
        if found is None or found[1] < time.time():
            return None
        return found[0]

    def can_read(self, account: str, file_key: str) -> bool:
        return file_key in self.accounts.get(account, set())

    def expire(self, token: str) -> None:
        with self._lock:
            account, _ = self._access[token]
            self._access[token] = (account, 0.0)

    # -- HTTP -----------------------------------------------------------------------------------------------

    def authorize(self, query: dict[str, list[str]]) -> tuple[int, dict[str, str]]:
        """The browser visits: the user (``approve_as``) allows access at once; 302 back with code, state."""
        one = {k: v[0] for k, v in query.items() if v}
        if one.get("client_id") != self.client_id or one.get("response_type") != "code":
            return 400, {}
        code = secrets.token_urlsafe(16)
        with self._lock:
            self._codes[code] = _Grant(
                account=self.approve_as,
                client_id=one["client_id"],
                redirect_uri=one.get("redirect_uri", ""),
                scope=one.get("scope", ""),
                code_challenge=one.get("code_challenge"),
            )
        target = one.get("redirect_uri", "") + "?" + urlencode({"code": code, "state": one.get("state", "")})
        return 302, {"Location": target}

    def post(self, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, JSON]:
        if not self._client_ok(headers):
            return 401, {"error": True, "status": 401, "message": "Invalid client credentials"}
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8")).items() if v}
        if path == "/v1/oauth/token" and form.get("grant_type") == "authorization_code":
            return self._exchange(form)
        if path == "/v1/oauth/refresh":
            return self._refreshed(form)
        return 400, {"error": True, "status": 400, "message": "Unsupported request"}

    def _client_ok(self, headers: dict[str, str]) -> bool:
        lowered = {k.lower(): v for k, v in headers.items()}
        expected = base64.b64encode(f"{self.client_id}:{self.client_secret}".encode()).decode()
        return secrets.compare_digest(lowered.get("authorization", ""), f"Basic {expected}")

    def _exchange(self, form: dict[str, str]) -> tuple[int, JSON]:
        with self._lock:
            grant = self._codes.pop(form.get("code", ""), None)  # a code works once
        if grant is None or grant.redirect_uri != form.get("redirect_uri"):
            return 400, {"error": True, "status": 400, "message": "Invalid code"}
        if grant.code_challenge is not None:
            verifier = form.get("code_verifier", "")
            digest = hashlib.sha256(verifier.encode()).digest()
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != grant.code_challenge:
                return 400, {"error": True, "status": 400, "message": "Invalid code_verifier"}
        access, refresh = self._issue(grant.account), f"figr_{secrets.token_urlsafe(24)}"
        with self._lock:
            self._refresh[refresh] = grant.account
        user_id = str(int(hashlib.sha256(grant.account.encode()).hexdigest()[:10], 16))
        body = {
            "user_id": int(user_id),
            "user_id_string": user_id,
            "access_token": access,
            "refresh_token": refresh,
            "expires_in": self.expires_in,
        }
        return 200, body

    def _refreshed(self, form: dict[str, str]) -> tuple[int, JSON]:
        with self._lock:
            account = self._refresh.get(form.get("refresh_token", ""))
        if account is None:
            return 400, {"error": True, "status": 400, "message": "Invalid refresh token"}
        self.refreshes += 1
        return 200, {"access_token": self._issue(account), "expires_in": self.expires_in}

    def _issue(self, account: str) -> str:
        token = f"figu_{secrets.token_urlsafe(24)}"
        with self._lock:
            self._access[token] = (account, time.time() + self.expires_in)
            self.issued.append(token)
        return token

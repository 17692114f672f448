"""A local OpenID provider for the sign-in tests: discovery, JWKS, authorization and token endpoints.

It signs RS256 tokens with a key made at start-up, shaped like Cognito's access and ID tokens, and behaves
like a strict provider: a code is single-use, bound to its ``redirect_uri`` and PKCE challenge (S256 only).
``/authorize`` approves at once (there is no user to click) as ``subject`` in ``organization``.
"""

from __future__ import annotations

import base64
import hashlib
import http.server
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


@dataclass
class OpenIdProvider:
    client_id: str
    organization: str = "1"
    subject: str = "op-user"
    token_issuer: str | None = None  # None: the provider's own issuer; set to sign as another issuer
    url: str = ""
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    _key: rsa.RSAPrivateKey = field(default_factory=lambda: rsa.generate_private_key(65537, 2048))
    _server: http.server.ThreadingHTTPServer | None = None

    def start(self) -> None:
        provider = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                provider._get(self)

            def do_POST(self) -> None:
                provider._post(self)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.url,
            "authorization_endpoint": f"{self.url}/authorize",
            "token_endpoint": f"{self.url}/token",
            "jwks_uri": f"{self.url}/jwks.json",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
            "grant_types_supported": ["authorization_code"],
            "token_endpoint_auth_methods_supported": ["none"],
        }

    def jwks(self) -> dict[str, Any]:
        jwk: dict[str, Any] = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self._key.public_key()))
        jwk.update({"kid": "op-1", "alg": "RS256", "use": "sig"})
        return {"keys": [jwk]}

    def sign(self, claims: dict[str, Any]) -> str:
        pem = self._key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return jwt.encode(claims, pem, algorithm="RS256", headers={"kid": "op-1"})

    # --- HTTP -------------------------------------------------------------------------------------------

    def _get(self, request: http.server.BaseHTTPRequestHandler) -> None:
        parts = urlsplit(request.path)
        if parts.path == "/.well-known/openid-configuration":
            _json(request, 200, self.discovery())
        elif parts.path == "/jwks.json":
            _json(request, 200, self.jwks())
        elif parts.path == "/authorize":
            self._authorize(request, {k: v[0] for k, v in parse_qs(parts.query).items()})
        else:
            _json(request, 404, {"error": "not_found"})

    def _authorize(self, request: http.server.BaseHTTPRequestHandler, q: dict[str, str]) -> None:
        if (
            q.get("response_type") != "code"
            or q.get("client_id") != self.client_id
            or q.get("code_challenge_method") != "S256"
            or not q.get("code_challenge")
            or not q.get("redirect_uri")
            or "openid" not in q.get("scope", "").split()
        ):
            _json(request, 400, {"error": "invalid_request"})
            return
        code = secrets.token_urlsafe(24)
        self.codes[code] = {
            "challenge": q["code_challenge"],
            "redirect_uri": q["redirect_uri"],
            "used": False,
        }
        location = q["redirect_uri"] + "?" + urlencode({"code": code, "state": q.get("state", "")})
        request.send_response(302)
        request.send_header("Location", location)
        request.send_header("Content-Length", "0")
        request.end_headers()

    def _post(self, request: http.server.BaseHTTPRequestHandler) -> None:
        if urlsplit(request.path).path != "/token":
            _json(request, 404, {"error": "not_found"})
            return
        length = int(request.headers.get("Content-Length", "0"))
        form = {k: v[0] for k, v in parse_qs(request.rfile.read(length).decode()).items()}
        grant = self.codes.get(form.get("code", ""))
        verifier = form.get("code_verifier", "")
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        if (
            form.get("grant_type") != "authorization_code"
            or form.get("client_id") != self.client_id
            or grant is None
            or grant["used"]
            or grant["redirect_uri"] != form.get("redirect_uri")
            or grant["challenge"] != challenge
        ):
            self.refused.append(form.get("code", ""))
            _json(request, 400, {"error": "invalid_grant"})
            return
        grant["used"] = True
        now = int(time.time())
        common = {"iss": self.token_issuer or self.url, "sub": self.subject, "iat": now, "exp": now + 3600}
        access = {
            **common,
            "token_use": "access",
            "client_id": self.client_id,
            "custom:organization_id": self.organization,
        }
        identity = {
            **common,
            "token_use": "id",
            "aud": self.client_id,
            "custom:organization_id": self.organization,
        }
        _json(
            request,
            200,
            {
                "access_token": self.sign(access),
                "id_token": self.sign(identity),
                "token_type": "Bearer",
                "expires_in": 3600,
            },
        )


def _json(request: http.server.BaseHTTPRequestHandler, status: int, body: dict[str, Any]) -> None:
    raw = json.dumps(body).encode()
    request.send_response(status)
    request.send_header("Content-Type", "application/json")
    request.send_header("Content-Length", str(len(raw)))
    request.end_headers()
    request.wfile.write(raw)

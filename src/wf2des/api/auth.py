"""Bearer-token authentication: RS256 JWTs checked against a JWKS (Amazon Cognito in production).

Checks, in order: the header names a key in the JWKS (fetched through PyJWT's ``PyJWKClient``, which
re-fetches on an unknown ``kid`` and so follows key rotation), the RS256 signature, ``exp``/``iat``, the
issuer, ``token_use`` (``access`` → ``client_id`` must equal the audience; ``id`` → ``aud`` must), and a
non-empty ``sub``. Any failure is a 401 with the same body, so a caller learns nothing about which check
failed.

Development mode (``WF2DES_AUTH_DEV``) keeps an RSA key under ``Settings.data_dir`` (created on first use,
mode 0600). The app serves its JWKS at ``/.well-known/jwks.json`` and verifies dev tokens through the very
same path, only with the JWKS read from that key instead of over HTTP.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt import PyJWK, PyJWKClient

from wf2des.core.errors import ConfigError, Unauthorized
from wf2des.core.settings import Settings

__all__ = ["DevKey", "Principal", "TokenVerifier", "build_verifier", "load_dev_key", "mint_dev_token"]

_KEY_TTL_SECONDS = 3600.0
_VERIFIED_TTL_SECONDS = 300.0
_VERIFIED_MAX = 4096


@dataclass(frozen=True, slots=True)
class Principal:
    """An authenticated caller: the ``sub`` used as audit actor and the organizations named by the token."""

    subject: str
    organization_ids: frozenset[int]


class _StaticJWKClient(PyJWKClient):
    """A ``PyJWKClient`` whose JWKS comes from memory (dev mode), so verification code is shared."""

    def __init__(self, jwks: dict[str, Any]) -> None:
        super().__init__("http://wf2des-dev.invalid/.well-known/jwks.json", cache_jwk_set=False)
        self._static = jwks

    def fetch_data(self) -> Any:
        return self._static


class TokenVerifier:
    def __init__(
        self,
        jwks: PyJWKClient | None,
        *,
        issuer: str | None,
        audience: str | None,
        org_claim: str,
        leeway: int = 30,
    ) -> None:
        self._jwks = jwks
        self._issuer = issuer
        self._audience = audience
        self._org_claim = org_claim
        self._leeway = leeway
        # kid → (key, fetched at): verification stays on the event loop except when a key must be fetched.
        self._keys: dict[str, tuple[PyJWK, float]] = {}
        # token → (principal, valid until): a plugin repeats one token for many requests; an RS256 verify per
        # request is the largest CPU cost of a cheap GET. Entries never outlive the token's ``exp``.
        self._verified: dict[str, tuple[Principal, float]] = {}

    async def authenticate(self, authorization: str | None) -> Principal:
        if self._jwks is None:
            raise Unauthorized("Authentication is not configured on this server.")
        token = _bearer(authorization)
        hit = self._verified.get(token)
        if hit is not None and hit[1] > time.time():
            return hit[0]
        try:
            kid = jwt.get_unverified_header(token).get("kid")
        except jwt.PyJWTError:
            raise _invalid() from None
        if not isinstance(kid, str) or not kid or len(kid) > 256:
            raise _invalid()
        key = self._cached(kid)
        if key is None:
            key = await anyio.to_thread.run_sync(self._fetch, kid)
        principal, expires = self._decode(token, key)
        if len(self._verified) >= _VERIFIED_MAX:
            self._verified.clear()
        self._verified[token] = (principal, min(expires, time.time() + _VERIFIED_TTL_SECONDS))
        return principal

    def _cached(self, kid: str) -> PyJWK | None:
        hit = self._keys.get(kid)
        if hit is None or time.monotonic() - hit[1] > _KEY_TTL_SECONDS:
            return None
        return hit[0]

    def _fetch(self, kid: str) -> PyJWK:
        assert self._jwks is not None
        try:
            key = self._jwks.get_signing_key(kid)
        except jwt.PyJWTError:
            raise _invalid() from None
        self._keys[kid] = (key, time.monotonic())
        return key

    def _decode(self, token: str, key: PyJWK) -> tuple[Principal, float]:
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                key.key,
                algorithms=["RS256"],
                issuer=self._issuer,
                leeway=self._leeway,
                options={"require": ["exp", "iat", "sub"], "verify_aud": False},
            )
        except jwt.PyJWTError:
            raise _invalid() from None
        token_use = claims.get("token_use")
        if token_use == "access":
            audience_ok = claims.get("client_id") == self._audience
        elif token_use == "id":
            aud = claims.get("aud")
            audience_ok = aud == self._audience or (isinstance(aud, list) and self._audience in aud)
        else:
            audience_ok = False
        subject = claims.get("sub")
        if not audience_ok or not isinstance(subject, str) or not subject or len(subject) > 255:
            raise _invalid()
        principal = Principal(subject=subject, organization_ids=_organizations(claims.get(self._org_claim)))
        return principal, float(claims["exp"])


def _bearer(authorization: str | None) -> str:
    if not authorization:
        raise Unauthorized("A bearer token is required.")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _invalid()
    return token.strip()


def _invalid() -> Unauthorized:
    return Unauthorized("The bearer token is invalid or expired.")


def _organizations(value: object) -> frozenset[int]:
    parts: list[object]
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(",")]
    elif isinstance(value, list):
        parts = list(value)
    else:
        parts = [value]
    ids: set[int] = set()
    for part in parts:
        if isinstance(part, bool):
            continue
        if isinstance(part, int):
            ids.add(part)
        elif isinstance(part, str) and part.isascii() and part.isdigit() and len(part) < 19:
            ids.add(int(part))
    return frozenset(ids)


@dataclass(frozen=True, slots=True)
class DevKey:
    private_pem: bytes
    kid: str
    jwks: dict[str, Any]


def load_dev_key(data_dir: Path) -> DevKey:
    """The local development signing key, created on first use with mode 0600."""
    path = data_dir / "auth" / "dev-jwt-key.pem"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
        # link() fails if the key exists: the first process wins and every other one (``serve --workers N``
        # starting together) reads the winner's key. ``replace`` here would let two workers sign differently.
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
        tmp.unlink()
    pem = path.read_bytes()
    private_key = serialization.load_pem_private_key(pem, password=None)
    assert isinstance(private_key, rsa.RSAPrivateKey)
    public_jwk: dict[str, Any] = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(private_key.public_key()))
    kid = hashlib.sha256(public_jwk["n"].encode()).hexdigest()[:16]
    public_jwk.update({"kid": kid, "use": "sig", "alg": "RS256"})
    return DevKey(private_pem=pem, kid=kid, jwks={"keys": [public_jwk]})


def mint_dev_token(
    key: DevKey, *, issuer: str, audience: str, org_claim: str, organization: str, subject: str, ttl: int
) -> str:
    now = int(time.time())
    claims = {
        "iss": issuer,
        "sub": subject,
        "client_id": audience,
        "token_use": "access",
        "iat": now,
        "exp": now + ttl,
        org_claim: organization,
    }
    return jwt.encode(claims, key.private_pem, algorithm="RS256", headers={"kid": key.kid})


def build_verifier(
    settings: Settings, *, dev_issuer: str, dev_audience: str
) -> tuple[TokenVerifier, DevKey | None]:
    if settings.auth_dev:
        if settings.is_production:
            raise ConfigError("WF2DES_AUTH_DEV must be off in production")
        dev = load_dev_key(settings.data_dir)
        verifier = TokenVerifier(
            _StaticJWKClient(dev.jwks),
            issuer=dev_issuer,
            audience=dev_audience,
            org_claim=settings.auth_org_claim,
        )
        return verifier, dev
    if settings.auth_jwks_url is None:
        return TokenVerifier(None, issuer=None, audience=None, org_claim=settings.auth_org_claim), None
    if not settings.auth_issuer or not settings.auth_audience:
        raise ConfigError(
            "WF2DES_AUTH_ISSUER and WF2DES_AUTH_AUDIENCE are required with WF2DES_AUTH_JWKS_URL"
        )
    client = PyJWKClient(settings.auth_jwks_url, cache_jwk_set=True, lifespan=300, timeout=5)
    verifier = TokenVerifier(
        client,
        issuer=settings.auth_issuer,
        audience=settings.auth_audience,
        org_claim=settings.auth_org_claim,
    )
    return verifier, None

"""Authenticated encryption of small secrets (Figma tokens) with Fernet (AES-128-CBC + HMAC-SHA256).

Two keys, two purposes, so a leak of one place does not open the other:

- **at rest** (``WF2DES_API_FIGMA_TOKEN_KEYS``, read only by the API): the organizations' Figma access and
  refresh tokens in PostgreSQL. A database dump alone reveals no token.
- **in flight** (``WF2DES_FIGMA_JOB_KEY``, held by the API and the workers, never by PostgreSQL): the one
  short-lived access token a job carries to its worker. The outbox row and the broker message hold it
  sealed, and the worker refuses a seal older than its time-to-live, so an old message is worth nothing.

Each setting is a comma-separated list of Fernet keys (``Fernet.generate_key()``, 32 bytes in url-safe
base64): the first seals, every one opens, which is how a key is rotated without a flag day.
"""

from __future__ import annotations

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from wf2des.core.errors import ConfigError

__all__ = ["SealError", "Sealer", "new_key"]


class SealError(Exception):
    """A sealed value that does not open: tampered, sealed under another key, or older than allowed."""


def new_key() -> str:
    return Fernet.generate_key().decode("ascii")


class Sealer:
    def __init__(self, keys: str, *, setting: str) -> None:
        try:
            fernets = [Fernet(key.strip().encode("ascii")) for key in keys.split(",") if key.strip()]
        except (ValueError, UnicodeEncodeError):
            raise ConfigError(f"{setting} must be Fernet keys (url-safe base64 of 32 bytes)") from None
        if not fernets:
            raise ConfigError(f"{setting} is empty")
        self._fernet = MultiFernet(fernets)

    def seal(self, secret: str) -> str:
        return self._fernet.encrypt(secret.encode("utf-8")).decode("ascii")

    def open(self, sealed: str, *, max_age_seconds: int | None = None) -> str:
        try:
            return self._fernet.decrypt(sealed.encode("ascii"), ttl=max_age_seconds).decode("utf-8")
        except (InvalidToken, UnicodeError):
            raise SealError("the sealed value does not open") from None

    def __repr__(self) -> str:  # never print a key
        return "Sealer()"

"""Session keys: 128 random bits each, stored only as SHA-256 (a key is never logged or stored)."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["key_hash", "new_confirmation_code", "new_key"]


def new_key() -> str:
    return secrets.token_urlsafe(16)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


# Crockford-style: no 0/O, 1/I/L, so a code read aloud or copied by eye compares reliably.
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_confirmation_code() -> str:
    """Eight characters (about 39 bits) shown as ``ABCD-EFGH``: not a secret, only something to compare."""
    chars = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(8))
    return f"{chars[:4]}-{chars[4:]}"

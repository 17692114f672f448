"""Session keys: 128 random bits each, stored only as SHA-256 (a key is never logged or stored)."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["key_hash", "new_key"]


def new_key() -> str:
    return secrets.token_urlsafe(16)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()

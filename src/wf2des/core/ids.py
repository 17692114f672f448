"""Identifiers: UUIDv7 (RFC 9562) for rows, UUIDv4 strings for documents and tokens."""

from __future__ import annotations

import secrets
import uuid

import uuid_utils

__all__ = ["new_token", "new_uuid4", "new_uuid7", "uuid7_time_ms"]


def new_uuid7() -> str:
    """A time-ordered UUIDv7 as its canonical string (what ``code2wf.id`` stores)."""
    return str(uuid_utils.uuid7())


def uuid7_time_ms(value: str) -> int:
    """The Unix millisecond timestamp embedded in a UUIDv7."""
    parsed = uuid.UUID(value)
    if parsed.version != 7:
        raise ValueError(f"not a UUIDv7: {value}")
    return parsed.int >> 80


def new_uuid4() -> str:
    return str(uuid.uuid4())


def new_token(nbytes: int = 24) -> str:
    return secrets.token_urlsafe(nbytes)

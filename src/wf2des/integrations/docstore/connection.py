"""Opening and checking the document store connection."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from pymongo import MongoClient
from pymongo.database import Database
from pymongo.errors import PyMongoError

from wf2des.core.errors import ConfigError

__all__ = ["check_docstore", "describe_docstore", "open_docstore"]


def open_docstore(url: str, db_name: str, *, timeout_ms: int = 5000) -> Database[Any]:
    """A pymongo database handle. ``tz_aware`` so datetimes round-trip as UTC-aware values."""
    client: MongoClient[Any] = MongoClient(
        url,
        tz_aware=True,
        serverSelectionTimeoutMS=timeout_ms,
        connectTimeoutMS=timeout_ms,
        uuidRepresentation="standard",
        # DocumentDB does not support retryable writes; the single writes we rely on are conditional anyway.
        retryWrites=False,
    )
    return client[db_name]


def describe_docstore(url: str, db_name: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or "?"
    port = f":{parts.port}" if parts.port else ""
    return f"MongoDB-wire server {host}{port}, database {db_name}"


def check_docstore(db: Database[Any]) -> None:
    try:
        db.client.admin.command("ping")
    except PyMongoError as exc:
        raise ConfigError(
            "cannot reach the document store at WF2DES_DOCSTORE_URL "
            f"({type(exc).__name__}); start it or fix the URL"
        ) from exc

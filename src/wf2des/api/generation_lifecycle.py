"""The service rules every generation resource shares (Code2WF, design generations), written once.

Seed 001's lifecycle: a 404 for a row outside the caller's project, keyset pages with an opaque cursor,
artifacts served only from a completed row, a preview with a strong ETag, materialization once, soft
delete, and the job's callback and deadline. Each resource's ``service`` keeps its own creation, inputs
and error wording, and passes the problem to raise where the two differ.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import anyio

from wf2des.api.settings import ApiSettings
from wf2des.api.tenancy import not_found
from wf2des.core.errors import BlobNotFound, Conflict, InvalidInput, NotFound, Wf2desError
from wf2des.core.settings import Settings
from wf2des.core.tenancy import ProjectScope
from wf2des.core.webhooks import CallbackKind, derive_callback_key
from wf2des.integrations.blobs import BlobStore
from wf2des.pg.repositories import GenerationRecord, GenerationRepository
from wf2des.pg.tables import Wf2desStatus

__all__ = [
    "callback",
    "decode_cursor",
    "delete",
    "encode_cursor",
    "get",
    "job_deadline",
    "materialize",
    "page",
    "read_artifact",
    "read_preview",
]


RowT = TypeVar("RowT", bound=GenerationRecord)


def encode_cursor(generation_id: str) -> str:
    return base64.urlsafe_b64encode(generation_id.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode("ascii")
        return str(uuid.UUID(raw)) if len(raw) == 36 else _bad_cursor()
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return _bad_cursor()


def _bad_cursor() -> str:
    raise InvalidInput("The cursor is not valid.", code="invalid_cursor")


async def get(repo: GenerationRepository[RowT, Any], scope: ProjectScope, generation_id: str) -> RowT:
    row = await repo.get(scope, generation_id)
    if row is None:
        raise not_found()
    return row


def page(rows: list[RowT], limit: int) -> tuple[list[RowT], str | None]:
    """A page of at most ``limit`` rows, and the cursor of the next when the query found one more."""
    if len(rows) > limit:
        rows = rows[:limit]
        return rows, encode_cursor(rows[-1].id)
    return rows, None


async def read_artifact(blobs: BlobStore, key: str, missing: Wf2desError) -> bytes:
    """An artifact the row says exists; ``missing`` when the blob store has none under ``key``."""
    try:
        return await anyio.to_thread.run_sync(blobs.get, key)
    except BlobNotFound:
        raise missing from None


async def read_preview(row: GenerationRecord, key: str, blobs: BlobStore, noun: str) -> tuple[bytes, str]:
    """The preview PNG and its strong ETag; 404 ``preview_not_found`` when the worker stored none."""
    missing = NotFound(f"This {noun} has no preview.", code="preview_not_found")
    if row.status != Wf2desStatus.COMPLETED:
        raise missing
    content = await read_artifact(blobs, key, missing)
    return content, '"' + hashlib.sha256(content).hexdigest()[:32] + '"'


async def materialize(
    repo: GenerationRepository[RowT, Any],
    scope: ProjectScope,
    generation_id: str,
    actor: str,
    not_completed: Conflict,
) -> RowT:
    """Set ``materialized_at`` on a completed row; a repeat answers the row with its first timestamp."""
    updated = await repo.materialize(scope, generation_id, actor)
    if updated is not None:
        return updated
    row = await get(repo, scope, generation_id)
    if row.status != Wf2desStatus.COMPLETED:
        raise not_completed
    return row  # already materialized: the first timestamp stands


async def delete(
    repo: GenerationRepository[Any, Any], scope: ProjectScope, generation_id: str, actor: str
) -> None:
    if not await repo.soft_delete(scope, generation_id, actor):
        raise not_found()


def callback(settings: Settings, path: str, generation_id: str, kind: CallbackKind) -> tuple[str, str]:
    """The job's callback URL (``/internal/v1/{path}/{id}/events``) and its per-job signing key."""
    url = f"{settings.api_url.rstrip('/')}/internal/v1/{path}/{generation_id}/events"
    return url, derive_callback_key(settings.webhook_secret.get_secret_value(), generation_id, kind)


def job_deadline(api_settings: ApiSettings) -> datetime:
    """When the reaper fails a job's row still processing (and the worker drops the job unstarted)."""
    return datetime.now(UTC) + timedelta(seconds=api_settings.job_deadline_seconds)

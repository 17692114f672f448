"""The plugin's placement report: validated, size-capped, stored once beside the result.

PostgreSQL keeps only ``materialized_at`` (seed 001: no node ids, no node tree); what the plugin could not do
(missing fonts, unbound tokens, failed imports) lives in the immutable artifact ``materialization.json``
beside the generation's result (``wf2des.jobs.keys``: ``materialization_key`` for Code2WF,
``design_materialization_key`` for a design generation). A repeated POST with the same report is a no-op (a
retried request, or a commit that failed after the artifact was written); a *different* report for a
generation that already has one is a 409: artifacts are never overwritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import anyio
from fastapi import Request
from pydantic import ValidationError

from wf2des.api.code2wf.report import MaterializationReport
from wf2des.core.errors import BlobExists, BlobNotFound, Conflict, InvalidInput
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.keys import materialization_key

__all__ = [
    "MAX_REPORT_BYTES",
    "REPORT_SCHEMA",
    "ReportOwner",
    "parse_report",
    "placed_report",
    "read_body",
    "read_report",
    "request_report",
    "store_report",
]

MAX_REPORT_BYTES = 64 * 1024
REPORT_SCHEMA = "wf2des.code2wf.materialization/v1"


@dataclass(frozen=True, slots=True)
class ReportOwner:
    """Whose report an artifact holds: its schema name, the generation's id member and id, and its key."""

    schema: str
    id_member: str
    id: str
    key: str

    @classmethod
    def code2wf(cls, organization_id: int, project_id: int, code2wf_id: str, attempt: int) -> ReportOwner:
        key = materialization_key(organization_id, project_id, code2wf_id, attempt)
        return cls(REPORT_SCHEMA, "code2wfId", code2wf_id, key)


async def read_body(request: Request, limit: int = MAX_REPORT_BYTES) -> bytes:
    """The request body, refused (422) as soon as it passes ``limit`` without reading the rest."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(limit: int) -> InvalidInput:
    return InvalidInput(f"The materialization report is larger than {limit} bytes.", code="report_too_large")


def parse_report(raw: bytes) -> MaterializationReport | None:
    """``None`` for an empty body (placement without a report); 422 ``invalid_report`` when malformed."""
    if not raw.strip():
        return None
    try:
        return MaterializationReport.model_validate_json(raw)
    except ValidationError as exc:
        where = ", ".join(".".join(str(p) for p in e["loc"]) or "body" for e in exc.errors()[:5])
        raise InvalidInput(
            f"The materialization report is invalid ({where}).", code="invalid_report"
        ) from None


def _document(owner: ReportOwner, report: MaterializationReport) -> bytes:
    body: dict[str, Any] = {
        "schema": owner.schema,
        owner.id_member: owner.id,
        "report": report.model_dump(mode="json", by_alias=True),
    }
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


async def store_report(blobs: BlobStore, owner: ReportOwner, report: MaterializationReport) -> None:
    body = _document(owner, report)
    try:
        await anyio.to_thread.run_sync(blobs.put_immutable, owner.key, body, "application/json")
    except BlobExists:
        existing = await anyio.to_thread.run_sync(blobs.get, owner.key)
        if existing != body:
            raise Conflict(
                "This generation already has a different materialization report.",
                code="materialization_report_exists",
            ) from None


async def read_report(blobs: BlobStore, owner: ReportOwner) -> MaterializationReport | None:
    try:
        raw = await anyio.to_thread.run_sync(blobs.get, owner.key)
    except BlobNotFound:
        return None
    return MaterializationReport.model_validate(json.loads(raw)["report"])


async def request_report(request: Request) -> MaterializationReport | None:
    """The report a placement request carries, if any: read (size-capped) and validated before any write."""
    return parse_report(await read_body(request))


async def placed_report(
    blobs: BlobStore, owner: ReportOwner, report: MaterializationReport | None
) -> MaterializationReport | None:
    """Store the report sent with a placement (once), or, when none was sent, the one stored before."""
    if report is not None:
        await store_report(blobs, owner, report)
        return report
    return await read_report(blobs, owner)

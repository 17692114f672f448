"""Design generation lifecycle: the same rules as Code2WF (seed 001), for one wireframe frame each.

Services never commit: the request's session dependency does, once. Creation writes each row and its outbox
message in that one transaction, so a job is published if and only if its row exists. A snapshot is stored
under its generation's own key before the rows are written: a request whose transaction then fails leaves
an object under an id no row will ever have, which nothing reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import anyio
from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api import generation_lifecycle as lifecycle
from wf2des.api.deps import OUTBOX_WRITTEN
from wf2des.api.design_generations.snapshot import SnapshotFrame, frame_snapshot
from wf2des.api.generation_lifecycle import decode_cursor
from wf2des.api.settings import ApiSettings
from wf2des.core.errors import Conflict, InvalidInput
from wf2des.core.ids import new_uuid7
from wf2des.core.settings import Settings
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.contract import DESIGN_GENERATE, DesignGenerationJob
from wf2des.jobs.keys import design_preview_key, design_report_key, design_snapshot_key
from wf2des.pg.repositories import DesignGenerationFilter, DesignGenerationRecord, DesignGenerationRepository
from wf2des.pg.tables import Wf2desStatus

__all__ = [
    "create_from_rest",
    "create_from_snapshot",
    "decode_cursor",
    "delete",
    "get",
    "list_page",
    "materialize",
    "read_preview",
    "read_report",
    "read_result",
]


async def create_from_rest(
    session: AsyncSession,
    scope: ProjectScope,
    actor: str,
    figma_file_key: str,
    wireframe_node_id: str,
    *,
    settings: Settings,
    api_settings: ApiSettings,
    figma_token: str | None = None,
) -> DesignGenerationRecord:
    """One generation whose worker reads the frame from Figma (``GET /v1/files/:key/nodes``)."""
    return await _create_row(
        session,
        scope,
        actor,
        new_uuid7(),
        figma_file_key,
        wireframe_node_id,
        snapshot_key=None,
        settings=settings,
        api_settings=api_settings,
        figma_token=figma_token,
    )


async def create_from_snapshot(
    session: AsyncSession,
    scope: ProjectScope,
    actor: str,
    figma_file_key: str,
    frames: Sequence[SnapshotFrame],
    annotations: Mapping[str, Sequence[str]],
    blobs: BlobStore,
    *,
    settings: Settings,
    api_settings: ApiSettings,
    figma_token: str | None = None,
) -> list[DesignGenerationRecord]:
    """One generation per uploaded frame, each reading its own stored snapshot."""
    rows = []
    for frame in frames:
        generation_id = new_uuid7()
        key = design_snapshot_key(scope.organization_id, scope.project_id, generation_id, 1)
        body = frame_snapshot(figma_file_key, frame, annotations)
        await anyio.to_thread.run_sync(blobs.put_immutable, key, body, "application/json")
        rows.append(
            await _create_row(
                session,
                scope,
                actor,
                generation_id,
                figma_file_key,
                frame.node_id,
                snapshot_key=key,
                settings=settings,
                api_settings=api_settings,
                figma_token=figma_token,
            )
        )
    return rows


async def _create_row(
    session: AsyncSession,
    scope: ProjectScope,
    actor: str,
    generation_id: str,
    figma_file_key: str,
    wireframe_node_id: str,
    *,
    snapshot_key: str | None,
    settings: Settings,
    api_settings: ApiSettings,
    figma_token: str | None,
) -> DesignGenerationRecord:
    callback_url, callback_key = lifecycle.callback(
        settings, "design-generations", generation_id, "design_generation"
    )
    job = DesignGenerationJob(
        design_generation_id=generation_id,
        organization_id=scope.organization_id,
        project_id=scope.project_id,
        figma_file_key=figma_file_key,
        wireframe_node_id=wireframe_node_id,
        snapshot_key=snapshot_key,
        attempt=1,  # a new row is always attempt 1 (CHECK attempt_v1); a retry is a new generation
        callback_url=callback_url,
        callback_key=callback_key,
        deadline=lifecycle.job_deadline(api_settings),
        figma_token=figma_token,
    )
    row = await DesignGenerationRepository(session).add_with_outbox(
        scope,
        id=generation_id,
        figma_file_key=figma_file_key,
        wireframe_node_id=wireframe_node_id,
        actor=actor,
        task_name=DESIGN_GENERATE,
        payload=job.model_dump(mode="json"),
    )
    session.info[OUTBOX_WRITTEN] = True
    return row


async def get(session: AsyncSession, scope: ProjectScope, generation_id: str) -> DesignGenerationRecord:
    return await lifecycle.get(DesignGenerationRepository(session), scope, generation_id)


async def list_page(
    session: AsyncSession, scope: ProjectScope, flt: DesignGenerationFilter
) -> tuple[list[DesignGenerationRecord], str | None]:
    return lifecycle.page(await DesignGenerationRepository(session).list_page(scope, flt), flt.limit)


async def read_result(
    session: AsyncSession, scope: ProjectScope, generation_id: str, blobs: BlobStore
) -> bytes:
    """The design spec (``result_url``); 409 until the generation completed."""
    row = await _completed(session, scope, generation_id)
    assert row.result_url is not None  # CHECK completed_has_result
    missing = InvalidInput("The result artifact is missing.", code="result_missing")
    return await lifecycle.read_artifact(blobs, row.result_url, missing)


async def read_report(
    session: AsyncSession, scope: ProjectScope, generation_id: str, blobs: BlobStore
) -> bytes:
    """The per-element report stored beside the spec; 409 until the generation completed."""
    row = await _completed(session, scope, generation_id)
    key = design_report_key(row.organization_id, row.project_id, row.id, row.attempt)
    missing = InvalidInput("The report artifact is missing.", code="report_missing")
    return await lifecycle.read_artifact(blobs, key, missing)


async def read_preview(
    session: AsyncSession, scope: ProjectScope, generation_id: str, blobs: BlobStore
) -> tuple[bytes, str]:
    """The preview PNG and its strong ETag; 404 ``preview_not_found`` when the worker stored none."""
    row = await get(session, scope, generation_id)
    key = design_preview_key(row.organization_id, row.project_id, row.id, row.attempt)
    return await lifecycle.read_preview(row, key, blobs, "design generation")


async def materialize(
    session: AsyncSession, scope: ProjectScope, generation_id: str, actor: str
) -> DesignGenerationRecord:
    not_completed = Conflict(
        "Only a completed design generation can be materialized.", code="design_generation_not_completed"
    )
    repo = DesignGenerationRepository(session)
    return await lifecycle.materialize(repo, scope, generation_id, actor, not_completed)


async def delete(session: AsyncSession, scope: ProjectScope, generation_id: str, actor: str) -> None:
    await lifecycle.delete(DesignGenerationRepository(session), scope, generation_id, actor)


async def _completed(
    session: AsyncSession, scope: ProjectScope, generation_id: str
) -> DesignGenerationRecord:
    row = await get(session, scope, generation_id)
    if row.status != Wf2desStatus.COMPLETED:
        raise Conflict("The design generation has not completed.", code="design_generation_not_completed")
    return row

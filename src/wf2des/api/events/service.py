"""Applying a verified worker event: the '0' → '1' / '0' → '2' transition, exactly once.

The update is conditional (``status = '0' AND attempt = :attempt``). When it matches nothing, the row is
read back: the same terminal outcome is an idempotent repeat (200, nothing written), anything else is a
409, so a late, duplicated or forged-but-signed event can never rewrite a finished generation. Code2WF
generations and design generations follow the same rule, each in its own table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.tenancy import not_found
from wf2des.core.errors import Conflict, InvalidInput
from wf2des.core.safety import safe_message
from wf2des.jobs.contract import (
    Code2wfCompleted,
    Code2wfEvent,
    DesignGenerationCompleted,
    DesignGenerationEvent,
)
from wf2des.jobs.keys import artifact_prefix, design_artifact_prefix
from wf2des.pg.repositories import (
    Code2wfRecord,
    Code2wfRepository,
    DesignGenerationRecord,
    DesignGenerationRepository,
    GenerationRecord,
    GenerationRepository,
    TerminalOutcome,
)
from wf2des.pg.tables import Wf2desStatus

__all__ = ["WORKER_ACTOR", "apply_design_event", "apply_event"]

WORKER_ACTOR = "wf2des-worker"
_MAX_KEY = 500


Row = TypeVar("Row", bound=GenerationRecord)


async def apply_event(
    session: AsyncSession, code2wf_id: str, event: Code2wfEvent
) -> tuple[Code2wfRecord, bool]:
    return await _apply(Code2wfRepository(session), code2wf_id, event, artifact_prefix)


async def apply_design_event(
    session: AsyncSession, generation_id: str, event: DesignGenerationEvent
) -> tuple[DesignGenerationRecord, bool]:
    return await _apply(DesignGenerationRepository(session), generation_id, event, design_artifact_prefix)


async def _apply(
    repo: GenerationRepository[Row, Any],
    generation_id: str,
    event: Code2wfEvent | DesignGenerationEvent,
    artifacts: Callable[[int, int, str, int], str],
) -> tuple[Row, bool]:
    row = await repo.get_unscoped(generation_id)
    if row is None:
        raise not_found()
    outcome = _outcome(event, artifacts(row.organization_id, row.project_id, row.id, event.attempt))
    updated = await repo.finish(generation_id, outcome, WORKER_ACTOR)
    if updated is not None:
        return updated, True
    current = await repo.get_unscoped(generation_id)
    if current is None:
        raise not_found()
    if _same(current, outcome):
        return current, False
    raise Conflict("The generation already reached a different outcome.", code="conflict")


def _outcome(event: Code2wfEvent | DesignGenerationEvent, prefix: str) -> TerminalOutcome:
    if event.result_url is not None:
        _check_result_key(prefix, event.result_url)
    if isinstance(event, Code2wfCompleted | DesignGenerationCompleted):
        if event.flag_count < 0:
            raise InvalidInput("flagCount must not be negative.", code="invalid_flag_count")
        return TerminalOutcome(
            Wf2desStatus.COMPLETED, event.attempt, event.result_url, event.flag_count, None
        )
    return TerminalOutcome(
        Wf2desStatus.FAILED,
        event.attempt,
        event.result_url,
        None,
        safe_message(event.error_message, limit=1000),
    )


def _check_result_key(prefix: str, key: str) -> None:
    rest = key[len(prefix) :]
    ok = (
        key.startswith(prefix)
        and len(key) <= _MAX_KEY
        and rest != ""
        and key.isascii()
        and key.isprintable()
        and "\\" not in key
        and all(part not in ("", ".", "..") for part in rest.split("/"))
    )
    if not ok:
        raise InvalidInput("resultUrl is outside this generation's key prefix.", code="invalid_result_url")


def _same(row: GenerationRecord, outcome: TerminalOutcome) -> bool:
    return (
        row.status == outcome.status
        and row.attempt == outcome.attempt
        and row.result_url == outcome.result_url
        and row.flag_count == outcome.flag_count
        and row.error_message == outcome.error_message
    )

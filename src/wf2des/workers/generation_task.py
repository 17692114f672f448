"""What every generation task (Code2WF, design) does around its pipeline: accept the envelope, then report
the outcome with the signed event."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal, Protocol, TypeVar

import httpx
from pydantic import ValidationError

from wf2des.core.logging import bind, clear_context, get_logger
from wf2des.workers.events import CallbackTarget, deliver_event
from wf2des.workers.generation_outcome import GenerationOutcome
from wf2des.workers.runtime import WorkerRuntime

__all__ = ["GenerationJob", "accept", "event_client", "report"]

log = get_logger(__name__)


class GenerationJob(CallbackTarget, Protocol):
    @property
    def attempt(self) -> int: ...
    @property
    def deadline(self) -> datetime: ...


JobT = TypeVar("JobT", bound=GenerationJob)


@functools.cache
def event_client() -> httpx.Client:
    """One HTTP client per worker process: building one loads the CA bundle, tens to hundreds of ms a job."""
    return httpx.Client(timeout=10)


def accept(
    validate: Callable[[dict[str, Any]], JobT], payload: dict[str, Any], id_member: str
) -> JobT | Literal["dropped", "expired"]:
    """The validated job (``validate``: its envelope's ``model_validate``), its id and attempt bound to every
    log line; or why it was dropped."""
    try:
        job = validate(payload)
    except ValidationError as exc:  # a malformed envelope has no trustworthy callback to report to
        log.error("malformed job envelope dropped", errors=exc.error_count())
        return "dropped"
    clear_context()  # a worker process runs many jobs: no line may carry the previous job's id
    bind(**{id_member: getattr(job, id_member)}, attempt=job.attempt)
    if job.deadline <= datetime.now(UTC):  # the API's reaper fails the row: it would refuse an event now
        log.warning("job past its deadline dropped", deadline=job.deadline.isoformat())
        return "expired"
    return job


def report(
    job: GenerationJob, outcome: GenerationOutcome, runtime: WorkerRuntime, logged: str
) -> dict[str, Any]:
    """Deliver the outcome's signed event, log how the job went, and answer the task's result."""
    started = time.perf_counter()
    delivery = deliver_event(
        job,
        outcome.event(job.attempt),
        retry_for_s=runtime.worker_settings.event_retry_for_s,
        client=event_client(),
    )
    log.info(
        logged,
        status=outcome.status,
        flag_count=outcome.flag_count,
        reused=outcome.reused,
        delivered=delivery.delivered,
        event_status=delivery.status,
        event_ms=round((time.perf_counter() - started) * 1000, 1),
        **{name: round(ms, 1) for name, ms in outcome.timings_ms.items()},
    )
    return {"status": outcome.status, "resultUrl": outcome.result_url, "delivered": delivery.delivered}

"""What every generation job (Code2WF, design) shares around its pipeline.

Its outcome is one immutable artifact under a key that names the generation and its attempt (the spec, or a
failure document): a re-delivered job finds it and reports it again (``reuse``); of two racing deliveries,
the loser's conditional put fails and it reports the winner's. Its task accepts the envelope (dropping a
malformed or expired one) and reports the outcome with the signed event.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, Protocol, TypeVar

import httpx
from pydantic import ValidationError

from wf2des.core.errors import BlobExists
from wf2des.core.logging import bind, clear_context, get_logger
from wf2des.generator import spec_flag_count
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.contract import GenerationCompletedEvent, GenerationFailedEvent
from wf2des.spec import Spec
from wf2des.workers.events import CallbackTarget, deliver_event
from wf2des.workers.runtime import WorkerRuntime

__all__ = [
    "GenerationJob",
    "GenerationOutcome",
    "accept",
    "event_client",
    "record_failure",
    "report",
    "reuse",
]

log = get_logger(__name__)

CompletedT = TypeVar("CompletedT", bound=GenerationCompletedEvent)
FailedT = TypeVar("FailedT", bound=GenerationFailedEvent)
OutcomeT = TypeVar("OutcomeT", bound="GenerationOutcome")


@dataclass
class GenerationOutcome:
    """How one generation ended (its artifact and what to report), as opposed to the spec's outcomes."""

    status: Literal["completed", "failed"]
    result_url: str
    flag_count: int | None = None
    error_message: str | None = None
    classification: str | None = None
    reused: bool = False
    timings_ms: dict[str, float] = field(default_factory=dict)

    def event(self, attempt: int) -> GenerationCompletedEvent | GenerationFailedEvent:
        """The terminal event to sign and send; each generation kind answers its own event types."""
        raise NotImplementedError

    def _event(
        self, attempt: int, completed: Callable[..., CompletedT], failed: Callable[..., FailedT]
    ) -> CompletedT | FailedT:
        if self.status == "completed":
            assert self.flag_count is not None
            return completed(attempt=attempt, result_url=self.result_url, flag_count=self.flag_count)
        return failed(
            attempt=attempt,
            result_url=self.result_url,
            error_message=self.error_message or "generation failed",
        )


def reuse(outcome: type[OutcomeT], blobs: BlobStore, spec_key: str, failure_key: str) -> OutcomeT | None:
    """The outcome an earlier delivery of this job stored, or None when there is none yet."""
    if blobs.exists(spec_key):
        spec: Spec = json.loads(blobs.get(spec_key))  # written by its pipeline after validate_spec
        return outcome("completed", spec_key, flag_count=spec_flag_count(spec), reused=True)
    if blobs.exists(failure_key):
        failure = json.loads(blobs.get(failure_key))
        return outcome(
            "failed",
            failure_key,
            error_message=failure["errorMessage"],
            classification=failure["classification"],
            reused=True,
        )
    return None


def record_failure(
    outcome: type[OutcomeT],
    blobs: BlobStore,
    spec_key: str,
    failure_key: str,
    document: bytes,
    *,
    message: str,
    classification: str,
    logged: str,
) -> OutcomeT:
    """Store the failure ``document`` once; when another delivery stored an outcome first, that one stands."""
    try:
        blobs.put_immutable(failure_key, document, "application/json")
    except BlobExists:
        raced = reuse(outcome, blobs, spec_key, failure_key)
        assert raced is not None
        return raced
    log.info(logged, classification=classification)
    return outcome("failed", failure_key, error_message=message, classification=classification)


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

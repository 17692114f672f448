"""How a generation job (Code2WF, design) ends: one outcome, an immutable artifact under a key that names the
generation and its attempt (the spec, or a failure document). A re-delivered job finds it and reports it
again (``reuse``); of two racing deliveries, the loser's conditional put fails and it reports the winner's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from wf2des.core.errors import BlobExists
from wf2des.core.logging import get_logger
from wf2des.generator import spec_flag_count
from wf2des.integrations.blobs import BlobStore
from wf2des.jobs.contract import GenerationCompletedEvent, GenerationFailedEvent
from wf2des.spec import Spec

__all__ = ["GenerationOutcome", "record_failure", "reuse"]

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

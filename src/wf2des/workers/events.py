"""Delivering the signed terminal event to the API, retrying with jittered backoff until it answers.

A 2xx is delivered; a 409 means the API already holds a different terminal outcome (nothing to retry);
other 4xx are permanent refusals (logged, not retried); 5xx and network errors are retried until
``retry_for_s`` has passed. The same ``webhook-id`` is reused across retries so the API can see a repeat.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any, Protocol

import httpx

from wf2des.core.logging import get_logger
from wf2des.core.webhooks import signed_headers
from wf2des.jobs.contract import GenerationCompletedEvent, GenerationFailedEvent

__all__ = ["CallbackTarget", "DeliveryResult", "deliver_event"]

log = get_logger(__name__)


class CallbackTarget(Protocol):
    """What a job envelope tells its worker about where and how to report (``Code2wfJob``,
    ``DesignGenerationJob``)."""

    @property
    def callback_url(self) -> str: ...

    @property
    def callback_key(self) -> str: ...

    def event_id(self, event_type: str) -> str: ...


class DeliveryResult:
    def __init__(self, status: int | None, attempts: int) -> None:
        self.status = status
        self.attempts = attempts

    @property
    def delivered(self) -> bool:
        return self.status is not None and (200 <= self.status < 300 or self.status == 409)


def deliver_event(
    job: CallbackTarget,
    event: GenerationCompletedEvent | GenerationFailedEvent,
    *,
    retry_for_s: float = 900,
    client: httpx.Client | None = None,
    base_delay_s: float = 0.5,
    max_delay_s: float = 30,
) -> DeliveryResult:
    body = json.dumps(event.model_dump(by_alias=True, exclude_none=True), separators=(",", ":")).encode()
    msg_id = job.event_id(event.type)
    own_client = client is None
    http = client or httpx.Client(timeout=10)
    deadline = time.monotonic() + retry_for_s
    attempts = 0
    status: int | None = None
    try:
        while True:
            attempts += 1
            try:
                response = http.post(
                    job.callback_url, content=body, headers=signed_headers(job.callback_key, msg_id, body)
                )
                status = response.status_code
                if status < 500 and status != 429:
                    if not (200 <= status < 300 or status == 409):
                        log.warning("event refused", status=status, problem=_problem_code(response))
                    return DeliveryResult(status, attempts)
            except httpx.HTTPError as exc:
                status = None
                log.info("event delivery failed, retrying", error=type(exc).__name__, attempt=attempts)
            if time.monotonic() >= deadline:
                return DeliveryResult(status, attempts)
            delay = min(max_delay_s, base_delay_s * 2 ** min(attempts, 10))
            time.sleep(random.uniform(0, delay))  # full jitter: many workers recovering do not stampede
    finally:
        if own_client:
            http.close()


def _problem_code(response: httpx.Response) -> Any:
    try:
        return response.json().get("code")
    except ValueError:
        return None

"""Worker-only knobs. There is no database field here, by design."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["WorkerSettings"]


class WorkerSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WF2DES_WORKER_", extra="ignore", frozen=True)

    job_timeout_s: float = Field(
        default=60, gt=0, description="per-job budget: load, render, convert, assemble and store"
    )
    job_grace_s: float = Field(
        default=30, gt=0, description="Celery's soft limit is the budget plus this (a phase that hangs)"
    )
    max_text_chars: int = Field(default=10_000, gt=1, description="per text node; longer text is cut")
    max_spec_text_chars: int = Field(default=200_000, gt=0, description="per spec; beyond it the job fails")
    max_spec_bytes: int = Field(default=8 * 1024 * 1024, gt=0, description="serialized spec; beyond it fails")
    max_elements: int = Field(default=50_000, gt=0)
    hard_time_limit_s: float = Field(default=180, gt=0, description="Celery kills a job past this")
    recycle_browser_after: int = Field(default=100, gt=0, description="restart Chromium every N jobs")
    event_retry_for_s: float = Field(default=900, gt=0, description="keep retrying the webhook this long")
    visibility_timeout_s: int = Field(
        default=3600, gt=0, description="Redis/SQS: an unacknowledged job is redelivered after this"
    )
    preview: bool = True
    stall_after_s: float = Field(
        default=60, gt=0, description="liveness: work waiting, nothing running, no progress this long"
    )
    liveness_interval_s: float = Field(default=5, gt=0, description="liveness: how often to check")
    health_host: str = Field(
        default="127.0.0.1",
        description="interface of the --health-port probe (0.0.0.0 or the pod IP for a kubelet probe)",
    )

"""Settings that only the API reads (limits, relay cadence); shared settings stay in ``wf2des.core``."""

from __future__ import annotations

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["ApiSettings"]


class ApiSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WF2DES_API_", extra="ignore", frozen=True)

    max_upload_bytes: int = 25 * 1024 * 1024
    max_file_bytes: int = 5 * 1024 * 1024
    max_files: int = 1000
    # Request bodies (``wf2des.api.body_limits``): every route gets ``max_body_bytes`` unless it has its own.
    max_body_bytes: int = 64 * 1024
    max_config_bytes: int = 256 * 1024
    max_report_bytes: int = 1024 * 1024

    job_deadline_seconds: int = 15 * 60
    relay_enabled: bool = True
    relay_interval_seconds: float = 1.0
    relay_batch_size: int = 200
    publish_timeout_seconds: float = 2.0
    reaper_interval_seconds: float = 30.0

    # ``/metrics`` answers only ``Authorization: Bearer <metrics_token>``; unset, it answers 404.
    metrics_token: SecretStr | None = None

    dev_issuer: str = "wf2des-dev"
    dev_audience: str = "wf2des-dev"
    default_viewport_width: int = 1440

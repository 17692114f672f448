"""Settings shared by every process: the API, the workers and the CLI.

The PostgreSQL URL is deliberately *not* here: it lives in ``wf2des.pg.settings`` so that a worker,
which only ever builds this class, cannot read it even by accident.

Every URL is optional. An unset URL means "use the embedded default" (see ``wf2des.core.embedded``),
which is what makes ``wf2des demo`` work on a machine with nothing installed. Production sets them all.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings", "default_data_dir", "get_settings"]

_DEV_WEBHOOK_SECRET = (
    "wf2des-local-development-webhook-secret"  # refused outside development by check_production()
)


def default_data_dir() -> Path:
    """Where embedded stores keep their files.

    ``/var/tmp`` rather than the home directory: the embedded PostgreSQL widens the permissions of every
    parent folder of its data directory (it runs postgres as another user), which is harmless for
    ``/var/tmp`` (already world-writable, sticky) and not for ``/root`` or ``$HOME``.
    """
    return Path(f"/var/tmp/wf2des-{os.getuid()}")


class Settings(BaseSettings):
    """Process settings read from ``WF2DES_*`` environment variables."""

    model_config = SettingsConfigDict(env_prefix="WF2DES_", extra="ignore", frozen=True)

    env: str = Field(default="development", description="development | test | production")
    data_dir: Path = Field(default_factory=default_data_dir)

    docstore_url: str | None = None
    docstore_db: str = "wf2des"
    blob_url: str | None = None
    s3_endpoint_url: str | None = None
    broker_url: str | None = None
    api_url: str = "http://127.0.0.1:8000"

    webhook_secret: SecretStr = SecretStr(_DEV_WEBHOOK_SECRET)
    # The service-wide Figma token: local development and the demo only (refused in production). Each
    # organization connects its own Figma account (OAuth 2); a job carries that token sealed with
    # ``figma_job_key`` (``core/sealing.py``), and a worker uses ``figma_token`` only for a job without one.
    figma_token: SecretStr | None = None
    figma_api_url: str = "https://api.figma.com"
    figma_oauth_url: str = "https://www.figma.com/oauth"
    figma_job_key: SecretStr | None = None
    figma_job_token_max_age_seconds: int = Field(default=24 * 3600, ge=60)

    auth_jwks_url: str | None = None
    auth_issuer: str | None = None
    auth_audience: str | None = None
    auth_dev: bool = False
    auth_org_claim: str = "custom:organization_id"

    chromium: str = "/usr/bin/chromium"

    @field_validator("docstore_url")
    @classmethod
    def _docstore_scheme(cls, value: str | None) -> str | None:
        return _check_scheme("WF2DES_DOCSTORE_URL", value, {"mongodb", "mongodb+srv"})

    @field_validator("blob_url")
    @classmethod
    def _blob_scheme(cls, value: str | None) -> str | None:
        checked = _check_scheme("WF2DES_BLOB_URL", value, {"s3", "file"})
        if checked and checked.startswith("s3") and not urlsplit(checked).netloc:
            raise ValueError("WF2DES_BLOB_URL must name a bucket: s3://bucket/prefix")
        if checked and checked.startswith("file") and not urlsplit(checked).path.startswith("/"):
            raise ValueError("WF2DES_BLOB_URL must be an absolute path: file:///abs/path")
        return checked

    @field_validator("broker_url")
    @classmethod
    def _broker_scheme(cls, value: str | None) -> str | None:
        return _check_scheme(
            "WF2DES_BROKER_URL", value, {"redis", "rediss", "amqp", "amqps", "sqs", "memory"}
        )

    @field_validator("api_url", "figma_api_url", "figma_oauth_url", "auth_jwks_url")
    @classmethod
    def _http_scheme(cls, value: str | None) -> str | None:
        return _check_scheme("URL setting", value, {"http", "https"})

    @property
    def is_production(self) -> bool:
        return self.env == "production"

    def check_production(self) -> None:
        """Refuse placeholder secrets and silent fallbacks when running as production."""
        if not self.is_production:
            return
        problems = []
        if self.webhook_secret.get_secret_value() == _DEV_WEBHOOK_SECRET:
            problems.append("WF2DES_WEBHOOK_SECRET is the development placeholder")
        if self.auth_dev:
            problems.append("WF2DES_AUTH_DEV must be off in production")
        if self.figma_token is not None:
            problems.append(
                "WF2DES_FIGMA_TOKEN must not be set in production: every organization connects its own "
                "Figma account, and a shared token would read any organization's files"
            )
        for name in ("docstore_url", "blob_url", "broker_url", "auth_jwks_url"):
            if getattr(self, name) is None:
                problems.append(f"WF2DES_{name.upper()} must be set in production (no embedded fallback)")
        if problems:
            raise ValueError("; ".join(problems))


def _check_scheme(name: str, value: str | None, allowed: set[str]) -> str | None:
    if value is None or value == "":
        return None
    scheme = urlsplit(value).scheme
    if scheme not in allowed:
        wanted = ", ".join(sorted(f"{s}://" for s in allowed))
        raise ValueError(f"{name} has scheme {scheme or '(none)'!r}; expected one of {wanted}")
    return value


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()

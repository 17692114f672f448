"""Settings that only the API reads (limits, relay cadence); shared settings stay in ``wf2des.core``."""

from __future__ import annotations

from pydantic import AliasChoices, Field, SecretStr
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
    # A design generation's snapshot upload: the largest part (one frame's export, or the annotations); the
    # whole multipart body may be this plus the multipart overhead.
    max_snapshot_bytes: int = 8 * 1024 * 1024

    job_deadline_seconds: int = 15 * 60
    relay_enabled: bool = True
    relay_interval_seconds: float = 1.0
    relay_batch_size: int = 200
    # Fairness: generations one organization may have published and not finished at once (the rest wait in
    # the outbox). At most the fleet's total worker concurrency, so other organizations always find a slot
    # within one job's time; below it, at once.
    jobs_per_organization: int = Field(default=4, ge=1)
    publish_timeout_seconds: float = 2.0
    reaper_interval_seconds: float = 30.0

    # ``/metrics`` answers only ``Authorization: Bearer <metrics_token>``; unset, it answers 404.
    metrics_token: SecretStr | None = None

    dev_issuer: str = "wf2des-dev"
    dev_audience: str = "wf2des-dev"
    default_viewport_width: int = 1440

    # Plugin sign-in (Figma's key-pair polling): how long a session waits for its login, how many may wait.
    plugin_session_ttl_seconds: int = Field(default=300, ge=30, le=3600)
    plugin_sessions_max_pending: int = Field(default=10_000, ge=1)
    # ... and how many one client may hold (429 beyond), so one client cannot fill the global cap. A
    # session leaves the count when its token is claimed or it expires.
    plugin_sessions_max_pending_per_client: int = Field(default=20, ge=1)
    # Peers whose X-Forwarded-For is believed (comma-separated addresses or CIDR networks, "*" for any);
    # empty: the connection's own address is the client (``api/plugin_sessions/clients.py``).
    trusted_proxies: str = ""
    dev_token_ttl_seconds: int = Field(default=8 * 3600, ge=60)
    # Figma access per organization (``api/figma_connection``): the OAuth app's credentials (redirect URI
    # ``$WF2DES_API_URL/figma/callback``), the scopes asked for, and the Fernet key(s) sealing the tokens at
    # rest (comma-separated; the first seals). A token that expires within the margin is refreshed first.
    figma_client_id: str | None = None
    figma_client_secret: SecretStr | None = None
    figma_oauth_scopes: str = "file_content:read file_metadata:read file_variables:read library_content:read"
    figma_token_keys: SecretStr | None = None
    figma_refresh_margin_seconds: int = Field(default=24 * 3600, ge=60)
    # The OpenID Connect client of the login page (the app client of Cognito's hosted UI). The client id
    # defaults to WF2DES_AUTH_AUDIENCE, which for Cognito access tokens is that same app client id.
    auth_client_id: str | None = Field(
        default=None, validation_alias=AliasChoices("WF2DES_AUTH_CLIENT_ID", "auth_client_id")
    )
    auth_client_secret: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("WF2DES_AUTH_CLIENT_SECRET", "auth_client_secret")
    )
    auth_scope: str = Field(
        default="openid", validation_alias=AliasChoices("WF2DES_AUTH_SCOPE", "auth_scope")
    )

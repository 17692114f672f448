"""What the API builds once for Figma access: the OAuth client and the two sealers (checked at startup)."""

from __future__ import annotations

from dataclasses import dataclass

from wf2des.api.figma_connection.oauth import FigmaOAuth
from wf2des.api.settings import ApiSettings
from wf2des.core.errors import ConfigError
from wf2des.core.sealing import Sealer
from wf2des.core.settings import Settings

__all__ = ["FigmaAccess", "build_figma_access"]


@dataclass(frozen=True, slots=True)
class FigmaAccess:
    oauth: FigmaOAuth
    at_rest: Sealer  # the organizations' tokens in PostgreSQL
    for_jobs: Sealer  # the one access token a job carries to its worker


def build_figma_access(settings: Settings, cfg: ApiSettings) -> FigmaAccess | None:
    """None when no Figma OAuth app is configured; a half configuration refuses to start."""
    if cfg.figma_client_id is None:
        return None
    secret, keys, job_key = cfg.figma_client_secret, cfg.figma_token_keys, settings.figma_job_key
    if secret is None or keys is None or job_key is None:
        missing = [
            name
            for name, value in (
                ("WF2DES_API_FIGMA_CLIENT_SECRET", secret),
                ("WF2DES_API_FIGMA_TOKEN_KEYS", keys),
                ("WF2DES_FIGMA_JOB_KEY", job_key),
            )
            if value is None
        ]
        raise ConfigError(f"WF2DES_API_FIGMA_CLIENT_ID is set, so {', '.join(missing)} must be set too")
    oauth = FigmaOAuth(
        authorize_url=settings.figma_oauth_url,
        api_url=settings.figma_api_url,
        client_id=cfg.figma_client_id,
        client_secret=secret.get_secret_value(),
        redirect_uri=f"{settings.api_url.rstrip('/')}/figma/callback",
        scopes=cfg.figma_oauth_scopes,
    )
    return FigmaAccess(
        oauth=oauth,
        at_rest=Sealer(keys.get_secret_value(), setting="WF2DES_API_FIGMA_TOKEN_KEYS"),
        for_jobs=Sealer(job_key.get_secret_value(), setting="WF2DES_FIGMA_JOB_KEY"),
    )

"""Figma REST adapter: an async httpx client with its own error tree, pacing and retries.

See :mod:`._errors` for the error tree and :mod:`._client` for the hazards the client absorbs.
Build a client with :func:`client_from_settings` (or :class:`FigmaClient` directly in tests, with
``transport=httpx.MockTransport(...)`` or the fake server's URL).
"""

from __future__ import annotations

from wf2des.core.errors import ConfigError
from wf2des.core.sealing import Sealer, SealError
from wf2des.core.settings import Settings
from wf2des.integrations.figma._client import (
    NODES_BATCH,
    FigmaAuth,
    FigmaClient,
    RetryPolicy,
    auth_from_setting,
)
from wf2des.integrations.figma._errors import (
    FigmaError,
    FigmaForbidden,
    FigmaHTTPError,
    FigmaNotFound,
    FigmaResponseError,
    FigmaServerError,
    FigmaTransportError,
    FigmaUnauthorized,
    RateLimited,
    VariablesUnavailable,
)
from wf2des.integrations.figma._models import FileIndex, FileMeta, LocalVariables
from wf2des.integrations.figma._pacing import Pacer, PacingBudget, Tier

__all__ = [
    "NODES_BATCH",
    "FigmaAuth",
    "FigmaClient",
    "FigmaError",
    "FigmaForbidden",
    "FigmaHTTPError",
    "FigmaNotFound",
    "FigmaResponseError",
    "FigmaServerError",
    "FigmaTransportError",
    "FigmaUnauthorized",
    "FileIndex",
    "FileMeta",
    "LocalVariables",
    "Pacer",
    "PacingBudget",
    "RateLimited",
    "RetryPolicy",
    "Tier",
    "VariablesUnavailable",
    "auth_for_job",
    "auth_from_setting",
    "client_from_settings",
]


def client_from_settings(
    settings: Settings,
    *,
    job_token: str | None = None,
    budget: PacingBudget | None = None,
    retry: RetryPolicy | None = None,
) -> FigmaClient:
    """A client on ``WF2DES_FIGMA_API_URL`` for one job.

    With ``job_token`` (a job's sealed organization token, see ``wf2des.core.sealing``) it reads as that
    organization; without, with ``WF2DES_FIGMA_TOKEN`` (development and the demo: production refuses the
    setting). Neither: :class:`ConfigError`.
    """
    return FigmaClient(
        base_url=settings.figma_api_url, auth=auth_for_job(settings, job_token), budget=budget, retry=retry
    )


def auth_for_job(settings: Settings, job_token: str | None) -> FigmaAuth:
    if job_token is not None:
        if settings.figma_job_key is None:
            raise ConfigError("the job carries a sealed Figma token but WF2DES_FIGMA_JOB_KEY is not set")
        sealer = Sealer(settings.figma_job_key.get_secret_value(), setting="WF2DES_FIGMA_JOB_KEY")
        try:
            token = sealer.open(job_token, max_age_seconds=settings.figma_job_token_max_age_seconds)
        except SealError:
            raise ConfigError(
                "the job's Figma token does not open: sealed under another WF2DES_FIGMA_JOB_KEY, "
                "tampered with, or older than WF2DES_FIGMA_JOB_TOKEN_MAX_AGE_SECONDS"
            ) from None
        return FigmaAuth(token, "oauth")
    if settings.figma_token is None:
        raise ConfigError(
            "no Figma token: the organization has not connected Figma, and WF2DES_FIGMA_TOKEN "
            "(development only) is not set"
        )
    return auth_from_setting(settings.figma_token.get_secret_value())

"""Figma REST adapter: an async httpx client with its own error tree, pacing and retries.

See :mod:`._errors` for the error tree and :mod:`._client` for the hazards the client absorbs.
Build a client with :func:`client_from_settings` (or :class:`FigmaClient` directly in tests, with
``transport=httpx.MockTransport(...)`` or the fake server's URL).
"""

from __future__ import annotations

from wf2des.core.errors import ConfigError
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
    "auth_from_setting",
    "client_from_settings",
]


def client_from_settings(
    settings: Settings, *, budget: PacingBudget | None = None, retry: RetryPolicy | None = None
) -> FigmaClient:
    """A client on ``WF2DES_FIGMA_API_URL`` with ``WF2DES_FIGMA_TOKEN`` (refuses to run without a token)."""
    if settings.figma_token is None:
        raise ConfigError(
            "WF2DES_FIGMA_TOKEN is not set: a Figma personal access token (or oauth:<token>) is needed"
        )
    return FigmaClient(
        base_url=settings.figma_api_url,
        auth=auth_from_setting(settings.figma_token.get_secret_value()),
        budget=budget,
        retry=retry,
    )

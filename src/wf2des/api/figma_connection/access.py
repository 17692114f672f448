"""Reading Figma as an organization: its own token (refreshed when near expiry), checked, or sealed for a job.

A job carries the organization's token sealed for the worker (``core/sealing.py``). A job without one makes
the worker fall back to the service-wide ``WF2DES_FIGMA_TOKEN`` (local development and the demo;
``check_production`` refuses the setting), so in production a job of an unconnected organization reads
nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from wf2des.api.figma_connection.setup import FigmaAccess
from wf2des.api.state import AppState
from wf2des.core.errors import Conflict, Forbidden, NotFound
from wf2des.core.logging import get_logger
from wf2des.core.sealing import SealError
from wf2des.integrations.figma import (
    FigmaAuth,
    FigmaClient,
    FigmaForbidden,
    FigmaNotFound,
    FigmaUnauthorized,
    RetryPolicy,
)
from wf2des.pg.repositories import FigmaConnectionRepository

__all__ = [
    "FigmaFileNotReadable",
    "FigmaReconnectNeeded",
    "check_readable",
    "organization_token",
    "sealed_job_token",
]

_log = get_logger("wf2des.figma_connection")


class FigmaFileNotReadable(Forbidden):
    code = "figma_file_not_readable"


class FigmaReconnectNeeded(Conflict):
    code = "figma_reconnect_needed"


async def organization_token(session: AsyncSession, state: AppState, organization_id: int) -> str | None:
    """The organization's own access token, refreshed first when it expires within the margin; else None."""
    access = state.figma
    if access is None:
        return None
    repo = FigmaConnectionRepository(session)
    record = await repo.get(organization_id)
    if record is None:
        return None
    margin = timedelta(seconds=state.api_settings.figma_refresh_margin_seconds)
    if record.access_expires_at - datetime.now(UTC) > margin:
        return _open(access, record.access_token_sealed)
    # Near expiry: lock the row so concurrent requests refresh once, then re-read what the winner stored.
    record = await repo.get(organization_id, for_update=True)
    if record is None:
        return None
    if record.access_expires_at - datetime.now(UTC) > margin:
        return _open(access, record.access_token_sealed)
    grant = await access.oauth.refresh(_open(access, record.refresh_token_sealed))
    await repo.refreshed(
        organization_id,
        access_token_sealed=access.at_rest.seal(grant.access_token),
        refresh_token_sealed=access.at_rest.seal(grant.refresh_token) if grant.refresh_token else None,
        access_expires_at=datetime.now(UTC) + timedelta(seconds=grant.expires_in),
    )
    _log.info("figma_connection.refreshed", organization_id=organization_id)
    return grant.access_token


async def sealed_job_token(session: AsyncSession, state: AppState, organization_id: int) -> str | None:
    """The organization's access token sealed for the worker, or None (the worker then falls back)."""
    token = await organization_token(session, state, organization_id)
    if token is None or state.figma is None:
        return None
    return state.figma.for_jobs.seal(token)


async def check_readable(state: AppState, auth: FigmaAuth, figma_file_key: str) -> None:
    """One ``GET /v1/files/:key/meta`` with the organization's credential: raises unless it can read it."""
    client = FigmaClient(
        base_url=state.settings.figma_api_url, auth=auth, retry=RetryPolicy(max_attempts=2), timeout=10.0
    )
    async with client:
        try:
            await client.get_file_meta(figma_file_key)
        except FigmaNotFound:
            raise NotFound(
                "Figma has no file with this key that the organization's Figma account can read.",
                code="figma_file_not_found",
            ) from None
        except FigmaForbidden:
            raise FigmaFileNotReadable(
                "The organization's Figma account may not read this file: share it with that account, "
                "or connect an account that can."
            ) from None
        except FigmaUnauthorized:
            raise FigmaReconnectNeeded(
                "Figma refused the organization's token: connect Figma again."
            ) from None


def _open(access: FigmaAccess, sealed: str) -> str:
    try:
        return access.at_rest.open(sealed)
    except SealError:
        # The at-rest key was rotated away without keeping the old one: only a new connection helps.
        raise FigmaReconnectNeeded(
            "The stored Figma connection can no longer be read: connect Figma again."
        ) from None

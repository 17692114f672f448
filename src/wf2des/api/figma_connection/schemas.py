"""Figma-connection bodies (camelCase on the wire). No token ever leaves the API in one."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from wf2des.api.code2wf.schemas import _Camel

__all__ = ["FigmaConnectionStarted", "FigmaConnectionStatus"]


class FigmaConnectionStarted(_Camel):
    """Open ``authorizeUrl`` in a browser signed in to the Figma account the organization should use."""

    authorize_url: str
    expires_at: datetime


class FigmaConnectionStatus(_Camel):
    connected: bool
    figma_user_id: str | None = None
    scopes: list[str] = Field(default_factory=list)
    connected_by: str | None = None
    connected_at: datetime | None = None
    access_expires_at: datetime | None = None

"""Plugin-session bodies (camelCase on the wire)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from wf2des.api.code2wf.schemas import _Camel

__all__ = ["KEY_PATTERN", "PluginSessionCreated", "PluginSessionPending", "PluginSessionToken"]

# secrets.token_urlsafe(16): 128 random bits as 22 base64url characters.
KEY_PATTERN = r"^[A-Za-z0-9_-]{22}$"


class PluginSessionCreated(_Camel):
    """Keep ``readKey`` in the plugin; open ``loginUrl`` (which carries the write key) in the browser."""

    read_key: str
    login_url: str
    expires_at: datetime


class PluginSessionPending(_Camel):
    status: Literal["pending"] = "pending"


class PluginSessionToken(_Camel):
    """Delivered exactly once; the session is gone afterwards."""

    access_token: str
    token_type: Literal["Bearer"] = "Bearer"
    expires_at: datetime

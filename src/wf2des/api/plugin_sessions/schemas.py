"""Plugin-session bodies (camelCase on the wire)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from wf2des.api.code2wf.schemas import _Camel

__all__ = [
    "CONFIRMATION_CODE_PATTERN",
    "KEY_PATTERN",
    "PluginSessionCreated",
    "PluginSessionPending",
    "PluginSessionToken",
]

# secrets.token_urlsafe(16): 128 random bits as 22 base64url characters.
KEY_PATTERN = r"^[A-Za-z0-9_-]{22}$"
CONFIRMATION_CODE_PATTERN = r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"


class PluginSessionCreated(_Camel):
    """Keep ``readKey`` in the plugin; open ``loginUrl`` (which carries the write key) in the browser.

    Show ``confirmationCode`` while waiting: the login page shows the same code and asks the user to
    confirm that the plugin shows it before the token is issued.
    """

    read_key: str
    login_url: str
    confirmation_code: str = Field(pattern=CONFIRMATION_CODE_PATTERN, examples=["K7QF-M3XP"])
    expires_at: datetime


class PluginSessionPending(_Camel):
    status: Literal["pending"] = "pending"


class PluginSessionToken(_Camel):
    """Delivered exactly once; the session is gone afterwards."""

    access_token: str
    token_type: Literal["Bearer"] = "Bearer"
    expires_at: datetime

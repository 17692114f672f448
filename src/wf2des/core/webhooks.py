"""Signed worker → API events (Standard Webhooks), importable by a worker without PostgreSQL or FastAPI.

Key derivation
    Every job that reports back gets its own signing key, bound to what it generates::

        callback_key = base64(
            HMAC-SHA256(key=WF2DES_WEBHOOK_SECRET, msg=b"wf2des.<kind>.callback:" + generation_id)
        )

    with ``<kind>`` ``code2wf`` or ``design_generation``. The API puts ``callback_key`` in the job envelope
    and recomputes it from the id in the webhook's path (and the route's kind), so a leaked queue message
    lets its holder sign events for that one generation only, never for a generation of the other kind, and
    the API needs no lookup to verify a signature.

Wire format (https://www.standardwebhooks.com)
    ``webhook-id``, ``webhook-timestamp`` (Unix seconds) and ``webhook-signature: v1,<base64 sig>`` where
    ``sig = HMAC-SHA256(base64decode(callback_key), f"{id}.{timestamp}.".encode() + body)``. Several
    space-separated signatures may be sent (key rotation); one matching ``v1`` signature suffices.

Why ``hmac`` rather than the ``standardwebhooks`` package
    The package (1.1) raises ``ValueError``/``UnicodeDecodeError`` on malformed headers or non-UTF-8 bodies
    instead of its own error, which would turn hostile input into a 500; it also hides the tolerance window
    we must test at its edges. The format is a dozen lines of ``hmac``; a unit test checks that signatures
    made here verify with ``standardwebhooks.Webhook`` and vice versa, so the wire stays interoperable.

Result keys
    A worker writes its result or failure artifact under ``wf2des.jobs.keys.artifact_prefix`` (the
    generation's id and attempt); the API refuses a ``resultUrl`` outside it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import time
from collections.abc import Mapping
from typing import Literal

from wf2des.core.errors import Unauthorized

__all__ = [
    "TOLERANCE_SECONDS",
    "CallbackKind",
    "WebhookVerificationError",
    "derive_callback_key",
    "sign",
    "signed_headers",
    "verify",
]

TOLERANCE_SECONDS = 300
CallbackKind = Literal["code2wf", "design_generation"]


class WebhookVerificationError(Unauthorized):
    """The event is unsigned, wrongly signed, or outside the timestamp tolerance: the caller is not the worker
    holding this generation's callback key."""

    code = "invalid_signature"


def derive_callback_key(webhook_secret: str, generation_id: str, kind: CallbackKind = "code2wf") -> str:
    context = f"wf2des.{kind}.callback:".encode()
    digest = hmac.new(webhook_secret.encode(), context + generation_id.encode(), hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


def sign(callback_key: str, msg_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(callback_key)
    mac = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def signed_headers(
    callback_key: str, msg_id: str, body: bytes, *, timestamp: int | None = None
) -> dict[str, str]:
    ts = int(time.time()) if timestamp is None else timestamp
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(ts),
        "webhook-signature": sign(callback_key, msg_id, ts, body),
        "content-type": "application/json",
    }


def verify(
    callback_key: str,
    headers: Mapping[str, str],
    body: bytes,
    *,
    now: float | None = None,
    tolerance: int = TOLERANCE_SECONDS,
) -> None:
    """Raise :class:`WebhookVerificationError` unless one ``v1`` signature matches within the tolerance."""
    lowered = {k.lower(): v for k, v in headers.items()}
    msg_id = lowered.get("webhook-id", "")
    raw_ts = lowered.get("webhook-timestamp", "")
    signatures = lowered.get("webhook-signature", "")
    if not (msg_id and raw_ts and signatures):
        raise WebhookVerificationError("missing webhook headers")
    if not raw_ts.isascii() or not raw_ts.isdigit() or len(raw_ts) > 12:
        raise WebhookVerificationError("malformed webhook timestamp")
    ts = int(raw_ts)
    current = time.time() if now is None else now
    if abs(current - ts) > tolerance:
        raise WebhookVerificationError("webhook timestamp outside the tolerance window")
    expected = sign(callback_key, msg_id, ts, body).split(",", 1)[1].encode()
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        if version != "v1" or not value:
            continue
        try:
            normalised = base64.b64encode(base64.b64decode(value, validate=True))
        except (binascii.Error, ValueError):
            continue
        if hmac.compare_digest(expected, normalised):
            return
    raise WebhookVerificationError("no matching webhook signature")

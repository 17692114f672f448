"""Standard Webhooks signing: interoperable with the reference package, strict on malformed input."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from datetime import UTC, datetime

import pytest
from standardwebhooks import Webhook

from wf2des.core.webhooks import WebhookVerificationError, derive_callback_key, sign, signed_headers, verify

KEY = derive_callback_key("secret", "0190aaaa-0000-7000-8000-000000000001")


def test_key_is_bound_to_the_job_and_the_secret() -> None:
    assert derive_callback_key("secret", "0190aaaa-0000-7000-8000-000000000001") == KEY
    assert derive_callback_key("secret", "0190aaaa-0000-7000-8000-000000000002") != KEY
    assert derive_callback_key("other", "0190aaaa-0000-7000-8000-000000000001") != KEY
    assert len(base64.b64decode(KEY)) == 32


def test_keys_are_bound_to_their_kind_and_code2wf_keys_did_not_change() -> None:
    job = "0190aaaa-0000-7000-8000-000000000001"
    digest = hmac.new(b"secret", b"wf2des.code2wf.callback:" + job.encode(), hashlib.sha256).digest()
    assert derive_callback_key("secret", job, "code2wf") == KEY == base64.b64encode(digest).decode()
    assert derive_callback_key("secret", job, "design_generation") != KEY


def test_reference_package_verifies_our_signature_and_we_verify_its() -> None:
    body = b'{"type":"code2wf.failed","attempt":1,"errorMessage":"x"}'
    headers = signed_headers(KEY, "msg_1", body)
    assert Webhook(KEY).verify(body, headers) == {"type": "code2wf.failed", "attempt": 1, "errorMessage": "x"}
    theirs = Webhook(KEY).sign("msg_2", datetime.now(tz=UTC), body.decode())
    ts = headers["webhook-timestamp"]
    verify(KEY, {"webhook-id": "msg_2", "webhook-timestamp": ts, "webhook-signature": theirs}, body)


def test_rotation_any_v1_signature_matches() -> None:
    ts = int(time.time())
    good = sign(KEY, "m", ts, b"{}")
    verify(
        KEY,
        {"webhook-id": "m", "webhook-timestamp": str(ts), "webhook-signature": f"v2,zzz v1,AAAA {good}"},
        b"{}",
    )


@pytest.mark.parametrize("signature", ["", "v1", "v1,", "v1,!!!", "v1,AAAA", "v0,{good}", "{good}x", "v1,=="])
def test_malformed_signatures_are_refused_not_crashed(signature: str) -> None:
    ts = int(time.time())
    good = sign(KEY, "m", ts, b"{}").split(",", 1)[1]
    headers = {
        "webhook-id": "m",
        "webhook-timestamp": str(ts),
        "webhook-signature": signature.replace("{good}", good),
    }
    with pytest.raises(WebhookVerificationError):
        verify(KEY, headers, b"{}")


@pytest.mark.parametrize(("skew", "ok"), [(-300, True), (300, True), (-301, False), (301, False)])
def test_tolerance_edges(skew: int, ok: bool) -> None:
    now = 1_800_000_000
    headers = signed_headers(KEY, "m", b"{}", timestamp=now + skew)
    if ok:
        verify(KEY, headers, b"{}", now=now)
    else:
        with pytest.raises(WebhookVerificationError):
            verify(KEY, headers, b"{}", now=now)


def test_non_utf8_body_and_odd_timestamps() -> None:
    body = b"\xff\xfe"
    verify(KEY, signed_headers(KEY, "m", body), body)
    for ts in ["-1", "1e9", "١٢٣", " 123", "9" * 20]:
        with pytest.raises(WebhookVerificationError):
            verify(KEY, {"webhook-id": "m", "webhook-timestamp": ts, "webhook-signature": "v1,AAAA"}, body)

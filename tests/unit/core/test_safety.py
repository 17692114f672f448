"""The safe-message scrubber (AWS access key ids among them)."""

from __future__ import annotations

import pytest

from wf2des.core.safety import redact_secrets, safe_message


@pytest.mark.parametrize(
    "key",
    ["AKIAIOSFODNN7EXAMPLE", "ASIAY34FZKBOKMUTVV7A", "AIDAJQABLZS4A3QDU576", "AROADBQP57FF2AEXAMPLE"[:20]],
)
def test_aws_access_key_ids_are_redacted(key: str) -> None:
    for text in (f"InvalidAccessKeyId: {key} is not valid", f"key={key}", f"creds({key})", key):
        cleaned = safe_message(text)
        assert key not in cleaned, text
        assert "<aws-access-key-id>" in cleaned


def test_aws_secret_access_keys_are_redacted() -> None:
    secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    for text in (f"aws_secret_access_key={secret}", f"AWS_SECRET_ACCESS_KEY: {secret}"):
        assert secret not in safe_message(text)


def test_look_alikes_are_kept() -> None:
    # Not 20 characters, or lower case: an ordinary word or id, not a key.
    for text in ("AKIA is a prefix", "akiaiosfodnn7example", "XAKIAIOSFODNN7EXAMPLEX1"):
        assert safe_message(text) == text


JWT = (
    "eyJhbGciOiJSUzI1NiIsImtpZCI6InRydXN0ZWQtMSJ9"
    ".eyJzdWIiOiJ1c2VyLTEiLCJjdXN0b206b3JnYW5pemF0aW9uX2lkIjoiNDIifQ"
    ".c2lnbmF0dXJlLWJ5dGVzLWhlcmU"
)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("delivery failed: webhook_secret=s3cr3t-value-1", "s3cr3t-value-1"),
        ("token exchange: client_secret=cs-abcdef123456&grant_type=x", "cs-abcdef123456"),
        ("callback?access_token=at-0123456789abcdef&state=1", "at-0123456789abcdef"),
        ("refresh_token=rt-0123456789abcdef failed", "rt-0123456789abcdef"),
        ("env: WF2DES_FIGMA_TOKEN=figd_abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwxyz012345"),
        ('{"user": "a", "password": "hunter2-hunter2"}', "hunter2-hunter2"),
        ("{'client_secret': 'single-quoted-secret'}", "single-quoted-secret"),
        ("Figma answered 403 for figd_AbCdEfGhIjKlMnOpQrStUvWx_yz-0123", "AbCdEfGhIjKlMnOpQrStUvWx"),
        (f"token refused: {JWT}", JWT),
        (f"the header was {JWT[:60]}", ".eyJzdWIiOiJ1c2VyLTEi"),
        (
            "GET https://b.s3.amazonaws.com/k?X-Amz-Signature=0a1b2c3d4e5f60718293&X-Amz-Date=1",
            "0a1b2c3d4e5f60718293",
        ),
        ("X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261203%2Fus-east-1", "AKIAIOSFODNN7EXAMPLE"),
        ("Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA"),
        ("proxy sent Basic dXNlcjpwYXNzd29yZA== upstream", "dXNlcjpwYXNzd29yZA"),
        ("Authorization: Bearer abc.def.ghi-jkl", "abc.def.ghi-jkl"),
        ("request had bearer tok_9f8e7d6c5b4a", "tok_9f8e7d6c5b4a"),
        ("connect redis://default:p4ssw0rd@cache:6379/0", "p4ssw0rd"),
        ("X-Figma-Token: figu_live_value_0123456789abcdef", "figu_live_value_0123456789abcdef"),
        ("api-key: ak_live_0123456789", "ak_live_0123456789"),
    ],
)
def test_secret_forms_are_redacted(text: str, secret: str) -> None:
    cleaned = safe_message(text)
    assert secret not in cleaned, cleaned
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "the page did not finish loading within 60 s",
        "The event signature is missing, invalid or stale.",
        "a basic layout with 3 columns",
        "element count 50000 exceeds the limit",
    ],
)
def test_ordinary_sentences_are_kept(text: str) -> None:
    assert safe_message(text) == text


def test_a_long_word_costs_linear_time() -> None:
    import time

    started = time.perf_counter()
    safe_message("a" * 200_000 + " " + "secret_" * 20_000, limit=100)
    assert time.perf_counter() - started < 1.0


def test_paths_keep_their_shape_with_secrets_redacted() -> None:
    path = "/v1/projects/AKIAIOSFODNN7EXAMPLE/page-imports;token=abc123"
    assert redact_secrets(path) == "/v1/projects/<aws-access-key-id>/page-imports;token=***"

"""The safe-message scrubber (AWS access key ids among them)."""

from __future__ import annotations

import pytest

from wf2des.core.safety import safe_message


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

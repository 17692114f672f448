"""validate_key: the single gate every blob operation passes through."""

from __future__ import annotations

import pytest

from wf2des.core.errors import InvalidInput
from wf2des.integrations.blobs import validate_key, validate_prefix

GOOD = [
    "a",
    "spec.json",
    "12/34/code2wf/0190b3c4-0000-7000-8000-000000000000/attempt-1/spec.json",
    "page imports/with spaces/é/日本.html",
    ".well-known/x",
    "a..b/c...d",
    "...",
    ".wf2des-not-reserved/x",
    "x/.wf2des/nested-is-fine",
    "x" * 255 + "/" + "y" * 255,
    "/".join(["x" * 200] * 5),  # 1,004 bytes
]

BAD = {
    "": "non-empty",
    "/etc/passwd": "absolute",
    "../x": "'..'",
    "a/../../x": "'..'",
    "a/..": "'..'",
    "./a": "'.'",
    "a//b": "empty path segment",
    "a/": "empty path segment",
    "a\\b": "backslash",
    "..\\..\\x": "backslash",
    "a\x00": "control",
    "a\tb": "control",
    "a\rb": "control",
    "a\x85b": "control",
    "a\x7f": "control",
    "\ud800": "surrogate",
    "x" * 1025: "1024 bytes",
    "é" * 513: "1024 bytes",  # 513 characters, 1,026 bytes
    "x" * 256: "255 bytes",
    ".wf2des": "reserved",
    ".wf2des/tmp/put-1": "reserved",
}


@pytest.mark.parametrize("key", GOOD)
def test_accepts_ordinary_keys(key: str) -> None:
    assert validate_key(key) == key


@pytest.mark.parametrize(("key", "reason"), BAD.items(), ids=[repr(k[:20]) for k in BAD])
def test_refuses_each_bad_form_with_its_reason(key: str, reason: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        validate_key(key)
    assert caught.value.code == "invalid_blob_key"
    assert caught.value.status == 422
    assert reason in caught.value.detail


def test_message_never_echoes_raw_control_characters() -> None:
    with pytest.raises(InvalidInput) as caught:
        validate_key("evil\x1b[31m\n")
    assert "\x1b" not in caught.value.detail
    assert "\n" not in caught.value.detail


def test_non_string_is_refused() -> None:
    with pytest.raises(InvalidInput):
        validate_key(b"bytes")  # type: ignore[arg-type]


@pytest.mark.parametrize("prefix", ["", "a", "a/", "a/b", "a/b/", "a/partial-na"])
def test_prefix_accepts_a_key_or_a_key_and_slash(prefix: str) -> None:
    assert validate_prefix(prefix) == prefix


@pytest.mark.parametrize("prefix", ["/", "//", "a//", "../", "a/../", "/a", "a\\", ".wf2des/"])
def test_prefix_refuses_what_a_key_refuses(prefix: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        validate_prefix(prefix)
    assert caught.value.code == "invalid_blob_key"

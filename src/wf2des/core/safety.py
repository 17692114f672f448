"""Turning arbitrary failure text into a message that is safe to store or show.

Error columns and client responses must never carry a stack trace, an internal path or a secret.
"""

from __future__ import annotations

import re

__all__ = ["redact_secrets", "safe_message"]

_MAX = 1000
_TRACEBACK = re.compile(r"Traceback \(most recent call last\):.*", re.DOTALL)
_FRAME = re.compile(r'\s*File "[^"]*", line \d+.*')
_URL_CREDENTIALS = re.compile(r"(?<![a-zA-Z0-9+.-])([a-zA-Z][a-zA-Z0-9+.-]*://)[^/\s:@]+(?::[^/\s@]*)?@")
# A key naming a secret (webhook_secret, WF2DES_FIGMA_TOKEN, X-Amz-Signature, "password" as a JSON key, with
# at most one short segment after the keyword: secret_key), then "=" or ":", then the value: quoted, an auth
# scheme and its credentials, or up to the next space, comma, "&", ";" or closing bracket. Every pattern
# starts at the start of a word (the lookbehinds), so a long word costs linear time, not quadratic.
_SECRET_ASSIGNMENT = re.compile(
    r"(?i)((?<![\w.-])[\w.-]*?"
    r"(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|authorization|signature|credential)"
    r"(?:[_.-][a-z0-9]{1,10})?)"
    r"([\"']?\s*[:=]\s*)"
    r"(\"[^\"]*\"|'[^']*'|(?:basic|bearer|digest|token)\s+[^\s,;&]+|[^\s,;&)\]}]+)"
)
_BASIC = re.compile(r"\bBasic\s+[A-Za-z0-9+/]{8,}={0,2}")
_FIGMA_TOKEN = re.compile(r"\bfig[a-z]_[A-Za-z0-9_-]{16,}")
_JWT = re.compile(r"\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*")
# AWS access key ids: a four-letter type prefix (AKIA long-term, ASIA temporary, AIDA user, AROA role, …) and
# 16 upper-case letters or digits. boto errors quote them ("The AWS Access Key Id you provided …").
_AWS_KEY_ID = re.compile(
    r"(?<![A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"
)
_BEARER = re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]+")
_ABS_PATH = re.compile(r"(?<![\w/:.])(?:/[\w.@+-]+){2,}/?")
_WIN_PATH = re.compile(r"\b[A-Za-z]:\\[^\s]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def redact_secrets(text: str) -> str:
    """Replace credentials (assignments, auth schemes, URL userinfo, tokens, AWS key ids); keep the rest.

    For text whose shape matters, such as a request path in a log line; :func:`safe_message` also strips
    tracebacks and paths.
    """
    cleaned = _URL_CREDENTIALS.sub(r"\1***@", text)
    cleaned = _SECRET_ASSIGNMENT.sub(r"\1\2***", cleaned)
    cleaned = _BEARER.sub("Bearer ***", cleaned)
    cleaned = _BASIC.sub("Basic ***", cleaned)
    cleaned = _JWT.sub("<jwt>", cleaned)
    cleaned = _FIGMA_TOKEN.sub("<figma-token>", cleaned)
    return _AWS_KEY_ID.sub("<aws-access-key-id>", cleaned)


def safe_message(text: str, *, limit: int = _MAX) -> str:
    """Strip tracebacks, file paths, credentials and control characters; cap the length."""
    cleaned = _TRACEBACK.sub("", text)
    cleaned = "\n".join(line for line in cleaned.splitlines() if not _FRAME.fullmatch(line))
    cleaned = redact_secrets(cleaned)
    cleaned = _WIN_PATH.sub("<path>", cleaned)
    cleaned = _ABS_PATH.sub("<path>", cleaned)
    cleaned = _CONTROL.sub(" ", cleaned)
    cleaned = re.sub(r"\s+", " ", cleaned).strip()
    if not cleaned:
        cleaned = "generation failed"
    if len(cleaned) > limit:
        cleaned = cleaned[: limit - 1].rstrip() + "…"
    return cleaned

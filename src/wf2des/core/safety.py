"""Turning arbitrary failure text into a message that is safe to store or show.

Error columns and client responses must never carry a stack trace, an internal path or a secret.
"""

from __future__ import annotations

import re

__all__ = ["safe_message"]

_MAX = 1000
_TRACEBACK = re.compile(r"Traceback \(most recent call last\):.*", re.DOTALL)
_FRAME = re.compile(r'\s*File "[^"]*", line \d+.*')
_URL_CREDENTIALS = re.compile(r"([a-zA-Z][a-zA-Z0-9+.-]*://)[^/\s:@]+(?::[^/\s@]*)?@")
_SECRET_ASSIGNMENT = re.compile(
    r"(?i)\b(password|passwd|secret|token|api[_-]?key|authorization|x-figma-token"
    r"|(?:aws_)?secret_access_key|(?:aws_)?session_token)\b(\s*[:=]\s*)(\"[^\"]*\"|'[^']*'|\S+)"
)
# AWS access key ids: a four-letter type prefix (AKIA long-term, ASIA temporary, AIDA user, AROA role, …) and
# 16 upper-case letters or digits. boto errors quote them ("The AWS Access Key Id you provided …").
_AWS_KEY_ID = re.compile(
    r"(?<![A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"
)
_BEARER = re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]+")
_ABS_PATH = re.compile(r"(?<![\w/:.])(?:/[\w.@+-]+){2,}/?")
_WIN_PATH = re.compile(r"\b[A-Za-z]:\\[^\s]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def safe_message(text: str, *, limit: int = _MAX) -> str:
    """Strip tracebacks, file paths, credentials and control characters; cap the length."""
    cleaned = _TRACEBACK.sub("", text)
    cleaned = "\n".join(line for line in cleaned.splitlines() if not _FRAME.fullmatch(line))
    cleaned = _URL_CREDENTIALS.sub(r"\1***@", cleaned)
    cleaned = _BEARER.sub("Bearer ***", cleaned)
    cleaned = _SECRET_ASSIGNMENT.sub(r"\1\2***", cleaned)
    cleaned = _AWS_KEY_ID.sub("<aws-access-key-id>", cleaned)
    cleaned = _WIN_PATH.sub("<path>", cleaned)
    cleaned = _ABS_PATH.sub("<path>", cleaned)
    cleaned = _CONTROL.sub(" ", cleaned)
    cleaned = re.sub(r"\s+", " ", cleaned).strip()
    if not cleaned:
        cleaned = "generation failed"
    if len(cleaned) > limit:
        cleaned = cleaned[: limit - 1].rstrip() + "…"
    return cleaned

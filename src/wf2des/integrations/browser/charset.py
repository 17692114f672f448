"""The ``Content-Type`` an import's file is served with: UTF-8 when the page declares no encoding.

A browser that gets HTML with no charset (no BOM, no ``<meta charset>`` in the first 1,024 bytes, no HTTP
header) falls back to windows-1252, so a UTF-8 ``©`` shows as ``Â©``. Static hosts serve ``charset=utf-8``
for such files; we do the same when the bytes are valid UTF-8, and report the guess (only when it mattered:
a file of pure ASCII reads the same either way). CSS without ``@charset`` follows the same rule.
"""

from __future__ import annotations

import re

__all__ = ["content_type"]

_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
_META_CHARSET = re.compile(rb"<meta[^>]+charset", re.IGNORECASE)


def _declared(mime: str, body: bytes) -> bool:
    if body.startswith(_BOMS):
        return True
    if mime == "text/css":
        return body.startswith(b"@charset")
    return _META_CHARSET.search(body[:1024]) is not None


def content_type(mime: str, body: bytes) -> tuple[str, bool]:
    """(header value, whether UTF-8 was guessed for a file that needed it)."""
    if mime not in ("text/html", "text/css") or _declared(mime, body):
        return mime, False
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return mime, False  # not UTF-8: leave the browser's own fallback
    return f"{mime}; charset=utf-8", not body.isascii()

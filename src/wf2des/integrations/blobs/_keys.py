"""The one definition of a valid blob key, shared by every implementation.

A key is a relative, ``/``-separated path. The rules are the intersection of what S3 accepts and what a
POSIX directory can hold *as the same object*: anything that a filesystem would normalise (``.``, ``..``,
``//``, a leading ``/``) or that could escape the store's root is refused, so a key names exactly one
object in both implementations. Keys are checked on every call, not only on writes: a read with ``..``
must not reach outside the store either.
"""

from __future__ import annotations

from wf2des.core.errors import InvalidInput

__all__ = ["MAX_KEY_BYTES", "MAX_SEGMENT_BYTES", "RESERVED_SEGMENT", "validate_key", "validate_prefix"]

MAX_KEY_BYTES = 1024
"""S3's own limit on a key, in UTF-8 bytes."""

MAX_SEGMENT_BYTES = 255
"""NAME_MAX of common filesystems: a longer segment could be stored on S3 but not in a local directory."""

RESERVED_SEGMENT = ".wf2des"
"""First segment kept for the store's own use (local temp files, the S3 write probe); never listed."""

_CODE = "invalid_blob_key"


def _refuse(key: str, reason: str) -> InvalidInput:
    shown = key[:80].encode("unicode_escape").decode("ascii")
    return InvalidInput(f"invalid blob key {shown!r}: {reason}", code=_CODE)


def validate_key(key: str) -> str:
    """Return ``key`` if it is a valid blob key, else raise ``InvalidInput`` (``invalid_blob_key``)."""
    if not isinstance(key, str) or not key:
        raise InvalidInput("invalid blob key: it must be a non-empty string", code=_CODE)
    if len(key.encode("utf-8", "surrogatepass")) > MAX_KEY_BYTES:
        raise _refuse(key, f"longer than {MAX_KEY_BYTES} bytes")
    if any(ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F for ch in key):
        raise _refuse(key, "contains a NUL or control character")
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in key):
        raise _refuse(key, "contains an unpaired surrogate (not valid UTF-8)")
    if "\\" in key:
        raise _refuse(key, "contains a backslash")
    if key.startswith("/"):
        raise _refuse(key, "is an absolute path")
    segments = key.split("/")
    for segment in segments:
        if segment == "":
            raise _refuse(key, "has an empty path segment")
        if segment in (".", ".."):
            raise _refuse(key, f"has a {segment!r} path segment")
        if len(segment.encode("utf-8")) > MAX_SEGMENT_BYTES:
            raise _refuse(key, f"has a path segment longer than {MAX_SEGMENT_BYTES} bytes")
    if segments[0] == RESERVED_SEGMENT:
        raise _refuse(key, f"{RESERVED_SEGMENT!r} is reserved for the blob store itself")
    return key


def validate_prefix(prefix: str) -> str:
    """A listing prefix: empty (everything), or a key, or a key followed by one ``/``.

    Prefixes match as strings, exactly like S3: ``"a/b"`` matches ``a/b``, ``a/b/c`` and ``a/bc``.
    """
    if prefix == "":
        return prefix
    validate_key(prefix[:-1] if prefix.endswith("/") and len(prefix) > 1 else prefix)
    return prefix

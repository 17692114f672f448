"""The blob store port: what the API and the workers may ask of S3 or a local directory."""

from __future__ import annotations

import builtins
from collections.abc import Iterator
from typing import Protocol

__all__ = ["DEFAULT_CHUNK_SIZE", "BlobStore"]

DEFAULT_CHUNK_SIZE = 1024 * 1024


class BlobStore(Protocol):
    """Write-once objects addressed by relative keys (see ``validate_key``).

    Both implementations behave the same: every key is validated on every call; ``put_immutable`` never
    overwrites; reads never see a half-written object; ``list`` is sorted and excludes the store's own
    reserved ``.wf2des/`` keys.

    Errors: ``InvalidInput`` (code ``invalid_blob_key``) for a bad key, ``BlobExists`` when a key is taken,
    ``BlobNotFound`` for a missing key, ``StoreError`` (code ``blob_store_error``) when the store itself
    fails (network, permissions, disk) — retryable by the caller, never swallowed here.

    Known divergence: a local directory cannot hold both ``a`` and ``a/b`` (one would have to be a file and
    a directory at once); that put is refused with ``InvalidInput`` (code ``blob_key_conflict``) locally
    while S3 would accept it. wf2des' own key layouts never produce such a pair.
    """

    def put_immutable(self, key: str, data: bytes, content_type: str | None = None) -> None:
        """Store ``data`` under ``key`` once; raise ``BlobExists`` (first object intact) if the key is taken.

        Of any number of concurrent puts of one key exactly one succeeds. Hazard on S3: if the response to
        a successful put is lost and the SDK retries, the retry sees the key taken and this raises
        ``BlobExists`` although the data written is ours — callers that write-once-then-reuse (content
        addressing, re-delivered jobs) must treat ``BlobExists`` as "it is there", not as "someone else won".
        """
        ...

    def get(self, key: str) -> bytes:
        """The whole object; ``BlobNotFound`` if absent. Use ``iter_chunks`` for anything large."""
        ...

    def exists(self, key: str) -> bool: ...

    def list(self, prefix: str = "") -> builtins.list[str]:
        """Every key starting with ``prefix`` (string match, as on S3), sorted; all pages on S3."""
        ...

    def iter_chunks(self, key: str, chunk_size: int = DEFAULT_CHUNK_SIZE) -> Iterator[bytes]:
        """A streamed read. ``BlobNotFound`` is raised by this call itself, not on the first ``next()``,
        so a web handler can answer 404 before it starts a streaming response."""
        ...

    def presigned_url(self, key: str, expires_s: int) -> str | None:
        """A time-limited GET URL (S3), or ``None`` when the store has none (local: stream instead).

        The URL is not checked against the object's existence: a missing key answers 404 when fetched.
        """
        ...

    def delete(self, key: str) -> None:
        """Remove one object; a missing key is not an error.

        Only for undoing a failed Page Import upload (its files and manifest must not outlive the failed
        request). Never use it on result or failure artifacts: they are immutable by contract.
        """
        ...

    def url_for(self, key: str) -> str:
        """The absolute blob URL of ``key`` (``s3://…`` or ``file://…``), as stored in ``manifest_url``."""
        ...

    def key_from_url(self, url: str) -> str:
        """Inverse of ``url_for``; ``InvalidInput`` if ``url`` is not inside this store."""
        ...

    def describe(self) -> str:
        """A human description without secrets, for ``wf2des doctor``."""
        ...

    def check(self) -> None:
        """Verify the store is reachable and writable; ``ConfigError`` naming ``WF2DES_BLOB_URL`` if not."""
        ...

"""Building the configured blob store from settings."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from wf2des.core.errors import ConfigError
from wf2des.core.settings import Settings
from wf2des.integrations.blobs._local import LocalBlobStore
from wf2des.integrations.blobs._port import BlobStore
from wf2des.integrations.blobs._s3 import S3BlobStore

__all__ = ["blob_url_of", "open_blob_store"]


def blob_url_of(settings: Settings) -> str:
    """``WF2DES_BLOB_URL``, or the embedded default ``file://{data_dir}/blobs`` when it is unset."""
    if settings.blob_url:
        return settings.blob_url
    return (settings.data_dir.resolve() / "blobs").as_uri()


def open_blob_store(settings: Settings) -> BlobStore:
    """The blob store ``settings`` point at. Does no I/O: call ``check()`` to find out whether it works."""
    url = blob_url_of(settings)
    parts = urlsplit(url)
    if parts.scheme == "s3":
        return S3BlobStore.from_url(url, endpoint_url=settings.s3_endpoint_url)
    if parts.scheme == "file":
        if parts.netloc not in ("", "localhost"):
            raise ConfigError(
                f"WF2DES_BLOB_URL names a remote host ({parts.netloc!r}); "
                "use file:///absolute/path for a local directory"
            )
        return LocalBlobStore(Path(unquote(parts.path)))
    raise ConfigError(f"WF2DES_BLOB_URL has scheme {parts.scheme!r}; expected s3:// or file://")

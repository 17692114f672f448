"""A local directory with the blob store's semantics (the embedded default).

Writes go to a private temp file under ``<root>/.wf2des/tmp`` (same filesystem), are flushed and made
read-only, and only then hard-linked to their final path. ``os.link`` fails if the target exists, so it is
the atomic "create if absent": two racing writers cannot both win and a reader never sees a partial file.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

from wf2des.core.errors import BlobExists, BlobNotFound, ConfigError, InvalidInput, StoreError
from wf2des.core.safety import safe_message
from wf2des.integrations.blobs._keys import RESERVED_SEGMENT, validate_key, validate_prefix
from wf2des.integrations.blobs._port import DEFAULT_CHUNK_SIZE

__all__ = ["LocalBlobStore"]


def _store_error(action: str, exc: OSError) -> StoreError:
    reason = safe_message(exc.strerror or type(exc).__name__)
    return StoreError(f"the local blob store could not {action}: {reason}", code="blob_store_error")


class LocalBlobStore:
    """Blobs as files under ``root``; the key ``a/b.json`` is the file ``root/a/b.json``."""

    def __init__(self, root: Path) -> None:
        if not root.is_absolute():
            raise ConfigError(f"WF2DES_BLOB_URL must name an absolute directory, got {str(root)!r}")
        self._root = root

    @property
    def root(self) -> Path:
        return self._root

    def _path(self, key: str) -> Path:
        return self._root.joinpath(*validate_key(key).split("/"))

    def _tmp_dir(self) -> Path:
        tmp = self._root / RESERVED_SEGMENT / "tmp"
        tmp.mkdir(parents=True, exist_ok=True)
        return tmp

    def put_immutable(self, key: str, data: bytes, content_type: str | None = None) -> None:  # noqa: ARG002
        # content_type is not kept: local blobs are only ever streamed back by our own code, which knows
        # what it stored (S3 needs it for presigned GETs).
        target = self._path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise InvalidInput(
                f"blob key {key!r} needs a directory where the local store already holds an object",
                code="blob_key_conflict",
            ) from None
        except OSError as exc:
            raise _store_error("create a directory", exc) from exc
        try:
            fd, tmp_name = tempfile.mkstemp(dir=self._tmp_dir(), prefix="put-")
        except OSError as exc:
            raise _store_error("create a temporary file", exc) from exc
        try:
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.chmod(tmp_name, 0o444)
                os.link(tmp_name, target)
            except FileExistsError:
                if target.is_dir():
                    raise InvalidInput(
                        f"blob key {key!r} is already a prefix of other keys in the local store",
                        code="blob_key_conflict",
                    ) from None
                raise BlobExists(f"blob {key!r} already exists and is immutable") from None
            except OSError as exc:
                raise _store_error("write an object", exc) from exc
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp_name)
        _fsync_dir(target.parent)

    def get(self, key: str) -> bytes:
        path = self._path(key)
        try:
            return path.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise BlobNotFound(f"blob {key!r} does not exist") from None
        except OSError as exc:
            raise _store_error("read an object", exc) from exc

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def list(self, prefix: str = "") -> builtins.list[str]:
        validate_prefix(prefix)
        # Walk only the deepest directory the prefix pins down; the rest of the match is a string test.
        directory_part = prefix.rsplit("/", 1)[0] if "/" in prefix else ""
        start = self._root.joinpath(*directory_part.split("/")) if directory_part else self._root
        keys: builtins.list[str] = []
        for dirpath, dirnames, filenames in os.walk(start):
            rel_dir = Path(dirpath).relative_to(self._root).as_posix()
            if rel_dir == ".":
                dirnames[:] = [name for name in dirnames if name != RESERVED_SEGMENT]
                rel_dir = ""
            for name in filenames:
                key = f"{rel_dir}/{name}" if rel_dir else name
                if key.startswith(prefix):
                    keys.append(key)
        return sorted(keys)

    def iter_chunks(self, key: str, chunk_size: int = DEFAULT_CHUNK_SIZE) -> Iterator[bytes]:
        if chunk_size <= 0:
            raise ValueError("chunk_size must be positive")
        path = self._path(key)
        try:
            handle = path.open("rb")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise BlobNotFound(f"blob {key!r} does not exist") from None
        except OSError as exc:
            raise _store_error("open an object", exc) from exc
        return _read_chunks(handle, chunk_size)

    def presigned_url(self, key: str, expires_s: int) -> str | None:  # noqa: ARG002
        # No URL to sign for a directory: callers stream with iter_chunks instead.
        validate_key(key)
        return None

    def delete(self, key: str) -> None:
        path = self._path(key)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            pass  # a directory is a prefix, not an object: there is nothing to delete under this key
        except OSError as exc:
            raise _store_error("delete an object", exc) from exc

    def url_for(self, key: str) -> str:
        return self._path(key).as_uri()

    def key_from_url(self, url: str) -> str:
        parts = urlsplit(url)
        root = self._root.as_posix().rstrip("/") + "/"
        path = unquote(parts.path)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost") or not path.startswith(root):
            raise InvalidInput(f"{url!r} is not a blob URL of this store", code="invalid_blob_key")
        return validate_key(path[len(root) :])

    def describe(self) -> str:
        return f"local directory {self._root}"

    def check(self) -> None:
        try:
            self._root.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(dir=self._tmp_dir(), prefix="check-")
            os.close(fd)
            os.unlink(name)
        except OSError as exc:
            reason = os.strerror(exc.errno) if exc.errno else type(exc).__name__
            raise ConfigError(
                f"the blob store (local directory {self._root}) is not writable ({reason}); "
                "point WF2DES_BLOB_URL at a writable directory as file:///absolute/path"
            ) from None


def _read_chunks(handle: BinaryIO, chunk_size: int) -> Iterator[bytes]:
    with handle:
        while chunk := handle.read(chunk_size):
            yield chunk


def _fsync_dir(directory: Path) -> None:
    """Make the new directory entry durable. Best effort: the object is already in place, and some
    filesystems cannot fsync a directory — failing the put now would misreport a write that happened."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

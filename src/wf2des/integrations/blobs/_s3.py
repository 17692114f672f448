"""S3 with the blob store's semantics.

Immutability rests on S3 conditional writes: ``PutObject`` with ``If-None-Match: *`` succeeds only if no
object has the key, atomically on the server. S3 answers 412 ``PreconditionFailed`` when the key is taken
and 409 ``ConditionalRequestConflict`` when another conditional write to the key is in flight; AWS says to
retry the latter, and the retry then resolves to success or 412.
"""

from __future__ import annotations

import builtins
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from wf2des.core.errors import BlobExists, BlobNotFound, ConfigError, Conflict, InvalidInput, StoreError
from wf2des.core.safety import safe_message
from wf2des.integrations.blobs._keys import MAX_KEY_BYTES, RESERVED_SEGMENT, validate_key, validate_prefix
from wf2des.integrations.blobs._port import DEFAULT_CHUNK_SIZE

if TYPE_CHECKING:
    from types_boto3_s3.client import S3Client

__all__ = ["S3BlobStore"]

_PROBE_KEY = f"{RESERVED_SEGMENT}/writable-check"
_MAX_PRESIGN_S = 7 * 24 * 3600  # SigV4 limit
_CONFLICT_RETRIES = 6
_CONFLICT_BACKOFF_S = 0.05


def _status(exc: ClientError) -> int:
    return int(exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0))


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def _store_error(action: str, exc: Exception) -> StoreError:
    return StoreError(
        f"the S3 blob store could not {action}: {safe_message(str(exc))}", code="blob_store_error"
    )


class S3BlobStore:
    """Blobs as objects of one bucket, under an optional key prefix."""

    def __init__(
        self,
        client: S3Client,
        bucket: str,
        prefix: str = "",
        *,
        endpoint_url: str | None = None,
        page_size: int = 1000,
    ) -> None:
        prefix = prefix.strip("/")
        if prefix:
            validate_key(prefix)
        self._client = client
        self._bucket = bucket
        self._prefix = f"{prefix}/" if prefix else ""
        self._endpoint_url = endpoint_url
        self._page_size = page_size

    @classmethod
    def from_url(cls, url: str, *, endpoint_url: str | None = None, page_size: int = 1000) -> S3BlobStore:
        """Build from ``s3://bucket/prefix``; credentials and region come from boto3's usual chain."""
        parts = urlsplit(url)
        if parts.scheme != "s3" or not parts.netloc:
            raise ConfigError(
                f"WF2DES_BLOB_URL must look like s3://bucket/prefix, got scheme {parts.scheme!r}"
            )
        config = Config(
            connect_timeout=5,
            read_timeout=60,
            retries={"mode": "standard", "max_attempts": 4},
            max_pool_connections=32,
            # Local S3 servers (moto, MinIO) are reached by IP or plain host: no virtual-host buckets.
            s3={"addressing_style": "path"} if endpoint_url else {},
        )
        # A private session: boto3's default session is not safe to build clients from in several threads.
        client = boto3.session.Session().client("s3", endpoint_url=endpoint_url, config=config)
        try:
            return cls(client, parts.netloc, parts.path, endpoint_url=endpoint_url, page_size=page_size)
        except InvalidInput as exc:
            raise ConfigError(f"WF2DES_BLOB_URL has an invalid prefix: {exc.detail}") from None

    def _key(self, key: str) -> str:
        full = self._prefix + validate_key(key)
        if len(full.encode("utf-8")) > MAX_KEY_BYTES:
            raise InvalidInput(
                f"blob key {key[:80]!r} is too long once the store prefix is added", code="invalid_blob_key"
            )
        return full

    def put_immutable(self, key: str, data: bytes, content_type: str | None = None) -> None:
        full = self._key(key)
        for attempt in range(_CONFLICT_RETRIES):
            try:
                self._client.put_object(
                    Bucket=self._bucket,
                    Key=full,
                    Body=data,
                    ContentType=content_type or "application/octet-stream",
                    IfNoneMatch="*",
                )
                return
            except ClientError as exc:
                if _status(exc) == 412 or _code(exc) == "PreconditionFailed":
                    raise BlobExists(f"blob {key!r} already exists and is immutable") from None
                if _status(exc) == 409 and _code(exc) == "ConditionalRequestConflict":
                    if attempt + 1 < _CONFLICT_RETRIES:
                        time.sleep(_CONFLICT_BACKOFF_S * 2**attempt)
                    continue
                raise _store_error("write an object", exc) from exc
            except BotoCoreError as exc:
                raise _store_error("write an object", exc) from exc
        raise Conflict(
            f"blob {key!r} could not be written: S3 kept reporting a concurrent conditional write",
            code="blob_write_conflict",
        )

    def _get_object(self, key: str) -> Any:
        try:
            return self._client.get_object(Bucket=self._bucket, Key=self._key(key))
        except ClientError as exc:
            if _status(exc) == 404 or _code(exc) == "NoSuchKey":
                raise BlobNotFound(f"blob {key!r} does not exist") from None
            raise _store_error("read an object", exc) from exc
        except BotoCoreError as exc:
            raise _store_error("read an object", exc) from exc

    def get(self, key: str) -> bytes:
        body = self._get_object(key)["Body"]
        try:
            data: bytes = body.read()
        except BotoCoreError as exc:
            raise _store_error("read an object", exc) from exc
        finally:
            body.close()
        return data

    def exists(self, key: str) -> bool:
        try:
            self._client.head_object(Bucket=self._bucket, Key=self._key(key))
        except ClientError as exc:
            if _status(exc) == 404:
                return False
            raise _store_error("look up an object", exc) from exc
        except BotoCoreError as exc:
            raise _store_error("look up an object", exc) from exc
        return True

    def list(self, prefix: str = "") -> builtins.list[str]:
        validate_prefix(prefix)
        paginator = self._client.get_paginator("list_objects_v2")
        reserved = self._prefix + RESERVED_SEGMENT + "/"
        keys: builtins.list[str] = []
        try:
            pages = paginator.paginate(
                Bucket=self._bucket,
                Prefix=self._prefix + prefix,
                PaginationConfig={"PageSize": self._page_size},
            )
            for page in pages:
                for item in page.get("Contents", []):
                    full = item.get("Key", "")
                    if full and not full.startswith(reserved):
                        keys.append(full[len(self._prefix) :])
        except ClientError as exc:
            raise _store_error("list objects", exc) from exc
        except BotoCoreError as exc:
            raise _store_error("list objects", exc) from exc
        return sorted(keys)

    def iter_chunks(self, key: str, chunk_size: int = DEFAULT_CHUNK_SIZE) -> Iterator[bytes]:
        if chunk_size <= 0:
            raise ValueError("chunk_size must be positive")
        return self._stream(self._get_object(key)["Body"], chunk_size)

    @staticmethod
    def _stream(body: Any, chunk_size: int) -> Iterator[bytes]:
        try:
            yield from body.iter_chunks(chunk_size)
        except BotoCoreError as exc:
            raise _store_error("stream an object", exc) from exc
        finally:
            body.close()

    def presigned_url(self, key: str, expires_s: int) -> str | None:
        full = self._key(key)
        if not 1 <= expires_s <= _MAX_PRESIGN_S:
            raise InvalidInput(
                f"expires_s must be between 1 and {_MAX_PRESIGN_S} seconds", code="invalid_input"
            )
        url: str = self._client.generate_presigned_url(
            "get_object", Params={"Bucket": self._bucket, "Key": full}, ExpiresIn=expires_s
        )
        return url

    def delete(self, key: str) -> None:
        try:
            self._client.delete_object(Bucket=self._bucket, Key=self._key(key))
        except ClientError as exc:
            raise _store_error("delete an object", exc) from exc
        except BotoCoreError as exc:
            raise _store_error("delete an object", exc) from exc

    def url_for(self, key: str) -> str:
        return f"s3://{self._bucket}/{self._key(key)}"

    def key_from_url(self, url: str) -> str:
        root = f"s3://{self._bucket}/{self._prefix}"
        if not url.startswith(root):
            raise InvalidInput(f"{url!r} is not a blob URL of this store", code="invalid_blob_key")
        return validate_key(url[len(root) :])

    def describe(self) -> str:
        where = f"S3 bucket {self._bucket} (prefix {self._prefix or '(none)'})"
        if self._endpoint_url:
            endpoint = urlsplit(self._endpoint_url)
            # hostname and port only: an endpoint URL may carry credentials.
            host = endpoint.hostname or "?"
            where += f" at {endpoint.scheme}://{host}" + (f":{endpoint.port}" if endpoint.port else "")
        return where

    def check(self) -> None:
        """Prove write access without leaving one object per run: the probe is a conditional put of a fixed
        reserved key, and S3 checks permissions before the precondition, so 412 also means "writable"."""
        try:
            self._client.head_bucket(Bucket=self._bucket)
            self._client.put_object(
                Bucket=self._bucket, Key=self._prefix + _PROBE_KEY, Body=b"wf2des\n", IfNoneMatch="*"
            )
        except ClientError as exc:
            if _status(exc) in (409, 412):
                return
            raise self._unreachable(_code(exc) or str(_status(exc))) from None
        except BotoCoreError as exc:
            raise self._unreachable(safe_message(str(exc))) from None

    def _unreachable(self, reason: str) -> ConfigError:
        hints = {
            "404": "the bucket does not exist",
            "NoSuchBucket": "the bucket does not exist",
            "403": "access is denied",
            "AccessDenied": "access is denied",
        }
        return ConfigError(
            f"the blob store ({self.describe()}) is not usable: {hints.get(reason, reason)}; "
            "check WF2DES_BLOB_URL, WF2DES_S3_ENDPOINT_URL and the AWS credentials"
        )

"""The one error hierarchy of wf2des.

Every error a caller can see carries a stable machine-readable ``code``, an HTTP ``status`` and a safe
``detail`` sentence. The API renders them as RFC 9457 problem documents; the CLI prints ``detail``.

    Wf2desError
    ├── ConfigError            a setting is malformed or a store cannot be reached (CLI-facing)
    ├── NotFound               404, also for objects of another organization (no existence leak)
    ├── Unauthorized           401
    ├── Conflict               409
    ├── InvalidInput           422 (and subclasses with a specific code)
    ├── PayloadTooLarge        413
    └── BlobExists             an immutable key was written twice
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "BlobExists",
    "BlobNotFound",
    "ConfigError",
    "Conflict",
    "InvalidInput",
    "NotFound",
    "PayloadTooLarge",
    "Unauthorized",
    "Wf2desError",
]


class Wf2desError(Exception):
    status: ClassVar[int] = 500
    code: ClassVar[str] = "internal_error"
    title: ClassVar[str] = "Internal error"

    def __init__(self, detail: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code  # type: ignore[misc]  # instance override of the class default
        self.extra = extra


class ConfigError(Wf2desError):
    code = "config_error"
    title = "Configuration error"


class NotFound(Wf2desError):
    status = 404
    code = "not_found"
    title = "Not found"


class Unauthorized(Wf2desError):
    status = 401
    code = "unauthorized"
    title = "Unauthorized"


class Conflict(Wf2desError):
    status = 409
    code = "conflict"
    title = "Conflict"


class InvalidInput(Wf2desError):
    status = 422
    code = "invalid_input"
    title = "Invalid input"


class PayloadTooLarge(Wf2desError):
    status = 413
    code = "payload_too_large"
    title = "Payload too large"


class BlobExists(Wf2desError):
    status = 409
    code = "blob_exists"
    title = "Blob already exists"


class BlobNotFound(Wf2desError):
    status = 404
    code = "not_found"
    title = "Not found"

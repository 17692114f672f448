"""The Figma client's own error tree.

Every error raised by :class:`~wf2des.integrations.figma.FigmaClient` is a ``FigmaError``; callers catch the
narrowest class whose handling differs (their place in the whole tree: ``wf2des.core.errors``)::

    FigmaError                      (Wf2desError, code "figma_error")
    ├── FigmaTransportError         no answer at all: timeouts / connection errors, once the retries are spent
    ├── FigmaResponseError          an answer we cannot read: not JSON, or JSON of the wrong shape
    └── FigmaHTTPError              Figma answered with an error status (``status``, Figma's own ``message``)
        ├── FigmaUnauthorized       401 — the token is missing, revoked or of the wrong kind
        ├── FigmaForbidden          403 — the token may not read this resource
        │   └── VariablesUnavailable  403 on /variables/local: the Enterprise-only API is off for this
        │                             token/file; a sweep falls back to local FILL styles instead of failing
        ├── FigmaNotFound           404 — no such file (or not visible to this token)
        ├── RateLimited             429 whose Retry-After exceeds the client's cap (default 1 h); carries
        │                           ``retry_at`` and says "rate limited until <ISO time>"
        └── FigmaServerError        5xx, still failing after the jittered retries

Figma answers errors in two shapes, both understood: ``{"status": 404, "err": "Not found"}`` (file endpoints)
and ``{"status": 403, "error": true, "message": "..."}`` (variables and newer endpoints).
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from wf2des.core.errors import Wf2desError

__all__ = [
    "FigmaError",
    "FigmaForbidden",
    "FigmaHTTPError",
    "FigmaNotFound",
    "FigmaResponseError",
    "FigmaServerError",
    "FigmaTransportError",
    "FigmaUnauthorized",
    "RateLimited",
    "VariablesUnavailable",
]


class FigmaError(Wf2desError):
    status = 502
    code = "figma_error"
    title = "Error"  # what 502 has always rendered; clients branch on ``code``


class FigmaTransportError(FigmaError):
    code = "figma_unreachable"


class FigmaResponseError(FigmaError):
    code = "figma_bad_response"


class FigmaHTTPError(FigmaError):
    code = "figma_http_error"
    http_status: ClassVar[int] = 0

    def __init__(self, detail: str, *, http_status: int, figma_message: str = "") -> None:
        super().__init__(detail)
        self.figma_status = http_status
        self.figma_message = figma_message


class FigmaUnauthorized(FigmaHTTPError):
    code = "figma_unauthorized"


class FigmaForbidden(FigmaHTTPError):
    code = "figma_forbidden"


class VariablesUnavailable(FigmaForbidden):
    code = "figma_variables_unavailable"


class FigmaNotFound(FigmaHTTPError):
    code = "figma_not_found"


class FigmaServerError(FigmaHTTPError):
    code = "figma_server_error"


class RateLimited(FigmaHTTPError):
    code = "figma_rate_limited"

    def __init__(
        self, *, retry_at: datetime, retry_after: float, cap: float, figma_message: str = ""
    ) -> None:
        super().__init__(
            f"rate limited until {retry_at.isoformat(timespec='seconds')} "
            f"(Retry-After {retry_after:.0f}s exceeds the {cap:.0f}s cap)",
            http_status=429,
            figma_message=figma_message,
        )
        self.retry_at = retry_at
        self.retry_after = retry_after

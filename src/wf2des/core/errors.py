"""The one error hierarchy of wf2des.

Every error a caller can see carries a stable machine-readable ``code``, an HTTP ``status``, the ``title``
of that status and a safe ``detail`` sentence. The API renders them as RFC 9457 problem documents
(``wf2des.api.problems``); the CLI prints ``detail``. A subclass means what its parent means, so catching a
parent catches every way that outcome can happen. The whole tree, with the module of each subtree::

    Wf2desError                          500 internal_error
    ├── ConfigError                      500 config_error: a setting is malformed or a store cannot
    │                                        be reached (CLI-facing)
    ├── StoreError                       500 store_error: a store answered in a way we cannot proceed
    │                                        from (codes at the raise site: blob_store_error,
    │                                        docstore_error)
    ├── BadRequest                       400 bad_request: the request cannot be parsed (malformed_json)
    ├── Unauthorized                     401 unauthorized (token_refused, ...)
    │   └── WebhookVerificationError     401 invalid_signature             core.webhooks
    ├── Forbidden                        403 forbidden: known to the caller, but not permitted
    │   └── FigmaFileNotReadable         403 figma_file_not_readable       api.figma_connection.access
    ├── NotFound                         404 not_found, also for objects of another organization
    │   └── BlobNotFound                 404 not_found: no blob under the key
    ├── MethodNotAllowed                 405 method_not_allowed
    ├── Conflict                         409 conflict
    │   ├── BlobExists                   409 blob_exists: an immutable key was written twice
    │   ├── InvalidStoredConfig          409 project_config_invalid        integrations.blobs.project_config
    │   ├── FigmaReconnectNeeded         409 figma_reconnect_needed        api.figma_connection.access
    │   └── SweepMarkerLost              409 sweep_marker_lost             integrations.docstore.sweep_writer
    ├── PayloadTooLarge                  413 payload_too_large
    ├── UriTooLong                       414 uri_too_long: the request line is past its limit
    ├── TooManyRequests                  429 too_many_requests (sends Retry-After)
    │   └── TooManyClientSessions        429 too_many_sign_ins_from_client api.plugin_sessions.service
    ├── UnsupportedMediaType             415 unsupported_media_type
    ├── HeadersTooLarge                  431 request_headers_too_large: count, line or total size
    ├── InvalidInput                     422 invalid_input (and codes given at the raise site)
    │   ├── AreaNotFound                 422 design_area_not_found         assemble.design_area
    │   ├── UnknownLibraryComponent      422 component_rule_unknown        api.project_config.service
    │   └── WireframeTooLarge            422 wireframe_too_large           design.limits
    ├── ServiceUnavailable               503 unavailable: retry later (database_unavailable)
    │   ├── DocstoreUnavailable          503 docstore_unavailable          api.docstore
    │   └── TooManySessions              503 too_many_pending_sign_ins     api.plugin_sessions.service
    ├── OidcError                        502 sign_in_failed                api.plugin_sessions.oidc
    ├── FigmaOAuthError                  502 figma_oauth_failed            api.figma_connection.oauth
    ├── CaptureError                     422 capture_failed                integrations.browser.errors
    │   ├── CaptureTimeout               422 capture_timeout
    │   ├── TooManyElements              422 capture_too_many_elements
    │   ├── NoEntry                      422 capture_no_entry
    │   ├── PageCrashed                  422 capture_page_crashed
    │   ├── BrowserMemoryExceeded        422 capture_memory_exceeded
    │   └── BrowserCrashed               503 capture_browser_crashed
    │       └── IsolationUnavailable     503 capture_isolation_unavailable integrations.browser.isolation
    ├── FigmaError                       502 figma_error                   integrations.figma._errors
    │   ├── FigmaTransportError          502 figma_unreachable
    │   ├── FigmaResponseError           502 figma_bad_response
    │   └── FigmaHTTPError               502 figma_http_error
    │       ├── FigmaUnauthorized        502 figma_unauthorized
    │       ├── FigmaForbidden           502 figma_forbidden
    │       │   └── VariablesUnavailable 502 figma_variables_unavailable
    │       ├── FigmaNotFound            502 figma_not_found
    │       ├── FigmaServerError         502 figma_server_error
    │       └── RateLimited              502 figma_rate_limited
    ├── BudgetExceeded                   500 generation_timeout            workers.code2wf.deadline
    ├── GenerationFailed                 500 generation_failed             workers.code2wf.pipeline
    └── DesignFailed                     500 design_generation_failed      workers.design.failure

``code`` is part of the API (the plugin's types and clients branch on it): never change one. A raise site
may name a more specific code (``NotFound(..., code="preview_not_found")``); status and title stay its
class's.

``title``: the problems' ``type`` is ``about:blank``, so RFC 9457 wants the status's phrase; a class that
sets ``status`` sets ``title`` too (checked when the class is defined). 502 keeps the generic ``"Error"``
it has always rendered.

Keyword ``extra`` arguments become extension members of the problem document (the request validator's
``errors`` list); a member RFC 9457 or wf2des already defines cannot be one, so no raise site can forge a
status or a title.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

__all__ = [
    "BadRequest",
    "BlobExists",
    "BlobNotFound",
    "ConfigError",
    "Conflict",
    "Forbidden",
    "HeadersTooLarge",
    "InvalidInput",
    "MethodNotAllowed",
    "NotFound",
    "PayloadTooLarge",
    "ServiceUnavailable",
    "StoreError",
    "TooManyRequests",
    "Unauthorized",
    "UnsupportedMediaType",
    "UriTooLong",
    "Wf2desError",
    "WireframeTooLarge",
]


# ``code`` is a parameter of its own (a raise site may name a more specific one), so never an extra.
_PROBLEM_MEMBERS: Final = frozenset({"type", "title", "status", "detail", "instance"})


class Wf2desError(Exception):
    status: ClassVar[int] = 500
    code: ClassVar[str] = "internal_error"
    title: ClassVar[str] = "Internal error"

    def __init__(self, detail: str, *, code: str | None = None, **extra: Any) -> None:
        if clash := _PROBLEM_MEMBERS & extra.keys():
            raise TypeError(f"extra members {sorted(clash)} would overwrite the problem document's own")
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code  # type: ignore[misc]  # instance override of the class default
        self.extra = extra

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "status" in cls.__dict__ and "title" not in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} sets status {cls.status} without the title of that status")


class ConfigError(Wf2desError):
    code = "config_error"


class StoreError(Wf2desError):
    code = "store_error"


class BadRequest(Wf2desError):
    status = 400
    code = "bad_request"
    title = "Bad request"


class Unauthorized(Wf2desError):
    status = 401
    code = "unauthorized"
    title = "Unauthorized"


class Forbidden(Wf2desError):
    status = 403
    code = "forbidden"
    title = "Forbidden"


class NotFound(Wf2desError):
    status = 404
    code = "not_found"
    title = "Not found"


class BlobNotFound(NotFound):
    pass


class MethodNotAllowed(Wf2desError):
    status = 405
    code = "method_not_allowed"
    title = "Method not allowed"


class Conflict(Wf2desError):
    status = 409
    code = "conflict"
    title = "Conflict"


class BlobExists(Conflict):
    code = "blob_exists"


class PayloadTooLarge(Wf2desError):
    status = 413
    code = "payload_too_large"
    title = "Payload too large"


class UriTooLong(Wf2desError):
    status = 414
    code = "uri_too_long"
    title = "URI too long"


class TooManyRequests(Wf2desError):
    """Refused for now; ``retry_after_seconds`` becomes the ``Retry-After`` header."""

    status = 429
    code = "too_many_requests"
    title = "Too many requests"

    def __init__(self, detail: str, *, retry_after_seconds: int, code: str | None = None) -> None:
        super().__init__(detail, code=code)
        self.retry_after_seconds = max(1, retry_after_seconds)


class UnsupportedMediaType(Wf2desError):
    status = 415
    code = "unsupported_media_type"
    title = "Unsupported media type"


class HeadersTooLarge(Wf2desError):
    status = 431
    code = "request_headers_too_large"
    title = "Request header fields too large"


class InvalidInput(Wf2desError):
    status = 422
    code = "invalid_input"
    title = "Invalid input"


class WireframeTooLarge(InvalidInput):
    """A wireframe over the design step's node or depth bound (``wf2des.design.limits``)."""

    code = "wireframe_too_large"


class ServiceUnavailable(Wf2desError):
    status = 503
    code = "unavailable"
    title = "Service unavailable"

"""RFC 9457 problem documents: the one rendering of every error, and their OpenAPI declaration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from wf2des.api.route_table import RouteTable
from wf2des.core.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    InvalidInput,
    MethodNotAllowed,
    NotFound,
    PayloadTooLarge,
    ServiceUnavailable,
    TooManyRequests,
    Unauthorized,
    UnsupportedMediaType,
    Wf2desError,
)
from wf2des.core.logging import get_logger

__all__ = [
    "PROBLEM_JSON",
    "Problem",
    "declare_body_problems",
    "install_problem_handlers",
    "problem",
    "problem_document",
    "problem_responses",
]

PROBLEM_JSON = "application/problem+json"
_log = get_logger(__name__)

# Framework errors (no route, wrong method, unparsable body) carry only a status; each is rendered as the
# error class of that status, so titles and codes have one source. A status outside the tree (none that
# FastAPI or Starlette raise here) renders with code "error" and title "Error".
_BY_STATUS: dict[int, type[Wf2desError]] = {
    cls.status: cls
    for cls in (
        BadRequest,
        Unauthorized,
        Forbidden,
        NotFound,
        MethodNotAllowed,
        Conflict,
        PayloadTooLarge,
        TooManyRequests,
        UnsupportedMediaType,
        InvalidInput,
        Wf2desError,
        ServiceUnavailable,
    )
}


class Problem(BaseModel):
    """An RFC 9457 problem document with wf2des's stable ``code``."""

    model_config = ConfigDict(extra="allow")

    type: str = "about:blank"
    title: str
    status: int
    detail: str | None = None
    code: str
    instance: str | None = None


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries declaring problem documents for the given statuses."""
    return {
        status: {
            "description": _title(status),
            "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
        for status in statuses
    }


def declare_body_problems(openapi: dict[str, Any]) -> None:
    """Every operation that takes a body may answer 400 (not JSON, bad framing) and 413 (past its limit).

    Added to the generated document rather than to each route, so routes added later are covered too.
    """
    for item in openapi.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                responses = operation.setdefault("responses", {})
                for status, declared in problem_responses(400, 413).items():
                    responses.setdefault(str(status), declared)


def _title(status: int) -> str:
    cls = _BY_STATUS.get(status)
    return cls.title if cls is not None else "Error"


def problem(
    error: Wf2desError, *, instance: str | None = None, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The problem document of ``error``: its class's status and title, its code, detail and extra members."""
    return _render(error.status, error.code, error.title, error.detail, instance, headers, error.extra)


def problem_document(error: Wf2desError) -> dict[str, Any]:
    """The members of ``error``'s problem document, for a writer below the framework (the HTTP server)."""
    return _document(error.status, error.code, error.title, error.detail, None, error.extra)


def _document(
    status: int, code: str, title: str, detail: str | None, instance: str | None, extra: Mapping[str, Any]
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
    }
    if instance is not None:
        body["instance"] = instance
    body.update(extra)
    return body


def _render(
    status: int,
    code: str,
    title: str,
    detail: str | None,
    instance: str | None,
    headers: Mapping[str, str] | None,
    extra: Mapping[str, Any],
) -> JSONResponse:
    body = _document(status, code, title, detail, instance, extra)
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def install_problem_handlers(app: FastAPI) -> None:
    async def on_domain_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Wf2desError)
        headers = {"WWW-Authenticate": 'Bearer realm="wf2des"'} if exc.status == 401 else None
        if isinstance(exc, TooManyRequests):
            headers = {"Retry-After": str(exc.retry_after_seconds)}
        if exc.status >= 500:
            _log.error("domain_error", code=exc.code, detail=exc.detail)
        return problem(exc, instance=request.url.path, headers=headers)

    async def on_validation_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        if any(err.get("type") == "json_invalid" for err in exc.errors()):
            # A body that is not JSON at all is a syntax error (400), not invalid content (422).
            malformed = BadRequest("The request body is not valid JSON.", code="malformed_json")
            return problem(malformed, instance=request.url.path)
        errors = [
            {
                "loc": [str(p) for p in err.get("loc", ())],
                "msg": str(err.get("msg", "")),
                "type": err.get("type"),
            }
            for err in exc.errors()
        ]
        return problem(InvalidInput("The request is invalid.", errors=errors), instance=request.url.path)

    async def on_http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        detail = exc.detail if isinstance(exc.detail, str) else None
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            # The router names only the methods of the first route matching the path; list them all.
            headers["Allow"] = ", ".join(RouteTable(request.app.openapi()).allowed(request.scope["path"]))
        cls = _BY_STATUS.get(exc.status_code)
        code = cls.code if cls is not None else "error"
        title = _title(exc.status_code)
        return _render(exc.status_code, code, title, detail, request.url.path, headers or None, {})

    async def on_database_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, DBAPIError)
        if exc.connection_invalidated or isinstance(exc, OperationalError | InterfaceError):
            # A restarted or unreachable PostgreSQL: the pool drops its connections and the next request
            # reconnects, so tell the client to retry instead of answering 500.
            _log.warning("database_unavailable", path=request.url.path, error_type=type(exc.orig).__name__)
            unavailable = ServiceUnavailable(
                "The database is unavailable; retry shortly.", code="database_unavailable"
            )
            return problem(unavailable, instance=request.url.path, headers={"Retry-After": "1"})
        return await on_unexpected(request, exc)

    async def on_client_disconnect(request: Request, exc: Exception) -> JSONResponse:
        # The client hung up before its body ended: nothing to answer and nothing broken on our side, so one
        # line, not a traceback (a client can make a request of these per second).
        assert isinstance(exc, ClientDisconnect)
        _log.info("client_disconnected", path=request.url.path, method=request.method)
        gone = BadRequest(
            "The client disconnected before the request body ended.", code="client_disconnected"
        )
        return problem(gone, instance=request.url.path)

    async def on_unexpected(request: Request, exc: Exception) -> JSONResponse:
        _log.exception("unhandled_error", path=request.url.path, error_type=type(exc).__name__)
        return problem(Wf2desError("An unexpected error occurred."), instance=request.url.path)

    app.add_exception_handler(Wf2desError, on_domain_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
    app.add_exception_handler(StarletteHTTPException, on_http_error)
    app.add_exception_handler(DBAPIError, on_database_error)
    app.add_exception_handler(ClientDisconnect, on_client_disconnect)
    app.add_exception_handler(Exception, on_unexpected)

"""Bounded request bodies and authentication before the body, in front of the whole app.

Why a middleware and not checks in the endpoints: FastAPI reads and parses a request's body (JSON into
memory, multipart parts spooled to temporary files) *before* it resolves any dependency, authentication
included, and the old ``Content-Length`` check let a chunked body through uncounted. This pure ASGI layer
therefore, for the route a request will reach:

1. authenticates first: a route that depends on the bearer scheme gets its token verified here, and a
   worker-event route must carry the Standard Webhooks headers with a fresh timestamp (its signature
   covers the body, so that is all that can be checked before reading). A refused caller gets its 401
   before one body byte is read;
2. refuses a declared ``Content-Length`` past the route's limit (413) without reading;
3. counts the bytes of every ``http.request`` message whatever the framing; past the limit it answers
   413 itself and tells the app the client went away, so nothing reads, buffers or spools further.

Any answer given while the request body is not fully read carries ``Connection: close``, so the server
closes instead of draining what is left of a hostile body.

Limits: ``BodyLimits.default`` for every route, ``BodyLimits.routes`` for the exceptions, keyed by method
and route template (``body_limits`` below builds the table; a route with larger bodies adds one line there).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wf2des.api.problems import problem
from wf2des.api.route_table import RouteTable
from wf2des.api.settings import ApiSettings
from wf2des.core.errors import BadRequest, PayloadTooLarge, Unauthorized, Wf2desError
from wf2des.core.webhooks import TOLERANCE_SECONDS, WebhookVerificationError

__all__ = ["MULTIPART_OVERHEAD", "WEBHOOK_HEADERS", "BodyLimitMiddleware", "BodyLimits", "body_limits"]

WEBHOOK_HEADERS = (b"webhook-id", b"webhook-timestamp", b"webhook-signature")
# Part headers, boundaries and the form fields around the files of a Page Import.
MULTIPART_OVERHEAD = 1024 * 1024
CODE2WF_CREATE_BYTES = 16 * 1024
EVENT_BYTES = 64 * 1024
_EVENTS = ("POST", "/internal/v1/code2wf/{code2wfId}/events")
_DESIGN_EVENTS = ("POST", "/internal/v1/design-generations/{designGenerationId}/events")
_CLOSE = {"Connection": "close"}


@dataclass(frozen=True)
class BodyLimits:
    """The largest request body, in bytes, per route: a default and per-route overrides.

    ``routes`` maps ``(METHOD, path template)`` (the template exactly as the router declares it, e.g.
    ``/v1/projects/{projectId}/wf2des/config``) to its limit. ``signed`` lists the routes authenticated by
    a Standard Webhooks signature instead of a bearer token.
    """

    default: int
    routes: Mapping[tuple[str, str], int] = field(default_factory=dict)
    signed: frozenset[tuple[str, str]] = frozenset()

    def limit(self, method: str, template: str | None) -> int:
        if template is None:
            return self.default
        return self.routes.get((method, template), self.default)


def body_limits(cfg: ApiSettings) -> BodyLimits:
    """The API's table. A route whose bodies may pass ``max_body_bytes`` gets its own line here."""
    project = "/v1/projects/{projectId}"
    return BodyLimits(
        default=cfg.max_body_bytes,
        routes={
            ("PUT", f"{project}/wf2des/config"): cfg.max_config_bytes,
            ("POST", f"{project}/code2wf"): CODE2WF_CREATE_BYTES,
            ("POST", f"{project}/code2wf/{{code2wfId}}/materialization"): cfg.max_report_bytes,
            ("POST", f"{project}/page-imports"): cfg.max_upload_bytes + MULTIPART_OVERHEAD,
            ("POST", f"{project}/design-generations"): cfg.max_snapshot_bytes + MULTIPART_OVERHEAD,
            (
                "POST",
                f"{project}/design-generations/{{designGenerationId}}/materialization",
            ): cfg.max_report_bytes,
            _EVENTS: EVENT_BYTES,
            _DESIGN_EVENTS: EVENT_BYTES,
        },
        signed=frozenset({_EVENTS, _DESIGN_EVENTS}),
    )


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, *, limits: BodyLimits) -> None:
        self.app = app
        self.limits = limits
        self._table: RouteTable | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method: str = scope["method"]
        if self._table is None:
            self._table = RouteTable(scope["app"].openapi())
        operation = self._table.find(method, scope["path"])
        template = operation.template if operation else None
        limit = self.limits.limit(method, template)
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name, value)
        declared = headers.get(b"content-length")
        has_body = b"transfer-encoding" in headers or (declared is not None and declared != b"0")

        async def refuse(error: Wf2desError, extra: Mapping[str, str] | None = None) -> None:
            closing = _CLOSE if has_body else {}
            response = problem(error, instance=scope["path"], headers={**closing, **(extra or {})})
            await response(scope, receive, send)

        if operation is not None and operation.bearer:
            refusal = await _authenticate(scope, headers.get(b"authorization"))
            if refusal is not None:
                await refuse(refusal, {"WWW-Authenticate": 'Bearer realm="wf2des"'})
                return
        if (method, template) in self.limits.signed and not _webhook_headers_usable(headers):
            await refuse(WebhookVerificationError("The event signature is missing, invalid or stale."))
            return
        if declared is not None:
            if not declared.isdigit():
                await refuse(BadRequest("The Content-Length header is malformed."))
                return
            if int(declared) > limit:
                await refuse(PayloadTooLarge(_too_large(limit)))
                return
        await _Guarded(self.app, scope, receive, send, limit=limit, has_body=has_body).run()


class _Guarded:
    """One request whose body is counted as the app reads it, and refused past its limit."""

    def __init__(
        self, app: ASGIApp, scope: Scope, receive: Receive, send: Send, *, limit: int, has_body: bool
    ):
        self.app, self.scope, self._receive, self._send = app, scope, receive, send
        self.limit = limit
        self.received = 0
        self.body_done = not has_body
        self.started = False
        self.refused = False
        self.answered = False  # the 413 is ours: whatever the app sends afterwards is dropped

    async def run(self) -> None:
        await self.app(self.scope, self.receive, self.send)

    async def receive(self) -> Message:
        if self.refused:
            return {"type": "http.disconnect"}
        message = await self._receive()
        if message["type"] != "http.request":
            return message
        self.received += len(message.get("body", b""))
        if not message.get("more_body", False):
            self.body_done = True
        if self.received > self.limit:
            self.refused = True
            if not self.started:
                self.started = self.answered = True
                response = problem(
                    PayloadTooLarge(_too_large(self.limit)), instance=self.scope["path"], headers=_CLOSE
                )
                await response(self.scope, self._receive, self._send)
            # The app sees a client that went away: it stops reading (its own answer is dropped below; an
            # answer it had already started is left to finish, with the connection closed after it).
            return {"type": "http.disconnect"}
        return message

    async def send(self, message: Message) -> None:
        if self.answered:
            return
        if message["type"] == "http.response.start":
            self.started = True
            if not self.body_done:
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"connection"]
                message = {**message, "headers": [*headers, (b"connection", b"close")]}
        await self._send(message)


async def _authenticate(scope: Scope, authorization: bytes | None) -> Unauthorized | None:
    verifier = scope["app"].state.wf2des.verifier
    try:
        await verifier.authenticate(authorization.decode("latin-1") if authorization else None)
    except Unauthorized as exc:
        return exc
    return None


def _webhook_headers_usable(headers: Mapping[bytes, bytes]) -> bool:
    """All three Standard Webhooks headers, with a timestamp inside the tolerance: what can be checked
    before the body (``wf2des.core.webhooks.verify`` checks them again, with the signature)."""
    if not all(headers.get(name) for name in WEBHOOK_HEADERS):
        return False
    raw = headers[b"webhook-timestamp"]
    return raw.isdigit() and len(raw) <= 12 and abs(time.time() - int(raw)) <= TOLERANCE_SECONDS


def _too_large(limit: int) -> str:
    return f"The request body is larger than this route accepts ({limit} bytes)."

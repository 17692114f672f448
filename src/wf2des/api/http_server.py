"""The HTTP/1.1 server under the API: uvicorn with h11, the request head bounded before any ASGI code runs.

uvicorn's default parser (httptools, llhttp) reads a request head of any size: one 100 MiB header took
17.6 s and +145 MB before the app could answer 401. h11 keeps the unparsed bytes of an incomplete event in
one buffer and refuses it past ``max_incomplete_event_size``, so a head that has not ended costs at most
that plus one socket read (asyncio reads 256 KiB at a time). A complete head that arrived in one read is
not checked by h11, so :class:`BoundedConnection` checks each parsed request against every limit of
:class:`HeadLimits` before uvicorn builds the ASGI scope.

A refusal (and any request h11 cannot parse) is answered with a problem document and ``Connection:
close`` instead of uvicorn's plain-text 400: 414 for a request line past its limit, 431 for the headers,
400 ``malformed_request`` for the rest.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from wf2des.api.problems import PROBLEM_JSON, problem_document
from wf2des.core.errors import BadRequest, HeadersTooLarge, UriTooLong, Wf2desError

if TYPE_CHECKING:
    import asyncio

    from uvicorn.server import ServerState

__all__ = [
    "HEAD_LIMITS",
    "BoundedConnection",
    "BoundedH11Protocol",
    "HeadLimits",
    "server_config",
    "server_options",
]


@dataclass(frozen=True, slots=True)
class HeadLimits:
    """What a request head may hold (the same order of size as nginx's and gunicorn's defaults)."""

    request_line: int = 8 * 1024  # method, target and version
    header_line: int = 8 * 1024  # one "name: value"
    header_count: int = 100
    head: int = 32 * 1024  # the request line and every header line together


HEAD_LIMITS: Final = HeadLimits()


class _HeadRefused(h11.RemoteProtocolError):
    """h11's own error type, so uvicorn's handler catches it; carries the problem to answer."""

    def __init__(self, error: Wf2desError) -> None:
        super().__init__(error.detail, error_status_hint=error.status)
        self.error = error


class BoundedConnection(h11.Connection):
    """An h11 server connection that refuses a request head past :class:`HeadLimits`."""

    def __init__(self, limits: HeadLimits = HEAD_LIMITS) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=limits.head)
        self.limits = limits
        self.refusal: Wf2desError | None = None

    def next_event(self) -> h11.Event | type[h11.NEED_DATA] | type[h11.PAUSED]:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as exc:
            self.refusal = self._explain(exc)
            raise
        if isinstance(event, h11.Request) and (refusal := self._check(event)) is not None:
            self.refusal = refusal
            raise _HeadRefused(refusal)
        return event

    def _check(self, request: h11.Request) -> Wf2desError | None:
        limits = self.limits
        request_line = len(request.method) + len(request.target) + len(b"  HTTP/1.1")
        if request_line > limits.request_line:
            return UriTooLong(f"The request line is longer than {limits.request_line} bytes.")
        headers = request.headers.raw_items()
        if len(headers) > limits.header_count:
            return HeadersTooLarge(f"The request has more than {limits.header_count} header fields.")
        lines = [len(name) + len(value) + 2 for name, value in headers]
        if max(lines, default=0) > limits.header_line:
            return HeadersTooLarge(f"A header field is longer than {limits.header_line} bytes.")
        if request_line + sum(lines) > limits.head:
            return HeadersTooLarge(f"The request head is larger than {limits.head} bytes.")
        return None

    def _explain(self, exc: h11.RemoteProtocolError) -> Wf2desError:
        if exc.error_status_hint == 431:
            # h11 gave up on an incomplete head; without a line end yet, it is the request line.
            pending, _ = self.trailing_data
            if b"\n" not in pending:
                return UriTooLong(f"The request line is longer than {self.limits.request_line} bytes.")
            return HeadersTooLarge(f"The request head is larger than {self.limits.head} bytes.")
        return BadRequest("The request is not valid HTTP/1.1.", code="malformed_request")


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol over a :class:`BoundedConnection`, answering refusals as problem documents."""

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn = BoundedConnection()

    def send_400_response(self, msg: str) -> None:  # noqa: ARG002 (uvicorn's text; the refusal is ours)
        conn = self.conn
        assert isinstance(conn, BoundedConnection)
        error = conn.refusal or BadRequest("The request is not valid HTTP/1.1.", code="malformed_request")
        body = json.dumps(problem_document(error)).encode()
        headers = [
            (b"content-type", PROBLEM_JSON.encode()),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        # h11 lets a server answer a peer in ERROR state; this is the one event it still sends.
        response = h11.Response(status_code=error.status, headers=headers, reason=error.title.encode())
        self.transport.write(conn.send(response) or b"")
        self.transport.write(conn.send(h11.Data(data=body)) or b"")
        self.transport.write(conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()


def server_options(*, host: str, port: int) -> dict[str, Any]:
    """``uvicorn.run``/``uvicorn.Config`` keywords of every way the API is served: serve, demo, tests."""
    return {
        "host": host,
        "port": port,
        "http": BoundedH11Protocol,
        "log_level": "warning",
        "access_log": False,
        "proxy_headers": False,  # the app decides whom to trust (WF2DES_API_TRUSTED_PROXIES)
    }


def server_config(app: Any, *, host: str, port: int, **options: Any) -> uvicorn.Config:
    """A :class:`uvicorn.Config` with :func:`server_options` (``options`` add to or override them)."""
    return uvicorn.Config(app, **{**server_options(host=host, port=port), **options})

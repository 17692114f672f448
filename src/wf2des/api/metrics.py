"""Prometheus metrics on a per-app registry (several apps in one test process must not collide)."""

from __future__ import annotations

import hmac
import time
from dataclasses import dataclass, field

from fastapi import Request
from prometheus_client import CollectorRegistry, Counter, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wf2des.core.errors import NotFound, Unauthorized

__all__ = ["Metrics", "MetricsMiddleware", "require_metrics_token"]


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        self.requests = Counter(
            "wf2des_http_requests_total",
            "HTTP requests",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "wf2des_http_request_duration_seconds",
            "HTTP request latency",
            ["method", "route"],
            registry=self.registry,
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
        )
        self.outbox_published = Counter(
            "wf2des_outbox_published_total", "Outbox messages published", registry=self.registry
        )
        self.outbox_failures = Counter(
            "wf2des_outbox_publish_failures_total", "Failed publish attempts", registry=self.registry
        )
        self.reaped = Counter(
            "wf2des_code2wf_timed_out_total", "Generations failed by the reaper", registry=self.registry
        )


class MetricsMiddleware:
    """Pure ASGI (no ``BaseHTTPMiddleware``): labels by route template, never by raw path."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            route = scope.get("route")
            template = getattr(route, "path", "unmatched")
            method = scope.get("method", "")
            self.metrics.requests.labels(method, template, str(status)).inc()
            self.metrics.latency.labels(method, template).observe(time.perf_counter() - start)


def require_metrics_token(request: Request) -> None:
    """``/metrics`` is for the scraper only: route names, error rates and timings help an attacker too.

    It needs ``Authorization: Bearer <WF2DES_API_METRICS_TOKEN>`` (compared in constant time); without a
    configured token the endpoint does not exist. A user's JWT is not enough.
    """
    token = request.app.state.wf2des.api_settings.metrics_token
    if token is None:
        raise NotFound("Metrics are off: set WF2DES_API_METRICS_TOKEN to serve them.")
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    expected = token.get_secret_value().encode()
    if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), expected):
        raise Unauthorized("The metrics token is missing or wrong.")

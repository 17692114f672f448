"""CORS for the routes the Figma plugin calls, and for nothing else.

A plugin's UI runs in an iframe whose origin is ``null``, and its main thread's ``fetch`` sends no cookies:
the API is called with a bearer token only. So ``/v1/…`` answers any origin (``*``, which also covers
``null``) with ``Authorization`` and ``Content-Type`` allowed and **no** credentials. Everything else —
``/internal/…`` (worker webhooks), the ``/login`` pages a browser navigates to, ``/metrics`` — gets no CORS
headers at all, so a page in a browser cannot read it cross-origin.
"""

from __future__ import annotations

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["PLUGIN_PREFIX", "PluginCorsMiddleware"]

PLUGIN_PREFIX = "/v1/"


class PluginCorsMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.cors = CORSMiddleware(
            app,
            allow_origins=["*"],
            allow_credentials=False,
            allow_methods=["GET", "POST", "PUT", "DELETE", "OPTIONS"],
            allow_headers=["Authorization", "Content-Type"],
            expose_headers=["Location", "ETag"],
            max_age=600,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(PLUGIN_PREFIX):
            await self.cors(scope, receive, send)
        else:
            await self.app(scope, receive, send)

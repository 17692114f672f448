"""Refusing cross-site form posts to the browser pages (``POST /login/dev``).

A form on any web site can post to this server, and the browser sends it as a top-level navigation that
CORS does not stop. Browsers say where a request comes from: ``Sec-Fetch-Site`` (every current browser)
and ``Origin`` (on every POST). A request carrying either must come from this server's own origin, the
configured ``WF2DES_API_URL`` or the one the request was addressed to; a request with neither is not from a
browser (curl, a test client) and so cannot be a forged one.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request

from wf2des.api.deps import StateDep
from wf2des.core.errors import Forbidden

__all__ = ["SameSite", "require_same_site"]

_SAME_SITE_FETCH = frozenset({"same-origin", "none"})  # "none": typed in the address bar, a bookmark


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def require_same_site(request: Request, state: StateDep) -> None:
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site.lower() not in _SAME_SITE_FETCH:
        raise Forbidden("Cross-site form posts are refused.", code="cross_site_request")
    origin = request.headers.get("origin")
    if origin is not None:
        own = {_origin(state.settings.api_url), _origin(str(request.base_url))}
        if origin.lower() not in own:
            raise Forbidden("Cross-site form posts are refused.", code="cross_site_request")


SameSite = Annotated[None, Depends(require_same_site)]

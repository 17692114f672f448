"""CORS: plugin routes answer any origin (a plugin iframe's is ``null``), bearer only, no credentials;
``/internal/…`` and the login pages are not cross-origin."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.integration.api.conftest import Live

PREFLIGHT = {
    "Origin": "null",
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization,content-type",
}


@pytest.mark.parametrize(
    "path",
    [
        "/v1/plugin-sessions",
        "/v1/projects",
        "/v1/projects/1/code2wf",
        "/v1/projects/1/code2wf/x/materialization",
    ],
)
def test_preflight_from_origin_null_succeeds_for_plugin_routes(live: Live, path: str) -> None:
    with httpx.Client(base_url=live.url) as client:
        resp = client.options(path, headers=PREFLIGHT)
    assert resp.status_code == 200, resp.text
    assert resp.headers["access-control-allow-origin"] == "*"
    allowed = {h.strip().lower() for h in resp.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type"} <= allowed
    assert "POST" in resp.headers["access-control-allow-methods"]
    assert "access-control-allow-credentials" not in resp.headers


@pytest.mark.parametrize(
    "path", ["/internal/v1/code2wf/018f0000-0000-7000-8000-000000000001/events", "/login", "/login/callback"]
)
def test_preflight_is_refused_for_internal_routes_and_login_pages(live: Live, path: str) -> None:
    with httpx.Client(base_url=live.url) as client:
        resp = client.options(path, headers=PREFLIGHT)
    assert resp.status_code != 200
    assert not any(name.startswith("access-control-") for name in resp.headers)


def test_actual_request_from_origin_null_is_readable(live: Live, mint: Any, project: tuple[int, int]) -> None:
    org, proj = project
    with httpx.Client(
        base_url=live.url, headers={"Origin": "null", "Authorization": f"Bearer {mint(org)}"}
    ) as c:
        resp = c.get(f"/v1/projects/{proj}/code2wf")
        internal = c.post("/internal/v1/code2wf/x/events", content=b"{}")
    assert resp.status_code == 200
    assert resp.headers["access-control-allow-origin"] == "*"
    assert "access-control-allow-credentials" not in resp.headers
    assert "access-control-allow-origin" not in internal.headers

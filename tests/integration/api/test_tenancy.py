"""Every route × {own organization, other organization, no token, expired token, unknown signing key}."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.integration.api.conftest import PAGE_HTML, Live
from tests.integration.api.helpers import (
    completed_event,
    completed_page_import,
    create,
    failed_event,
    post_event,
    store_result,
)


@dataclass
class World:
    org: int
    proj: int
    page_import: str
    processing: str
    completed: str
    failed: str


@pytest.fixture
def world(live: Live, project: tuple[int, int], mint: Any) -> World:
    org, proj = project
    with live.client(mint(org)) as client:
        pi = completed_page_import(client, proj)
        processing, completed, failed = (create(client, proj, pi).json()["code2wfId"] for _ in range(3))
    assert (
        post_event(
            live, completed, completed_event(store_result(live, org, proj, completed, {"v": 1}))
        ).status_code
        == 200
    )
    assert post_event(live, failed, failed_event()).status_code == 200
    return World(org, proj, pi, processing, completed, failed)


Call = Callable[[httpx.Client, World], httpx.Response]

ROUTES: dict[str, tuple[Call, int]] = {
    "upload page import": (
        lambda c, w: c.post(
            f"/v1/projects/{w.proj}/page-imports",
            data={"entry": "index.html"},
            files=[("files", ("index.html", PAGE_HTML, "text/html"))],
        ),
        201,
    ),
    "get page import": (lambda c, w: c.get(f"/v1/projects/{w.proj}/page-imports/{w.page_import}"), 200),
    "create code2wf": (
        lambda c, w: c.post(
            f"/v1/projects/{w.proj}/code2wf", json={"pageImportId": w.page_import, "figmaFileKey": "K1"}
        ),
        202,
    ),
    "get code2wf": (lambda c, w: c.get(f"/v1/projects/{w.proj}/code2wf/{w.processing}"), 200),
    "list code2wf": (
        lambda c, w: c.get(f"/v1/projects/{w.proj}/code2wf", params={"figmaFileKey": "FileKey123"}),
        200,
    ),
    "result": (lambda c, w: c.get(f"/v1/projects/{w.proj}/code2wf/{w.completed}/result"), 200),
    "materialization": (
        lambda c, w: c.post(f"/v1/projects/{w.proj}/code2wf/{w.completed}/materialization"),
        200,
    ),
    "retry": (lambda c, w: c.post(f"/v1/projects/{w.proj}/code2wf/{w.failed}/retry"), 202),
    "delete": (lambda c, w: c.delete(f"/v1/projects/{w.proj}/code2wf/{w.processing}"), 204),
}


def _token(case: str, world: World, mint: Any) -> str | None:
    tokens: dict[str, Callable[[], str | None]] = {
        "own": lambda: mint(world.org),
        "other organization": lambda: mint(world.org + 1),
        "no token": lambda: None,
        "expired": lambda: mint(world.org, ttl=-120),
        "unknown key": lambda: mint(world.org, unknown_key=True),
        "wrong audience": lambda: mint(world.org, client_id="someone-else"),
        "wrong issuer": lambda: mint(world.org, iss="https://evil.example"),
        "id token use mismatch": lambda: mint(world.org, token_use="refresh"),
    }
    return tokens[case]()


CASES = [
    "own",
    "other organization",
    "no token",
    "expired",
    "unknown key",
    "wrong audience",
    "wrong issuer",
    "id token use mismatch",
]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("route", list(ROUTES))
def test_matrix(live: Live, world: World, mint: Any, route: str, case: str) -> None:
    call, ok_status = ROUTES[route]
    expected = {"own": ok_status, "other organization": 404}.get(case, 401)
    with live.client(_token(case, world, mint)) as client:
        resp = call(client, world)
    assert resp.status_code == expected, resp.text
    if expected >= 400:
        assert resp.headers["content-type"].startswith("application/problem+json")
        assert resp.json()["code"] == ("not_found" if expected == 404 else "unauthorized")


def test_foreign_project_and_missing_object_share_one_body(live: Live, world: World, mint: Any) -> None:
    with live.client(mint(world.org + 1)) as stranger, live.client(mint(world.org)) as owner:
        foreign = stranger.get(f"/v1/projects/{world.proj}/code2wf/{world.processing}")
        missing = owner.get(f"/v1/projects/{world.proj}/code2wf/00000000-0000-7000-8000-000000000000")
        no_project = owner.get("/v1/projects/999999999999/code2wf")

    def strip(r: httpx.Response) -> dict[str, Any]:
        return {k: v for k, v in r.json().items() if k != "instance"}

    assert foreign.status_code == missing.status_code == no_project.status_code == 404
    assert strip(foreign) == strip(missing) == strip(no_project)


def test_malformed_authorization_headers(live: Live, world: World) -> None:
    for header in ["Bearer", "Basic abc", "Bearer not.a.jwt", "Bearer " + "a" * 5000]:
        with httpx.Client(base_url=live.url, headers={"Authorization": header}) as client:
            assert client.get(f"/v1/projects/{world.proj}/code2wf").status_code == 401, header


def test_org_claim_accepts_a_comma_separated_list(live: Live, world: World, mint: Any) -> None:
    with live.client(mint(f"7, {world.org}")) as client:
        assert client.get(f"/v1/projects/{world.proj}/code2wf/{world.processing}").status_code == 200


def test_cors_preflight_for_the_figma_plugin(live: Live) -> None:
    """Plugin routes answer any origin without credentials; see test_cors.py for the rest."""
    with httpx.Client(base_url=live.url) as client:
        resp = client.options(
            "/v1/projects/1/code2wf",
            headers={
                "Origin": "null",
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization,content-type",
            },
        )
        assert resp.status_code == 200
        assert resp.headers["access-control-allow-origin"] == "*"
        assert "access-control-allow-credentials" not in resp.headers
        denied = client.options(
            "/internal/v1/code2wf/x/events",
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        )
        assert "access-control-allow-origin" not in denied.headers

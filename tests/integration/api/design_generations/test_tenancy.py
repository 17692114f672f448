"""Every design generation route × {own organization, another organization, no token}: another
organization's generation is the same 404 as a missing one, and its list is empty of ours."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.integration.api.conftest import Live
from tests.integration.api.design_generations.helpers import (
    completed,
    create,
    created_id,
    frame_export,
    post_event,
    store_artifacts,
    upload_snapshot,
)


@dataclass
class World:
    org: int
    proj: int
    processing: str
    completed: str


@pytest.fixture
def world(live: Live, project: tuple[int, int], mint: Any) -> World:
    org, proj = project
    with live.client(mint(org)) as client:
        processing, done = created_id(client, proj), created_id(client, proj)
    assert post_event(live, done, completed(store_artifacts(live, org, proj, done))).status_code == 200
    return World(org, proj, processing, done)


Call = Callable[[httpx.Client, World], httpx.Response]


def _base(w: World, generation: str) -> str:
    return f"/v1/projects/{w.proj}/design-generations/{generation}"


ROUTES: dict[str, tuple[Call, int]] = {
    "create over REST": (lambda c, w: create(c, w.proj), 202),
    "create from a snapshot": (lambda c, w: upload_snapshot(c, w.proj, [frame_export()]), 202),
    "list": (lambda c, w: c.get(f"/v1/projects/{w.proj}/design-generations"), 200),
    "get": (lambda c, w: c.get(_base(w, w.processing)), 200),
    "result": (lambda c, w: c.get(_base(w, w.completed) + "/result"), 200),
    "report": (lambda c, w: c.get(_base(w, w.completed) + "/report"), 200),
    "preview": (lambda c, w: c.get(_base(w, w.completed) + "/preview"), 200),
    "materialize": (lambda c, w: c.post(_base(w, w.completed) + "/materialization"), 200),
    "delete": (lambda c, w: c.delete(_base(w, w.processing)), 204),
}


@pytest.mark.parametrize("case", ["own", "other organization", "no token"])
@pytest.mark.parametrize("route", list(ROUTES))
def test_matrix(live: Live, world: World, mint: Any, route: str, case: str) -> None:
    call, ok_status = ROUTES[route]
    token = {"own": mint(world.org), "other organization": mint(world.org + 1), "no token": None}[case]
    expected = {"own": ok_status, "other organization": 404}.get(case, 401)
    with live.client(token) as client:
        response = call(client, world)
    assert response.status_code == expected, response.text
    if expected >= 400:
        assert response.headers["content-type"].startswith("application/problem+json")
        assert response.json()["code"] == ("not_found" if expected == 404 else "unauthorized")


def test_another_organizations_generation_reads_as_missing(live: Live, world: World, mint: Any) -> None:
    with live.client(mint(world.org + 1)) as stranger, live.client(mint(world.org)) as owner:
        foreign = stranger.get(_base(world, world.completed))
        missing = owner.get(_base(world, "00000000-0000-7000-8000-000000000000"))

    def strip(response: httpx.Response) -> dict[str, Any]:
        return {k: v for k, v in response.json().items() if k != "instance"}

    assert foreign.status_code == missing.status_code == 404
    assert strip(foreign) == strip(missing)

"""Every route × {another organization, no token}: 404 with the missing-object body, 401; nothing written."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.integration.api.figma_files.conftest import CONFIG
from tests.integration.api.live import Live

Call = Callable[[httpx.Client, int], httpx.Response]

ROUTES: dict[str, Call] = {
    "register file": lambda c, p: c.put(f"/v1/projects/{p}/figma-files/VictimKey", json={"role": "library"}),
    "register a new file": lambda c, p: c.put(
        f"/v1/projects/{p}/figma-files/NewKey", json={"role": "working"}
    ),
    "register with a bad key": lambda c, p: c.put(
        f"/v1/projects/{p}/figma-files/bad_key", json={"role": "working"}
    ),
    "list files": lambda c, p: c.get(f"/v1/projects/{p}/figma-files"),
    "list files by role": lambda c, p: c.get(f"/v1/projects/{p}/figma-files", params={"role": "working"}),
    "get file": lambda c, p: c.get(f"/v1/projects/{p}/figma-files/VictimKey"),
    "get missing file": lambda c, p: c.get(f"/v1/projects/{p}/figma-files/NoSuchKey"),
    "put config": lambda c, p: c.put(
        f"/v1/projects/{p}/wf2des/config", json={**CONFIG, "memoMarkers": ["x"]}
    ),
    "get config": lambda c, p: c.get(f"/v1/projects/{p}/wf2des/config"),
    "start sweep": lambda c, p: c.post(f"/v1/projects/{p}/component-sweeps"),
}


@pytest.fixture
def victim(live: Live, mint: Any, project: tuple[int, int]) -> tuple[int, int]:
    org, proj = project
    with live.client(mint(org)) as client:
        assert (
            client.put(f"/v1/projects/{proj}/figma-files/VictimKey", json={"role": "working"}).status_code
            == 201
        )
        assert client.put(f"/v1/projects/{proj}/wf2des/config", json=CONFIG).status_code == 201
    return org, proj


def _without_instance(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k != "instance"}


def _victim_state(live: Live, client: httpx.Client, proj: int) -> tuple[Any, ...]:
    return (
        client.get(f"/v1/projects/{proj}/figma-files").json(),
        client.get(f"/v1/projects/{proj}/wf2des/config").json(),
        live.sql("SELECT count(*) FROM outbox WHERE (payload->>'project_id')::bigint = %s", proj),
    )


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_another_organization_sees_404_and_changes_nothing(
    live: Live, mint: Any, victim: tuple[int, int], route: str
) -> None:
    org, proj = victim
    intruder_org = random.randint(10_000_000, 2**40)
    live.sql("INSERT INTO organization (id, name) VALUES (%s, 'intruder')", intruder_org)
    with live.client(mint(org)) as owner, live.client(mint(intruder_org)) as intruder:
        missing = owner.get(f"/v1/projects/{proj}/figma-files/NoSuchKey")
        assert missing.status_code == 404
        before = _victim_state(live, owner, proj)

        response = ROUTES[route](intruder, proj)
        assert response.status_code == 404, response.text
        assert response.headers["content-type"] == "application/problem+json"
        assert _without_instance(response.json()) == _without_instance(missing.json())
        assert _victim_state(live, owner, proj) == before

        unknown_project = ROUTES[route](owner, 2**62 + random.randint(0, 2**20))
        assert unknown_project.status_code == 404
        assert _without_instance(unknown_project.json()) == _without_instance(missing.json())


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_no_token_is_401(live: Live, victim: tuple[int, int], route: str) -> None:
    _, proj = victim
    with live.client() as anonymous:
        response = ROUTES[route](anonymous, proj)
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")

"""Dev sign-in (``WF2DES_AUTH_DEV``): the login page is a form; submitting it stores a dev token."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.integration.api.conftest import Live, start_live
from tests.services import RedisServer
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import LocalBlobStore
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.settings import PgSettings


@pytest.fixture(scope="module")
def dev_live(
    pg_url: str, docstore_url: str, broker: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Live]:
    port = free_port()
    blob_root = tmp_path_factory.mktemp("dev-blobs")
    settings = Settings(
        env="test",
        data_dir=tmp_path_factory.mktemp("dev-data"),
        docstore_url=docstore_url,
        docstore_db=f"wf2des_dev_{uuid.uuid4().hex[:8]}",
        blob_url=blob_root.as_uri(),
        broker_url=broker.url,
        api_url=f"http://127.0.0.1:{port}",
        auth_dev=True,
    )
    api_settings = ApiSettings(relay_enabled=False)
    app = create_app(settings, PgSettings(database_url=pg_url), api_settings=api_settings)
    server, thread = start_live(app, port)
    yield Live(f"http://127.0.0.1:{port}", settings, api_settings, pg_url, LocalBlobStore(blob_root), broker)
    server.should_exit = True
    thread.join(timeout=20)


def _org_with_projects(live: Live, names: list[str]) -> tuple[int, list[int]]:
    org = random.randint(10_000_000, 2**40)
    live.sql("INSERT INTO organization (id, name) VALUES (%s, 'dev org')", org)
    ids = []
    for name in names:
        proj = random.randint(10_000_000, 2**40)
        live.sql("INSERT INTO project (id, organization_id, name) VALUES (%s, %s, %s)", proj, org, name)
        ids.append(proj)
    return org, ids


def test_dev_sign_in_and_projects_scoped_to_the_caller(dev_live: Live) -> None:
    org, (beta, alpha) = _org_with_projects(dev_live, ["Beta site", "Alpha site"])
    _other_org, _ = _org_with_projects(dev_live, ["Someone else's"])
    with dev_live.client() as client:
        started = client.post("/v1/plugin-sessions").json()
        write_key = parse_qs(urlsplit(started["loginUrl"]).query)["session"][0]
        form = client.get(started["loginUrl"])
        assert form.status_code == 200
        assert "text/html" in form.headers["content-type"]
        assert "name=organization" in form.text
        assert "action='/login/dev'" in form.text
        assert form.headers["cache-control"] == "no-store"
        assert client.get(f"/v1/plugin-sessions/{started['readKey']}").status_code == 202

        done = client.post(
            "/login/dev", data={"session": write_key, "organization": str(org), "subject": "ana"}
        )
        assert done.status_code == 200
        assert "You can return to Figma" in done.text
        # The write key is spent: a second submission finds no open session.
        assert client.post("/login/dev", data={"session": write_key, "organization": "1"}).status_code == 404

        token = client.get(f"/v1/plugin-sessions/{started['readKey']}").json()["accessToken"]
        assert client.get(f"/v1/plugin-sessions/{started['readKey']}").status_code == 404

    with dev_live.client(token) as client:
        listed = client.get("/v1/projects")
    assert listed.status_code == 200
    assert listed.json() == {
        "items": [
            {"projectId": alpha, "organizationId": org, "name": "Alpha site"},
            {"projectId": beta, "organizationId": org, "name": "Beta site"},
        ],
        "truncated": False,
    }


def test_projects_needs_a_token(dev_live: Live) -> None:
    with dev_live.client() as client:
        resp = client.get("/v1/projects")
    assert resp.status_code == 401
    assert resp.json()["code"] == "unauthorized"


def test_dev_form_with_unknown_session_is_404(dev_live: Live) -> None:
    with dev_live.client() as client:
        assert client.get("/login", params={"session": "B" * 22}).status_code == 404
        assert client.post("/login/dev", data={"session": "B" * 22, "organization": "1"}).status_code == 404


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://attacker.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://evil.127.0.0.1.nip.io"},
        {"Origin": "null"},  # a sandboxed frame or a data: page
    ],
    ids=["origin", "fetch-site", "same-site-subdomain", "null-origin"],
)
def test_cross_site_form_posts_are_refused(dev_live: Live, headers: dict[str, str]) -> None:
    org, _ = _org_with_projects(dev_live, ["Victim site"])
    with dev_live.client() as client:
        started = client.post("/v1/plugin-sessions").json()
        write_key = parse_qs(urlsplit(started["loginUrl"]).query)["session"][0]
        form = {"session": write_key, "organization": str(org), "subject": "forged"}
        refused = client.post("/login/dev", data=form, headers=headers)
        assert refused.status_code == 403
        assert refused.json()["code"] == "cross_site_request"
        assert client.get(f"/v1/plugin-sessions/{started['readKey']}").status_code == 202  # still waiting
        own = {"Origin": dev_live.url, "Sec-Fetch-Site": "same-origin"}
        assert client.post("/login/dev", data=form, headers=own).status_code == 200

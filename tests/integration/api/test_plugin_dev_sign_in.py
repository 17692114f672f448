"""Dev sign-in (``WF2DES_AUTH_DEV``): the login page is a form; submitting it stores a dev token."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
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
        assert f"<p class=code id=code>{started['confirmationCode']}</p>" in form.text
        assert form.headers["cache-control"] == "no-store"
        assert client.get(f"/v1/plugin-sessions/{started['readKey']}").status_code == 202
        confirm = _confirm_key(form)

        done = client.post(
            "/login/dev",
            data={"session": write_key, "confirm": confirm, "organization": str(org), "subject": "ana"},
        )
        assert done.status_code == 200
        assert "You can return to Figma" in done.text
        # The write key is spent: a second submission finds no open session.
        again = {"session": write_key, "confirm": confirm, "organization": "1"}
        assert client.post("/login/dev", data=again).status_code == 404

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


def _confirm_key(form: httpx.Response) -> str:
    found = re.search(r"name=confirm value='([A-Za-z0-9_-]{22})'", form.text)
    assert found, form.text
    return found.group(1)


def test_dev_form_needs_its_own_page_confirm_key_and_refuses_cross_site_posts(dev_live: Live) -> None:
    """Finding 7 of issue 22 (cross-site posts) and 5 (no token without the page's confirmation): the old
    form took a bare write key from any site."""
    with dev_live.client() as client:
        started = client.post("/v1/plugin-sessions").json()
        write_key = parse_qs(urlsplit(started["loginUrl"]).query)["session"][0]
        bare = client.post("/login/dev", data={"session": write_key, "organization": "1"})
        assert bare.status_code == 422  # no confirm key: the form was not the page's
        confirm = _confirm_key(client.get(started["loginUrl"]))
        fields = {"session": write_key, "confirm": confirm, "organization": "1"}
        for header in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}):
            refused = client.post("/login/dev", data=fields, headers=header)
            assert refused.status_code == 403
        assert client.post("/login/dev", data={**fields, "confirm": write_key}).status_code == 404
        assert client.get(f"/v1/plugin-sessions/{started['readKey']}").status_code == 202
        sent = client.post("/login/dev", data=fields, headers={"Sec-Fetch-Site": "same-origin"})
        assert sent.status_code == 200
        assert client.get(f"/v1/plugin-sessions/{started['readKey']}").status_code == 200


def test_projects_needs_a_token(dev_live: Live) -> None:
    with dev_live.client() as client:
        resp = client.get("/v1/projects")
    assert resp.status_code == 401
    assert resp.json()["code"] == "unauthorized"


def test_dev_form_with_unknown_session_is_404(dev_live: Live) -> None:
    with dev_live.client() as client:
        assert client.get("/login", params={"session": "B" * 22}).status_code == 404
        unknown = {"session": "B" * 22, "confirm": "C" * 22, "organization": "1"}
        assert client.post("/login/dev", data=unknown).status_code == 404

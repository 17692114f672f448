"""Plugin sign-in end to end against a local OpenID provider: session → login → callback → confirm →
token once.

The API under test is a live server on the real PostgreSQL whose ``WF2DES_AUTH_ISSUER`` is the local
provider: endpoints from its discovery document, tokens verified against its JWKS like every request.
"""

from __future__ import annotations

import hashlib
import random
import re
import uuid
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.integration.api.conftest import Live, start_live
from tests.integration.api.oidc_provider import OpenIdProvider
from tests.services import RedisServer
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import LocalBlobStore
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.settings import PgSettings

CLIENT_ID = "wf2des-plugin-client"


@pytest.fixture(scope="module")
def op() -> Iterator[OpenIdProvider]:
    provider = OpenIdProvider(client_id=CLIENT_ID)
    provider.start()
    yield provider
    provider.stop()


@pytest.fixture(scope="module")
def oidc_live(
    pg_url: str,
    docstore_url: str,
    broker: RedisServer,
    op: OpenIdProvider,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Live]:
    port = free_port()
    blob_root = tmp_path_factory.mktemp("oidc-blobs")
    settings = Settings(
        env="test",
        data_dir=tmp_path_factory.mktemp("oidc-data"),
        docstore_url=docstore_url,
        docstore_db=f"wf2des_oidc_{uuid.uuid4().hex[:8]}",
        blob_url=blob_root.as_uri(),
        broker_url=broker.url,
        api_url=f"http://127.0.0.1:{port}",
        auth_jwks_url=f"{op.url}/jwks.json",
        auth_issuer=op.url,
        auth_audience=CLIENT_ID,
    )
    api_settings = ApiSettings(relay_enabled=False)
    app = create_app(settings, PgSettings(database_url=pg_url), api_settings=api_settings)
    server, thread = start_live(app, port)
    yield Live(f"http://127.0.0.1:{port}", settings, api_settings, pg_url, LocalBlobStore(blob_root), broker)
    server.should_exit = True
    thread.join(timeout=20)


@pytest.fixture
def org_project(oidc_live: Live, op: OpenIdProvider) -> tuple[int, int]:
    org, proj = random.randint(10_000_000, 2**40), random.randint(10_000_000, 2**40)
    oidc_live.sql("INSERT INTO organization (id, name) VALUES (%s, 'sign-in org')", org)
    oidc_live.sql(
        "INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'Sign-in project')", proj, org
    )
    op.organization = str(org)
    op.token_issuer = None
    return org, proj


def _start(client: httpx.Client) -> dict[str, str]:
    resp = client.post("/v1/plugin-sessions")
    assert resp.status_code == 201, resp.text
    body = resp.json()
    assert set(body) == {"readKey", "loginUrl", "confirmationCode", "expiresAt"}
    return dict(body)


def _poll(client: httpx.Client, read_key: str) -> httpx.Response:
    return client.get(f"/v1/plugin-sessions/{read_key}")


def _to_provider(client: httpx.Client, login_url: str) -> str:
    """Open the login URL as a browser would; returns the provider's authorization URL."""
    resp = client.get(login_url)
    assert resp.status_code == 303, resp.text
    assert resp.headers["referrer-policy"] == "no-referrer"
    return resp.headers["location"]


def _authorize(authorization_url: str) -> str:
    """The provider approves and redirects back: returns our callback URL with code and state."""
    resp = httpx.get(authorization_url, follow_redirects=False)
    assert resp.status_code == 302, resp.text
    return resp.headers["location"]


def _confirm_key(page: httpx.Response) -> str:
    """The one-time confirm key the confirmation page's form carries."""
    found = re.search(r"name=confirm value='([A-Za-z0-9_-]{22})'", page.text)
    assert found, page.text
    return found.group(1)


def _shown_code(page: httpx.Response) -> str:
    found = re.search(r"<p class=code id=code>([A-Z2-9-]+)</p>", page.text)
    assert found, page.text
    return found.group(1)


def _confirm(client: httpx.Client, page: httpx.Response, **headers: str) -> httpx.Response:
    """What the user's press on the page's button sends (a same-origin form POST)."""
    sent = {"Sec-Fetch-Site": "same-origin", **headers}
    return client.post("/login/confirm", data={"confirm": _confirm_key(page)}, headers=sent)


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def test_full_flow_delivers_the_token_once(
    oidc_live: Live, op: OpenIdProvider, org_project: tuple[int, int]
) -> None:
    org, proj = org_project
    with oidc_live.client() as client:
        started = _start(client)
        read_key = started["readKey"]
        write_key = parse_qs(urlsplit(started["loginUrl"]).query)["session"][0]
        assert len(read_key) == 22
        assert len(write_key) == 22
        assert read_key != write_key

        pending = _poll(client, read_key)
        assert pending.status_code == 202
        assert pending.json() == {"status": "pending"}

        authorization_url = _to_provider(client, started["loginUrl"])
        assert authorization_url.startswith(f"{op.url}/authorize?")
        query = parse_qs(urlsplit(authorization_url).query)
        assert query["code_challenge_method"] == ["S256"]
        assert query["client_id"] == [CLIENT_ID]
        assert query["redirect_uri"] == [f"{oidc_live.url}/login/callback"]
        assert query["state"][0] not in (read_key, write_key)

        # Only hashes are stored: no column holds a key.
        rows = oidc_live.sql("SELECT * FROM plugin_session WHERE read_key_hash = %s", _hash(read_key))
        assert len(rows) == 1
        assert not any(isinstance(v, str) and (read_key in v or write_key in v) for v in rows[0])

        callback = client.get(_authorize(authorization_url))
        assert callback.status_code == 200
        assert _shown_code(callback) == started["confirmationCode"]
        assert "You can return to Figma" not in callback.text
        assert _poll(client, read_key).status_code == 202  # nothing issued before the confirmation

        done = _confirm(client, callback)
        assert done.status_code == 200
        assert "You can return to Figma" in done.text

        delivered = _poll(client, read_key)
        assert delivered.status_code == 200, delivered.text
        token = delivered.json()["accessToken"]
        assert delivered.json()["tokenType"] == "Bearer"
        assert delivered.headers["cache-control"] == "no-store"
        gone = _poll(client, read_key)
        assert gone.status_code == 404
        assert gone.json()["code"] == "plugin_session_not_found"
        assert read_key not in gone.text  # not even echoed as the problem's instance

    assert not oidc_live.sql("SELECT 1 FROM plugin_session WHERE read_key_hash = %s", _hash(read_key))
    with oidc_live.client(token) as client:
        projects = client.get("/v1/projects")
    assert projects.status_code == 200
    assert [(p["projectId"], p["organizationId"]) for p in projects.json()["items"]] == [(proj, org)]


def test_expired_session_is_404_and_purged(oidc_live: Live, org_project: tuple[int, int]) -> None:
    with oidc_live.client() as client:
        started = _start(client)
        read_key = started["readKey"]
        oidc_live.sql(
            "UPDATE plugin_session SET expires_at = now() - interval '1 second' WHERE read_key_hash = %s",
            _hash(read_key),
        )
        assert _poll(client, read_key).status_code == 404
        login = client.get(started["loginUrl"])
        assert login.status_code == 404
        assert "expired" in login.text
        _start(client)  # creating a session purges expired ones
    assert not oidc_live.sql("SELECT 1 FROM plugin_session WHERE read_key_hash = %s", _hash(read_key))


def test_session_expiring_during_the_login_stores_nothing(
    oidc_live: Live, org_project: tuple[int, int]
) -> None:
    with oidc_live.client() as client:
        started = _start(client)
        callback_url = _authorize(_to_provider(client, started["loginUrl"]))
        oidc_live.sql(
            "UPDATE plugin_session SET expires_at = now() - interval '1 second' WHERE read_key_hash = %s",
            _hash(started["readKey"]),
        )
        late = client.get(callback_url)
        assert late.status_code == 400
        assert "expired" in late.text
        assert _poll(client, started["readKey"]).status_code == 404
    rows = oidc_live.sql(
        "SELECT access_token FROM plugin_session WHERE read_key_hash = %s", _hash(started["readKey"])
    )
    assert rows == [(None,)]  # nothing stored; the row waits for the purge


def test_tampered_state_is_refused_and_stores_nothing(oidc_live: Live, org_project: tuple[int, int]) -> None:
    with oidc_live.client() as client:
        started = _start(client)
        callback_url = _authorize(_to_provider(client, started["loginUrl"]))
        parts = urlsplit(callback_url)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        forged = query["state"][:-2] + ("AA" if not query["state"].endswith("AA") else "BB")
        refused = client.get(
            f"{oidc_live.url}/login/callback", params={"code": query["code"], "state": forged}
        )
        assert refused.status_code == 400
        assert _poll(client, started["readKey"]).status_code == 202
        # The genuine state was not disturbed by the forgery.
        genuine = client.get(callback_url)
        assert genuine.status_code == 200
        assert _confirm(client, genuine).status_code == 200
        assert _poll(client, started["readKey"]).status_code == 200


def test_replayed_code_is_refused(oidc_live: Live, op: OpenIdProvider, org_project: tuple[int, int]) -> None:
    with oidc_live.client() as client:
        first = _start(client)
        callback_url = _authorize(_to_provider(client, first["loginUrl"]))
        first_page = client.get(callback_url)
        assert first_page.status_code == 200
        # The same authorization response again: its state is consumed.
        again = client.get(callback_url)
        assert again.status_code == 400
        # The used code under another session's fresh state: the provider refuses it.
        second = _start(client)
        fresh_state = parse_qs(urlsplit(_to_provider(client, second["loginUrl"])).query)["state"][0]
        code = parse_qs(urlsplit(callback_url).query)["code"][0]
        replay = client.get(f"{oidc_live.url}/login/callback", params={"code": code, "state": fresh_state})
        assert replay.status_code == 502
        assert "refused" in replay.text
        assert code in op.refused
        assert _poll(client, second["readKey"]).status_code == 202
        assert _confirm(client, first_page).status_code == 200
        assert _poll(client, first["readKey"]).status_code == 200
        assert _poll(client, first["readKey"]).status_code == 404


def test_token_from_another_issuer_is_refused(
    oidc_live: Live, op: OpenIdProvider, org_project: tuple[int, int]
) -> None:
    op.token_issuer = "https://other-issuer.example.com"
    with oidc_live.client() as client:
        started = _start(client)
        callback = client.get(_authorize(_to_provider(client, started["loginUrl"])))
        assert callback.status_code == 401
        assert "Figma" not in callback.text
        assert _poll(client, started["readKey"]).status_code == 202


def test_malformed_read_key_is_422_and_unknown_is_404(oidc_live: Live) -> None:
    with oidc_live.client() as client:
        assert _poll(client, "short").status_code == 422
        unknown = _poll(client, "A" * 22)
        assert unknown.status_code == 404
        assert unknown.headers["content-type"] == "application/problem+json"


def test_a_login_url_sent_to_a_victim_issues_nothing_without_their_confirmation(
    oidc_live: Live, op: OpenIdProvider, org_project: tuple[int, int]
) -> None:
    """Finding 5 of issue 22: before the confirmation step, the victim's live SSO session handed the
    attacker's poll the victim's token as soon as the victim opened the link (this test's first 202
    assertion got 200)."""
    with oidc_live.client() as attacker, oidc_live.client() as victim:
        planted = _start(attacker)
        # The victim opens the attacker's link; the provider signs them in silently (a live SSO session).
        page = victim.get(_authorize(_to_provider(victim, planted["loginUrl"])))
        assert page.status_code == 200
        assert "Confirm the sign-in" in page.text
        # The page shows the attacker's code: the victim's plugin shows another one, or none at all.
        assert _shown_code(page) == planted["confirmationCode"]
        assert "someone else sent you this link" in page.text
        assert _poll(attacker, planted["readKey"]).status_code == 202

        # The attacker cannot confirm in the victim's place: it holds the read and write keys, not the
        # page's confirm key, and the confirm key is not derivable from either.
        write_key = parse_qs(urlsplit(planted["loginUrl"]).query)["session"][0]
        for guess in (planted["readKey"], write_key):
            refused = attacker.post(
                "/login/confirm", data={"confirm": guess}, headers={"Sec-Fetch-Site": "same-origin"}
            )
            assert refused.status_code == 404
        assert attacker.post("/login/confirm", data={"confirm": "short"}).status_code == 422
        # Nor can a page of the attacker's make the victim's browser send the confirm.
        assert _confirm(victim, page, **{"Sec-Fetch-Site": "cross-site"}).status_code == 403
        no_fetch_metadata = victim.post(
            "/login/confirm", data={"confirm": _confirm_key(page)}, headers={"Origin": "https://evil.example"}
        )
        assert no_fetch_metadata.status_code == 403
        # Reloading the page (a GET) issues nothing either.
        assert _poll(attacker, planted["readKey"]).status_code == 202

        # A victim who compares the codes closes the page; the token dies with the session.
        oidc_live.sql(
            "UPDATE plugin_session SET expires_at = now() - interval '1 second' WHERE read_key_hash = %s",
            _hash(planted["readKey"]),
        )
        assert _confirm(victim, page).status_code == 404
        assert _poll(attacker, planted["readKey"]).status_code == 404


def test_the_confirm_key_works_once(oidc_live: Live, org_project: tuple[int, int]) -> None:
    with oidc_live.client() as client:
        started = _start(client)
        page = client.get(_authorize(_to_provider(client, started["loginUrl"])))
        key = _confirm_key(page)
        # A browser without fetch metadata posting from our page: Origin is null under no-referrer.
        first = client.post("/login/confirm", data={"confirm": key}, headers={"Origin": "null"})
        assert first.status_code == 200
        again = client.post("/login/confirm", data={"confirm": key}, headers={"Origin": "null"})
        assert again.status_code == 404
        assert _poll(client, started["readKey"]).status_code == 200

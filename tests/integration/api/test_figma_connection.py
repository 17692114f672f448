"""Figma access per organization (finding 4 of issue 22): each organization connects its own Figma account
with OAuth 2, registration checks that account can read the file, and a sweep reads with it.

The live API runs on the real PostgreSQL and document store with the fake Figma as Figma, its OAuth provider
mounted (``integrations/figma/fake_oauth.py``): two Figma accounts, alice (who can read ``OrgOneLib``) and
bob (who cannot). Nothing here sets ``WF2DES_FIGMA_TOKEN``: before this change every read used that one
service-wide token, so organization 2 could register and sweep organization 1's file.
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from pymongo.database import Database

from tests.integration.api.conftest import Live, start_live
from tests.services import RedisServer
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.core.sealing import Sealer, new_key
from wf2des.core.settings import Settings
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.blobs import LocalBlobStore
from wf2des.integrations.docstore import ProjectFileRegistrations, ensure_schema, open_docstore
from wf2des.integrations.docstore.embedded import free_port
from wf2des.integrations.docstore.project_files import FileRole
from wf2des.integrations.figma import client_from_settings
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.integrations.figma.fake_oauth import FakeFigmaOAuth
from wf2des.jobs.contract import COMPONENT_SWEEP_RUN, DESIGN_GENERATE, ComponentSweepJob, DesignGenerationJob
from wf2des.pg.settings import PgSettings
from wf2des.workers.component_sweep.tasks import run_component_sweep

CLIENT_ID, CLIENT_SECRET = "wf2des-figma-app", "figma-app-secret"
JOB_KEY, AT_REST_KEY = new_key(), new_key()
LIB = "OrgOneLib"


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeFigma]:
    with FakeFigma() as server:
        server.oauth = FakeFigmaOAuth(
            CLIENT_ID, CLIENT_SECRET, accounts={"alice": {LIB}, "bob": {"BobsFile"}}
        )
        server.add_file(LIB)
        server.add_file("BobsFile")
        yield server


@pytest.fixture(scope="module")
def figma_live(
    pg_url: str,
    docstore_url: str,
    broker: RedisServer,
    keys: Any,
    fake: FakeFigma,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Live]:
    from tests.integration.api.conftest import AUDIENCE, ISSUER

    port = free_port()
    blob_root = tmp_path_factory.mktemp("figma-blobs")
    settings = Settings(
        env="test",
        data_dir=tmp_path_factory.mktemp("figma-data"),
        docstore_url=docstore_url,
        docstore_db=f"wf2des_figma_{uuid.uuid4().hex[:8]}",
        blob_url=blob_root.as_uri(),
        broker_url=broker.url,
        api_url=f"http://127.0.0.1:{port}",
        auth_jwks_url=keys.jwks_url,
        auth_issuer=ISSUER,
        auth_audience=AUDIENCE,
        figma_api_url=fake.url,
        figma_oauth_url=f"{fake.url}/oauth",
        figma_job_key=JOB_KEY,
    )
    api_settings = ApiSettings(
        relay_enabled=False,
        figma_client_id=CLIENT_ID,
        figma_client_secret=CLIENT_SECRET,
        figma_token_keys=AT_REST_KEY,
    )
    app = create_app(settings, PgSettings(database_url=pg_url), api_settings=api_settings)
    server, thread = start_live(app, port)
    yield Live(f"http://127.0.0.1:{port}", settings, api_settings, pg_url, LocalBlobStore(blob_root), broker)
    server.should_exit = True
    thread.join(timeout=20)


@pytest.fixture(scope="module")
def docs(figma_live: Live) -> Iterator[Database[Any]]:
    assert figma_live.settings.docstore_url is not None
    db = open_docstore(figma_live.settings.docstore_url, figma_live.settings.docstore_db)
    ensure_schema(db)
    yield db
    db.client.close()


def _org_project(live: Live) -> tuple[int, int]:
    org, proj = random.randint(10_000_000, 2**40), random.randint(10_000_000, 2**40)
    live.sql("INSERT INTO organization (id, name) VALUES (%s, 'figma org')", org)
    live.sql("INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'figma project')", proj, org)
    return org, proj


def _connect(client: httpx.Client, fake: FakeFigma, org: int, account: str) -> None:
    assert fake.oauth is not None
    fake.oauth.approve_as = account
    started = client.post(f"/v1/organizations/{org}/figma-connection")
    assert started.status_code == 201, started.text
    url = started.json()["authorizeUrl"]
    assert url.startswith(f"{fake.url}/oauth?")
    query = parse_qs(urlsplit(url).query)
    assert query["client_id"] == [CLIENT_ID]
    assert query["code_challenge_method"] == ["S256"]
    assert query["scope"][0].split() == [
        "file_content:read",
        "file_metadata:read",
        "file_variables:read",
        "library_content:read",
    ]
    assert query["redirect_uri"] == [f"{str(client.base_url).rstrip('/')}/figma/callback"]
    allowed = httpx.get(url, follow_redirects=False)  # the user allows access in Figma
    assert allowed.status_code == 302
    page = client.get(allowed.headers["location"])
    assert page.status_code == 200, page.text
    assert f"(id {org})" in page.text  # the page names the organization about to be connected
    assert not live_rows(client, org)
    done = _confirm(client, page)
    assert done.status_code == 200, done.text
    assert "Figma connected" in done.text


def live_rows(client: httpx.Client, org: int) -> bool:
    return bool(client.get(f"/v1/organizations/{org}/figma-connection").json()["connected"])


def _grant(page: httpx.Response) -> str:
    found = re.search(r"name=grant value='([^']+)'", page.text)
    assert found, page.text
    return found.group(1)


def _confirm(client: httpx.Client, page: httpx.Response, **headers: str) -> httpx.Response:
    sent = {"Sec-Fetch-Site": "same-origin", **headers}
    return client.post("/figma/callback", data={"grant": _grant(page)}, headers=sent)


def _sweep_job(live: Live, client: httpx.Client, project: int) -> ComponentSweepJob:
    started = client.post(f"/v1/projects/{project}/component-sweeps")
    assert started.status_code == 202, started.text
    [(payload,)] = live.sql(
        "SELECT payload FROM outbox WHERE task_name = %s AND payload->>'run_id' = %s",
        COMPONENT_SWEEP_RUN,
        started.json()["runId"],
    )
    return ComponentSweepJob.model_validate(payload)


def _worker_settings(fake: FakeFigma) -> Settings:
    """A worker's settings: the job key and Figma's URL, no PostgreSQL and no service-wide Figma token."""
    return Settings(env="test", figma_api_url=fake.url, figma_job_key=JOB_KEY)


def _run(job: ComponentSweepJob, docs: Database[Any], fake: FakeFigma) -> dict[str, Any]:
    figma = client_from_settings(_worker_settings(fake), job_token=job.figma_token)
    [summary] = run_component_sweep(job, db=docs, figma=figma)
    return summary


def test_another_organizations_file_can_be_neither_registered_nor_swept(
    figma_live: Live, fake: FakeFigma, mint: Any, docs: Database[Any]
) -> None:
    assert fake.oauth is not None
    (org1, proj1), (org2, proj2) = _org_project(figma_live), _org_project(figma_live)
    with figma_live.client(mint(org1)) as one, figma_live.client(mint(org2)) as two:
        _connect(one, fake, org1, "alice")
        _connect(two, fake, org2, "bob")

        assert one.put(f"/v1/projects/{proj1}/figma-files/{LIB}", json={"role": "library"}).status_code == 201
        refused = two.put(f"/v1/projects/{proj2}/figma-files/{LIB}", json={"role": "library"})
        assert refused.status_code == 404, refused.text  # before: 201, and the sweep read org 1's styles
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == "figma_file_not_found"
        assert "figu_" not in refused.text

        # Organization 1's sweep reads as alice.
        job1 = _sweep_job(figma_live, one, proj1)
        assert job1.figma_token is not None
        assert not any(token in job1.figma_token for token in fake.oauth.issued)  # sealed in the outbox
        synced = _run(job1, docs, fake)
        assert (synced["status"], synced["components_written"]) == ("synced", 205)

        # Even a registration that predates the check (written straight to the store) reads nothing: the
        # sweep of organization 2 carries bob's token, and Figma does not show bob organization 1's file.
        scope2 = ProjectScope(AccessibleOrganizationID(org2), proj2)
        ProjectFileRegistrations(docs).register(scope2, LIB, FileRole.LIBRARY)
        fake.seen_auth.clear()
        failed = _run(_sweep_job(figma_live, two, proj2), docs, fake)
        assert failed["status"] == "failed"
        assert failed["components_written"] == 0
        bobs = {token for kind, token in fake.seen_auth if kind == "oauth"}
        assert bobs
        assert all(fake.oauth.account_of(token) == "bob" for token in bobs)
        stored = ProjectFileRegistrations(docs).get(scope2, LIB)
        assert stored is not None
        assert not stored.get("style_captures")


def test_a_design_generation_reads_figma_as_its_own_organization(
    figma_live: Live, fake: FakeFigma, mint: Any
) -> None:
    """The wireframe and library reads of a design generation carry the caller's organization's token, so
    a file key copied from another organization's share link reads nothing of theirs."""
    assert fake.oauth is not None
    (org1, _), (org2, proj2) = _org_project(figma_live), _org_project(figma_live)
    with figma_live.client(mint(org1)) as one, figma_live.client(mint(org2)) as two:
        _connect(one, fake, org1, "alice")
        _connect(two, fake, org2, "bob")
        started = two.post(
            f"/v1/projects/{proj2}/design-generations",
            json={"figmaFileKey": LIB, "wireframeNodeId": "1:2"},
        )
        assert started.status_code == 202, started.text
        [item] = started.json()["items"]
        [(payload,)] = figma_live.sql(
            "SELECT payload FROM outbox WHERE task_name = %s AND payload->>'design_generation_id' = %s",
            DESIGN_GENERATE,
            item["designGenerationId"],
        )
    job = DesignGenerationJob.model_validate(payload)
    assert job.figma_token is not None
    assert not any(token in job.figma_token for token in fake.oauth.issued)  # sealed in the outbox
    assert fake.oauth.account_of(Sealer(JOB_KEY, setting="K").open(job.figma_token)) == "bob"


def test_status_refresh_and_disconnect(
    figma_live: Live, fake: FakeFigma, mint: Any, docs: Database[Any]
) -> None:
    assert fake.oauth is not None
    org, proj = _org_project(figma_live)
    with figma_live.client(mint(org, sub="ana")) as client:
        assert client.get(f"/v1/organizations/{org}/figma-connection").json()["connected"] is False
        _connect(client, fake, org, "alice")
        status = client.get(f"/v1/organizations/{org}/figma-connection").json()
        assert status["connected"] is True
        assert status["connectedBy"] == "ana"
        assert "file_content:read" in status["scopes"]
        assert not any(token in str(status) for token in fake.oauth.issued)
        first_token = fake.oauth.issued[-1]

        # At rest: sealed under the API's key, neither token readable from the row.
        [row] = figma_live.sql("SELECT * FROM figma_connection WHERE organization_id = %s", org)
        assert not any(isinstance(v, str) and first_token in v for v in row)
        [(sealed_access,)] = figma_live.sql(
            "SELECT access_token_sealed FROM figma_connection WHERE organization_id = %s", org
        )
        assert Sealer(AT_REST_KEY, setting="K").open(sealed_access) == first_token

        # An access token near its expiry is refreshed before a job gets it.
        figma_live.sql(
            "UPDATE figma_connection SET access_expires_at = now() + interval '1 hour' "
            "WHERE organization_id = %s",
            org,
        )
        refreshes = fake.oauth.refreshes
        job = _sweep_job(figma_live, client, proj)
        assert fake.oauth.refreshes == refreshes + 1
        assert job.figma_token is not None
        assert Sealer(JOB_KEY, setting="K").open(job.figma_token) == fake.oauth.issued[-1] != first_token
        [(days,)] = figma_live.sql(
            "SELECT extract(day FROM access_expires_at - now()) FROM figma_connection "
            "WHERE organization_id = %s",
            org,
        )
        assert days >= 89
        _sweep_job(figma_live, client, proj)
        assert fake.oauth.refreshes == refreshes + 1  # fresh again: no second refresh

        # Another organization's connection is a 404, like anything of another organization.
        other, _ = _org_project(figma_live)
        for method in ("GET", "POST", "DELETE"):
            assert client.request(method, f"/v1/organizations/{other}/figma-connection").status_code == 404

        assert client.delete(f"/v1/organizations/{org}/figma-connection").status_code == 204
        assert client.get(f"/v1/organizations/{org}/figma-connection").json() == {
            "connected": False,
            "figmaUserId": None,
            "scopes": [],
            "connectedBy": None,
            "connectedAt": None,
            "accessExpiresAt": None,
        }
        assert not figma_live.sql("SELECT 1 FROM figma_connection WHERE organization_id = %s", org)
        assert _sweep_job(figma_live, client, proj).figma_token is None


def test_a_forged_or_replayed_authorization_connects_nothing(
    figma_live: Live, fake: FakeFigma, mint: Any
) -> None:
    assert fake.oauth is not None
    org, _ = _org_project(figma_live)
    fake.oauth.approve_as = "alice"
    with figma_live.client(mint(org)) as client:
        url = client.post(f"/v1/organizations/{org}/figma-connection").json()["authorizeUrl"]
        callback = httpx.get(url, follow_redirects=False).headers["location"]
        query = {k: v[0] for k, v in parse_qs(urlsplit(callback).query).items()}
        forged = client.get("/figma/callback", params={"code": query["code"], "state": "x" * 100})
        assert forged.status_code == 400
        assert "unknown or expired" in forged.text
        page = client.get(callback)
        assert page.status_code == 200
        replayed = client.get(callback)  # Figma's code works once
        assert replayed.status_code == 502
        assert client.get("/figma/callback", params={"error": "access_denied"}).status_code == 400
        bad_grant = client.post(
            "/figma/callback", data={"grant": "x" * 100}, headers={"Sec-Fetch-Site": "same-origin"}
        )
        assert bad_grant.status_code == 400
        assert _confirm(client, page).status_code == 200
    [(count,)] = figma_live.sql("SELECT count(*) FROM figma_connection WHERE organization_id = %s", org)
    assert count == 1


def test_an_authorize_url_sent_to_someone_else_connects_nothing_without_their_confirmation(
    figma_live: Live, fake: FakeFigma, mint: Any
) -> None:
    """The phishing of finding 5, for Figma: a member of organization X sends X's authorize URL to a
    victim; the victim allowing access in Figma must not connect the victim's account to X unseen."""
    assert fake.oauth is not None
    attacker_org, _ = _org_project(figma_live)
    with figma_live.client(mint(attacker_org)) as attacker, figma_live.client() as victim:
        url = attacker.post(f"/v1/organizations/{attacker_org}/figma-connection").json()["authorizeUrl"]
        fake.oauth.approve_as = "alice"  # the victim, signed in to Figma
        page = victim.get(httpx.get(url, follow_redirects=False).headers["location"])
        assert page.status_code == 200
        assert "figma org" in page.text
        assert f"(id {attacker_org})" in page.text
        assert "If someone sent you this link, close this page" in page.text
        assert live_rows(attacker, attacker_org) is False  # the GET stored nothing
        # A page of the attacker's cannot make the victim's browser send the form.
        assert _confirm(victim, page, **{"Sec-Fetch-Site": "cross-site"}).status_code == 403
        no_metadata = victim.post(
            "/figma/callback", data={"grant": _grant(page)}, headers={"Origin": "https://evil.example"}
        )
        assert no_metadata.status_code == 403
        assert live_rows(attacker, attacker_org) is False

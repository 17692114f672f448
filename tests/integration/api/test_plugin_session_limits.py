"""Per-client caps on plugin sign-in creation (finding 6 of issue 22).

Clients are told apart by the address of their connection, so each test client binds its own loopback
address (127.0.0.2, 127.0.0.3, …: all of 127/8 reaches the server on 127.0.0.1); nothing is spoofed with a
header. ``start_live`` keeps uvicorn's default proxy-header layer, which trusts only 127.0.0.1: none of these
peers, so the app's own ``WF2DES_API_TRUSTED_PROXIES`` is the one place that decides here too.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import httpx
import pytest

from tests.integration.api.conftest import Live, start_live
from tests.services import RedisServer
from tests.tls import TLS
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import LocalBlobStore
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.settings import PgSettings

PER_CLIENT = 5
GLOBAL = 12
PROXY = "127.0.0.9"


@pytest.fixture(scope="module")
def capped(
    pg_url: str, docstore_url: str, broker: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Live]:
    port = free_port()
    blob_root = tmp_path_factory.mktemp("capped-blobs")
    settings = Settings(
        env="test",
        data_dir=tmp_path_factory.mktemp("capped-data"),
        docstore_url=docstore_url,
        docstore_db=f"wf2des_capped_{uuid.uuid4().hex[:8]}",
        blob_url=blob_root.as_uri(),
        broker_url=broker.url,
        api_url=f"http://127.0.0.1:{port}",
        auth_dev=True,
    )
    api_settings = ApiSettings(
        relay_enabled=False,
        plugin_sessions_max_pending=GLOBAL,
        plugin_sessions_max_pending_per_client=PER_CLIENT,
        trusted_proxies=PROXY,
    )
    app = create_app(settings, PgSettings(database_url=pg_url), api_settings=api_settings)
    server, thread = start_live(app, port)
    yield Live(f"http://127.0.0.1:{port}", settings, api_settings, pg_url, LocalBlobStore(blob_root), broker)
    server.should_exit = True
    thread.join(timeout=20)


@pytest.fixture(autouse=True)
def _no_sessions(capped: Live) -> None:
    # The table is shared with the other live APIs of this run; the global cap counts all of it.
    capped.sql("DELETE FROM plugin_session")


def _from(live: Live, address: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address, verify=TLS)
    return httpx.Client(base_url=live.url, transport=transport, timeout=30)


def test_one_clients_flood_gets_429_while_another_client_still_signs_in(capped: Live) -> None:
    """Before the per-client cap, the flood filled the global cap and the second client got 503."""
    with _from(capped, "127.0.0.2") as flood, _from(capped, "127.0.0.3") as other:
        answers = [flood.post("/v1/plugin-sessions") for _ in range(3 * GLOBAL)]
        assert [a.status_code for a in answers[:PER_CLIENT]] == [201] * PER_CLIENT
        refused = answers[PER_CLIENT:]
        assert {a.status_code for a in refused} == {429}
        problem = refused[-1]
        assert problem.headers["content-type"] == "application/problem+json"
        assert problem.json()["code"] == "too_many_sign_ins_from_client"
        assert problem.json()["status"] == 429
        retry_after = int(problem.headers["retry-after"])
        assert 1 <= retry_after <= capped.api_settings.plugin_session_ttl_seconds

        for _ in range(PER_CLIENT):
            assert other.post("/v1/plugin-sessions").status_code == 201
        assert other.post("/v1/plugin-sessions").status_code == 429  # the same cap, its own count

    live_rows = capped.sql("SELECT count(*) FROM plugin_session WHERE expires_at > now()")
    assert live_rows == [(2 * PER_CLIENT,)]


def test_a_claimed_session_frees_its_place(capped: Live) -> None:
    with _from(capped, "127.0.0.4") as client:
        started = [client.post("/v1/plugin-sessions").json() for _ in range(PER_CLIENT)]
        assert client.post("/v1/plugin-sessions").status_code == 429
        capped.sql(
            "UPDATE plugin_session SET expires_at = now() - interval '1 second' "
            "WHERE read_key_hash = encode(sha256(%s::bytea), 'hex')",
            started[0]["readKey"].encode(),
        )
        assert client.post("/v1/plugin-sessions").status_code == 201


def test_forwarded_for_counts_only_from_a_trusted_proxy(capped: Live) -> None:
    with _from(capped, "127.0.0.5") as untrusted:
        codes = [
            untrusted.post("/v1/plugin-sessions", headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
            for i in range(PER_CLIENT + 2)
        ]
        assert codes == [201] * PER_CLIENT + [429, 429]  # the header is ignored: one client
    with _from(capped, PROXY) as proxy:
        for i in range(PER_CLIENT):
            sent = proxy.post("/v1/plugin-sessions", headers={"X-Forwarded-For": "198.51.100.7"})
            assert sent.status_code == 201, i
        assert (
            proxy.post("/v1/plugin-sessions", headers={"X-Forwarded-For": "198.51.100.7"}).status_code == 429
        )
        # Another client behind the same proxy is counted on its own.
        assert (
            proxy.post("/v1/plugin-sessions", headers={"X-Forwarded-For": "198.51.100.8"}).status_code == 201
        )


def test_the_global_cap_still_holds_across_clients(capped: Live) -> None:
    codes = []
    for n in range(GLOBAL + 1):
        with _from(capped, f"127.0.1.{n + 1}") as client:
            codes.append(client.post("/v1/plugin-sessions").status_code)
    assert codes == [201] * GLOBAL + [503]

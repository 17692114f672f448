"""PostgreSQL dropping every connection (a restart or failover) under a running API: 503, then recovery."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from tests.integration.api.conftest import AUDIENCE, ISSUER, Keys, start_live
from wf2des.api import create_app
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.migrate import upgrade_head
from wf2des.pg.settings import PgSettings


@pytest.fixture
def isolated_api(fresh_pg_database: Any, keys: Keys, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """An API on its own database, so dropping its connections disturbs no other test."""
    url: str = fresh_pg_database()
    upgrade_head(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO organization (id, name) VALUES (77, 'o')")
        conn.execute("INSERT INTO project (id, organization_id, name) VALUES (78, 77, 'p')")
    port = free_port()
    settings = Settings(
        env="test",
        data_dir=tmp_path / "data",
        blob_url=(tmp_path / "blobs").as_uri(),
        broker_url="memory://",
        api_url=f"http://127.0.0.1:{port}",
        auth_jwks_url=keys.jwks_url,
        auth_issuer=ISSUER,
        auth_audience=AUDIENCE,
    )
    (tmp_path / "blobs").mkdir()
    app = create_app(settings, PgSettings(database_url=url), api_settings=ApiSettings(relay_enabled=False))
    server, thread = start_live(app, port)
    yield f"http://127.0.0.1:{port}", url
    server.should_exit = True
    thread.join(timeout=20)


def test_dropped_connections_answer_503_then_the_api_recovers(
    isolated_api: tuple[str, str], mint: Any
) -> None:
    base, url = isolated_api
    headers = {"Authorization": f"Bearer {mint(77)}"}
    missing = f"{base}/v1/projects/78/code2wf/{uuid.uuid4()}"
    assert httpx.get(missing, headers=headers).status_code == 404  # warm: the pool holds a connection
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
    statuses = []
    for _ in range(5):
        response = httpx.get(missing, headers=headers)
        statuses.append(response.status_code)
        if response.status_code == 503:
            assert response.headers["content-type"].startswith("application/problem+json")
            assert response.json()["code"] == "database_unavailable"
            assert response.headers["retry-after"] == "1"
    assert 500 not in statuses
    assert statuses[-1] == 404  # reconnected

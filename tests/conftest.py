"""Shared fixtures: real services, isolated per test run (PostgreSQL) or per test (document store, blobs).

- PostgreSQL: the server on 127.0.0.1:5432 when it answers (a fresh database per run, migrated by Alembic
  and dropped afterwards), else an embedded server from the ``pgserver`` wheel.
- Document store: a SecantusDB server per run (in memory, test commands on), a fresh database per test.
- S3: moto in server mode over real HTTP, a fresh bucket per test; plus a local blob directory.
- Broker: the Redis at 127.0.0.1:6379.
"""

from __future__ import annotations

import os
import socket
import subprocess
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from pymongo.database import Database
from werkzeug.serving import make_server

from wf2des.core.settings import Settings
from wf2des.integrations.docstore import ensure_schema, open_docstore
from wf2des.integrations.docstore.embedded import free_port, start_secantus

PG_ADMIN_URL = os.environ.get("WF2DES_TEST_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("WF2DES_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def pg_admin_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if _port_open("127.0.0.1", 5432):
        yield PG_ADMIN_URL
        return
    # the embedded fallback for machines without a PostgreSQL server
    from pgserver.postgres_server import get_server

    server = get_server(tmp_path_factory.mktemp("pg"), cleanup_mode="delete")
    yield server.get_uri()
    server.cleanup()


def _with_database(admin_url: str, name: str) -> str:
    base, _, _ = admin_url.rpartition("/")
    query = ""
    if "?" in admin_url:
        query = "?" + admin_url.split("?", 1)[1]
    return f"{base}/{name}{query}"


@pytest.fixture(scope="session")
def fresh_pg_database(pg_admin_url: str) -> Iterator[Any]:
    """A factory of fresh, empty databases; all are dropped at the end of the run."""
    created: list[str] = []

    def make() -> str:
        name = f"wf2des_test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(pg_admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        created.append(name)
        return _with_database(pg_admin_url, name)

    yield make
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        for name in created:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_url(fresh_pg_database: Any) -> str:
    """A database migrated to head, shared by the run (tests isolate by their own org/project ids)."""
    from wf2des.pg.migrate import upgrade_head

    url: str = fresh_pg_database()
    upgrade_head(url)
    return url


@pytest.fixture(scope="session")
def docstore_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("secantus") / "server.log"
    proc = start_secantus(":memory:", port, test_commands=True, log=log)
    yield f"mongodb://127.0.0.1:{port}/?directConnection=true"
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture
def docstore(docstore_url: str) -> Iterator[Database[Any]]:
    """A fresh database with the collections, validators and indexes of wf2des."""
    name = f"wf2des_test_{uuid.uuid4().hex[:12]}"
    db = open_docstore(docstore_url, name)
    ensure_schema(db)
    yield db
    db.client.drop_database(name)
    db.client.close()


# Why moto's requests are serialised: its PutObject checks ``If-None-Match: *`` and then stores the object as
# two separate steps, so under a threaded server two racing conditional puts can both succeed (measured:
# 6 of 200 rounds of 20 racing writers had two winners). Real S3 decides atomically. Handling one request at
# a time gives moto that atomicity; it still honours the condition, so a store that forgot ``IfNoneMatch``
# would still let every racer win and fail the race test.
_FAKE_AWS_ENV = {
    # moto accepts any signature; fixed fake values also make sure no real AWS profile is ever used.
    "AWS_ACCESS_KEY_ID": "wf2des-test",
    "AWS_SECRET_ACCESS_KEY": "wf2des-test",
    "AWS_DEFAULT_REGION": "us-east-1",
}


class _OneRequestAtATime:
    def __init__(self, app: Any) -> None:
        self._app = app
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        with self._lock:
            return list(self._app(environ, start_response))


@pytest.fixture(scope="session")
def moto_s3_endpoint() -> Iterator[str]:
    """``http://127.0.0.1:PORT`` of a moto S3 server; AWS_* env vars point boto3 at fake credentials."""
    app = _OneRequestAtATime(DomainDispatcherApplication(create_backend_app))
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=MotoRequestHandler)
    thread = threading.Thread(target=server.serve_forever, name="moto-s3", daemon=True)
    thread.start()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in _FAKE_AWS_ENV.items():
            patch.setenv(name, value)
        for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3"):
            patch.delenv(name, raising=False)
        try:
            yield f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()
            thread.join(timeout=10)


@pytest.fixture
def s3_blob_url(moto_s3_endpoint: str) -> str:
    """``s3://<fresh bucket>/prefix`` on the moto server."""
    import boto3

    bucket = f"wf2des-test-{uuid.uuid4().hex[:12]}"
    boto3.client("s3", endpoint_url=moto_s3_endpoint, region_name="us-east-1").create_bucket(Bucket=bucket)
    return f"s3://{bucket}/blobs"


@pytest.fixture
def local_blob_url(tmp_path: Path) -> str:
    root = tmp_path / "blobs"
    root.mkdir()
    return f"file://{root}"


@pytest.fixture(scope="session")
def redis_broker_url() -> str:
    assert _port_open("127.0.0.1", 6379), "Redis must run on 127.0.0.1:6379 (.ci/run starts it)"
    return REDIS_URL


@pytest.fixture
def settings(tmp_path: Path, docstore_url: str, local_blob_url: str) -> Settings:
    """Settings on real local services (no PostgreSQL URL here: that lives in the PG layer)."""
    return Settings(
        env="test",
        data_dir=tmp_path / "data",
        docstore_url=docstore_url,
        docstore_db=f"wf2des_test_{uuid.uuid4().hex[:12]}",
        blob_url=local_blob_url,
        broker_url=REDIS_URL,
        auth_dev=True,
    )

"""A live wf2des-api on real services: PostgreSQL (shared ``pg_url``), SecantusDB, a local blob directory,
and a Redis server of its own (so the outbox tests can stop and restart the broker and count messages
without touching the shared Redis). Tokens are minted with a test RSA key whose JWKS a local HTTP server
publishes; the app verifies them through the production (non-dev) path.
"""

from __future__ import annotations

import http.server
import json
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import jwt
import pytest
import uvicorn
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.integration.api.live import Live as Live  # re-exported: this folder's tests import it from here
from tests.services import RedisServer
from wf2des.api import create_app
from wf2des.api.http_server import server_config
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import LocalBlobStore
from wf2des.integrations.docstore.embedded import free_port
from wf2des.pg.settings import PgSettings

ISSUER = "https://cognito-idp.test.amazonaws.com/pool-test"
AUDIENCE = "wf2des-test-client"
WEBHOOK_SECRET = "test-webhook-secret-0123456789"


def _new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _jwk(key: rsa.RSAPrivateKey, kid: str) -> dict[str, Any]:
    jwk: dict[str, Any] = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    jwk.update({"kid": kid, "alg": "RS256", "use": "sig"})
    return jwk


@dataclass
class Keys:
    trusted: rsa.RSAPrivateKey
    unknown: rsa.RSAPrivateKey
    jwks_url: str


@pytest.fixture(scope="session")
def keys() -> Iterator[Keys]:
    trusted, unknown = _new_key(), _new_key()
    body = json.dumps({"keys": [_jwk(trusted, "trusted-1")]}).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Keys(trusted, unknown, f"http://127.0.0.1:{server.server_address[1]}/jwks.json")
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def mint(keys: Keys) -> Callable[..., str]:
    def make(
        org: int | str,
        *,
        sub: str = "user-1",
        ttl: int = 3600,
        unknown_key: bool = False,
        **overrides: Any,
    ) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": ISSUER,
            "sub": sub,
            "client_id": AUDIENCE,
            "token_use": "access",
            "iat": now - 5,
            "exp": now + ttl,
            "custom:organization_id": str(org),
        }
        claims.update(overrides)
        key = keys.unknown if unknown_key else keys.trusted
        kid = "unknown-1" if unknown_key else "trusted-1"
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return jwt.encode(claims, pem, algorithm="RS256", headers={"kid": kid})

    return make


@pytest.fixture(scope="session")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


def start_live(app: Any, port: int) -> tuple[uvicorn.Server, threading.Thread]:
    server = uvicorn.Server(server_config(app, host="127.0.0.1", port=port, lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the API server thread died during startup"
        assert time.monotonic() < deadline, "the API server did not start"
        time.sleep(0.05)
    return server, thread


@pytest.fixture(scope="session")
def live(
    pg_url: str, docstore_url: str, broker: RedisServer, keys: Keys, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Live]:
    port = free_port()
    blob_root = tmp_path_factory.mktemp("api-blobs")
    settings = Settings(
        env="test",
        data_dir=tmp_path_factory.mktemp("api-data"),
        docstore_url=docstore_url,
        docstore_db=f"wf2des_api_{uuid.uuid4().hex[:8]}",
        blob_url=blob_root.as_uri(),
        broker_url=broker.url,
        api_url=f"http://127.0.0.1:{port}",
        webhook_secret=WEBHOOK_SECRET,
        auth_jwks_url=keys.jwks_url,
        auth_issuer=ISSUER,
        auth_audience=AUDIENCE,
    )
    api_settings = ApiSettings(
        relay_interval_seconds=0.2,
        publish_timeout_seconds=1.0,
        max_upload_bytes=2_000_000,
        max_file_bytes=1_000_000,
        max_files=50,
        # No worker consumes here, so no generation ever leaves processing to free its organization's slot;
        # fairness itself is tested in test_outbox_fairness.py and tests/e2e/test_fairness.py.
        jobs_per_organization=1000,
    )
    app = create_app(settings, PgSettings(database_url=pg_url), api_settings=api_settings)
    server, thread = start_live(app, port)
    yield Live(f"http://127.0.0.1:{port}", settings, api_settings, pg_url, LocalBlobStore(blob_root), broker)
    server.should_exit = True
    thread.join(timeout=20)


@pytest.fixture
def project(live: Live) -> tuple[int, int]:
    """A fresh (organization, project) pair, so tests never see each other's rows."""
    org = random.randint(10_000_000, 2**40)
    proj = random.randint(10_000_000, 2**40)
    live.sql("INSERT INTO organization (id, name) VALUES (%s, 'test org')", org)
    live.sql("INSERT INTO project (id, organization_id, name) VALUES (%s, %s, 'test project')", proj, org)
    return org, proj


PAGE_HTML = (
    b"<!doctype html><html><head><link rel=stylesheet href=css/site.css></head>"
    b"<body><h1>Hi</h1></body></html>"
)


def upload(
    client: httpx.Client, project_id: int, files: dict[str, bytes] | None = None, entry: str = "index.html"
) -> httpx.Response:
    files = files or {"index.html": PAGE_HTML, "css/site.css": b"h1{color:red}"}
    parts = [("files", (path, data, "application/octet-stream")) for path, data in files.items()]
    return client.post(f"/v1/projects/{project_id}/page-imports", data={"entry": entry}, files=parts)

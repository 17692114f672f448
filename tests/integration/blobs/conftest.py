"""An S3 API for tests: moto in server mode on 127.0.0.1, one per session.

``moto_s3_endpoint`` is meant to be shared (re-exported by tests/conftest.py for other suites).

Why requests are serialised: moto's ``PutObject`` checks ``If-None-Match: *`` and then stores the object
as two separate steps, so under a threaded server two racing conditional puts can both succeed (measured:
6 of 200 rounds of 20 racing writers had two winners with a small GIL switch interval). Real S3 decides
atomically. Handling one request at a time gives moto that atomicity; it still honours the condition, so a
store that forgot ``IfNoneMatch`` would still let every racer win and fail the race test.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import make_server

from wf2des.integrations.blobs import BlobStore, LocalBlobStore, S3BlobStore

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
def s3_bucket(moto_s3_endpoint: str) -> str:
    """A fresh, empty bucket for one test."""
    name = f"wf2des-test-{uuid.uuid4().hex[:16]}"
    boto3.client("s3", endpoint_url=moto_s3_endpoint).create_bucket(Bucket=name)
    return name


StoreFactory = Callable[[str], BlobStore]


@pytest.fixture(params=["s3", "local"])
def store_factory(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    """Builds stores rooted at ``sub`` inside one fresh bucket / directory: two calls with different
    ``sub`` give two stores that share the backing storage but not their keys."""
    if request.param == "local":
        return lambda sub: LocalBlobStore(tmp_path / "blobs" / sub)
    endpoint: str = request.getfixturevalue("moto_s3_endpoint")
    bucket: str = request.getfixturevalue("s3_bucket")

    def build(sub: str) -> BlobStore:
        # A tiny page size makes every listing test cross S3 pagination.
        return S3BlobStore.from_url(f"s3://{bucket}/{sub}", endpoint_url=endpoint, page_size=3)

    return build


@pytest.fixture
def blob_store(store_factory: StoreFactory) -> BlobStore:
    return store_factory("root")

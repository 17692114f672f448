"""An end-to-end stack of real processes: ``wf2des serve`` (API + outbox relay) and ``wf2des worker``
(a Celery prefork worker with a warm Chromium), on real PostgreSQL, Redis, SecantusDB and a blob store."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from tests.e2e.rabbit import fresh_vhost
from tests.tls import TLS
from wf2des.integrations.docstore.embedded import free_port

BIN = Path(sys.executable).parent


def _wait_http(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1, verify=TLS).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{url} did not come up")


class Stack:
    def __init__(self, env: dict[str, str], root: Path) -> None:
        self.env = env
        self.root = root
        self.api_port = int(env["WF2DES_API_URL"].rsplit(":", 1)[1])
        self.api: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.metrics_port = 0
        self.next_id = int(time.time() * 1000) % 10_000_000

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.api_port}"

    def cli(self, *args: str) -> str:
        return subprocess.run(
            [str(BIN / "wf2des"), *args], env=self.env, capture_output=True, text=True, check=True
        ).stdout

    def start_api(self) -> None:
        log = (self.root / "api.log").open("ab")
        self.api = subprocess.Popen(
            [str(BIN / "wf2des"), "serve", "--port", str(self.api_port)], env=self.env, stdout=log, stderr=log
        )
        _wait_http(f"{self.base}/healthz")

    def start_worker(self, *args: str, **extra_env: str) -> None:
        log = (self.root / "worker.log").open("ab")
        self.metrics_port = free_port()
        self.worker = subprocess.Popen(
            [
                str(BIN / "wf2des"),
                "worker",
                "--concurrency",
                "1",
                "--loglevel",
                "INFO",
                "--metrics-port",
                str(self.metrics_port),
                *args,
            ],
            env={**self.env, **extra_env},
            stdout=log,
            stderr=log,
            start_new_session=True,
        )

    def worker_children(self) -> list[psutil.Process]:
        assert self.worker is not None
        return psutil.Process(self.worker.pid).children(recursive=False)

    def stop(self, proc: subprocess.Popen[bytes] | None) -> None:
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with_kill = psutil.Process(proc.pid)
            for child in with_kill.children(recursive=True):
                child.kill()
            proc.kill()

    def tenant(self) -> tuple[int, int, dict[str, str]]:
        self.next_id += 1
        org, project = self.next_id, self.next_id
        self.cli("admin", "add-project", "--org", str(org), "--project", str(project))
        token = self.cli("dev-token", "--org", str(org)).strip().splitlines()[-1]
        return org, project, {"Authorization": f"Bearer {token}"}

    def upload(self, project: int, headers: dict[str, str], files: dict[str, bytes], entry: str) -> str:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            for path, data in files.items():
                zf.writestr(path, data)
        r = httpx.post(
            f"{self.base}/v1/projects/{project}/page-imports",
            headers=headers,
            data={"entry": entry},
            files={"archive": ("page.zip", buf.getvalue(), "application/zip")},
            timeout=30,
            verify=TLS,
        )
        assert r.status_code == 201, r.text
        return str(r.json()["pageImportId"])

    def create(
        self, project: int, headers: dict[str, str], page_import_id: str, **body: Any
    ) -> dict[str, Any]:
        r = httpx.post(
            f"{self.base}/v1/projects/{project}/code2wf",
            headers=headers,
            json={"pageImportId": page_import_id, "figmaFileKey": "DemoFile1", **body},
            timeout=30,
            verify=TLS,
        )
        assert r.status_code == 202, r.text
        return dict(r.json())

    def wait_terminal(
        self, project: int, headers: dict[str, str], code2wf_id: str, timeout: float = 120
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = httpx.get(
                f"{self.base}/v1/projects/{project}/code2wf/{code2wf_id}",
                headers=headers,
                timeout=10,
                verify=TLS,
            )
            assert r.status_code == 200, r.text
            if r.json()["status"] != "processing":
                return dict(r.json())
            time.sleep(0.25)
        raise AssertionError(f"{code2wf_id} still processing after {timeout} s; see {self.root}")


def make_stack(pg_url: str, docstore_url: str, root: Path, broker: str) -> Stack:
    (root / "blobs").mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF2DES_")}
    env.update(
        {
            "WF2DES_DATABASE_URL": pg_url,
            "WF2DES_DOCSTORE_URL": docstore_url,
            "WF2DES_DOCSTORE_DB": f"e2e_{uuid.uuid4().hex[:8]}",
            "WF2DES_BLOB_URL": f"file://{root / 'blobs'}",
            "WF2DES_BROKER_URL": broker,
            "WF2DES_API_URL": f"http://127.0.0.1:{port}",
            "WF2DES_AUTH_DEV": "true",
            "WF2DES_DATA_DIR": str(root / "data"),
            "WF2DES_WEBHOOK_SECRET": "e2e-secret-" + uuid.uuid4().hex,
            "WF2DES_API_RELAY_INTERVAL_SECONDS": "0.2",
            "WF2DES_WORKER_JOB_TIMEOUT_S": "8",
            "WF2DES_WORKER_MAX_ELEMENTS": "5000",
            "WF2DES_WORKER_PREVIEW": "true",
        }
    )
    return Stack(env, root)


@pytest.fixture(scope="module", params=["redis", "amqp"])
def broker_url(request: pytest.FixtureRequest, redis_broker_url: str) -> Iterator[str]:
    """Every broker-dependent test runs on Redis and on RabbitMQ (quorum queues, publisher confirms)."""
    if request.param == "amqp":
        with fresh_vhost() as url:
            yield url
        return
    import redis

    broker = redis_broker_url.rsplit("/", 1)[0] + "/14"
    redis.Redis.from_url(broker).flushdb()
    yield broker


@pytest.fixture(scope="module")
def stack(
    pg_url: str, docstore_url: str, tmp_path_factory: pytest.TempPathFactory, broker_url: str
) -> Iterator[Stack]:
    s = make_stack(pg_url, docstore_url, tmp_path_factory.mktemp("e2e"), broker_url)
    s.start_api()
    s.start_worker()
    yield s
    s.stop(s.worker)
    s.stop(s.api)

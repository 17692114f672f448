"""The broker restarted mid-run: POSTs keep succeeding, every job is published and completed afterwards."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e import pages
from tests.e2e.conftest import Stack, make_stack
from wf2des.integrations.docstore.embedded import free_port


class PrivateRedis:
    def __init__(self, port: int, workdir: Path) -> None:
        self.port = port
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is required (scripts/services installs it)"
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        import redis

        while time.monotonic() < deadline:
            try:
                if redis.Redis(port=self.port).ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise AssertionError("private redis did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@pytest.fixture(scope="module")
def private_stack(
    pg_url: str, docstore_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Stack, PrivateRedis]]:
    root = tmp_path_factory.mktemp("e2e-broker")
    server = PrivateRedis(free_port(), root)
    server.start()
    stack = make_stack(pg_url, docstore_url, root, f"redis://127.0.0.1:{server.port}/0")
    stack.start_api()
    stack.start_worker()
    yield stack, server
    stack.stop(stack.worker)
    stack.stop(stack.api)
    server.stop()


def test_jobs_created_while_the_broker_is_down_complete_after_it_returns(
    private_stack: tuple[Stack, PrivateRedis],
) -> None:
    stack, server = private_stack
    _org, project, headers = stack.tenant()
    page_import = stack.upload(project, headers, pages.SIMPLE, "index.html")
    warm = stack.create(project, headers, page_import)
    assert stack.wait_terminal(project, headers, warm["code2wfId"])["status"] == "completed"

    server.stop()
    created = [stack.create(project, headers, page_import, screenId=f"down-{i}") for i in range(3)]
    time.sleep(2)  # the relay tries, fails, keeps the records pending
    server.start()

    for item in created:
        done = stack.wait_terminal(project, headers, item["code2wfId"], timeout=180)
        assert done["status"] == "completed", done

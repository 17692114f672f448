"""The Redis stall (celery/celery#10302) heals without a person: the probe fails, the worker exits non-zero,
and the restarted worker consumes the jobs that waited."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from celery import Celery

from tests.e2e import pages
from tests.e2e.conftest import Stack, make_stack
from tests.services import RedisServer
from wf2des.integrations.docstore.embedded import free_port
from wf2des.workers.liveness import EXIT_STALLED

pytestmark = pytest.mark.slow  # waits for a stalled worker to fail its probe and exit

STALL_ENV = {
    "WF2DES_WORKER_STALL_AFTER_S": "6",
    "WF2DES_WORKER_LIVENESS_INTERVAL_S": "1",
    "WF2DES_WORKER_JOB_TIMEOUT_S": "30",  # a cold browser on a busy machine: this test is about the broker
}


class EventRelay:
    """Stands between the worker and the API's event endpoint; armed, it runs ``trip`` after the API
    answered an event and before the worker hears the answer: the window between event and ack."""

    def __init__(self, api_port: int) -> None:
        self.trip: Callable[[], None] | None = None
        relay = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                headers = {
                    k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length")
                }
                r = httpx.post(f"http://127.0.0.1:{api_port}{self.path}", content=body, headers=headers)
                trip, relay.trip = relay.trip, None
                if trip is not None and r.status_code < 300:
                    trip()
                self.send_response(r.status_code)
                self.send_header("content-length", str(len(r.content)))
                self.end_headers()
                self.wfile.write(r.content)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def private_stack(
    pg_url: str, docstore_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Stack, RedisServer, EventRelay]]:
    root = tmp_path_factory.mktemp("e2e-liveness")
    server = RedisServer(root)
    server.start()
    stack = make_stack(pg_url, docstore_url, root, server.url)
    stack.api_port = free_port()
    relay = EventRelay(stack.api_port)
    stack.env["WF2DES_API_URL"] = relay.url  # the callback URL the jobs carry
    stack.start_api()
    yield stack, server, relay
    stack.stop(stack.worker)
    stack.stop(stack.api)
    server.stop()
    relay.server.shutdown()


def _probe(port: int) -> tuple[int, dict[str, object]]:
    r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
    return r.status_code, dict(r.json())


def _supervise(stack: Stack, health: int) -> None:
    """What Kubernetes or systemd does: a worker that exited is started again."""
    assert stack.worker is not None
    if stack.worker.poll() is not None:
        assert stack.worker.returncode == EXIT_STALLED
        stack.start_worker("--health-port", str(health), **STALL_ENV)


def test_the_redis_restart_between_event_and_ack_heals_without_a_person(
    private_stack: tuple[Stack, RedisServer, EventRelay],
) -> None:
    stack, server, relay = private_stack
    health = free_port()
    stack.start_worker("--health-port", str(health), **STALL_ENV)
    _org, project, headers = stack.tenant()
    simple = stack.upload(project, headers, pages.SIMPLE, "index.html")
    warm = stack.create(project, headers, simple)
    assert stack.wait_terminal(project, headers, warm["code2wfId"])["status"] == "completed"
    assert _probe(health) == (200, {"status": "ok", "reason": None})

    # Redis dies after the job's event reached the API and before the worker acknowledges the job
    # (celery/celery#10302). Celery 5.7 usually recovers here by itself; when it does not, the liveness
    # check restarts the worker. Either way every job that waited completes.
    relay.trip = server.stop
    tripped = stack.create(project, headers, simple, screenId="tripped")
    assert stack.wait_terminal(project, headers, tripped["code2wfId"])["status"] == "completed"
    time.sleep(3)  # the outage itself: Redis stays down a while, as in a real restart, not a blip
    server.start()
    waiting = [stack.create(project, headers, simple, screenId=f"after-{i}") for i in range(2)]
    deadline = time.monotonic() + 120
    for item in waiting:
        while True:
            _supervise(stack, health)
            status = stack.wait_terminal(project, headers, item["code2wfId"], timeout=120)["status"]
            if status != "processing" or time.monotonic() > deadline:
                break
        assert status == "completed"


def test_a_worker_that_stops_consuming_fails_its_probe_exits_and_its_successor_consumes(
    private_stack: tuple[Stack, RedisServer, EventRelay],
) -> None:
    """The stall's symptom, made on purpose: connected, jobs waiting, nothing consumed."""
    stack, _server, _relay = private_stack
    health = free_port()
    stack.stop(stack.worker)
    stack.start_worker("--health-port", str(health), **STALL_ENV)
    _org, project, headers = stack.tenant()
    simple = stack.upload(project, headers, pages.SIMPLE, "index.html")
    warm = stack.create(project, headers, simple)
    assert stack.wait_terminal(project, headers, warm["code2wfId"])["status"] == "completed"

    control = Celery("test-control", broker=stack.env["WF2DES_BROKER_URL"], set_as_current=False)
    assert control.control.cancel_consumer("celery", reply=True, timeout=10)
    waiting = [stack.create(project, headers, simple, screenId=f"stalled-{i}") for i in range(2)]

    seen_failing = None
    assert stack.worker is not None
    deadline = time.monotonic() + 90
    while stack.worker.poll() is None and time.monotonic() < deadline:
        try:
            code, body = _probe(health)
        except httpx.HTTPError:  # the endpoint goes away with the process
            code, body = 0, {}
        if code == 503:
            seen_failing = body
        time.sleep(0.5)
    assert stack.worker.returncode == EXIT_STALLED, (stack.root / "worker.log").read_text()[-3000:]
    assert seen_failing is not None
    assert seen_failing["status"] == "stalled"
    assert "job(s) waiting and no job received, started or finished" in str(seen_failing["reason"])
    assert "worker stalled; shutting down so that it is restarted" in (stack.root / "worker.log").read_text()

    stack.start_worker("--health-port", str(health), **STALL_ENV)  # the supervisor
    for item in waiting:
        assert stack.wait_terminal(project, headers, item["code2wfId"], timeout=120)["status"] == "completed"
    assert _probe(health)[0] == 200

"""Event delivery to a real HTTP endpoint: retried until the API answers, never retried when refused."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from wf2des.core.webhooks import derive_callback_key, verify
from wf2des.jobs.contract import Code2wfCompleted, Code2wfJob
from wf2des.workers.code2wf.tasks import run_code2wf_job
from wf2des.workers.events import deliver_event

SECRET = "events-test-secret"
CODE2WF_ID = "0190c0de-0000-7000-8000-0000000000e1"


class Endpoint:
    """Answers with the scripted statuses in turn (then 200), recording what it received."""

    def __init__(self) -> None:
        self.script: list[int] = []
        self.received: list[tuple[dict[str, str], bytes]] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                endpoint.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                status = endpoint.script.pop(0) if endpoint.script else 200
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                del format, args

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/internal/v1/code2wf/{CODE2WF_ID}/events"


@pytest.fixture
def endpoint() -> Iterator[Endpoint]:
    e = Endpoint()
    yield e
    e.server.shutdown()


def _job(url: str, deadline: datetime | None = None) -> Code2wfJob:
    return Code2wfJob(
        code2wf_id=CODE2WF_ID,
        organization_id=1,
        project_id=2,
        page_import_id="pi",
        manifest_url="1/2/page-imports/pi/manifest.json",
        figma_file_key="F1",
        screen_id="s",
        callback_url=url,
        callback_key=derive_callback_key(SECRET, CODE2WF_ID),
        deadline=deadline or datetime.now(UTC) + timedelta(minutes=15),
    )


EVENT = Code2wfCompleted(attempt=1, result_url=f"1/2/code2wf/{CODE2WF_ID}/attempt-1/spec.json", flag_count=3)


def test_server_errors_are_retried_until_the_api_answers(endpoint: Endpoint) -> None:
    endpoint.script = [503, 500, 429]
    result = deliver_event(_job(endpoint.url), EVENT, base_delay_s=0.01, max_delay_s=0.05)
    assert (result.delivered, result.status, result.attempts) == (True, 200, 4)
    ids = {headers["webhook-id"] for headers, _ in endpoint.received}
    assert len(ids) == 1  # one logical message, so the API can recognise a repeat
    for headers, body in endpoint.received:  # every attempt is freshly signed with the job's key
        verify(derive_callback_key(SECRET, CODE2WF_ID), headers, body)
    assert endpoint.received[-1][1] == (
        b'{"type":"code2wf.completed","attempt":1,'
        b'"resultUrl":"1/2/code2wf/' + CODE2WF_ID.encode() + b'/attempt-1/spec.json","flagCount":3}'
    )


@pytest.mark.parametrize(("status", "delivered"), [(409, True), (401, False), (422, False)])
def test_refusals_are_not_retried(endpoint: Endpoint, status: int, delivered: bool) -> None:
    endpoint.script = [status]
    result = deliver_event(_job(endpoint.url), EVENT, base_delay_s=0.01)
    assert (result.delivered, result.status, result.attempts) == (delivered, status, 1)


def test_an_unreachable_api_is_retried_until_the_budget_runs_out() -> None:
    result = deliver_event(
        _job("http://127.0.0.1:9/nowhere"), EVENT, retry_for_s=0.3, base_delay_s=0.01, max_delay_s=0.05
    )
    assert not result.delivered
    assert result.status is None
    assert result.attempts >= 2


def test_a_job_past_its_deadline_is_dropped_without_an_event(endpoint: Endpoint) -> None:
    expired = _job(endpoint.url, deadline=datetime.now(UTC) - timedelta(seconds=1))
    assert run_code2wf_job(expired.model_dump(mode="json")) == {"status": "expired"}
    assert endpoint.received == []


def test_a_malformed_envelope_is_dropped(endpoint: Endpoint) -> None:
    assert run_code2wf_job({"code2wf_id": CODE2WF_ID}) == {"status": "dropped"}
    assert endpoint.received == []

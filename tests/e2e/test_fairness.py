"""Fairness across organizations: one organization's burst does not delay another's job.

Real processes on a real broker (Redis and RabbitMQ): ``wf2des serve`` with its outbox relay and one
``wf2des worker`` running two jobs at once. Each job loads a page whose script holds the page for
``HOLD_MS``, so a job's time is mostly the page's. One job alone gives ``single``, the time from creation
to the terminal status with nothing else queued. Then organization A creates ``BURST`` jobs and
organization B one: with two jobs of A out at a time (``WF2DES_API_JOBS_PER_ORGANIZATION=2``), B's job is
published at once and waits for at most one of A's to finish. The control run, with the limit above the
burst (the previous behaviour), shows the same scenario failing: B's job waits behind the whole burst.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.e2e.conftest import Stack, make_stack

pytestmark = pytest.mark.slow  # two stacks, about 25 jobs each on 2 cores

BURST = 10
CONCURRENCY = 2
HOLD_MS = 1500
HOLD = {
    "index.html": (
        b"<!doctype html><title>Hold</title><h1>Held page</h1><script>"
        b"const until = Date.now() + %d; while (Date.now() < until) {}</script><p>done</p>" % HOLD_MS
    )
}


@pytest.fixture(scope="module", params=[CONCURRENCY, 1000], ids=["per-org-limit", "control-no-limit"])
def fair_stack(
    request: pytest.FixtureRequest,
    pg_url: str,
    docstore_url: str,
    tmp_path_factory: pytest.TempPathFactory,
    broker_url: str,
) -> Iterator[tuple[Stack, int]]:
    stack = make_stack(pg_url, docstore_url, tmp_path_factory.mktemp("fair"), broker_url)
    stack.env["WF2DES_API_JOBS_PER_ORGANIZATION"] = str(request.param)
    stack.env["WF2DES_WORKER_JOB_TIMEOUT_S"] = "30"
    stack.start_api()
    stack.start_worker("--concurrency", str(CONCURRENCY))
    yield stack, request.param
    stack.stop(stack.worker)
    stack.stop(stack.api)


def _timed(stack: Stack, project: int, headers: dict[str, str], page_import: str) -> float:
    started = time.monotonic()
    job = stack.create(project, headers, page_import)
    assert stack.wait_terminal(project, headers, job["code2wfId"], timeout=300)["status"] == "completed"
    return time.monotonic() - started


def test_one_organizations_burst_does_not_delay_another(fair_stack: tuple[Stack, int]) -> None:
    stack, per_org = fair_stack
    _, project_a, headers_a = stack.tenant()
    _, project_b, headers_b = stack.tenant()
    import_a = stack.upload(project_a, headers_a, HOLD, "index.html")
    import_b = stack.upload(project_b, headers_b, HOLD, "index.html")
    # Warm both worker processes' browsers, then time one job on an idle fleet.
    with ThreadPoolExecutor(CONCURRENCY) as pool:
        list(pool.map(lambda _: _timed(stack, project_a, headers_a, import_a), range(CONCURRENCY)))
    single = _timed(stack, project_a, headers_a, import_a)

    burst = [stack.create(project_a, headers_a, import_a)["code2wfId"] for _ in range(BURST)]
    waited = _timed(stack, project_b, headers_b, import_b)
    for code2wf_id in burst:
        assert stack.wait_terminal(project_a, headers_a, code2wf_id, timeout=300)["status"] == "completed"

    # Every slot may be busy with a job of A that just started: B waits for one, then runs its own.
    one_job_late = 2 * single + 2.0
    if per_org <= CONCURRENCY:
        assert waited <= one_job_late, f"B took {waited:.1f} s; one job alone {single:.1f} s"
    else:  # the control: without the limit, B queues behind the burst (BURST / CONCURRENCY jobs' time)
        assert waited > one_job_late, f"B took {waited:.1f} s; one job alone {single:.1f} s"

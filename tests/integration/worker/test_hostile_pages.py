"""Issue 22, finding 2: pages written to exhaust the worker end within its limits, and the next job runs.

Each hostile page of the finding goes through the whole pipeline on a real browser while ``BrowserUsage``
samples the browser's process tree from outside. Before the limits (measured on this machine): the array
loop took the tree to 5.0 GiB, the 83-byte text page to 4.1 GiB (and completed), sixty pop-ups made 71
processes, blob downloads wrote 151 MB in under a second, and a 20,000-element page converted for a
minute past its 30 s budget.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator

import pytest

from tests.integration.worker.browser_usage import MIB, BrowserUsage, Usage, driver_pids
from tests.integration.worker.test_pipeline import _job
from wf2des.core.logging import get_logger
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import BlobStore
from wf2des.integrations.browser import BrowserLimits
from wf2des.jobs.keys import file_key, manifest_key
from wf2des.workers.code2wf.pipeline import GenerationResult, generate
from wf2des.workers.runtime import WorkerRuntime
from wf2des.workers.settings import WorkerSettings

log = get_logger(__name__)

CAP = BrowserLimits().max_memory_bytes  # the documented default: WF2DES_BROWSER_MAX_MEMORY_MB
# The watchdog measures every 100 ms; a page allocating at full speed gets that long past the cap.
OVERSHOOT = CAP // 10
NEXT_PAGE = {"index.html": b"<!doctype html><h1>Next job</h1><p>An ordinary page.</p>"}


@pytest.fixture
def make_runtime(settings: Settings) -> Iterator[Callable[..., WorkerRuntime]]:
    made: list[WorkerRuntime] = []

    def make(**limits: object) -> WorkerRuntime:
        runtime = WorkerRuntime(settings, WorkerSettings.model_validate(limits))
        made.append(runtime)
        return runtime

    yield make
    for runtime in made:
        runtime.close()


_ids = iter(range(1, 10_000))


def _store_page(blobs: BlobStore, body: bytes, number: int) -> str:
    """An import of one ``index.html``, under its own import id (a runtime runs several here)."""
    key = manifest_key(7, 8, f"pi-hostile-{number}")
    digest = hashlib.sha256(body).hexdigest()
    blobs.put_immutable(file_key(key, digest), body)
    listed = [{"path": "index.html", "sha256": digest, "size": len(body), "contentType": "text/html"}]
    blobs.put_immutable(key, json.dumps({"entry": "index.html", "files": listed}).encode())
    return key


@pytest.fixture
def others() -> frozenset[int]:
    """Browsers already running (other tests'), before the test's worker starts its own."""
    return driver_pids()


def _run(
    runtime: WorkerRuntime, page: str | bytes, others: frozenset[int]
) -> tuple[GenerationResult, float, Usage]:
    """One job for ``page`` (an ``index.html``), its duration, and what its browser took meanwhile."""
    number = next(_ids)
    manifest = _store_page(runtime.blobs, page.encode() if isinstance(page, str) else page, number)
    job = _job(manifest, code2wf_id=f"0190c0de-0000-7000-8000-{number:012d}")
    with BrowserUsage(others) as usage:
        started = time.monotonic()
        outcome = generate(job, runtime)
        elapsed = time.monotonic() - started
    took = usage.result
    log.info(  # the figures the README quotes (pytest -s shows them)
        "hostile page",
        status=outcome.status,
        classification=outcome.classification,
        seconds=round(elapsed, 1),
        peak_mib=round(took.peak_rss / MIB),
        processes=took.peak_processes,
        downloaded_mib=round(took.peak_downloaded / MIB, 1),
    )
    return outcome, elapsed, took


def _next_job_runs(runtime: WorkerRuntime, usage: Usage, others: frozenset[int]) -> None:
    """The same worker completes an ordinary page, and the hostile job's browser folders are gone."""
    outcome, _, _ = _run(runtime, NEXT_PAGE["index.html"], others)
    assert outcome.status == "completed", outcome
    runtime.browser.close()
    assert usage.folders  # the sampler saw the browser's profile and temporary folders...
    assert not [folder for folder in usage.folders if folder.exists()]  # ...and they are gone


def test_an_allocation_loop_is_stopped_within_the_memory_cap(
    make_runtime: Callable[..., WorkerRuntime], others: frozenset[int]
) -> None:
    runtime = make_runtime(job_timeout_s=30)
    page = "<script>const a=[];for(;;){a.push(new Array(1e6).fill(1.5))}</script>"
    outcome, elapsed, usage = _run(runtime, page, others)
    # V8's heap cap crashes the renderer first; the watchdog is there if it did not
    assert (outcome.status, outcome.classification) in {
        ("failed", "page_crashed"),
        ("failed", "browser_memory_exceeded"),
    }
    assert elapsed < 30
    assert usage.peak_rss < CAP + OVERSHOOT, f"{usage.peak_rss / MIB:.0f} MiB"  # before: 5,072 MiB
    _next_job_runs(runtime, usage, others)


def test_ten_million_words_of_text_are_stopped_at_the_memory_cap(
    make_runtime: Callable[..., WorkerRuntime], others: frozenset[int]
) -> None:
    """83 bytes of page; before the limits it peaked at 4.1 GiB here (3.1 GB in the finding) and completed."""
    runtime = make_runtime(job_timeout_s=30)
    page = "<p id=t></p><script>document.getElementById('t').textContent='word '.repeat(1e7)</script>"
    outcome, elapsed, usage = _run(runtime, page, others)
    assert (outcome.status, outcome.classification) == ("failed", "browser_memory_exceeded")
    assert outcome.error_message == (f"the page used more than {CAP // MIB:,} MiB of memory and was stopped")
    assert elapsed < 30
    assert usage.peak_rss < CAP + OVERSHOOT, f"{usage.peak_rss / MIB:.0f} MiB"
    _next_job_runs(runtime, usage, others)


def test_a_page_opening_pop_ups_in_a_loop_makes_no_processes(
    make_runtime: Callable[..., WorkerRuntime], others: frozenset[int]
) -> None:
    runtime = make_runtime(job_timeout_s=30)
    _run(runtime, NEXT_PAGE["index.html"], others)  # a warm browser: its usual processes are running
    page = (
        "<script>for(let i=0;i<60;i++){window.open('/?'+i,'_blank','noopener');window.open('about:blank')}"
        "setInterval(()=>window.open('/?'+Math.random(),'_blank','noopener'),10)</script><p>Pop-ups</p>"
    )
    outcome, elapsed, usage = _run(runtime, page, others)
    assert outcome.status == "completed", outcome
    assert elapsed < 30
    # the driver, Chromium's browser, zygotes, GPU, network and storage services and two renderers (the
    # capture's and the next context's): 10 for an ordinary page; before: 15 here, 46 in the finding
    assert usage.peak_processes <= 12, usage.peak_processes
    assert usage.peak_rss < CAP + OVERSHOOT, f"{usage.peak_rss / MIB:.0f} MiB"
    _next_job_runs(runtime, usage, others)


def test_blob_downloads_write_nothing_to_disk(
    make_runtime: Callable[..., WorkerRuntime], others: frozenset[int]
) -> None:
    runtime = make_runtime(job_timeout_s=30)
    page = (
        "<script>const b=new Blob([new Uint8Array(5e7).fill(7)]);let i=0;setInterval(()=>{"
        "const a=document.createElement('a');a.href=URL.createObjectURL(b);a.download='f'+(i++);"
        "document.body.append(a);a.click()},20)</script><p>Downloads</p>"
    )
    outcome, elapsed, usage = _run(runtime, page, others)
    assert outcome.status == "completed", outcome
    assert elapsed < 30
    assert usage.peak_downloaded == 0, f"{usage.peak_downloaded / MIB:.0f} MiB downloaded"
    assert usage.peak_rss < CAP + OVERSHOOT, f"{usage.peak_rss / MIB:.0f} MiB"
    _next_job_runs(runtime, usage, others)


def test_a_page_of_20000_elements_stops_at_the_deadline_inside_convert(
    make_runtime: Callable[..., WorkerRuntime], others: frozenset[int]
) -> None:
    """Rendered in seconds, converted in about a minute before (the finding's 49,000 took 51 s): the
    budget now holds inside the conversion. (Fewer elements than the finding's page: receiving a 49,000-
    element snapshot blocks the capture for 9 s here, which no timeout can interrupt.)"""
    # The whole job needs about 22 s on a quiet machine (capture and convert): a budget well below that
    # ends it on any machine, and the old code overran the budget by the whole conversion. Where the budget
    # runs out depends on the machine's speed (late in the capture when it is loaded, else in convert), so
    # either timeout message is right; what must hold is the budget itself, give or take the uninterruptible
    # receipt of the snapshot.
    budget = 10
    runtime = make_runtime(job_timeout_s=budget)
    outcome, elapsed, usage = _run(runtime, "<body>" + "<div>x</div>" * 20_000, others)
    assert (outcome.status, outcome.classification) == ("failed", "timeout")
    assert outcome.error_message is not None
    assert outcome.error_message == f"the generation did not finish within {budget} s" or (
        outcome.error_message.startswith("the page did not finish loading within")
    ), outcome.error_message
    assert elapsed < budget + 8, f"{elapsed:.1f} s"
    assert usage.peak_rss < CAP + OVERSHOOT, f"{usage.peak_rss / MIB:.0f} MiB"
    _next_job_runs(runtime, usage, others)

"""Bounded work and results: a tiny page cannot produce a huge spec or hold a worker past its budget."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator

import pytest

from tests.integration.worker.test_pipeline import _job, _spec, _store_import
from wf2des.core.settings import Settings
from wf2des.generator.metrics import iter_nodes
from wf2des.generator.schema import validate_spec
from wf2des.workers.code2wf.pipeline import generate, record_timeout
from wf2des.workers.runtime import WorkerRuntime
from wf2des.workers.settings import WorkerSettings


def _text_page(repeat: int) -> dict[str, bytes]:
    script = f"document.getElementById('t').textContent = 'word '.repeat({repeat})"
    return {"index.html": f"<!doctype html><p id=t></p><script>{script}</script>".encode()}


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


def test_a_tiny_page_with_two_million_characters_ends_quickly_with_a_bounded_spec(
    make_runtime: Callable[..., WorkerRuntime],
) -> None:
    # Before the limits: a 2 MB spec, and drawing its preview held the worker for 260 s.
    runtime = make_runtime(job_timeout_s=30)
    manifest = _store_import(runtime.blobs, _text_page(400_000))
    started = time.monotonic()
    outcome = generate(_job(manifest), runtime)
    elapsed = time.monotonic() - started
    assert outcome.status == "completed", outcome
    assert elapsed < 30
    spec = _spec(runtime, outcome.result_url)
    validate_spec(spec)
    texts = [n["characters"] for n in iter_nodes(spec["screens"][0]["root"]) if n["type"] == "TEXT"]
    assert max(len(t) for t in texts) == 10_000
    assert texts[0].startswith("word word")
    assert texts[0].endswith("…")
    cut = [o for o in spec["outcomes"] if o["kind"] == "text_truncated"]
    assert [o["flagged"] for o in cut] == [True]
    assert cut[0]["message"] == "1 text was longer than 10,000 characters and cut to that length"
    assert spec["flagCount"] == outcome.flag_count == sum(o["flagged"] for o in spec["outcomes"])
    assert len(runtime.blobs.get(outcome.result_url)) < 200_000
    assert runtime.blobs.exists(outcome.result_url.replace("spec.json", "preview.png"))


def test_the_fifty_megabyte_text_page_ends_within_its_budget(
    make_runtime: Callable[..., WorkerRuntime],
) -> None:
    """The finding's page: 160 bytes setting ``'word '.repeat(10 * 1024 * 1024)``."""
    runtime = make_runtime(job_timeout_s=10)
    manifest = _store_import(runtime.blobs, _text_page(10 * 1024 * 1024))
    started = time.monotonic()
    outcome = generate(_job(manifest), runtime)
    assert time.monotonic() - started < 10 + 8  # the browser's own teardown of a stuck page is bounded too
    if outcome.status == "failed":
        # laying out 50 MB of text passes the browser's memory cap (issue 22) unless time runs out first
        assert (outcome.classification, outcome.error_message) in {
            ("timeout", "the page did not finish loading within 10 s"),
            ("browser_memory_exceeded", "the page used more than 2,048 MiB of memory and was stopped"),
        }
    else:
        assert len(runtime.blobs.get(outcome.result_url)) < 200_000


def test_too_much_text_in_total_is_a_clear_failure(make_runtime: Callable[..., WorkerRuntime]) -> None:
    runtime = make_runtime(max_text_chars=5_000, max_spec_text_chars=20_000)
    paragraphs = "".join(f"<p>{'text ' * 1_000}</p>" for _ in range(6))  # 6 × 5,000 characters
    manifest = _store_import(runtime.blobs, {"index.html": f"<!doctype html>{paragraphs}".encode()})
    outcome = generate(_job(manifest), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "too_much_text")
    assert outcome.error_message == "the page has more than 20,000 characters of text"


def test_a_spec_over_its_byte_limit_is_a_clear_failure(make_runtime: Callable[..., WorkerRuntime]) -> None:
    runtime = make_runtime(max_spec_bytes=1000)
    manifest = _store_import(runtime.blobs, {"index.html": b"<!doctype html><h1>Hi</h1><p>Small.</p>"})
    outcome = generate(_job(manifest), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "spec_too_large")
    assert outcome.error_message == "the wireframe would be larger than 1,000 bytes"
    assert not runtime.blobs.exists(outcome.result_url.replace("failure.json", "spec.json"))


def test_an_interrupted_generation_records_one_timeout_outcome(
    make_runtime: Callable[..., WorkerRuntime],
) -> None:
    """What the task does when Celery's soft limit interrupts a phase: a timeout failure, or the winner."""
    runtime = make_runtime()
    job = _job("7/8/page-imports/none/manifest.json", code2wf_id="0190c0de-0000-7000-8000-0000000000aa")
    first = record_timeout(job, runtime, "the generation did not finish within 60 s")
    assert (first.status, first.classification) == ("failed", "timeout")
    assert json.loads(runtime.blobs.get(first.result_url))["errorMessage"] == (
        "the generation did not finish within 60 s"
    )
    again = record_timeout(job, runtime, "the generation did not finish within 60 s")
    assert again.reused
    assert again.result_url == first.result_url

"""Benchmark: one Code2WF worker process with a warm browser over the corpus, repeated to 200 jobs.

Targets, on this 2-core machine:
    throughput                ≥ 60 pages per minute per worker process (concurrency 1)
    job time p50              ≤ 800 ms
    RSS growth job 10 → 200   ≤ 10 %  (worker process + its Chromium; Chromium is recycled if needed)
Reported: p50 / p95 job time (inter-arrival of the signed completion events, concurrency 1) and where a
job's time goes (load, capture, convert, assemble, validate, spec upload, preview PNG, event), read from the
worker's "job finished" log lines. The preview is rendered as in production (``--no-preview`` to compare).

What runs: a real ``wf2des worker --concurrency 1`` on the Redis broker; jobs are published by task name
exactly as the outbox relay does; page imports are written to a local blob store in the API's layout; a
small HTTP server here plays the API's webhook endpoint and verifies every signature. No PostgreSQL.

    .venv/bin/python bench/worker.py [--jobs 200] [--broker redis://127.0.0.1:6379/13]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import psutil
from celery import Celery

from wf2des.core.errors import BlobExists
from wf2des.core.webhooks import derive_callback_key, verify
from wf2des.integrations.blobs import LocalBlobStore
from wf2des.integrations.docstore.embedded import free_port, start_secantus
from wf2des.jobs.keys import file_key, manifest_key

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus" / "pages"
SECRET = "bench-secret"


def load_corpus() -> list[tuple[str, str, dict[str, bytes]]]:
    pages = []
    for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        entry = json.loads((folder / "SOURCE.json").read_text())["local_entry"]
        files = {
            str(p.relative_to(folder)): p.read_bytes()
            for p in folder.rglob("*")
            if p.is_file() and p.name not in {"render.png", "SOURCE.json", "LICENSE"}
        }
        pages.append((folder.name, entry, files))
    return pages


def store_import(
    blobs: LocalBlobStore, org: int, project: int, page_id: str, entry: str, files: dict[str, bytes]
) -> str:
    key = manifest_key(org, project, page_id)
    listed = []
    for path, data in sorted(files.items()):
        digest = hashlib.sha256(data).hexdigest()
        with contextlib.suppress(BlobExists):  # the same content twice in one import
            blobs.put_immutable(file_key(key, digest), data)
        listed.append(
            {"path": path, "sha256": digest, "size": len(data), "contentType": "application/octet-stream"}
        )
    blobs.put_immutable(key, json.dumps({"entry": entry, "files": listed}).encode(), "application/json")
    return key


class Events:
    def __init__(self) -> None:
        self.arrivals: list[tuple[float, str, dict[str, Any]]] = []
        self.rejected = 0
        self.lock = threading.Lock()
        self.on_event: Any = None


def serve_events(events: Events) -> tuple[ThreadingHTTPServer, int]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["content-length"]))
            code2wf_id = self.path.split("/")[-2]
            try:
                verify(derive_callback_key(SECRET, code2wf_id), dict(self.headers.items()), body)
            except Exception:
                with events.lock:
                    events.rejected += 1
                self.send_response(401)
                self.end_headers()
                return
            with events.lock:
                events.arrivals.append((time.perf_counter(), code2wf_id, json.loads(body)))
                n = len(events.arrivals)
            if events.on_event:
                events.on_event(n)
            self.send_response(200)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            del format, args

    port = free_port()
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, port


def tree_rss(pid: int) -> int:
    proc = psutil.Process(pid)
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += p.memory_info().rss
    return total


PHASES = (
    "load_ms",
    "capture_ms",
    "convert_ms",
    "assemble_ms",
    "validate_ms",
    "upload_ms",
    "preview_ms",
    "event_ms",
)


def print_phases(log: Path, jobs: int) -> None:
    """Mean and p50 of each phase over the timed jobs (the last ``jobs`` "job finished" lines)."""
    finished = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        if '"job finished"' in line:
            with contextlib.suppress(ValueError):
                finished.append(json.loads(line[line.index("{") :]))
    finished = finished[-jobs:]
    if not finished:
        print("phases: no 'job finished' lines in the worker log")
        return
    print(f"where a job's time goes (ms over {len(finished)} jobs):  mean    p50")
    total = 0.0
    for phase in PHASES:
        values = [float(f.get(phase, 0.0)) for f in finished]
        total += statistics.fmean(values)
        print(f"  {phase[:-3]:10s} {statistics.fmean(values):28.0f} {statistics.median(values):6.0f}")
    print(f"  {'sum':10s} {total:28.0f}   (the rest of a job's time is Celery and the broker)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--no-preview", action="store_true", help="skip the preview PNG (not production)")
    args = parser.parse_args()

    import redis

    redis.Redis.from_url(args.broker).flushdb()
    work = Path(tempfile.mkdtemp(prefix="wf2des-bench-worker-"))
    blobs_root = work / "blobs"
    blobs_root.mkdir()
    blobs = LocalBlobStore(blobs_root)
    doc_port = free_port()
    docstore = start_secantus(":memory:", doc_port)
    events = Events()
    server, cb_port = serve_events(events)

    corpus = load_corpus()
    imports = [(name, store_import(blobs, 1, 1, f"pi-{name}", entry, files)) for name, entry, files in corpus]
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF2DES_")}
    env.update(
        {
            "WF2DES_BROKER_URL": args.broker,
            "WF2DES_BLOB_URL": f"file://{blobs_root}",
            "WF2DES_DOCSTORE_URL": f"mongodb://127.0.0.1:{doc_port}/?directConnection=true",
            "WF2DES_WEBHOOK_SECRET": SECRET,
            "WF2DES_WORKER_PREVIEW": "false" if args.no_preview else "true",
        }
    )
    worker = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "wf2des"),
            "worker",
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",  # the "job finished" lines carry each job's phase timings
        ],
        env=env,
        stdout=(work / "worker.log").open("wb"),
        stderr=subprocess.STDOUT,
    )
    rss: dict[int, int] = {}

    def sample(n: int) -> None:
        if n in (10, args.jobs):
            rss[n] = tree_rss(worker.pid)

    events.on_event = sample
    publisher = Celery("bench", broker=args.broker, set_as_current=False)
    deadline = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    # warm-up job (not counted): starts Chromium
    jobs = [imports[i % len(imports)] for i in range(args.jobs + 1)]
    started = None
    for index, (name, manifest) in enumerate(jobs):
        code2wf_id = str(uuid.uuid4())
        payload = {
            "code2wf_id": code2wf_id,
            "organization_id": 1,
            "project_id": 1,
            "page_import_id": f"pi-{name}",
            "manifest_url": manifest,
            "figma_file_key": "Bench",
            "screen_id": name,
            "placement_target": None,
            "viewport_width": 1440,
            "attempt": 1,
            "callback_url": f"http://127.0.0.1:{cb_port}/internal/v1/code2wf/{code2wf_id}/events",
            "callback_key": derive_callback_key(SECRET, code2wf_id),
            "deadline": deadline,
        }
        publisher.send_task("wf2des.code2wf.generate", args=[payload])
        if index == 0:  # wait for the warm-up to finish before timing
            while not events.arrivals:
                time.sleep(0.05)
            started = time.perf_counter()
            events.arrivals.clear()
    limit = time.monotonic() + 1800
    while len(events.arrivals) < args.jobs and time.monotonic() < limit:
        time.sleep(0.1)
    assert started is not None
    arrivals = [t for t, _, _ in events.arrivals]
    total_s = arrivals[-1] - started
    durations = [b - a for a, b in zip([started, *arrivals[:-1]], arrivals, strict=True)]
    statuses: dict[str, int] = {}
    for _, _, body in events.arrivals:
        statuses[body["type"]] = statuses.get(body["type"], 0) + 1
    ppm = len(arrivals) / total_s * 60
    q = statistics.quantiles(durations, n=100)
    growth = (rss[args.jobs] - rss[10]) / rss[10] * 100 if 10 in rss and args.jobs in rss else float("nan")
    print(
        f"jobs: {len(arrivals)} over {len(corpus)} corpus pages; outcomes {statuses}; "
        f"bad signatures {events.rejected}"
    )
    print(f"throughput: {ppm:.1f} pages/min (target >= 60)")
    print(f"job time: p50 {q[49] * 1000:.0f} ms, p95 {q[94] * 1000:.0f} ms")
    print(
        f"worker+chromium RSS: job 10 {rss.get(10, 0) / 2**20:.0f} MiB, "
        f"job {args.jobs} {rss.get(args.jobs, 0) / 2**20:.0f} MiB, growth {growth:+.1f}% (target <= 10%)"
    )
    print_phases(work / "worker.log", args.jobs)
    worker.terminate()
    worker.wait(30)
    docstore.terminate()
    server.shutdown()


if __name__ == "__main__":
    main()

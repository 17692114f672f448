"""component_sweep benchmark: 20 registered files × 500 components against the fake Figma, 100 requests/min.

What it measures — Figma requests and wall time, NOT the document store. SecantusDB (the embedded
MongoDB-wire server used here) is slow on upserts/find_one_and_update over large collections, so wall time is
split into the part spent on Figma (HTTP + client pacing/back-off sleeps) and the rest (mostly the document
store); only the Figma part and the request counts say anything about the sweep's design.

Targets:
- unchanged file: exactly 1 Figma request (GET meta);
- changed file: at most 3 + ⌈styles / 400⌉ + ⌈components / 400⌉ requests (meta, file?depth=1,
  variables/local, style nodes in batches of ≤ 400, component nodes in batches of ≤ 400, which carry each
  component's size and text layers for the assemble step).

Run: ``.venv/bin/python bench/sweep.py [--files 20] [--components 500] [--per-minute 100]``
"""

from __future__ import annotations

import argparse
import asyncio
import math
import time
import uuid
from datetime import timedelta
from typing import Any

import httpx

from wf2des.integrations.docstore import (
    DESIGN_COMPONENT,
    FileRole,
    ProjectFileRegistrations,
    ensure_schema,
    open_docstore,
)
from wf2des.integrations.docstore.embedded import free_port, start_secantus
from wf2des.integrations.docstore.sweep_writer import SweepWriter
from wf2des.integrations.figma import FigmaAuth, FigmaClient, Pacer, PacingBudget
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma
from wf2des.jobs.contract import ComponentSweepJob
from wf2des.workers.component_sweep.run import sweep_project

# The project a sweep job of organization 1 names, through the one producer a worker's scope has.
SCOPE = ComponentSweepJob(organization_id=1, project_id=1, run_id="bench").scope()


class TimedTransport(httpx.AsyncBaseTransport):
    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.seconds = 0.0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        started = time.perf_counter()
        response = await self.inner.handle_async_request(request)
        await response.aread()
        self.seconds += time.perf_counter() - started
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


async def one_sweep(db: Any, fake: FakeFigma, pacer: Pacer, label: str) -> dict[str, Any]:
    transport = TimedTransport()
    slept = [0.0]

    async def sleep(seconds: float) -> None:
        slept[0] += seconds
        await asyncio.sleep(seconds)

    client = FigmaClient(
        base_url=fake.url, auth=FigmaAuth(FAKE_TOKEN), pacer=pacer, transport=transport, sleep=sleep
    )
    before = db[DESIGN_COMPONENT].count_documents({})
    fake.reset_counts()
    started = time.perf_counter()
    async with client:
        summaries = await sweep_project(
            SCOPE,
            db=db,
            figma=client,
            run_id=f"bench-{label}",
            writer=SweepWriter(db, lease=timedelta(minutes=10)),
        )
    wall = time.perf_counter() - started
    figma_s = transport.seconds + slept[0]
    return {
        "label": label,
        "files": len(summaries),
        "statuses": sorted({s.status for s in summaries}),
        "requests": fake.total_requests,
        "requests_per_file": sorted({s.requests for s in summaries}),
        "by_endpoint": dict(fake.requests),
        "components_written": sum(s.components_written for s in summaries),
        "new_component_documents": db[DESIGN_COMPONENT].count_documents({}) - before,
        "captures_per_file": sorted({s.captures for s in summaries}),
        "wall_s": wall,
        "figma_s": figma_s,
        "pacing_sleep_s": slept[0],
        "other_s": wall - figma_s,
    }


def report(result: dict[str, Any], target_per_file: int) -> None:
    worst = max(result["requests_per_file"])
    verdict = "OK" if worst <= target_per_file else "MISSED"
    print(f"\n== {result['label']} sweep ==")
    print(f"files: {result['files']}  statuses: {result['statuses']}")
    print(
        f"Figma requests: {result['requests']} total, per file {result['requests_per_file']} "
        f"(target ≤ {target_per_file}: {verdict})  by endpoint: {result['by_endpoint']}"
    )
    print(
        f"documents written: {result['components_written']} component upserts/updates "
        f"({result['new_component_documents']} new), + {result['files']} file documents; "
        f"captures per file {result['captures_per_file']}"
    )
    print(
        f"wall time: {result['wall_s']:.2f} s = Figma {result['figma_s']:.2f} s "
        f"(of which pacing/back-off sleeps {result['pacing_sleep_s']:.2f} s) "
        f"+ other {result['other_s']:.2f} s "
        "(document store, not benchmarked)"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--components", type=int, default=500)
    parser.add_argument("--per-minute", type=float, default=100.0)
    args = parser.parse_args()

    port = free_port()
    server = start_secantus(":memory:", port)
    try:
        db = open_docstore(
            f"mongodb://127.0.0.1:{port}/?directConnection=true", f"bench_{uuid.uuid4().hex[:8]}"
        )
        ensure_schema(db)
        with FakeFigma(token=FAKE_TOKEN) as fake:
            registrations = ProjectFileRegistrations(db)
            for i in range(args.files):
                key = f"BENCH{i:03d}"
                fake.add_file(key, components=args.components)
                registrations.register(SCOPE, key, FileRole.LIBRARY if i % 2 else FileRole.WORKING)
            styles = len(
                [
                    s
                    for s in fake.file_body(fake.files["BENCH000"], 1)["styles"].values()
                    if s["styleType"] == "TEXT"
                ]
            )
            changed_target = 3 + math.ceil(styles / 400) + math.ceil(args.components / 400)
            pacer = Pacer(PacingBudget.uniform(args.per_minute))
            print(
                f"{args.files} files × {args.components} components, budget {args.per_minute:g} requests/min "
                f"per tier (burst = one minute's budget); {styles} text styles fetched per file"
            )
            report(await one_sweep(db, fake, pacer, "first (every file changed)"), changed_target)
            report(await one_sweep(db, fake, pacer, "second (nothing changed)"), 1)
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    asyncio.run(main())

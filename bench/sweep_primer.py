"""component_sweep of a real design system's library: GitHub's Primer, served by the fake Figma as Figma
serves a library file (``library="primer"``), swept into SecantusDB like any registered file.

Targets:
- first sweep: at most 3 + ⌈text styles ÷ 400⌉ + ⌈components ÷ 400⌉ Figma requests (meta, file?depth=1,
  variables/local, text style nodes, component set and plain component nodes: one id per set);
- unchanged file (same version): exactly 1 request (GET meta);
- what it records: every component, every component set with its property definitions and default variant,
  every COLOR/FLOAT variable with a value in each mode of its collection, every text style with its font.
Wall time is printed split into Figma (HTTP) and the rest (mostly the document store: SecantusDB, not
benchmarked).

Run: ``.venv/bin/python bench/sweep_primer.py``
"""

from __future__ import annotations

import asyncio
import math
import time
import uuid
from typing import Any

import httpx

from wf2des.core.logging import configure_logging
from wf2des.integrations.docstore import (
    DESIGN_COMPONENT,
    PROJECT_FIGMA_FILE,
    FileRole,
    ProjectFileRegistrations,
    ensure_schema,
    open_docstore,
)
from wf2des.integrations.docstore.embedded import free_port, start_secantus
from wf2des.integrations.figma import FigmaAuth, FigmaClient, Pacer, PacingBudget
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma
from wf2des.jobs.contract import ComponentSweepJob
from wf2des.workers.component_sweep.run import FileSummary, sweep_project

KEY = "PrimerLibrary1"
SCOPE = ComponentSweepJob(organization_id=1, project_id=1, run_id="bench").scope()
TARGET_UNCHANGED_REQUESTS = 1


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


async def sweep(db: Any, fake: FakeFigma, run_id: str) -> tuple[FileSummary, float, float]:
    transport = TimedTransport()
    client = FigmaClient(
        base_url=fake.url,
        auth=FigmaAuth(FAKE_TOKEN),
        pacer=Pacer(PacingBudget.uniform(10_000)),
        transport=transport,
    )
    started = time.perf_counter()
    async with client:
        [summary] = await sweep_project(SCOPE, db=db, figma=client, run_id=run_id)
    return summary, time.perf_counter() - started, transport.seconds


def report(label: str, summary: FileSummary, wall: float, figma_s: float, target: int) -> bool:
    ok = summary.requests <= target
    print(f"\n== {label} ==")
    print(f"status {summary.status}, version {summary.version}")
    print(f"{'Figma requests':34} {summary.requests:>8} {'≤ ' + str(target):>10}  {'OK' if ok else 'MISSED'}")
    print(f"{'wall time, s':34} {wall:8.2f} {'report':>10}")
    print(f"{'  of which Figma (HTTP), s':34} {figma_s:8.2f} {'report':>10}")
    print(f"{'  of which the rest (document store), s':34} {wall - figma_s:8.2f} {'report':>10}")
    return ok


def recorded(db: Any) -> None:
    doc = db[PROJECT_FIGMA_FILE].find_one({"figma_file_key": KEY})
    components = list(db[DESIGN_COMPONENT].find({"figma_file_key": KEY, "status": "active"}))
    sets: dict[str, list[dict[str, Any]]] = {}
    for c in components:
        if c.get("component_set_key"):
            sets.setdefault(str(c["component_set_name"]), []).append(c)
    tokens = doc["design_tokens"]
    modes = {c["name"]: c["modes"] for c in tokens["collections"]}
    print("\nrecorded:")
    print(f"  components {len(components)}, of which in sets {sum(len(v) for v in sets.values())}")
    for name, variants in sorted(sets.items()):
        [default] = [v["name"] for v in variants if v.get("default_variant")]
        props = [f"{d['name'].split('#')[0]}:{d['type']}" for d in variants[0]["property_definitions"]]
        print(f"  set {name}: {len(variants)} variants, default {default!r}; properties {', '.join(props)}")
    by_type: dict[str, int] = {}
    for v in tokens["variables"]:
        by_type[v["resolved_type"]] = by_type.get(v["resolved_type"], 0) + 1
    print(f"  variables {by_type} in {len(modes)} collections; modes {modes}")
    print(f"  text styles {len(tokens['text_styles'])}; style captures {len(doc['style_captures'])}")


async def main() -> int:
    configure_logging("WARNING", json=False)  # the figures are the output
    port = free_port()
    server = start_secantus(":memory:", port)
    try:
        db = open_docstore(
            f"mongodb://127.0.0.1:{port}/?directConnection=true", f"bench_{uuid.uuid4().hex[:8]}"
        )
        ensure_schema(db)
        with FakeFigma(token=FAKE_TOKEN) as fake:
            f = fake.add_file(KEY, library="primer")
            ProjectFileRegistrations(db).register(SCOPE, KEY, FileRole.LIBRARY)
            body = fake.file_body(f, 1)
            text_styles = sum(1 for s in body["styles"].values() if s["styleType"] == "TEXT")
            components = len(body["components"])
            target = 3 + math.ceil(text_styles / 400) + math.ceil(components / 400)
            print(
                f"targets: first sweep ≤ 3 + ⌈{text_styles} text styles ÷ 400⌉"
                f" + ⌈{components} components ÷ 400⌉ = {target} Figma requests;"
                f" unchanged file = {TARGET_UNCHANGED_REQUESTS} request"
            )
            print(
                f"Primer library file: {components} components in {len(body['componentSets'])} sets and plain"
                f" components, {len(body['styles'])} styles ({text_styles} text)"
            )
            first = report("first sweep", *(await sweep(db, fake, "first")), target)
            recorded(db)
            unchanged = report(
                "second sweep (unchanged file)", *(await sweep(db, fake, "second")), TARGET_UNCHANGED_REQUESTS
            )
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0 if first and unchanged else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))

"""Single flight, stale-marker takeover and fencing, on a real SecantusDB."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pymongo.database import Database

from tests.waiting import wait_until
from wf2des.integrations.docstore import DESIGN_COMPONENT, PROJECT_FIGMA_FILE, ProjectFigmaFileDocument
from wf2des.integrations.docstore.design_components import ComponentRecord, DesignComponents, FileScope
from wf2des.integrations.docstore.sweep_writer import SweepMarkerLost, SweepWriter
from wf2des.integrations.figma import FigmaClient
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.workers.component_sweep.run import sweep_file

from .conftest import SCOPE

SWEEPERS = 32
ROUNDS = 100


def _doc(db: Database[Any], key: str) -> ProjectFigmaFileDocument:
    found: ProjectFigmaFileDocument | None = db[PROJECT_FIGMA_FILE].find_one({"figma_file_key": key})
    assert found is not None
    return found


def test_32_sweepers_100_rounds_exactly_one_sweeps(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1", components=20)
    start = threading.Barrier(SWEEPERS)
    release = threading.Event()

    def hold(step: str) -> None:
        if step == "acquired":  # the winner keeps the marker until every other sweeper has tried
            assert release.wait(30)

    def one(round_no: int) -> str:
        async def run() -> str:
            async with make_client() as client:
                doc = _doc(docstore, "LIB1")
                start.wait()
                summary = await sweep_file(
                    SCOPE, doc, db=docstore, figma=client, run_id=f"r{round_no}", checkpoint=hold
                )
                return summary.status

        return asyncio.run(run())

    with ThreadPoolExecutor(SWEEPERS) as pool:
        for round_no in range(ROUNDS):
            release.clear()
            futures = [pool.submit(one, round_no) for _ in range(SWEEPERS)]
            deadline = time.monotonic() + 30
            while sum(f.done() for f in futures) < SWEEPERS - 1 and time.monotonic() < deadline:
                time.sleep(0.002)
            release.set()
            wait(futures, timeout=30)
            statuses = sorted(f.result() for f in futures)
            winners = [s for s in statuses if s != "in_flight"]
            assert winners == (["synced"] if round_no == 0 else ["unchanged"]), (round_no, statuses)
            assert _doc(docstore, "LIB1")["sweep_marker"] is None
    assert fake_figma.requests["file"] == 1
    assert fake_figma.requests["meta"] == ROUNDS


async def test_a_stale_marker_is_taken_over(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    registered = register("LIB1", components=5)
    long_ago = datetime.now(UTC) - timedelta(hours=1)
    docstore[PROJECT_FIGMA_FILE].update_one(
        {"_id": registered["_id"]},
        {
            "$set": {
                "sweep_marker": {
                    "token": "dead",
                    "acquired_at": long_ago,
                    "expires_at": long_ago + timedelta(minutes=10),
                }
            }
        },
    )
    live = SweepWriter(docstore)
    assert live.acquire(registered["_id"]) is not None  # stale → reclaimable
    assert live.acquire(registered["_id"]) is None  # live → not reclaimable
    docstore[PROJECT_FIGMA_FILE].update_one(
        {"_id": registered["_id"]},
        {"$set": {"sweep_marker.expires_at": long_ago}},
    )
    async with make_client() as client:
        summary = await sweep_file(SCOPE, _doc(docstore, "LIB1"), db=docstore, figma=client, run_id="r")
    assert summary.status == "synced"


def test_a_writer_that_lost_its_marker_changes_nothing(
    docstore: Database[Any], register: Callable[..., Any]
) -> None:
    registered = register("LIB1")
    scope = FileScope(SCOPE, "LIB1")
    short = SweepWriter(docstore, lease=timedelta(milliseconds=200))
    old = short.acquire(registered["_id"])
    assert old is not None
    components = DesignComponents(docstore)
    components.upsert(scope, old, "old-run", [ComponentRecord("k1", "1:1", "one")], short.now())
    wait_until(lambda: short.now() >= old.expires_at, what="the old lease to run out")
    new = SweepWriter(docstore).acquire(registered["_id"])
    assert new is not None
    assert new.fence > old.fence
    components.upsert(scope, new, "new-run", [ComponentRecord("k1", "1:1", "one (new)")], short.now())
    before_file = _doc(docstore, "LIB1")
    before_components = list(docstore[DESIGN_COMPONENT].find({}, sort=[("component_key", 1)]))

    for attempt in (
        lambda: short.renew(old),
        lambda: short.write_captures(old, {"text/x": "1:2"}),
        lambda: short.complete(old, version="9"),
        lambda: short.fail(old, "boom"),
        lambda: components.upsert(
            scope, old, "old-run", [ComponentRecord("k1", "1:1", "stale")], short.now()
        ),
    ):
        with pytest.raises(SweepMarkerLost):
            attempt()
    assert components.mark_removed(scope, old, "old-run", [], short.now()) == 0
    assert _doc(docstore, "LIB1") == before_file
    assert list(docstore[DESIGN_COMPONENT].find({}, sort=[("component_key", 1)])) == before_components


def test_a_paused_sweeper_resumed_after_takeover_writes_nothing(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1", components=300)
    paused = threading.Event()
    resume = threading.Event()

    def pause_after_fetching(step: str) -> None:
        if step == "fetched":
            paused.set()
            assert resume.wait(30)

    def slow_holder() -> str:
        async def run() -> str:
            async with make_client() as client:
                summary = await sweep_file(
                    SCOPE,
                    _doc(docstore, "LIB1"),
                    db=docstore,
                    figma=client,
                    run_id="paused",
                    writer=SweepWriter(docstore, lease=timedelta(milliseconds=300)),
                    checkpoint=pause_after_fetching,
                )
                return summary.status

        return asyncio.run(run())

    with ThreadPoolExecutor(1) as pool:
        holder = pool.submit(slow_holder)
        assert paused.wait(30)
        marker = _doc(docstore, "LIB1")["sweep_marker"]
        assert marker is not None
        lease_end = marker["expires_at"]
        wait_until(
            lambda: SweepWriter(docstore).now() >= lease_end, what="the paused holder's lease to run out"
        )
        fake_figma.files["LIB1"].renamed["56:6"] = "renamed by the newer sweep"
        fake_figma.files["LIB1"].bump()

        async def takeover() -> str:
            async with make_client() as client:
                summary = await sweep_file(
                    SCOPE, _doc(docstore, "LIB1"), db=docstore, figma=client, run_id="newer"
                )
                return summary.status

        assert asyncio.run(takeover()) == "synced"
        after_takeover = _doc(docstore, "LIB1")
        components_after = list(docstore[DESIGN_COMPONENT].find({}, sort=[("component_key", 1)]))
        resume.set()
        assert holder.result(timeout=30) == "lost"
    assert _doc(docstore, "LIB1") == after_takeover
    assert list(docstore[DESIGN_COMPONENT].find({}, sort=[("component_key", 1)])) == components_after
    assert {c["run_id"] for c in components_after} == {"newer"}

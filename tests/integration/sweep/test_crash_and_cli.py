"""A sweep SIGKILLed at each step leaves the watermark alone; the next sweep completes. And the CLI."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pymongo.database import Database

from wf2des.integrations.docstore import DESIGN_COMPONENT, PROJECT_FIGMA_FILE
from wf2des.integrations.docstore.sweep_writer import SweepWriter
from wf2des.integrations.figma import FigmaClient
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma
from wf2des.workers.component_sweep.run import sweep_project

from .conftest import ORG, PROJECT, SCOPE

SCRIPT = Path(__file__).with_name("crash_sweeper.py")
LEASE_MS = 30_000  # long enough to outlive any step; the takeover below moves the clock instead of sleeping


def _doc(db: Database[Any]) -> dict[str, Any]:
    found: dict[str, Any] | None = db[PROJECT_FIGMA_FILE].find_one({"figma_file_key": "LIB1"})
    assert found is not None
    return found


@pytest.mark.parametrize("step", ["acquired", "component_batch", "components", "captures", "before_complete"])
def test_sigkill_at_each_step_keeps_the_watermark_and_the_next_sweep_completes(
    step: str,
    docstore: Database[Any],
    docstore_url: str,
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1", components=300)  # 2 batches: "component_batch" kills mid-upserts

    async def sweep(run_id: str, clock_ahead_ms: int = 0) -> str:
        writer = SweepWriter(
            docstore, clock=lambda: datetime.now(UTC) + timedelta(milliseconds=clock_ahead_ms)
        )
        async with make_client() as client:
            [summary] = await sweep_project(SCOPE, db=docstore, figma=client, run_id=run_id, writer=writer)
            return summary.status

    assert asyncio.run(sweep("before")) == "synced"
    before = _doc(docstore)
    fake_figma.files["LIB1"].removed.add("56:6")
    fake_figma.files["LIB1"].bump()

    env = {
        **os.environ,
        "CRASH_AT": step,
        "DOCSTORE_URL": docstore_url,
        "DOCSTORE_DB": docstore.name,
        "FIGMA_URL": fake_figma.url,
        "FIGMA_TOKEN": FAKE_TOKEN,
        "ORG": str(ORG),
        "PROJECT": str(PROJECT),
        "LEASE_MS": str(LEASE_MS),
    }
    proc = subprocess.run(
        [sys.executable, str(SCRIPT)], env=env, capture_output=True, timeout=120, check=False
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()[-2000:]

    crashed = _doc(docstore)
    assert crashed["components_synced_at"] == before["components_synced_at"]
    assert crashed["swept_version"] == before["swept_version"]
    assert crashed["sweep_marker"] is not None  # left behind by the dead sweeper
    assert asyncio.run(sweep("blocked")) == "in_flight"  # still live: not taken over early
    assert asyncio.run(sweep("after", clock_ahead_ms=LEASE_MS + 1000)) == "synced"  # the lease has run out
    done = _doc(docstore)
    assert done["components_synced_at"] > before["components_synced_at"]
    assert done["sweep_marker"] is None
    assert done["swept_version"] == fake_figma.files["LIB1"].version
    assert docstore[DESIGN_COMPONENT].count_documents({"status": "active"}) == 299
    assert docstore[DESIGN_COMPONENT].find_one({"node_id": "56:6"})["status"] == "removed"  # type: ignore[index]


def test_cli_sweep_prints_a_per_file_summary(
    docstore: Database[Any],
    docstore_url: str,
    register: Callable[..., Any],
    fake_figma: FakeFigma,
    tmp_path: Path,
) -> None:
    register("LIB1", components=12)
    env = {
        **os.environ,
        "WF2DES_DOCSTORE_URL": docstore_url,
        "WF2DES_DOCSTORE_DB": docstore.name,
        "WF2DES_FIGMA_API_URL": fake_figma.url,
        "WF2DES_FIGMA_TOKEN": FAKE_TOKEN,
        "WF2DES_DATA_DIR": str(tmp_path),
        "COLUMNS": "200",
    }
    wf2des = Path(sys.executable).with_name("wf2des")
    args = [str(wf2des), "sweep", "--org", str(ORG), "--project", str(PROJECT)]
    first = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert first.returncode == 0, first.stderr
    assert "LIB1" in first.stdout
    assert "synced" in first.stdout
    second = subprocess.run(
        [*args, "--file", "LIB1"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert second.returncode == 0, second.stderr
    assert "unchanged" in second.stdout
    missing = subprocess.run(
        [*args, "--file", "NOPE"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert missing.returncode == 1
    assert "not registered" in missing.stderr

"""Registration (role, config_url) and sweeps racing on one document keep both writers' fields."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from pymongo.database import Database

from wf2des.integrations.docstore import PROJECT_FIGMA_FILE, FileRole, ProjectFileRegistrations
from wf2des.integrations.docstore.project_files import project_config_key
from wf2des.integrations.figma import FigmaClient
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.workers.component_sweep.run import sweep_project

from .conftest import ORG, PROJECT, SCOPE


def test_registration_and_sweeps_racing_keep_both_writers_fields(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1", FileRole.LIBRARY, components=5)
    registrations = ProjectFileRegistrations(docstore)
    stop = threading.Event()
    last_role: list[FileRole] = []

    def registrar() -> None:
        i = 0
        while not stop.is_set():
            role = FileRole.WORKING if i % 2 else FileRole.LIBRARY
            registrations.register(SCOPE, "LIB1", role)
            last_role.append(role)
            i += 1

    async def sweeps() -> list[str]:
        statuses: list[str] = []
        for n in range(15):
            fake_figma.files["LIB1"].bump()
            async with make_client() as client:
                [summary] = await sweep_project(SCOPE, db=docstore, figma=client, run_id=f"r{n}")
            statuses.append(summary.status)
        return statuses

    thread = threading.Thread(target=registrar)
    thread.start()
    try:
        statuses = asyncio.run(sweeps())
    finally:
        stop.set()
        thread.join()
    doc = docstore[PROJECT_FIGMA_FILE].find_one({"figma_file_key": "LIB1"})
    assert doc is not None
    assert statuses == ["synced"] * 15
    assert len(last_role) > 15
    assert doc["role"] == int(last_role[-1])
    assert doc["config_url"] == project_config_key(ORG, PROJECT)
    assert doc["swept_version"] == fake_figma.files["LIB1"].version
    assert doc["style_captures"]["text/h1"] == "122:14"
    assert doc["sweep_marker"] is None

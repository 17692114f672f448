"""A generation for a project with a library: the real sweep of GitHub's Primer (served by the fake Figma as
Figma serves a library file) into SecantusDB, the project config's rules in the blob store, Chromium, then
Primer instances in the spec."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from wf2des.assemble import ProjectConfig
from wf2des.core.settings import Settings
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.generator.metrics import iter_nodes
from wf2des.generator.schema import validate_spec
from wf2des.integrations.blobs import BlobStore
from wf2des.integrations.blobs.project_config import write_config
from wf2des.integrations.docstore import FileRole, ProjectFileRegistrations, ensure_schema
from wf2des.integrations.figma import FigmaAuth, FigmaClient
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.jobs.contract import Code2wfJob
from wf2des.jobs.keys import file_key, manifest_key
from wf2des.spec import Node, Spec
from wf2des.workers.code2wf.pipeline import generate
from wf2des.workers.component_sweep.run import sweep_project
from wf2des.workers.runtime import WorkerRuntime
from wf2des.workers.settings import WorkerSettings

ORG, PROJECT = 17, 18
SCOPE = ProjectScope(AccessibleOrganizationID(ORG), PROJECT)
TOKEN = "figd_components_token"
PAGE = {
    "index.html": b"""<!doctype html><html><head><link rel="stylesheet" href="site.css"></head><body>
<form class="row">
  <input type="email" placeholder="you@example.com">
  <button class="btn btn-primary">Subscribe</button>
  <button class="btn btn-outline-secondary">Later</button>
  <svg width="16" height="16" aria-label="close" viewBox="0 0 16 16"><path d="M2 2L14 14M14 2L2 14"/></svg>
</form></body></html>""",
    "site.css": b""".row { display: flex; gap: 12px; align-items: center; padding: 16px; }
input { height: 40px; width: 240px; border: 1px solid #888; padding: 0 8px; }
.btn { height: 40px; padding: 0 16px; border: 1px solid #333; }
.btn-primary { background: #222; color: #fff; } .btn-outline-secondary { background: none; }""",
}


@pytest.fixture(scope="module")
def fake_figma() -> Iterator[FakeFigma]:
    with FakeFigma(token=TOKEN) as fake:
        fake.add_file("PrimerFile1", library="primer")
        icons = fake.add_file("PrimerNoIcons1", library="primer")  # Primer's sets without its Octicons
        icons.removed |= {cid for cid, c in fake.components_of(icons).items() if not c.get("componentSetId")}
        fake.add_file("WorkFile1")
        yield fake


@pytest.fixture
def runtime(settings: Settings, fake_figma: FakeFigma) -> Iterator[WorkerRuntime]:
    configured = settings.model_copy(
        update={"figma_api_url": fake_figma.url, "figma_token": SecretStr(TOKEN)}
    )
    rt = WorkerRuntime(configured, WorkerSettings(job_timeout_s=20))
    ensure_schema(rt.docstore)  # the validators the sweep's component fields must pass
    yield rt
    rt.close()


def _store_import(blobs: BlobStore) -> str:
    key = manifest_key(ORG, PROJECT, "pi-c")
    listed = []
    for path, data in sorted(PAGE.items()):
        digest = hashlib.sha256(data).hexdigest()
        blobs.put_immutable(file_key(key, digest), data)
        listed.append({"path": path, "sha256": digest, "size": len(data), "contentType": "text/html"})
    blobs.put_immutable(key, json.dumps({"entry": "index.html", "files": listed}).encode())
    return key


def _job(manifest: str, code2wf_id: str) -> Code2wfJob:
    return Code2wfJob(
        code2wf_id=code2wf_id,
        organization_id=ORG,
        project_id=PROJECT,
        page_import_id="pi-c",
        manifest_url=manifest,
        figma_file_key="WorkFile1",
        screen_id="signup",
        callback_url="http://127.0.0.1:9/unused",
        callback_key="a2V5",
        deadline=datetime.now(UTC) + timedelta(minutes=15),
    )


def _sweep(runtime: WorkerRuntime, fake: FakeFigma) -> None:
    async def run() -> list[Any]:
        async with FigmaClient(base_url=fake.url, auth=FigmaAuth(TOKEN)) as figma:
            return await sweep_project(SCOPE, db=runtime.docstore, figma=figma, run_id="run-c")

    assert {s.status for s in asyncio.run(run())} == {"synced"}


def _instances(spec: Spec) -> list[Node]:
    return [n for n in iter_nodes(spec["screens"][0]["root"]) if n["type"] == "INSTANCE"]


def test_a_generation_with_a_library_places_its_components(
    runtime: WorkerRuntime, fake_figma: FakeFigma
) -> None:
    registrations = ProjectFileRegistrations(runtime.docstore)
    registrations.register(SCOPE, "PrimerFile1", FileRole.LIBRARY)
    registrations.register(SCOPE, "WorkFile1", FileRole.WORKING)
    _sweep(runtime, fake_figma)
    manifest = _store_import(runtime.blobs)
    primer = fake_figma.components_of(fake_figma.files["PrimerFile1"]).values()
    kit_keys = {c["key"] for c in primer}
    icon_keys = {c["key"] for c in primer if not c.get("componentSetId")}

    outcome = generate(_job(manifest, "0190c0de-0000-7000-8000-0000000000c1"), runtime)
    assert outcome.status == "completed", outcome
    spec = json.loads(runtime.blobs.get(outcome.result_url))
    validate_spec(spec)
    assert spec["schema"] == "wf2des.code2wf.spec/v1.1"
    by_text = {
        " ".join(o["characters"] for o in n["textOverrides"]) or n["componentName"]: n
        for n in _instances(spec)
    }
    subscribe, later = by_text["Subscribe"], by_text["Later"]
    assert subscribe["componentKey"] in kit_keys
    assert (subscribe["componentSetName"], subscribe["variantProperties"]["Variant"]) == ("Button", "Primary")
    assert subscribe["variantProperties"]["Size"] == "Medium"  # the page's default size (Primer's is 32 px)
    assert subscribe["textOverrides"] == [{"layer": "Label", "characters": "Subscribe"}]
    assert later["variantProperties"]["Variant"] == "Secondary"  # outlined: Primer's bordered button
    assert by_text["you@example.com"]["componentSetName"] == "TextInput"
    [icon] = [n for n in _instances(spec) if n["componentKey"] in icon_keys]
    assert icon["componentName"] == "icon/16/x"  # the 16 px svg: Octicons' 16 px x
    summary = spec["componentMapping"]
    assert summary["instances"] == len(_instances(spec)) == 4
    assert summary["libraryComponents"] == len(kit_keys)
    assert runtime.blobs.exists(outcome.result_url.replace("spec.json", "preview.png"))

    # A rule turns the automatic match around: outline buttons become Invisible, and icons stay frames.
    config = {
        "wfArea": {"nodeId": "1:1"},
        "designArea": {"nodeId": "120:4"},
        "components": [
            {
                "role": "button",
                "when": {"variant": "outline"},
                "component": {"set": "Button"},
                "properties": {"Variant": "Invisible", "State": "Disabled"},
            },
            {"role": "icon", "keepFrame": True},
        ],
    }
    write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(config))
    again = generate(_job(manifest, "0190c0de-0000-7000-8000-0000000000c2"), runtime)
    ruled = json.loads(runtime.blobs.get(again.result_url))
    by_text = {" ".join(o["characters"] for o in n["textOverrides"]): n for n in _instances(ruled)}
    assert by_text["Later"]["variantProperties"] == {
        "Variant": "Invisible",
        "Size": "Medium",
        "State": "Disabled",
    }
    assert by_text["Later"]["mappingSource"] == "rule 1"
    assert not [n for n in _instances(ruled) if n["componentKey"] in icon_keys]
    assert ruled["componentMapping"]["keptByRule"] == 1


def test_a_project_without_a_library_uses_its_working_files_components(
    runtime: WorkerRuntime, fake_figma: FakeFigma
) -> None:
    ProjectFileRegistrations(runtime.docstore).register(SCOPE, "PrimerNoIcons1", FileRole.WORKING)
    _sweep(runtime, fake_figma)
    outcome = generate(_job(_store_import(runtime.blobs), "0190c0de-0000-7000-8000-0000000000c3"), runtime)
    spec = json.loads(runtime.blobs.get(outcome.result_url))
    assert {n["componentSetName"] for n in _instances(spec)} == {"Button", "TextInput"}
    # The svg icon has a name but this library has no icons: reported, not flagged.
    [icon] = [o for o in spec["outcomes"] if o["kind"] == "component_unmapped"]
    assert icon["flagged"] is False

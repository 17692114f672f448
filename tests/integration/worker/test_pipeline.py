"""The Code2WF pipeline on real parts: blob store, SecantusDB, headless Chromium, the fake Figma over HTTP."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import SecretStr

from wf2des.assemble import ProjectConfig, make_token
from wf2des.core.settings import Settings
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.generator.schema import validate_spec
from wf2des.integrations.blobs import BlobStore, open_blob_store
from wf2des.integrations.blobs.project_config import write_config
from wf2des.integrations.docstore import PROJECT_FIGMA_FILE, FileRole, ProjectFileRegistrations
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.jobs.contract import Code2wfJob
from wf2des.jobs.keys import file_key, manifest_key, project_config_key
from wf2des.workers.code2wf.pipeline import generate
from wf2des.workers.runtime import WorkerRuntime
from wf2des.workers.settings import WorkerSettings

PAGE = {
    "index.html": b"""<!doctype html><html><head><link rel="stylesheet" href="site.css"></head><body>
<h1>Quarterly report</h1><p>Revenue grew in every region this quarter.</p>
<div class="row"><button>Download</button><button>Share</button></div></body></html>""",
    "site.css": b".row { display: flex; gap: 12px; } h1 { font-size: 40px; }",
}
TOKEN = "figd_test_token"


@pytest.fixture(scope="module")
def fake_figma() -> Iterator[FakeFigma]:
    with FakeFigma(token=TOKEN) as fake:
        fake.add_file("WorkFile1")
        yield fake


@pytest.fixture
def runtime(settings: Settings, fake_figma: FakeFigma) -> Iterator[WorkerRuntime]:
    configured = settings.model_copy(
        update={"figma_api_url": fake_figma.url, "figma_token": SecretStr(TOKEN)}
    )
    rt = WorkerRuntime(configured, WorkerSettings(job_timeout_s=20))
    yield rt
    rt.close()


def _store_import(blobs: BlobStore, files: dict[str, bytes], entry: str = "index.html") -> str:
    key = manifest_key(7, 8, "pi-1")
    listed = []
    for path, data in sorted(files.items()):
        digest = hashlib.sha256(data).hexdigest()
        blobs.put_immutable(file_key(key, digest), data)
        listed.append({"path": path, "sha256": digest, "size": len(data), "contentType": "text/html"})
    blobs.put_immutable(key, json.dumps({"entry": entry, "files": listed}).encode())
    return key


def _job(manifest: str, code2wf_id: str = "0190c0de-0000-7000-8000-000000000001") -> Code2wfJob:
    return Code2wfJob(
        code2wf_id=code2wf_id,
        organization_id=7,
        project_id=8,
        page_import_id="pi-1",
        manifest_url=manifest,
        figma_file_key="WorkFile1",
        screen_id="report",
        callback_url="http://127.0.0.1:9/unused",
        callback_key="a2V5",
        deadline=datetime.now(UTC) + timedelta(minutes=15),
    )


def _spec(runtime: WorkerRuntime, key: str) -> dict[str, Any]:
    return dict(json.loads(runtime.blobs.get(key)))


def test_completed_generation_binds_library_styles_and_resolves_the_design_area(
    runtime: WorkerRuntime,
) -> None:
    blobs = open_blob_store(runtime.settings)
    manifest = _store_import(blobs, PAGE)
    registrations = ProjectFileRegistrations(runtime.docstore)
    scope = ProjectScope(AccessibleOrganizationID(7), 8)
    library = registrations.register(scope, "LibFile1", FileRole.LIBRARY)
    registrations.register(scope, "WorkFile1", FileRole.WORKING)
    runtime.docstore[PROJECT_FIGMA_FILE].update_one(
        {"_id": library["_id"]},
        {"$set": {"style_captures": {make_token("text_style", "Heading 1"): "122:14"}}},
    )
    stale = {"wfArea": {"nodeId": "1:1"}, "designArea": {"page": "nowhere", "nodeNamePattern": "x"}}
    write_config(blobs, 7, 8, ProjectConfig.model_validate(stale))
    config = {"wfArea": {"page": "cover", "nodeNamePattern": "^cover$"}, "designArea": {"nodeId": "120:4"}}
    write_config(blobs, 7, 8, ProjectConfig.model_validate(config))  # the newest version is the one used

    outcome = generate(_job(manifest), runtime)

    assert outcome.status == "completed", outcome
    assert outcome.result_url == "7/8/code2wf/0190c0de-0000-7000-8000-000000000001/attempt-1/spec.json"
    spec = _spec(runtime, outcome.result_url)
    validate_spec(spec)
    assert spec["screens"][0]["screenId"] == "report"
    assert [s["screenId"] for s in spec["stats"]["screens"]] == ["report"]
    assert {o["screenId"] for o in spec["outcomes"]} <= {"report", None}
    assert spec["styleBindings"]["text/heading-1"] == "122:14"
    assert spec["placement"]["designArea"]["nodeId"] == "120:4"
    assert spec["placement"]["designArea"]["page"] == "cover"
    unbound = [o for o in spec["outcomes"] if o["kind"] == "unbound_style_token"]
    assert unbound  # colour tokens have no capture in this library: flagged, not guessed
    assert spec["flagCount"] == sum(1 for o in spec["outcomes"] if o["flagged"]) == outcome.flag_count
    assert blobs.exists(outcome.result_url.replace("spec.json", "preview.png"))

    again = generate(_job(manifest), runtime)  # a redelivered job reuses the artifact
    assert again.reused
    assert (again.result_url, again.flag_count) == (outcome.result_url, outcome.flag_count)


def test_an_unresolvable_design_area_is_a_flagged_outcome(runtime: WorkerRuntime) -> None:
    blobs = open_blob_store(runtime.settings)
    manifest = _store_import(blobs, PAGE)
    config = {"wfArea": {"nodeId": "1:1"}, "designArea": {"page": "No such page", "nodeNamePattern": "x"}}
    blobs.put_immutable(project_config_key(7, 8), json.dumps(config).encode())
    outcome = generate(_job(manifest), runtime)
    assert outcome.status == "completed"
    spec = _spec(runtime, outcome.result_url)
    area = [o for o in spec["outcomes"] if o["kind"] == "design_area_unresolved"]
    assert len(area) == 1
    assert "No such page" in area[0]["message"]
    assert spec["placement"]["designArea"] is None


def test_a_missing_manifest_fails_with_a_classified_artifact(runtime: WorkerRuntime) -> None:
    outcome = generate(_job("7/8/page-imports/nope/manifest.json"), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "import_missing")
    assert outcome.error_message == "the import's manifest is missing"
    failure = json.loads(runtime.blobs.get(outcome.result_url))
    assert failure == {
        "schema": "wf2des.code2wf.failure/v1",
        "classification": "import_missing",
        "errorMessage": "the import's manifest is missing",
    }
    assert generate(_job("7/8/page-imports/nope/manifest.json"), runtime).reused


def test_a_file_that_does_not_match_its_hash_fails(runtime: WorkerRuntime) -> None:
    blobs = runtime.blobs
    key = manifest_key(7, 8, "pi-bad")
    digest = hashlib.sha256(b"<h1>expected</h1>").hexdigest()
    blobs.put_immutable(file_key(key, digest), b"<h1>tampered</h1>")
    listed = [{"path": "index.html", "sha256": digest, "size": 17, "contentType": "text/html"}]
    blobs.put_immutable(key, json.dumps({"entry": "index.html", "files": listed}).encode())
    outcome = generate(_job(key), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "import_corrupt")
    assert outcome.error_message == "the import's file 'index.html' does not match its hash"

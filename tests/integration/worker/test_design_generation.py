"""A design generation on real parts: the fake Figma over HTTP (a working file with a sketched wireframe in
its WF area, the made-up UI kit as the library), SecantusDB with the collections' validators, the blob
store; the wireframe read over REST or from a stored snapshot."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image
from pydantic import SecretStr

from wf2des.assemble import ProjectConfig
from wf2des.core.errors import BlobExists
from wf2des.core.settings import Settings
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.design import MAX_NODES
from wf2des.generator.replay import replay_screen
from wf2des.generator.schema import validate_spec
from wf2des.integrations.blobs.project_config import write_config
from wf2des.integrations.docstore import (
    DESIGN_GENERATION_RESULT,
    PROJECT_FIGMA_FILE,
    FileRole,
    ProjectFileRegistrations,
    ensure_schema,
)
from wf2des.integrations.docstore.design_results import DesignGenerationResults
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.integrations.figma.wireframes import WIREFRAME_ID, sample_working_document
from wf2des.jobs.contract import DesignGenerationJob
from wf2des.jobs.keys import design_snapshot_key
from wf2des.jobs.snapshot import SNAPSHOT_SCHEMA
from wf2des.workers.design.pipeline import generate
from wf2des.workers.runtime import WorkerRuntime
from wf2des.workers.settings import WorkerSettings

ORG, PROJECT = 27, 28
SCOPE = ProjectScope(AccessibleOrganizationID(ORG), PROJECT)
TOKEN = "figd_design_token"
GENERATION = "0190c0de-0000-7000-8000-00000000d001"
CONFIG = {
    "wfArea": {"page": "Wireframes", "nodeNamePattern": "^WF$"},
    "designArea": {"page": "Design", "nodeNamePattern": "^DESIGN$"},
    "memoMarkers": ["//"],
}


def _oversized_document() -> dict[str, object]:
    """A working file whose one frame holds more nodes than the design step takes."""
    texts = [
        {"id": f"3:{n}", "name": "t", "type": "TEXT", "characters": "x", "visible": True}
        for n in range(MAX_NODES)
    ]
    frame = {"id": "2:2", "name": "Huge", "type": "FRAME", "visible": True, "children": texts}
    page = {"id": "1:1", "name": "Wireframes", "type": "CANVAS", "children": [frame]}
    return {"id": "0:0", "name": "Document", "type": "DOCUMENT", "children": [page]}


def _spread_document() -> dict[str, object]:
    """Frames in and around the WF area: nested in a section inside it, drawn over it, beside it, and on
    the design page."""
    sign_in = sample_working_document()["children"][0]["children"][0]["children"][0]

    def frame(node_id: str, x: float, y: float) -> dict[str, object]:
        box = {"x": x, "y": y, "width": 360, "height": 400}
        return {**sign_in, "id": node_id, "absoluteBoundingBox": box, "absoluteRenderBounds": box}

    def section(node_id: str, name: str, x: float, children: list[object]) -> dict[str, object]:
        box = {"x": x, "y": 0, "width": 1200, "height": 800}
        return {
            "id": node_id,
            "name": name,
            "type": "SECTION",
            "visible": True,
            "absoluteBoundingBox": box,
            "children": children,
        }

    area = section("30:1", "WF", 0, [section("30:6", "Flow", 0, [frame("30:2", 40, 40)])])
    wireframes = {
        "id": "1:1",
        "name": "Wireframes",
        "type": "CANVAS",
        "children": [area, frame("30:3", 600, 200), frame("30:4", 2000, 0)],
    }
    design = {
        "id": "2:1",
        "name": "Design",
        "type": "CANVAS",
        "children": [section("20:1", "DESIGN", 0, []), frame("30:5", 100, 100)],
    }
    return {"id": "0:0", "name": "Document", "type": "DOCUMENT", "children": [wireframes, design]}


@pytest.fixture(scope="module")
def fake_figma() -> Iterator[FakeFigma]:
    with FakeFigma(token=TOKEN) as fake:
        fake.add_file("WorkFile1", document=sample_working_document())
        fake.add_file("KitFile1", library="primer")
        fake.add_file("BigFile1", document=_oversized_document())
        fake.add_file("SpreadFile1", document=_spread_document())
        yield fake


@pytest.fixture
def runtime(settings: Settings, fake_figma: FakeFigma) -> Iterator[WorkerRuntime]:
    configured = settings.model_copy(
        update={"figma_api_url": fake_figma.url, "figma_token": SecretStr(TOKEN)}
    )
    rt = WorkerRuntime(configured, WorkerSettings(job_timeout_s=30))
    ensure_schema(rt.docstore)  # the validators the result document must pass
    registrations = ProjectFileRegistrations(rt.docstore)
    registrations.register(SCOPE, "WorkFile1", FileRole.WORKING)
    library = registrations.register(SCOPE, "KitFile1", FileRole.LIBRARY)
    synced = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    rt.docstore[PROJECT_FIGMA_FILE].update_one(
        {"_id": library["_id"]}, {"$set": {"components_synced_at": synced}}
    )
    yield rt
    rt.close()


def _job(generation_id: str = GENERATION, **changes: object) -> DesignGenerationJob:
    fields: dict[str, object] = {
        "design_generation_id": generation_id,
        "organization_id": ORG,
        "project_id": PROJECT,
        "figma_file_key": "WorkFile1",
        "wireframe_node_id": WIREFRAME_ID,
        "callback_url": "http://127.0.0.1:9/unused",
        "callback_key": "a2V5",
        "deadline": datetime.now(UTC) + timedelta(minutes=15),
        **changes,
    }
    return DesignGenerationJob.model_validate(fields)


def test_a_wireframe_read_over_rest_becomes_a_stored_design_with_its_lineage(
    runtime: WorkerRuntime, fake_figma: FakeFigma
) -> None:
    stored = write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(CONFIG))

    outcome = generate(_job(), runtime)

    assert outcome.status == "completed", outcome
    prefix = f"{ORG}/{PROJECT}/design-generations/{GENERATION}/attempt-1/"
    assert outcome.result_url == prefix + "spec.json"
    spec = json.loads(runtime.blobs.get(outcome.result_url))
    validate_spec(spec)
    assert spec["placement"]["placementTarget"] == WIREFRAME_ID
    assert spec["placement"]["designArea"]["nodeId"] == "20:1"
    assert outcome.flag_count == spec["flagCount"]
    report = json.loads(runtime.blobs.get(prefix + "report.json"))
    assert report["schema"]
    preview = runtime.blobs.get(prefix + "preview.png")
    assert preview.startswith(b"\x89PNG")
    # The filled button is drawn from its Primer component (the primary green), not as a labelled box.
    button = replay_screen(spec["screens"][0]["root"])["d:10:9"]
    image = Image.open(io.BytesIO(preview)).convert("RGB")
    assert image.getpixel((round(button.x) + 4, round(button.y + button.height / 2))) == (0x1F, 0x88, 0x3D)
    for name in ("spec.json", "report.json", "preview.png"):  # artifacts are immutable
        with pytest.raises(BlobExists):
            runtime.blobs.put_immutable(prefix + name, b"{}")

    document = DesignGenerationResults(runtime.docstore).get(SCOPE, GENERATION, 1)
    assert document is not None
    # the lineage envelope, as design_component carries it
    assert document["run_id"] == f"{GENERATION}.attempt-1"
    assert document["producer"] == "wf2des.design.generate"
    assert document["index_schema_version"] == 1
    assert isinstance(document["produced_at"], datetime)
    assert document["inputs"]["wireframe_source"] == "rest"
    assert document["inputs"]["figma_file_version"] == fake_figma.files["WorkFile1"].version
    assert document["inputs"]["libraries"] == [
        {
            "figma_file_key": "KitFile1",
            "version": fake_figma.files["KitFile1"].version,
            "components_synced_at": datetime(2026, 12, 1, 9, 30, tzinfo=UTC),
        }
    ]
    config = document["inputs"]["config"]
    assert config is not None
    assert (config["key"], config["version"]) == (stored.key, stored.version)
    assert len(config["sha256"]) == 64
    assert document["placement"]["design_area"] == {
        "node_id": "20:1",
        "name": "DESIGN",
        "page": "Design",
        "x": 0.0,
        "y": 1000.0,
        "width": 1200.0,
        "height": 800.0,
    }
    assert document["artifacts"]["spec_key"] == outcome.result_url
    assert document["artifacts"]["preview_key"] == prefix + "preview.png"
    assert document["flag_count"] == outcome.flag_count

    again = generate(_job(), runtime)  # a redelivered job reuses the artifact and writes nothing
    assert again.reused
    assert (again.result_url, again.flag_count) == (outcome.result_url, outcome.flag_count)
    assert (
        runtime.docstore[DESIGN_GENERATION_RESULT].count_documents({"design_generation_id": GENERATION}) == 1
    )


def test_a_snapshot_is_read_from_the_blob_store_with_its_annotations(runtime: WorkerRuntime) -> None:
    generation = "0190c0de-0000-7000-8000-00000000d002"
    frame = sample_working_document()["children"][0]["children"][0]["children"][0]
    key = design_snapshot_key(ORG, PROJECT, generation, 1)
    snapshot = {
        "schema": SNAPSHOT_SCHEMA,
        "figmaFileKey": "WorkFile1",
        "document": frame,
        "annotations": {"10:9": ["use Button, primary"]},
    }
    runtime.blobs.put_immutable(key, json.dumps(snapshot).encode())

    outcome = generate(_job(generation, snapshot_key=key), runtime)

    assert outcome.status == "completed", outcome
    document = DesignGenerationResults(runtime.docstore).get(SCOPE, generation, 1)
    assert document is not None
    assert document["inputs"]["wireframe_source"] == "snapshot"
    assert document["inputs"]["config"] is None  # no config: no DESIGN area either
    assert document["placement"]["design_area"] is None


def test_a_node_that_is_not_in_the_file_fails_with_a_classified_artifact(runtime: WorkerRuntime) -> None:
    generation = "0190c0de-0000-7000-8000-00000000d003"
    outcome = generate(_job(generation, wireframe_node_id="99:99"), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "wireframe_not_found")
    assert outcome.error_message == "the file has no node 99:99 (deleted, or not in this file)"
    failure = json.loads(runtime.blobs.get(outcome.result_url))
    assert failure == {
        "schema": "wf2des.design.failure/v1",
        "classification": "wireframe_not_found",
        "errorMessage": outcome.error_message,
    }
    assert DesignGenerationResults(runtime.docstore).get(SCOPE, generation, 1) is None
    assert generate(_job(generation, wireframe_node_id="99:99"), runtime).reused


def test_a_node_that_is_not_a_frame_fails(runtime: WorkerRuntime) -> None:
    outcome = generate(_job("0190c0de-0000-7000-8000-00000000d004", wireframe_node_id="10:3"), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "not_a_frame")
    assert outcome.error_message == "node 10:3 is a TEXT, not a wireframe frame"


def test_an_unresolvable_design_area_is_recorded_not_fatal(runtime: WorkerRuntime) -> None:
    config = {**CONFIG, "designArea": {"page": "Nowhere", "nodeNamePattern": "x"}}
    write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(config))
    generation = "0190c0de-0000-7000-8000-00000000d005"
    outcome = generate(_job(generation), runtime)
    assert outcome.status == "completed"
    document = DesignGenerationResults(runtime.docstore).get(SCOPE, generation, 1)
    assert document is not None
    assert document["placement"]["design_area"] is None
    assert "Nowhere" in str(document["placement"]["design_area_error"])


def test_a_snapshot_from_a_file_figma_does_not_show_is_designed_without_its_design_area(
    runtime: WorkerRuntime,
) -> None:
    """The plugin sent the wireframe: a working file this account cannot read costs only the DESIGN area."""
    write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(CONFIG))
    generation = "0190c0de-0000-7000-8000-00000000d00a"
    frame = sample_working_document()["children"][0]["children"][0]["children"][0]
    key = design_snapshot_key(ORG, PROJECT, generation, 1)
    snapshot = {"schema": SNAPSHOT_SCHEMA, "figmaFileKey": "GoneFile1", "document": frame, "annotations": {}}
    runtime.blobs.put_immutable(key, json.dumps(snapshot).encode())

    outcome = generate(_job(generation, snapshot_key=key, figma_file_key="GoneFile1"), runtime)

    assert outcome.status == "completed", outcome
    document = DesignGenerationResults(runtime.docstore).get(SCOPE, generation, 1)
    assert document is not None
    assert document["placement"]["design_area"] is None
    assert "working file could not be read" in str(document["placement"]["design_area_error"])
    # Over REST the wireframe itself lives in that file: there the same answer fails the generation.
    failed = generate(_job("0190c0de-0000-7000-8000-00000000d00b", figma_file_key="GoneFile1"), runtime)
    assert failed.status == "failed"


def test_a_wireframe_over_the_design_steps_bounds_fails_with_its_reason(runtime: WorkerRuntime) -> None:
    job = _job("0190c0de-0000-7000-8000-00000000d006", figma_file_key="BigFile1", wireframe_node_id="2:2")
    outcome = generate(job, runtime)
    assert (outcome.status, outcome.classification) == ("failed", "wireframe_too_large")
    assert outcome.error_message == f"The wireframe has more than {MAX_NODES} nodes."


def _without_token(runtime: WorkerRuntime) -> WorkerRuntime:
    settings = runtime.settings.model_copy(update={"figma_token": None})
    return WorkerRuntime(settings, runtime.worker_settings)


def _snapshot(runtime: WorkerRuntime, generation: str) -> str:
    frame = sample_working_document()["children"][0]["children"][0]["children"][0]
    key = design_snapshot_key(ORG, PROJECT, generation, 1)
    body = {"schema": SNAPSHOT_SCHEMA, "figmaFileKey": "WorkFile1", "document": frame, "annotations": {}}
    runtime.blobs.put_immutable(key, json.dumps(body).encode())
    return key


def test_without_a_token_a_project_with_a_library_cannot_be_designed(runtime: WorkerRuntime) -> None:
    offline = _without_token(runtime)
    try:
        generation = "0190c0de-0000-7000-8000-00000000d007"
        outcome = generate(_job(generation, snapshot_key=_snapshot(runtime, generation)), offline)
    finally:
        offline.close()
    assert (outcome.status, outcome.classification) == ("failed", "figma_unconfigured")


def test_without_a_token_a_snapshot_of_a_project_without_library_is_designed(runtime: WorkerRuntime) -> None:
    runtime.docstore[PROJECT_FIGMA_FILE].update_many({}, {"$set": {"role": int(FileRole.WORKING)}})
    write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(CONFIG))
    offline = _without_token(runtime)
    try:
        generation = "0190c0de-0000-7000-8000-00000000d008"
        outcome = generate(_job(generation, snapshot_key=_snapshot(runtime, generation)), offline)
        document = DesignGenerationResults(offline.docstore).get(SCOPE, generation, 1)
    finally:
        offline.close()
    assert outcome.status == "completed", outcome
    assert document is not None
    assert document["inputs"]["libraries"] == []
    assert document["placement"]["design_area"] is None
    assert "no Figma token" in str(document["placement"]["design_area_error"])


def test_an_unchanged_library_is_read_once_per_process_and_a_saved_one_again(
    runtime: WorkerRuntime, fake_figma: FakeFigma
) -> None:
    def library_reads() -> int:
        # no config here, so the working file is read only through /nodes: every whole-file read and
        # every variables read is the library's
        return fake_figma.requests["file"] + fake_figma.requests["variables"]

    fake_figma.reset_counts()
    assert generate(_job("0190c0de-0000-7000-8000-00000000d010"), runtime).status == "completed"
    first = library_reads()
    assert first == 2  # the file and its variables
    assert generate(_job("0190c0de-0000-7000-8000-00000000d011"), runtime).status == "completed"
    assert library_reads() == first  # only GET /meta: the version had not changed
    assert fake_figma.requests["meta"] == 2

    saved = fake_figma.files["KitFile1"].bump()
    generation = "0190c0de-0000-7000-8000-00000000d012"
    assert generate(_job(generation), runtime).status == "completed"
    assert library_reads() == 2 * first
    document = DesignGenerationResults(runtime.docstore).get(SCOPE, generation, 1)
    assert document is not None
    assert document["inputs"]["libraries"][0]["version"] == saved


@pytest.mark.parametrize(
    ("node_id", "classification"),
    [
        ("30:2", None),  # inside a section inside the area
        ("30:3", None),  # a top-level frame drawn over the area
        ("30:4", "outside_wf_area"),  # beside the area on its page
        ("30:5", "outside_wf_area"),  # on the design page
        ("30:1", "not_a_frame"),  # the area itself, a section
    ],
)
def test_over_rest_only_a_frame_in_the_wf_area_is_designed(
    runtime: WorkerRuntime, node_id: str, classification: str | None
) -> None:
    write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(CONFIG))
    generation = f"0190c0de-0000-7000-8000-0000000e{node_id.replace(':', '0'):0>4}"
    outcome = generate(_job(generation, figma_file_key="SpreadFile1", wireframe_node_id=node_id), runtime)
    assert outcome.status == ("completed" if classification is None else "failed"), outcome
    assert outcome.classification == classification
    if classification == "outside_wf_area":
        assert outcome.error_message == (
            f"node {node_id} is not in the WF area ('WF' on page 'Wireframes', the config's wfArea)"
        )


def test_over_rest_a_config_whose_wf_area_is_not_in_the_file_fails(runtime: WorkerRuntime) -> None:
    config = {**CONFIG, "wfArea": {"page": "Sketches", "nodeNamePattern": "^WF$"}}
    write_config(runtime.blobs, ORG, PROJECT, ProjectConfig.model_validate(config))
    outcome = generate(_job("0190c0de-0000-7000-8000-00000000d0f1"), runtime)
    assert (outcome.status, outcome.classification) == ("failed", "wf_area_not_found")
    assert outcome.error_message == "WF area: no page named 'Sketches' (pages: 'Wireframes', 'Design')"

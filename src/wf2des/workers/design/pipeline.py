"""One design generation, from a job envelope to immutable artifacts, a result document and a signed event.

    config (blob store) → wireframe (stored snapshot, or GET /nodes) → library files (GET file, variables,
    style nodes) → DESIGN area (GET file depth 2) → generate_design (pure) → validate the spec
    → put report.json, preview.png (instances drawn from their components) → design_generation_result
    (document store) → put spec.json
    → signed ``design_generation.completed``

The spec's key is the commit marker: written last, once. A redelivered job whose spec exists reuses it (its
document was written before it); one whose failure artifact exists reports that failure again. Two racing
deliveries resolve through the spec's conditional put: exactly one outcome either way.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jsonschema import ValidationError

from wf2des.assemble import ProjectConfig
from wf2des.core.errors import BlobExists, InvalidInput
from wf2des.core.logging import get_logger
from wf2des.core.safety import safe_message
from wf2des.design import DesignLibrary, generate_design
from wf2des.design.preview import render_design_preview_png
from wf2des.generator import spec_flag_count
from wf2des.generator.schema import validate_spec
from wf2des.integrations.docstore import ProjectFileRegistrations
from wf2des.integrations.docstore.design_results import DesignGenerationResults
from wf2des.integrations.docstore.records import (
    ConfigInputDocument,
    DesignAreaDocument,
    DesignPlacementDocument,
    ProjectFigmaFileDocument,
)
from wf2des.jobs.contract import DesignGenerationCompleted, DesignGenerationFailed, DesignGenerationJob
from wf2des.jobs.keys import design_failure_key, design_preview_key, design_report_key, design_spec_key
from wf2des.spec import DesignArea, Spec
from wf2des.workers.code2wf.deadline import Budget, BudgetExceeded
from wf2des.workers.design.failure import DesignFailed
from wf2des.workers.design.reads import (
    Inputs,
    Wireframe,
    library_registrations,
    read_config,
    read_figma,
    read_snapshot,
)
from wf2des.workers.generation_job import GenerationOutcome, record_failure, reuse
from wf2des.workers.runtime import WorkerRuntime

__all__ = ["FAILURE_SCHEMA", "DesignOutcome", "generate", "record_timeout"]

FAILURE_SCHEMA = "wf2des.design.failure/v1"
log = get_logger(__name__)


class DesignOutcome(GenerationOutcome):
    def event(self, attempt: int) -> DesignGenerationCompleted | DesignGenerationFailed:
        return self._event(attempt, DesignGenerationCompleted, DesignGenerationFailed)


@dataclass(frozen=True, slots=True)
class _Keys:
    spec: str
    report: str
    preview: str
    failure: str

    @classmethod
    def of(cls, job: DesignGenerationJob) -> _Keys:
        ids = (job.organization_id, job.project_id, job.design_generation_id, job.attempt)
        return cls(
            design_spec_key(*ids), design_report_key(*ids), design_preview_key(*ids), design_failure_key(*ids)
        )


def generate(job: DesignGenerationJob, runtime: WorkerRuntime, budget: Budget | None = None) -> DesignOutcome:
    """Produce (or reuse) the generation's single outcome. Never raises for a wireframe's problems."""
    budget = budget or Budget(runtime.worker_settings.job_timeout_s)
    keys = _Keys.of(job)
    existing = _existing(runtime, keys)
    if existing is not None:
        log.info("artifact exists; reusing it", status=existing.status)
        return existing
    timings: dict[str, float] = {}
    try:
        spec, report, inputs, config_input = _produce(job, runtime, budget, timings)
        body = _canonical(spec)
        if len(body) > runtime.worker_settings.max_spec_bytes:
            raise DesignFailed("the design would be larger than the spec size limit", "spec_too_large")
        budget.check()
    except (DesignFailed, BudgetExceeded) as failure:
        classification = failure.classification if isinstance(failure, DesignFailed) else "timeout"
        return _record_failure(runtime, keys, failure.detail, classification)
    started = time.perf_counter()
    _put_once(runtime, keys.report, _canonical(report), "application/json")
    preview = _write_preview(runtime, keys.preview, spec, inputs.library)
    flag_count = spec_flag_count(spec)
    DesignGenerationResults(runtime.docstore).record(
        job.scope(),
        design_generation_id=job.design_generation_id,
        attempt=job.attempt,
        figma_file_key=job.figma_file_key,
        wireframe_node_id=job.wireframe_node_id,
        inputs={
            "wireframe_source": inputs.wireframe.source,
            "figma_file_version": inputs.figma_file_version,
            "libraries": inputs.libraries,
            "config": config_input,
        },
        placement=_placement(job, inputs),
        artifacts={
            "spec_key": keys.spec,
            "spec_sha256": hashlib.sha256(body).hexdigest(),
            "report_key": keys.report,
            "preview_key": keys.preview if preview else None,
        },
        flag_count=flag_count,
        now=_now(),
    )
    try:
        runtime.blobs.put_immutable(keys.spec, body, "application/json")
    except BlobExists:
        raced = _existing(runtime, keys)
        assert raced is not None
        return raced
    timings["store_ms"] = (time.perf_counter() - started) * 1000
    return DesignOutcome("completed", keys.spec, flag_count=flag_count, timings_ms=timings)


def record_timeout(job: DesignGenerationJob, runtime: WorkerRuntime, message: str) -> DesignOutcome:
    """The outcome of a generation interrupted by the soft time limit (or the one that won a race)."""
    keys = _Keys.of(job)
    return _existing(runtime, keys) or _record_failure(runtime, keys, message, "timeout")


def _produce(
    job: DesignGenerationJob, runtime: WorkerRuntime, budget: Budget, timings: dict[str, float]
) -> tuple[Spec, dict[str, Any], Inputs, ConfigInputDocument | None]:
    started = time.perf_counter()
    config, config_input = read_config(runtime.blobs, job)
    snapshot = read_snapshot(runtime.blobs, job.snapshot_key) if job.snapshot_key else None
    libraries = library_registrations(ProjectFileRegistrations(runtime.docstore), job)
    inputs = _read_inputs(runtime, job, libraries, config, snapshot)
    timings["read_ms"] = (time.perf_counter() - started) * 1000
    budget.check()
    started = time.perf_counter()
    try:
        result = generate_design(
            inputs.wireframe.frame, inputs.library, config, annotations=inputs.wireframe.annotations or None
        )
    except InvalidInput as exc:  # over the design step's bounds, or not a frame: the wireframe's problem
        raise DesignFailed(safe_message(exc.detail), exc.code) from None
    spec = result.spec
    spec["placement"] = {
        "figmaFileKey": job.figma_file_key,
        "placementTarget": job.wireframe_node_id,
        "designArea": inputs.design_area,
    }
    timings["generate_ms"] = (time.perf_counter() - started) * 1000
    try:
        validate_spec(spec)  # the published contract with the plugin: never store a spec it cannot read
    except ValidationError as exc:
        log.error("design spec does not match the published schema", error=safe_message(str(exc), limit=300))
        raise DesignFailed("the generated design did not pass validation", "invalid_spec") from None
    return spec, dict(result.report), inputs, config_input


def _read_inputs(
    runtime: WorkerRuntime,
    job: DesignGenerationJob,
    libraries: list[ProjectFigmaFileDocument],
    config: ProjectConfig | None,
    snapshot: Wireframe | None,
) -> Inputs:
    """Figma is read only for what the generation needs: a snapshot of a project without library files
    or config is designed without a token (from the snapshot alone, with no DESIGN area)."""
    if job.figma_token is not None or runtime.settings.figma_token is not None:
        return read_figma(runtime.settings, job, libraries, config, snapshot, runtime.design_libraries)
    if snapshot is None or libraries:
        raise DesignFailed(
            "no Figma token is configured (WF2DES_FIGMA_TOKEN): the wireframe and the library cannot be read",
            "figma_unconfigured",
        )
    unresolved = "the DESIGN area was not resolved: no Figma token is configured (WF2DES_FIGMA_TOKEN)"
    return Inputs(
        snapshot, DesignLibrary.from_rest([]), [], None, None, unresolved if config is not None else None
    )


def _placement(job: DesignGenerationJob, inputs: Inputs) -> DesignPlacementDocument:
    placement: DesignPlacementDocument = {
        "figma_file_key": job.figma_file_key,
        "wireframe_node_id": job.wireframe_node_id,
        "design_area": _area_document(inputs.design_area),
    }
    if inputs.design_area_error is not None:
        placement["design_area_error"] = inputs.design_area_error
    return placement


def _area_document(area: DesignArea | None) -> DesignAreaDocument | None:
    if area is None:
        return None
    return {
        "node_id": area["nodeId"],
        "name": area["name"],
        "page": area["page"],
        "x": area["x"],
        "y": area["y"],
        "width": area["width"],
        "height": area["height"],
    }


def _existing(runtime: WorkerRuntime, keys: _Keys) -> DesignOutcome | None:
    return reuse(DesignOutcome, runtime.blobs, keys.spec, keys.failure)


def _record_failure(runtime: WorkerRuntime, keys: _Keys, message: str, classification: str) -> DesignOutcome:
    document = {"schema": FAILURE_SCHEMA, "classification": classification, "errorMessage": message}
    return record_failure(
        DesignOutcome,
        runtime.blobs,
        keys.spec,
        keys.failure,
        _canonical(document),
        message=message,
        classification=classification,
        logged="design generation failed",
    )


def _put_once(runtime: WorkerRuntime, key: str, body: bytes, content_type: str) -> None:
    """An artifact an earlier delivery of this job may already have written: the first one stays."""
    try:
        runtime.blobs.put_immutable(key, body, content_type)
    except BlobExists:
        log.info("artifact already written by an earlier delivery", key=key.rsplit("/", 1)[-1])


def _write_preview(runtime: WorkerRuntime, key: str, spec: Spec, library: DesignLibrary) -> bool:
    """Draw the design, instances from the library's component nodes (a convenience: a failure to draw never
    fails the generation)."""
    if not runtime.worker_settings.preview:
        return False
    try:
        png = render_design_preview_png(spec, library)
    except Exception as exc:
        log.warning("preview failed", error=type(exc).__name__)
        return False
    _put_once(runtime, key, png, "image/png")
    return True


def _canonical(document: Any) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":")).encode()


def _now() -> datetime:
    # the document store keeps milliseconds: truncate so what is written reads back identical
    stamp = datetime.now(UTC)
    return stamp.replace(microsecond=stamp.microsecond // 1000 * 1000)

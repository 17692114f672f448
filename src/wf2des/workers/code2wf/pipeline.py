"""One Code2WF generation, from a job envelope to an immutable artifact and a signed event.

    load manifest + files (blob store) → capture (warm Chromium) → convert (pure) → assemble
    (style bindings from the working file's and the library files' captures, with the kind, id, key and
    origin of each; library components as instances, by the config's rules and by name; placement from the
    project config)
    → put_immutable(spec.json) → signed ``code2wf.completed``

At-least-once delivery means a job can run twice. The artifact key names the generation and its attempt,
so a re-delivered job whose artifact exists reuses it and re-sends the same event (a no-op at the API).
If two deliveries race, the loser's ``put_immutable`` fails with ``BlobExists`` and it reports the
winner's artifact instead: exactly one outcome either way.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from typing import Any

from jsonschema import ValidationError

from wf2des.assemble import (
    AreaNotFound,
    CaptureFile,
    ProjectConfig,
    apply_bindings,
    capture_files,
    design_area,
    merge_captures,
    style_bindings,
)
from wf2des.assemble.components import map_components
from wf2des.assemble.hints import element_hints
from wf2des.assemble.library import LibraryComponent
from wf2des.core.errors import BlobExists, BlobNotFound, ConfigError, Wf2desError
from wf2des.core.logging import get_logger
from wf2des.core.safety import safe_message
from wf2des.generator import CaptureResult, convert, spec_flag_count
from wf2des.generator.preview import render_preview_png
from wf2des.generator.schema import validate_spec
from wf2des.integrations.blobs.project_config import InvalidStoredConfig, read_current_config
from wf2des.integrations.browser import CaptureError, CaptureTimeout
from wf2des.integrations.docstore import PROJECT_FIGMA_FILE, FileRole
from wf2des.integrations.docstore.design_components import project_library
from wf2des.integrations.figma import FigmaError, client_from_settings
from wf2des.jobs.contract import Code2wfCompleted, Code2wfFailed, Code2wfJob
from wf2des.jobs.keys import failure_key, file_key, preview_key, spec_key
from wf2des.spec import DesignArea, Outcome, Screen, ScreenStats, Spec, outcome
from wf2des.workers.code2wf.deadline import Budget, BudgetExceeded
from wf2des.workers.code2wf.limits import cap_text, flag_truncation
from wf2des.workers.generation_job import GenerationOutcome, record_failure, reuse
from wf2des.workers.runtime import WorkerRuntime

__all__ = ["GenerationFailed", "GenerationResult", "generate", "record_timeout"]

log = get_logger(__name__)


class GenerationFailed(Wf2desError):
    """A failure with a safe, specific message and a machine-readable classification."""

    code = "generation_failed"

    def __init__(self, detail: str, classification: str) -> None:
        super().__init__(detail)
        self.classification = classification


class GenerationResult(GenerationOutcome):
    def event(self, attempt: int) -> Code2wfCompleted | Code2wfFailed:
        return self._event(attempt, Code2wfCompleted, Code2wfFailed)


def generate(job: Code2wfJob, runtime: WorkerRuntime, budget: Budget | None = None) -> GenerationResult:
    """Produce (or reuse) the generation's single result. Never raises for page problems."""
    budget = budget or Budget(runtime.worker_settings.job_timeout_s)
    limits = runtime.worker_settings
    blobs = runtime.blobs
    ok_key = spec_key(job.organization_id, job.project_id, job.code2wf_id, job.attempt)
    bad_key = failure_key(job.organization_id, job.project_id, job.code2wf_id, job.attempt)
    existing = _existing_result(runtime, ok_key, bad_key)
    if existing is not None:
        log.info("artifact exists; reusing it", status=existing.status)
        return existing
    try:
        spec, timings = _produce(job, runtime, budget)
        body = json.dumps(spec, sort_keys=True, separators=(",", ":")).encode()
        if len(body) > limits.max_spec_bytes:
            raise GenerationFailed(
                f"the wireframe would be larger than {_size(limits.max_spec_bytes)}", "spec_too_large"
            )
        budget.check()
    except (GenerationFailed, BudgetExceeded) as failure:
        return _record_failure(runtime, bad_key, ok_key, failure.detail, failure.classification)
    except CaptureError as failure:
        return _record_failure(runtime, bad_key, ok_key, safe_message(failure.detail), failure.classification)
    started = time.perf_counter()
    try:
        blobs.put_immutable(ok_key, body, "application/json")
    except BlobExists:
        raced = _existing_result(runtime, ok_key, bad_key)
        assert raced is not None
        return raced
    timings["upload_ms"] = (time.perf_counter() - started) * 1000
    if runtime.worker_settings.preview and budget.remaining() > 0:
        started = time.perf_counter()
        _write_preview(runtime, job, spec)
        timings["preview_ms"] = (time.perf_counter() - started) * 1000
    return GenerationResult("completed", ok_key, flag_count=spec_flag_count(spec), timings_ms=timings)


def _size(limit: int) -> str:
    return f"{limit / 2**20:.1f} MiB" if limit >= 2**20 else f"{limit:,} bytes"


def record_timeout(job: Code2wfJob, runtime: WorkerRuntime, message: str) -> GenerationResult:
    """The result of a generation interrupted by the soft time limit (or the one that won a race)."""
    ok_key = spec_key(job.organization_id, job.project_id, job.code2wf_id, job.attempt)
    bad_key = failure_key(job.organization_id, job.project_id, job.code2wf_id, job.attempt)
    existing = _existing_result(runtime, ok_key, bad_key)
    if existing is not None:
        return existing
    return _record_failure(runtime, bad_key, ok_key, message, "timeout")


def _existing_result(runtime: WorkerRuntime, ok_key: str, bad_key: str) -> GenerationResult | None:
    return reuse(GenerationResult, runtime.blobs, ok_key, bad_key)


def _record_failure(
    runtime: WorkerRuntime, bad_key: str, ok_key: str, message: str, classification: str
) -> GenerationResult:
    document = {
        "schema": "wf2des.code2wf.failure/v1",
        "classification": classification,
        "errorMessage": message,
    }
    body = json.dumps(document, sort_keys=True).encode()
    return record_failure(
        GenerationResult,
        runtime.blobs,
        ok_key,
        bad_key,
        body,
        message=message,
        classification=classification,
        logged="generation failed",
    )


def _produce(job: Code2wfJob, runtime: WorkerRuntime, budget: Budget) -> tuple[Spec, dict[str, float]]:
    limits = runtime.worker_settings
    timings: dict[str, float] = {}
    started = time.perf_counter()
    entry, files, manifest_hash = _load_import(job, runtime)
    timings["load_ms"] = (time.perf_counter() - started) * 1000
    budget.check()
    started = time.perf_counter()
    try:
        capture = runtime.browser.capture(
            files,
            entry,
            [job.viewport_width],
            timeout_s=budget.remaining(),
            max_elements=limits.max_elements,
        )
    except CaptureTimeout:  # the browser had what was left of the budget; name the whole budget
        raise GenerationFailed(
            f"the page did not finish loading within {budget.seconds:g} s", "timeout"
        ) from None
    timings["capture_ms"] = (time.perf_counter() - started) * 1000
    budget.check()
    started = time.perf_counter()
    cut = cap_text(capture, limits.max_text_chars)
    if cut.total_chars > limits.max_spec_text_chars:
        raise GenerationFailed(
            f"the page has more than {limits.max_spec_text_chars:,} characters of text", "too_much_text"
        )
    spec = convert(cut.capture, source_entry=entry, manifest_sha256=manifest_hash, check=budget.check)
    flag_truncation(spec, cut.truncated, limits.max_text_chars)
    _name_screens(spec, job.screen_id)
    timings["convert_ms"] = (time.perf_counter() - started) * 1000
    budget.check()
    started = time.perf_counter()
    spec = _assemble(job, runtime, spec, cut.capture)
    timings["assemble_ms"] = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    try:
        validate_spec(spec)  # the published contract with the plugin: never store a spec it cannot read
        timings["validate_ms"] = (time.perf_counter() - started) * 1000
    except ValidationError as exc:
        log.error(
            "generated spec does not match the published schema", error=safe_message(str(exc), limit=300)
        )
        raise GenerationFailed("the generated wireframe did not pass validation", "invalid_spec") from None
    return spec, timings


def _name_screens(spec: Spec, screen_id: str) -> None:
    """Rename the screens to the generation's ``screen_id`` everywhere (suffixed by width if several)."""
    screens = spec["screens"]
    renamed = {
        screen["screenId"]: screen_id if len(screens) == 1 else f"{screen_id}-{screen['viewport']['width']}"
        for screen in screens
    }
    entries: list[Screen | ScreenStats | Outcome] = [*screens, *spec["stats"]["screens"], *spec["outcomes"]]
    for entry in entries:
        old = entry["screenId"]
        if old is not None and old in renamed:
            entry["screenId"] = renamed[old]


def _load_import(job: Code2wfJob, runtime: WorkerRuntime) -> tuple[str, dict[str, bytes], str]:
    blobs = runtime.blobs
    try:
        raw = blobs.get(job.manifest_url)
    except BlobNotFound:
        raise GenerationFailed("the import's manifest is missing", "import_missing") from None
    try:
        manifest = json.loads(raw)
        entry = str(manifest["entry"])
        listed = [(str(f["path"]), str(f["sha256"])) for f in manifest["files"]]
    except (ValueError, KeyError, TypeError):
        raise GenerationFailed("the import's manifest is malformed", "import_corrupt") from None
    if entry not in {path for path, _ in listed}:
        raise GenerationFailed("the import has no entry file", "no_entry")
    files: dict[str, bytes] = {}
    for path, digest in listed:
        try:
            data = blobs.get(file_key(job.manifest_url, digest))
        except BlobNotFound:
            raise GenerationFailed(f"the import's file {path!r} is missing", "import_missing") from None
        if hashlib.sha256(data).hexdigest() != digest:
            raise GenerationFailed(f"the import's file {path!r} does not match its hash", "import_corrupt")
        files[path] = data
    return entry, files, hashlib.sha256(raw).hexdigest()


def _assemble(job: Code2wfJob, runtime: WorkerRuntime, spec: Spec, capture: CaptureResult) -> Spec:
    """Style bindings (and their details) from the captures; library components; placement from the config."""
    config = _project_config(job, runtime)
    spec = _library_components(job, runtime, spec, capture, config)
    captures = merge_captures(_capture_files(job, runtime))
    if captures.ids or config is not None:
        aliases = config.token_aliases if config is not None else None
        spec = apply_bindings(spec, style_bindings(spec, captures.ids, aliases), captures)
    area, problem = _design_area(job, runtime, config)
    spec["placement"] = {
        "figmaFileKey": job.figma_file_key,
        "placementTarget": job.placement_target,
        "designArea": area,
    }
    if problem is not None:
        unresolved = outcome("placement:design-area", "design_area_unresolved", problem)
        spec["outcomes"] = [*spec["outcomes"], unresolved]
        spec["flagCount"] = spec_flag_count(spec)
    return spec


def _capture_files(job: Code2wfJob, runtime: WorkerRuntime) -> list[CaptureFile]:
    """The working file's own captures first (usable by id), then each library file's, by key."""
    docs = runtime.docstore[PROJECT_FIGMA_FILE].find(
        {
            "organization_id": job.organization_id,
            "project_id": job.project_id,
            "$or": [{"role": int(FileRole.LIBRARY)}, {"figma_file_key": job.figma_file_key}],
        },
        {"style_captures": 1, "style_capture_keys": 1, "color_capture_source": 1, "figma_file_key": 1},
    )
    return capture_files(docs, job.figma_file_key)


def _library_components(
    job: Code2wfJob,
    runtime: WorkerRuntime,
    spec: Spec,
    capture: CaptureResult,
    config: ProjectConfig | None,
) -> Spec:
    """Elements → instances of the project's library components (none recorded and no rules: unchanged)."""
    docs = project_library(runtime.docstore, job.scope())
    rules = config.components if config is not None else []
    if not docs and not rules:
        return spec
    library = [LibraryComponent.from_document(doc) for doc in docs]
    return map_components(spec, library, rules, element_hints(spec, capture)).spec


def _design_area(
    job: Code2wfJob, runtime: WorkerRuntime, config: ProjectConfig | None
) -> tuple[DesignArea | None, str | None]:
    """The DESIGN-area rectangle of the target file, read from Figma (depth 2: pages and their top nodes)."""
    if config is None:
        return None, None
    if job.figma_token is None and runtime.settings.figma_token is None:
        return None, "the DESIGN area was not resolved: the organization has not connected Figma"

    async def fetch() -> dict[str, Any]:
        async with client_from_settings(runtime.settings, job_token=job.figma_token) as figma:
            return (await figma.get_file(job.figma_file_key, depth=2)).document

    try:
        document = asyncio.run(fetch())
        area = design_area(config, document)
    except AreaNotFound as exc:
        return None, exc.detail
    except (FigmaError, ConfigError) as exc:
        return None, safe_message(
            f"the DESIGN area was not resolved: the Figma file could not be read ({exc})"
        )
    return area, None


def _project_config(job: Code2wfJob, runtime: WorkerRuntime) -> ProjectConfig | None:
    """The project's current ingest config (the same reader the API uses), or None."""
    try:
        stored = read_current_config(runtime.blobs, job.organization_id, job.project_id)
    except InvalidStoredConfig:
        log.warning("project config is invalid; ignoring it")
        return None
    return stored.config if stored is not None else None


def _write_preview(runtime: WorkerRuntime, job: Code2wfJob, spec: Spec) -> None:
    key = preview_key(job.organization_id, job.project_id, job.code2wf_id, job.attempt)
    try:
        runtime.blobs.put_immutable(key, render_preview_png(spec), "image/png")
    except BlobExists:
        pass
    except Exception as exc:  # a preview is a convenience; it never fails the generation
        log.warning("preview failed", error=type(exc).__name__)

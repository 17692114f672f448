"""``component_sweep``: walk a project's registered Figma files and sweep each one under its marker.

One file, in order (see ``sweep_writer`` for the marker): acquire the marker (held → "in flight", skipped, not
waited on) → ``GET meta``; if ``version`` equals the version the last successful sweep certified, finish at
once (one Figma request) → ``GET file?depth=1`` → local variables (403 → fall back to FILL styles) → style
nodes in batches of ≤ 400 → component set and plain component nodes (sizes, text layers, property
definitions; one id per set, so ≤ ⌈components ÷ 400⌉ requests) → upsert components in batches, mark missing
ones removed → write ``style_captures`` with its keys and ``design_tokens`` →
**last**, one conditional update of the watermark that also releases the marker.

The lease is renewed at every step and by a background task while Figma calls are awaited (a 429 may legally
make us wait longer than the lease); a failed renewal stops the sweep with nothing more written.
``checkpoint(step)`` is called between steps (tests use it to pause or kill a sweeper at a chosen point).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal, TypeVar

from pymongo.database import Database
from pymongo.errors import PyMongoError

from wf2des.core.errors import NotFound, Wf2desError
from wf2des.core.logging import get_logger
from wf2des.core.tenancy import ProjectScope
from wf2des.integrations.docstore.design_components import DesignComponents, FileScope
from wf2des.integrations.docstore.project_files import FileRole, ProjectFileRegistrations
from wf2des.integrations.docstore.records import ProjectFigmaFileDocument
from wf2des.integrations.docstore.sweep_writer import Marker, SweepMarkerLost, SweepWriter
from wf2des.integrations.figma import FigmaClient, FileIndex, VariablesUnavailable
from wf2des.workers.component_sweep.captures import build_captures, component_records, style_ids_to_fetch
from wf2des.workers.component_sweep.component_nodes import node_ids_to_fetch
from wf2des.workers.component_sweep.design_tokens import design_tokens

__all__ = ["COMPONENT_BATCH", "FileSummary", "Status", "sweep_file", "sweep_project"]

COMPONENT_BATCH = 250
Status = Literal["synced", "unchanged", "in_flight", "failed", "lost"]
Checkpoint = Callable[[str], None]
T = TypeVar("T")
_log = get_logger("wf2des.component_sweep")


@dataclass
class FileSummary:
    figma_file_key: str
    role: str
    status: Status = "synced"
    version: str | None = None
    requests: int = 0
    components_written: int = 0
    components_removed: int = 0
    captures: int = 0
    component_sets: int = 0
    variables: int = 0
    text_styles: int = 0
    variables_fallback: bool = False
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _no_checkpoint(_step: str) -> None:
    return None


async def sweep_project(
    scope: ProjectScope,
    *,
    db: Database[Any],
    figma: FigmaClient,
    run_id: str,
    figma_file_key: str | None = None,
    writer: SweepWriter | None = None,
    checkpoint: Checkpoint = _no_checkpoint,
) -> list[FileSummary]:
    """Sweep the project's working and library files (through the (org, project, role) index), one by one."""
    files = ProjectFileRegistrations(db).list(scope)
    if figma_file_key is not None:
        files = [f for f in files if f["figma_file_key"] == figma_file_key]
        if not files:
            raise NotFound(f"file {figma_file_key} is not registered in project {scope.project_id}")
    writer = writer or SweepWriter(db)
    return [
        await sweep_file(scope, doc, db=db, figma=figma, run_id=run_id, writer=writer, checkpoint=checkpoint)
        for doc in files
    ]


async def sweep_file(
    scope: ProjectScope,
    doc: ProjectFigmaFileDocument,
    *,
    db: Database[Any],
    figma: FigmaClient,
    run_id: str,
    writer: SweepWriter | None = None,
    checkpoint: Checkpoint = _no_checkpoint,
) -> FileSummary:
    """Sweep one registered file of ``scope``'s project; its components are written under ``scope``."""
    if (doc["organization_id"], doc["project_id"]) != (scope.organization_id, scope.project_id):
        # The components would land in another project than the marker's document: a caller's bug.
        raise ValueError(f"file {doc['figma_file_key']} is not registered in project {scope.project_id}")
    writer = writer or SweepWriter(db)
    key = str(doc["figma_file_key"])
    summary = FileSummary(key, FileRole(int(doc.get("role", 0))).name.lower())
    marker = writer.acquire(str(doc["_id"]))
    if marker is None:
        summary.status = "in_flight"
        return summary
    holder = _Holder(writer, marker, checkpoint)
    started = figma.requests
    try:
        holder.step("acquired")
        await _sweep_body(doc, FileScope(scope, key), summary, holder, db=db, figma=figma, run_id=run_id)
    except SweepMarkerLost:
        summary.status = "lost"
    except Exception as exc:  # recorded as sweep_error; a killed process instead leaves the marker to expire
        summary.status = "failed"
        summary.error = _describe(exc)
        with contextlib.suppress(SweepMarkerLost):
            writer.fail(holder.marker, summary.error)
    finally:
        summary.requests = figma.requests - started
    _log.info("component_sweep.file", run_id=run_id, **summary.as_dict())
    return summary


def _describe(exc: Exception) -> str:
    if isinstance(exc, Wf2desError):
        return exc.detail
    if isinstance(exc, PyMongoError):
        return f"document store error: {type(exc).__name__}"
    return f"unexpected error: {type(exc).__name__}: {exc}"


class _Holder:
    """The marker we hold: renewed at every step; ``lost`` once a renewal failed."""

    def __init__(self, writer: SweepWriter, marker: Marker, checkpoint: Checkpoint) -> None:
        self.writer = writer
        self.marker = marker
        self._checkpoint = checkpoint

    def step(self, name: str) -> None:
        self._checkpoint(name)
        self.marker = self.writer.renew(self.marker)

    async def guard(self, work: Coroutine[Any, Any, T]) -> T:
        """Await ``work`` while renewing the lease in the background; a lost marker cancels the work."""
        task = asyncio.ensure_future(work)
        interval = max(0.05, self.writer.lease.total_seconds() / 3)
        while True:
            done, _ = await asyncio.wait({task}, timeout=interval)
            if done:
                return task.result()
            try:
                self.marker = await asyncio.to_thread(self.writer.renew, self.marker)
            except SweepMarkerLost:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
                raise


async def _sweep_body(
    doc: ProjectFigmaFileDocument,
    scope: FileScope,
    summary: FileSummary,
    holder: _Holder,
    *,
    db: Database[Any],
    figma: FigmaClient,
    run_id: str,
) -> None:
    key = summary.figma_file_key
    meta = await holder.guard(figma.get_file_meta(key))
    summary.version = meta.version
    # A file swept before keys and design tokens were recorded is swept again once, even when unchanged, to
    # gain them (and the component fields written with them).
    if (
        doc.get("components_synced_at") is not None
        and doc.get("swept_version") == meta.version
        and "style_capture_keys" in doc
        and "design_tokens" in doc
    ):
        holder.step("before_complete")
        holder.writer.complete(holder.marker, version=meta.version)
        summary.status = "unchanged"
        summary.captures = len(doc.get("style_captures") or {})
        return
    index = await holder.guard(figma.get_file(key, depth=1))
    summary.version = index.version
    try:
        variables = await holder.guard(figma.get_local_variables(key))
    except VariablesUnavailable:
        variables = None
        summary.variables_fallback = True
        _log.info("component_sweep.variables_fallback", figma_file_key=key)
    nodes = await holder.guard(figma.get_nodes(key, style_ids_to_fetch(index, fallback=variables is None)))
    captures = build_captures(index, nodes, variables)
    tokens = design_tokens(index, nodes, variables)
    component_nodes = await _component_nodes(index, holder, figma)
    holder.step("fetched")

    components = DesignComponents(db)
    records = component_records(index, component_nodes)
    for batch in _chunks(records, COMPONENT_BATCH):
        summary.components_written += components.upsert(
            scope, holder.marker, run_id, batch, holder.writer.now()
        )
        holder.step("component_batch")
    present = [r.component_key for r in records]
    summary.components_removed = components.mark_removed(
        scope, holder.marker, run_id, present, holder.writer.now()
    )
    holder.step("components")
    holder.writer.write_captures(
        holder.marker,
        captures.tokens,
        {token: key.as_document() for token, key in captures.keys.items()},
        captures.color_source,
        tokens,
    )
    summary.captures = len(captures.tokens)
    summary.component_sets = len({r.component_set_id for r in records if r.component_set_id})
    summary.variables = len(tokens["variables"])
    summary.text_styles = len(tokens["text_styles"])
    holder.step("captures")
    holder.step("before_complete")
    holder.writer.complete(holder.marker, version=index.version)


async def _component_nodes(index: FileIndex, holder: _Holder, figma: FigmaClient) -> dict[str, Any]:
    """Component set and plain component nodes (sizes, text layers, property definitions): at most
    ⌈components ÷ 400⌉ requests, none for a file without components."""
    ids = node_ids_to_fetch(index)
    if not ids:
        return {}
    return await holder.guard(figma.get_nodes(index.key, ids))


def _chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]

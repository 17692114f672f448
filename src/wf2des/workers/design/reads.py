"""Everything a design generation reads before the pure core runs: the wireframe (the plugin's stored
snapshot, or the frame over REST), the project's library files (their REST answers), the working file's
pages for the DESIGN area, and the project config.

All Figma reads of one generation share one client (one pacing budget) inside one event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from wf2des.assemble import AreaNotFound, ProjectConfig, design_area, wf_area
from wf2des.core.errors import BlobNotFound
from wf2des.core.safety import safe_message
from wf2des.core.settings import Settings
from wf2des.design import DesignLibrary, LibraryFileRest
from wf2des.integrations.blobs import BlobStore
from wf2des.integrations.blobs.project_config import InvalidStoredConfig, StoredConfig, read_current_config
from wf2des.integrations.docstore import FileRole, ProjectFileRegistrations
from wf2des.integrations.docstore.records import (
    ConfigInputDocument,
    LibraryInputDocument,
    ProjectFigmaFileDocument,
)
from wf2des.integrations.figma import (
    FigmaClient,
    FigmaError,
    FigmaForbidden,
    FigmaNotFound,
    VariablesUnavailable,
    client_from_settings,
)
from wf2des.jobs.contract import DesignGenerationJob
from wf2des.jobs.snapshot import SNAPSHOT_SCHEMA, WIREFRAME_TYPES
from wf2des.spec import DesignArea
from wf2des.workers.design.failure import DesignFailed
from wf2des.workers.design.library_cache import LibraryCache

__all__ = ["Inputs", "Wireframe", "library_registrations", "read_config", "read_figma", "read_snapshot"]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Wireframe:
    frame: JSON
    annotations: dict[str, list[str]]
    source: Literal["rest", "snapshot"]


@dataclass(frozen=True, slots=True)
class Inputs:
    """What the worker read from Figma for one generation."""

    wireframe: Wireframe
    library: DesignLibrary
    libraries: list[LibraryInputDocument]
    figma_file_version: str | None
    design_area: DesignArea | None
    design_area_error: str | None


def read_config(
    blobs: BlobStore, job: DesignGenerationJob
) -> tuple[ProjectConfig | None, ConfigInputDocument | None]:
    """The project's current config and what identifies it (key, version, hash of its canonical JSON)."""
    try:
        stored: StoredConfig | None = read_current_config(blobs, job.organization_id, job.project_id)
    except InvalidStoredConfig as exc:
        raise DesignFailed(exc.detail, "config_invalid") from None
    if stored is None:
        return None, None
    canonical = stored.config.model_dump_json(by_alias=True, exclude_none=True).encode()
    return stored.config, {
        "key": stored.key,
        "version": stored.version,
        "sha256": hashlib.sha256(canonical).hexdigest(),
    }


def read_snapshot(blobs: BlobStore, key: str) -> Wireframe:
    """The plugin's upload as the API stored it (checked there: one frame, bounded)."""
    try:
        stored = json.loads(blobs.get(key))
    except BlobNotFound:
        raise DesignFailed("the uploaded wireframe snapshot is missing", "snapshot_missing") from None
    if not isinstance(stored, dict) or stored.get("schema") != SNAPSHOT_SCHEMA:
        raise DesignFailed("the uploaded wireframe snapshot is not readable", "snapshot_corrupt")
    return Wireframe(stored["document"], stored.get("annotations") or {}, "snapshot")


def read_figma(
    settings: Settings,
    job: DesignGenerationJob,
    libraries: list[ProjectFigmaFileDocument],
    config: ProjectConfig | None,
    snapshot: Wireframe | None,
    cache: LibraryCache,
) -> Inputs:
    """Every Figma read of one generation, through one client on one event loop."""
    return asyncio.run(_read_figma(settings, job, libraries, config, snapshot, cache))


async def _read_figma(
    settings: Settings,
    job: DesignGenerationJob,
    libraries: list[ProjectFigmaFileDocument],
    config: ProjectConfig | None,
    snapshot: Wireframe | None,
    cache: LibraryCache,
) -> Inputs:
    async with client_from_settings(settings, job_token=job.figma_token) as client:
        try:
            wireframe, version = (snapshot, None) if snapshot is not None else await _frame(client, job)
            area, area_error, pages_version = await _design_area(
                client, job, config, None if snapshot is not None else wireframe.frame
            )
            library, versions = await _library(client, [r["figma_file_key"] for r in libraries], cache)
        except FigmaError as exc:
            raise DesignFailed(
                safe_message(f"Figma could not be read: {exc.detail}"), "figma_error"
            ) from None
    read: list[LibraryInputDocument] = [
        {
            "figma_file_key": registration["figma_file_key"],
            "version": versions[registration["figma_file_key"]],
            "components_synced_at": registration.get("components_synced_at"),
        }
        for registration in libraries
    ]
    return Inputs(wireframe, library, read, version or pages_version, area, area_error)


async def _library(
    client: FigmaClient, keys: list[str], cache: LibraryCache
) -> tuple[DesignLibrary, dict[str, str]]:
    """The project's library at its files' current versions: one ``GET /meta`` per file, and a file's REST
    answers only for a version this process has not read yet (``library_cache``)."""
    current = {key: (await client.get_file_meta(key)).version for key in keys}
    library = cache.library(tuple(sorted(current.items())))
    if library is not None:
        return library, current
    files = []
    for key in keys:
        rest = cache.file(key, current[key])
        if rest is None:
            # the file may have been saved since /meta: keep the version its own answer carries
            rest, current[key] = await _library_file(client, key)
            cache.remember_file(key, current[key], rest)
        files.append(rest)
    library = DesignLibrary.from_rest(files)
    cache.remember_library(tuple(sorted(current.items())), library)
    return library, current


async def _frame(client: FigmaClient, job: DesignGenerationJob) -> tuple[Wireframe, str | None]:
    answer = await client.get_nodes_json(job.figma_file_key, [job.wireframe_node_id])
    entry = answer["nodes"].get(job.wireframe_node_id)
    document = entry.get("document") if isinstance(entry, dict) else None
    if not isinstance(document, dict):
        raise DesignFailed(
            f"the file has no node {job.wireframe_node_id} (deleted, or not in this file)",
            "wireframe_not_found",
        )
    if document.get("type") not in WIREFRAME_TYPES:
        raise DesignFailed(
            f"node {job.wireframe_node_id} is a {document.get('type')}, not a wireframe frame",
            "not_a_frame",
        )
    version = answer.get("version")
    return Wireframe(document, {}, "rest"), version if isinstance(version, str) else None


async def _design_area(
    client: FigmaClient, job: DesignGenerationJob, config: ProjectConfig | None, rest_frame: JSON | None
) -> tuple[DesignArea | None, str | None, str | None]:
    """The config's DESIGN area in the working file (its pages and their top nodes: depth 2); a frame read
    over REST (``rest_frame``) must also lie in the config's WF area.

    A snapshot already holds the wireframe, and the plugin that sent it places the design beside it: a
    working file this organization's Figma account cannot read then only leaves the DESIGN area unresolved
    (said in the placement), rather than failing a design that needs nothing else from that file.
    """
    if config is None:
        return None, None, None
    try:
        body = await client.get_file_json(job.figma_file_key, depth=2)
    except (FigmaNotFound, FigmaForbidden) as exc:
        if rest_frame is not None:
            raise
        return None, safe_message(f"the working file could not be read: {exc.detail}"), None
    if rest_frame is not None:
        await _require_in_wf_area(client, job, config, body["document"], rest_frame)
    try:
        return design_area(config, body["document"]), None, body["version"]
    except AreaNotFound as exc:
        return None, exc.detail, body["version"]


async def _require_in_wf_area(
    client: FigmaClient, job: DesignGenerationJob, config: ProjectConfig, document: JSON, frame: JSON
) -> None:
    """A wireframe read over REST is one the config's WF area holds: a top-level frame of the area's page
    drawn over the area (its centre inside), or a node inside the area node, down to a section in the area
    (the area's subtree two levels deep: one more request). Anything else is refused, so a generation never
    turns an arbitrary frame of the file (a finished design, another team's page) into a design."""
    try:
        area = wf_area(config, document)
    except AreaNotFound as exc:
        raise DesignFailed(exc.detail, "wf_area_not_found") from None
    node_id = job.wireframe_node_id
    outside = DesignFailed(
        f"node {node_id} is not in the WF area "
        f"({area['name']!r} on page {area['page']!r}, the config's wfArea)",
        "outside_wf_area",
    )
    if node_id == area["nodeId"]:
        raise outside
    page = next(p for p in document.get("children") or [] if p.get("name") == area["page"])
    if any(top.get("id") == node_id for top in page.get("children") or []):
        box = frame.get("absoluteBoundingBox") or {}
        centre_x = float(box.get("x", 0)) + float(box.get("width", 0)) / 2
        centre_y = float(box.get("y", 0)) + float(box.get("height", 0)) / 2
        if not (
            area["x"] <= centre_x <= area["x"] + area["width"]
            and area["y"] <= centre_y <= area["y"] + area["height"]
        ):
            raise outside
        return
    answer = await client.get_nodes_json(job.figma_file_key, [area["nodeId"]], depth=2)
    entry = answer["nodes"].get(area["nodeId"])
    subtree = entry.get("document") if isinstance(entry, dict) else None
    if not isinstance(subtree, dict) or not any(n.get("id") == node_id for n in _descendants(subtree)):
        raise outside


def _descendants(node: JSON) -> Iterator[JSON]:
    for child in node.get("children") or []:
        if isinstance(child, dict):
            yield child
            yield from _descendants(child)


async def _library_file(client: FigmaClient, key: str) -> tuple[LibraryFileRest, str]:
    """One library file as the core reads it: the whole file with its vectors' paths (the preview draws
    icons from them), its variables (None on 403), its style nodes."""
    file = await client.get_file_json(key, geometry=True)
    try:
        variables: JSON | None = await client.get_local_variables_json(key)
    except VariablesUnavailable:
        variables = None
    style_ids = sorted(file.get("styles") or {})
    style_nodes = await client.get_nodes_json(key, style_ids) if style_ids else {"nodes": {}}
    return LibraryFileRest(key, file, variables, style_nodes), str(file["version"])


def library_registrations(
    registrations: ProjectFileRegistrations, job: DesignGenerationJob
) -> list[ProjectFigmaFileDocument]:
    """The project's registered library files (role 1), in file-key order."""
    return registrations.list(job.scope(), FileRole.LIBRARY)

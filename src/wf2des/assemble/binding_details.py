"""What the plugin needs to bind each token: kind, id, key, and whether it is local or from a library.

A style or variable id is only meaningful inside its own file. The working file's own captures (``local``)
can be used by id; a library file's (``library``) must be imported by key (``importStyleByKeyAsync``,
``variables.importVariableByKeyAsync``), which works only for published assets. Captures are merged in the
order given — the working file first, then the library files by key — and the first file to capture a token
owns it.

Per file, ``colorSource`` says whether its colours were captured from variables or, when the Variables REST
API was refused (it needs Figma Enterprise), from colour styles; ``null`` for a file swept before this was
recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wf2des.assemble.tokens import parse_token
from wf2des.core.errors import InvalidInput
from wf2des.spec import ColorSource, Origin, StyleBindingDetail, StyleSource

if TYPE_CHECKING:
    from wf2des.assemble.bindings import BindingResult

__all__ = [
    "CaptureFile",
    "MergedCaptures",
    "binding_details",
    "capture_files",
    "merge_captures",
    "style_sources",
]


@dataclass(frozen=True)
class CaptureFile:
    """One swept file's captures as ``project_figma_file`` holds them."""

    figma_file_key: str
    origin: Origin
    captures: Mapping[str, str]
    keys: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    color_source: str | None = None


@dataclass(frozen=True)
class MergedCaptures:
    ids: dict[str, str]  # capture token → Figma id: what ``style_bindings`` matches against
    owners: dict[str, CaptureFile]  # capture token → the file it came from
    files: list[CaptureFile]


def capture_files(documents: Iterable[Mapping[str, Any]], working_file_key: str) -> list[CaptureFile]:
    """``project_figma_file`` documents → capture files: the working file first, then libraries by key."""
    files = [
        CaptureFile(
            figma_file_key=str(doc["figma_file_key"]),
            origin="local" if doc["figma_file_key"] == working_file_key else "library",
            captures=doc.get("style_captures") or {},
            keys=doc.get("style_capture_keys") or {},
            color_source=doc.get("color_capture_source"),
        )
        for doc in documents
    ]
    return sorted(files, key=lambda f: (f.origin != "local", f.figma_file_key))


def merge_captures(files: Sequence[CaptureFile]) -> MergedCaptures:
    ids: dict[str, str] = {}
    owners: dict[str, CaptureFile] = {}
    for capture_file in files:
        for token, figma_id in capture_file.captures.items():
            if token not in ids:
                ids[token] = figma_id
                owners[token] = capture_file
    return MergedCaptures(ids, owners, list(files))


def binding_details(result: BindingResult, captures: MergedCaptures) -> dict[str, StyleBindingDetail]:
    details: dict[str, StyleBindingDetail] = {}
    for spec_token, capture_token in sorted(result.sources.items()):
        owner = captures.owners[capture_token]
        recorded = owner.keys.get(capture_token) or {}
        try:
            kind = parse_token(capture_token).source
        except InvalidInput:  # pragma: no cover - style_bindings never binds through a malformed token
            continue
        details[spec_token] = {
            "kind": kind,
            "id": captures.ids[capture_token],
            "key": recorded.get("key") or None,
            "origin": owner.origin,
            "figmaFileKey": owner.figma_file_key,
            "captureToken": capture_token,
        }
    return details


def style_sources(captures: MergedCaptures) -> list[StyleSource]:
    return [
        {"figmaFileKey": f.figma_file_key, "origin": f.origin, "colorSource": _color_source(f.color_source)}
        for f in captures.files
    ]


def _color_source(recorded: str | None) -> ColorSource | None:
    """What the sweep recorded, or None for a file swept before it recorded one (or an unknown value)."""
    if recorded == "variables":
        return "variables"
    if recorded == "color_styles":
        return "color_styles"
    return None

"""The plugin's wireframe snapshot: what ``exportAsync({format: "JSON_REST_V1"})`` gave it for each frame,
plus the node annotations only the plugin can read, checked and bounded before anything is stored.

Multipart form (``POST …/design-generations`` with ``multipart/form-data``):

- ``figmaFileKey``: the working file the frames are in;
- ``frames``: one part per wireframe frame, each the ``JSON_REST_V1`` export of that frame
  (``{"document": {…}}``, the shape of one entry of ``GET /v1/files/:key/nodes``);
- ``annotations`` (optional): JSON ``{nodeId: [label, …]}`` for nodes inside those frames.

Every frame becomes one generation. A frame is refused (422 with its own ``code``) when it is not JSON, not
an export of a FRAME or GROUP with a plain node id, nests deeper than ``MAX_DEPTH`` or has more than
``MAX_NODES`` nodes (the design step's own bounds, ``wf2des.design.limits``), or repeats a frame of the
same upload; a part past its byte limit is a 413. Depth is measured without recursion, and a document
nested past what the JSON parser itself accepts is the same 422 ``snapshot_too_deep``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from wf2des.core.errors import InvalidInput, PayloadTooLarge
from wf2des.design import (
    MAX_DEPTH,
    MAX_NODES,
)  # the design step's own bounds: nothing it would refuse is stored
from wf2des.jobs.snapshot import SNAPSHOT_SCHEMA, WIREFRAME_TYPES, WireframeSnapshot

__all__ = [
    "MAX_ANNOTATED_NODES",
    "MAX_FRAMES",
    "MAX_LABELS_PER_NODE",
    "MAX_LABEL_CHARS",
    "SnapshotFrame",
    "check_frames",
    "frame_snapshot",
    "parse_annotations",
    "parse_frame",
]

MAX_FRAMES: Final = 20
MAX_ANNOTATED_NODES: Final = 5_000
MAX_LABELS_PER_NODE: Final = 20
MAX_LABEL_CHARS: Final = 2_000
_FRAME_ID = re.compile(r"^\d+:\d+$")
_NODE_ID = re.compile(r"^I?\d+:\d+(;\d+:\d+)*$")


@dataclass(frozen=True, slots=True)
class SnapshotFrame:
    """One checked wireframe frame: its node, and the ids of every node inside it."""

    node_id: str
    document: Mapping[str, Any]
    node_ids: frozenset[str]


def parse_frame(raw: bytes, position: int) -> SnapshotFrame:
    """One ``frames`` part: the export of one FRAME (or GROUP), within depth and size."""
    where = f"frames[{position}]"
    try:
        export = json.loads(raw)
    except RecursionError:
        raise _too_deep(where) from None
    except ValueError:
        raise InvalidInput(f"{where} is not JSON.", code="invalid_snapshot") from None
    document = export.get("document") if isinstance(export, dict) else None
    if not isinstance(document, dict):
        raise InvalidInput(
            f'{where} is not a JSON_REST_V1 export: it has no "document" object.', code="invalid_snapshot"
        )
    node_id, kind = document.get("id"), document.get("type")
    if kind not in WIREFRAME_TYPES or not isinstance(node_id, str) or not _FRAME_ID.match(node_id):
        raise InvalidInput(
            f"{where} is not the export of a wireframe frame (a FRAME or GROUP with a plain node id).",
            code="snapshot_not_a_frame",
        )
    return SnapshotFrame(node_id, document, _node_ids(document, where))


def _node_ids(root: Mapping[str, Any], where: str) -> frozenset[str]:
    ids: set[str] = set()
    stack: list[tuple[Mapping[str, Any], int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(where)
        node_id = node.get("id")
        if not isinstance(node_id, str) or not isinstance(node.get("type"), str):
            raise InvalidInput(f"{where} has a node without a string id and type.", code="invalid_snapshot")
        ids.add(node_id)
        if len(ids) > MAX_NODES:
            raise InvalidInput(f"{where} has more than {MAX_NODES:,} nodes.", code="snapshot_too_many_nodes")
        children = node.get("children", [])
        if not isinstance(children, list) or not all(isinstance(c, dict) for c in children):
            raise InvalidInput(
                f"{where}: a node's children are not a list of nodes.", code="invalid_snapshot"
            )
        stack.extend((child, depth + 1) for child in children)
    return frozenset(ids)


def _too_deep(where: str) -> InvalidInput:
    return InvalidInput(f"{where} nests deeper than {MAX_DEPTH} levels.", code="snapshot_too_deep")


def parse_annotations(raw: str | bytes | None) -> dict[str, list[str]]:
    """``{nodeId: [label, …]}``, bounded; an absent or empty part is no annotations."""
    if raw is None or not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise InvalidInput("annotations is not JSON.", code="invalid_annotations") from None
    if not isinstance(value, dict):
        raise InvalidInput("annotations must be an object of node id → labels.", code="invalid_annotations")
    if len(value) > MAX_ANNOTATED_NODES:
        raise InvalidInput(
            f"annotations name more than {MAX_ANNOTATED_NODES:,} nodes.", code="invalid_annotations"
        )
    out: dict[str, list[str]] = {}
    for node_id, labels in value.items():
        ok = (
            _NODE_ID.match(node_id) is not None
            and isinstance(labels, list)
            and len(labels) <= MAX_LABELS_PER_NODE
            and all(isinstance(label, str) and len(label) <= MAX_LABEL_CHARS for label in labels)
        )
        if not ok:
            raise InvalidInput(
                f"annotations[{node_id[:40]!r}] must be at most {MAX_LABELS_PER_NODE} strings of at most "
                f"{MAX_LABEL_CHARS:,} characters, under a node id.",
                code="invalid_annotations",
            )
        out[node_id] = list(labels)
    return out


def check_frames(frames: Sequence[SnapshotFrame], annotations: Mapping[str, Sequence[str]]) -> None:
    """Frames are distinct, and every annotation belongs to a node of one of them (none is dropped)."""
    if not frames:
        raise InvalidInput("Send at least one 'frames' part.", code="invalid_snapshot")
    if len(frames) > MAX_FRAMES:
        raise PayloadTooLarge(f"At most {MAX_FRAMES} frames may be sent at once.", code="too_many_frames")
    seen: set[str] = set()
    for frame in frames:
        if frame.node_id in seen:
            raise InvalidInput(f"Frame {frame.node_id} is sent twice.", code="duplicate_frame")
        seen.add(frame.node_id)
    inside = frozenset().union(*(frame.node_ids for frame in frames))
    stray = sorted(set(annotations) - inside)
    if stray:
        raise InvalidInput(
            f"annotations name nodes outside the frames sent: {', '.join(stray[:5])}",
            code="annotation_outside_frames",
        )


def frame_snapshot(
    figma_file_key: str, frame: SnapshotFrame, annotations: Mapping[str, Sequence[str]]
) -> bytes:
    """What is stored for one generation (``design_snapshot_key``) and what its worker reads."""
    body: WireframeSnapshot = {
        "schema": SNAPSHOT_SCHEMA,
        "figmaFileKey": figma_file_key,
        "document": dict(frame.document),
        "annotations": {
            node_id: list(labels)
            for node_id, labels in sorted(annotations.items())
            if node_id in frame.node_ids
        },
    }
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()

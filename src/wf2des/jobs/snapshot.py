"""The stored wireframe snapshot: written by the API from the plugin's upload, read by the design worker.

    {"schema": "wf2des.design.snapshot/v1", "figmaFileKey": "…",
     "document": {…one FRAME or GROUP node, JSON_REST_V1…}, "annotations": {nodeId: [label, …]}}

Stored at ``design_snapshot_key`` (one per generation and attempt, immutable).
"""

from __future__ import annotations

from typing import Any, Final, TypedDict

__all__ = ["SNAPSHOT_SCHEMA", "WIREFRAME_TYPES", "WireframeSnapshot"]

SNAPSHOT_SCHEMA: Final = "wf2des.design.snapshot/v1"
# What a wireframe is: a frame (or a group) placed in the WF area; instances and sections are not.
WIREFRAME_TYPES: Final = frozenset({"FRAME", "GROUP"})


class WireframeSnapshot(TypedDict):
    schema: str
    figmaFileKey: str
    document: dict[str, Any]
    annotations: dict[str, list[str]]

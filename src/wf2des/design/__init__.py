"""TEMPORARY STUB of the design core (branch ``design`` builds the real one; removed at the merge).

The interface the design worker codes against: ``generate_design(frame, library, config, *, annotations)``
returns a :class:`DesignResult` (``.spec``, ``.report``), ``DesignLibrary.from_rest(files)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wf2des.assemble.config import ProjectConfig
from wf2des.spec import Node, Spec

__all__ = ["DesignLibrary", "DesignResult", "LibraryFileRest", "generate_design"]


@dataclass(frozen=True, slots=True)
class LibraryFileRest:
    file_key: str
    file: Mapping[str, Any]
    variables: Mapping[str, Any] | None = None
    style_nodes: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class DesignLibrary:
    files: tuple[str, ...]

    @classmethod
    def from_rest(cls, files: Sequence[LibraryFileRest]) -> DesignLibrary:
        return cls(tuple(f.file_key for f in files))


@dataclass(frozen=True, slots=True)
class DesignResult:
    spec: Spec
    report: dict[str, Any]


def generate_design(
    frame: Mapping[str, Any],
    library: DesignLibrary,
    config: ProjectConfig | None,
    *,
    annotations: Mapping[str, Sequence[str]] | None = None,
) -> DesignResult:
    del library, config
    box = frame.get("absoluteBoundingBox") or {}
    width, height = float(box.get("width", 1)), float(box.get("height", 1))
    root: Node = {
        "id": str(frame["id"]),
        "type": "FRAME",
        "name": str(frame.get("name", "")),
        "role": None,
        "x": 0.0,
        "y": 0.0,
        "width": width,
        "height": height,
        "capturedBox": {"x": 0.0, "y": 0.0, "width": width, "height": height},
        "layoutPositioning": "AUTO",
        "layoutSizingHorizontal": "FIXED",
        "layoutSizingVertical": "FIXED",
        "layoutMode": "NONE",
        "clipsContent": False,
        "children": [],
    }
    spec: Spec = {
        "schema": "wf2des.code2wf.spec/v1.1",
        "source": {"entry": f"figma:{frame['id']}", "manifestSha256": None},
        "screens": [
            {"screenId": "design", "viewport": {"width": round(width), "height": round(height)}, "root": root}
        ],
        "tokens": {"text": {}, "color": {}},
        "styleBindings": {},
        "outcomes": [],
        "flagCount": 0,
        "stats": {"screens": [], "nodeCount": 1, "outcomeCount": 0, "blockedResources": 0},
    }
    report = {"schema": "wf2des.design.report/v1", "elements": [], "annotations": len(annotations or {})}
    return DesignResult(spec, report)

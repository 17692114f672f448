"""Resolving an area of the project config (the DESIGN area, where generated frames go) to the spec's
``designArea``: the Figma node it names and its rectangle on its page."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from wf2des.assemble.config import AreaSelector, ProjectConfig
from wf2des.core.errors import InvalidInput
from wf2des.spec import DesignArea

__all__ = ["AREA_NODE_TYPES", "AreaNotFound", "design_area", "resolve_area", "wf_area"]

AREA_NODE_TYPES = frozenset({"SECTION", "FRAME"})


class AreaNotFound(InvalidInput):
    code = "design_area_not_found"


def design_area(config: ProjectConfig, document: Mapping[str, Any]) -> DesignArea:
    """The DESIGN-area rectangle of ``document`` (a Figma DOCUMENT node fetched with depth ≥ 2)."""
    return resolve_area(config.design_area, document, label="DESIGN")


def wf_area(config: ProjectConfig, document: Mapping[str, Any]) -> DesignArea:
    """The WF-area rectangle of ``document`` (fetched with depth ≥ 2), where the wireframes are drawn."""
    return resolve_area(config.wf_area, document, label="WF")


def resolve_area(selector: AreaSelector, document: Mapping[str, Any], *, label: str) -> DesignArea:
    pages: list[Mapping[str, Any]] = [p for p in document.get("children") or [] if isinstance(p, Mapping)]
    if selector.node_id is not None:
        for each in pages:
            for node in _walk(each):
                if node.get("id") == selector.node_id:
                    return _rect(node, each, label)
        raise AreaNotFound(f"{label} area: no node with id {selector.node_id} in the file")
    page: Mapping[str, Any] | None = next((p for p in pages if p.get("name") == selector.page), None)
    if page is None:
        names = ", ".join(repr(p.get("name")) for p in pages) or "none"
        raise AreaNotFound(f"{label} area: no page named {selector.page!r} (pages: {names})")
    pattern = re.compile(selector.node_name_pattern or "")
    candidates = [
        n for n in page.get("children") or [] if isinstance(n, Mapping) and n.get("type") in AREA_NODE_TYPES
    ]
    for node in candidates:
        if pattern.search(str(node.get("name", ""))):
            return _rect(node, page, label)
    seen = ", ".join(repr(n.get("name")) for n in candidates[:10]) or "none"
    raise AreaNotFound(
        f"{label} area: no top-level SECTION or FRAME on page {selector.page!r} matches "
        f"/{selector.node_name_pattern}/ (top-level sections/frames: {seen})"
    )


def _walk(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield node
    for child in node.get("children") or []:
        if isinstance(child, Mapping):
            yield from _walk(child)


def _rect(node: Mapping[str, Any], page: Mapping[str, Any], label: str) -> DesignArea:
    box = node.get("absoluteBoundingBox")
    if not isinstance(box, Mapping) or not all(
        isinstance(box.get(k), int | float) for k in ("x", "y", "width", "height")
    ):
        raise AreaNotFound(
            f"{label} area: node {node.get('id')} has no absoluteBoundingBox (fetch with depth ≥ 2)"
        )
    return {
        "nodeId": str(node.get("id")),
        "name": str(node.get("name", "")),
        "page": str(page.get("name", "")),
        "x": float(box["x"]),
        "y": float(box["y"]),
        "width": float(box["width"]),
        "height": float(box["height"]),
    }

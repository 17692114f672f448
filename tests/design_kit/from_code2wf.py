"""A Code2WF spec's screen as the Figma REST nodes the plugin leaves behind once it placed it (pure).

What ``GET /v1/files/:key/nodes`` returns for a placed Code2WF wireframe, close enough for the design step:
the plugin names every placed layer after its spec node (``plugin/src/plan.ts`` ``base``: ``name: node.name``;
the screen's frame after the screen), so the role Code2WF inferred survives only as that name ("Button",
"Input", "Checkbox" …) — the spec's ``role`` field is not a Figma property. IMAGE and VECTOR nodes are
placed as rectangles with a grey placeholder fill when they have none (``builder.ts`` ``shape``). Boxes are
where Figma's auto layout puts each node (the generator's ``replay_screen``: padding, gap, HUG/FILL), with
the screen at the canvas origin. Colour tokens become the solid paints they stand for; text tokens the
``style`` they carry. Not reproduced: effects, style runs, the paints' bound variables and the plugin's own
ids (the spec's ids are kept, so a report can be traced back to the spec).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wf2des.generator.capture_model import Rect
from wf2des.generator.replay import replay_screen
from wf2des.spec import Node, Spec

__all__ = ["rest_frame_of", "rest_frames_of"]

# builder.ts draws an IMAGE/VECTOR placeholder without a fill of its own in this grey.
_PLACEHOLDER_GREY = {"r": 0.85, "g": 0.85, "b": 0.85, "a": 1.0}

_FRAME_LAYOUT = (
    "layoutMode",
    "layoutWrap",
    "itemSpacing",
    "counterAxisSpacing",
    "paddingTop",
    "paddingRight",
    "paddingBottom",
    "paddingLeft",
    "primaryAxisAlignItems",
    "counterAxisAlignItems",
    "clipsContent",
)


def _rgba(hex_value: str) -> dict[str, float]:
    digits = hex_value.lstrip("#")
    r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    a = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
    return {"r": r, "g": g, "b": b, "a": a}


def _paints(spec: Spec, token: str | None) -> list[dict[str, Any]]:
    if token is None:
        return []
    color = spec["tokens"]["color"].get(token)
    if color is None:
        raise ValueError(f"unknown colour token {token}")
    return [
        {
            "type": "SOLID",
            "visible": True,
            "opacity": 1.0,
            "blendMode": "NORMAL",
            "color": _rgba(color["hex"]),
        }
    ]


def _text_style(spec: Spec, node: Node) -> dict[str, Any]:
    token = node.get("textStyle")
    found: Mapping[str, Any] = spec["tokens"]["text"].get(token, {}) if token else {}
    style: dict[str, Any] = {
        "fontFamily": found.get("fontFamily", "Inter"),
        "fontSize": float(found.get("fontSize", 16.0)),
        "fontWeight": int(found.get("fontWeight", 400)),
        "textAlignHorizontal": node.get("textAlignHorizontal", "LEFT"),
        "textAutoResize": node.get("textAutoResize", "NONE"),
    }
    line = found.get("lineHeight") or {}
    if line.get("unit") == "PIXELS":
        style["lineHeightPx"] = float(line["value"])
        style["lineHeightUnit"] = "PIXELS"
    return style


def _convert(
    spec: Spec, node: Node, boxes: Mapping[str, Rect], origin: Rect, name: str | None = None
) -> dict[str, Any]:
    box = boxes[node["id"]]
    kind = node["type"]
    placeholder = kind in ("IMAGE", "VECTOR")
    figma_type = {"IMAGE": "RECTANGLE", "VECTOR": "RECTANGLE", "INSTANCE": "FRAME"}.get(kind, kind)
    out: dict[str, Any] = {
        "id": node["id"],
        "name": name if name is not None else node.get("name", ""),
        "type": figma_type,
        "visible": True,
        "absoluteBoundingBox": {
            "x": box.x - origin.x,
            "y": box.y - origin.y,
            "width": max(box.width, 0.01),
            "height": max(box.height, 0.01),
        },
        "fills": _paints(spec, node.get("fill")),
        "strokes": _paints(spec, node.get("stroke")),
        "layoutSizingHorizontal": node.get("layoutSizingHorizontal", "FIXED"),
        "layoutSizingVertical": node.get("layoutSizingVertical", "FIXED"),
    }
    if placeholder and not out["fills"]:
        out["fills"] = [{"type": "SOLID", "visible": True, "color": dict(_PLACEHOLDER_GREY)}]
    if out["strokes"]:
        out["strokeWeight"] = float(node.get("strokeWeight", 1.0))
    if node.get("layoutPositioning") == "ABSOLUTE":
        out["layoutPositioning"] = "ABSOLUTE"
    if "opacity" in node:
        out["opacity"] = float(node["opacity"])
    if "cornerRadius" in node and figma_type != "TEXT":
        out["cornerRadius"] = float(node["cornerRadius"])
    if kind == "TEXT":
        out["characters"] = node.get("characters", "")
        out["style"] = _text_style(spec, node)
    if figma_type == "FRAME":
        layout = node.get("layoutMode", "NONE")
        out["layoutMode"] = layout
        out["clipsContent"] = bool(node.get("clipsContent", False))
        if layout != "NONE":
            for key in _FRAME_LAYOUT:
                if key in node:
                    out[key] = node[key]  # type: ignore[literal-required]
        out["children"] = [_convert(spec, c, boxes, origin) for c in node.get("children") or ()]
    return out


def rest_frame_of(spec: Spec, screen_index: int = 0) -> dict[str, Any]:
    """One screen's root as a placed wireframe frame (at the canvas origin), named as the plugin names it."""
    screen = spec["screens"][screen_index]
    root = screen["root"]
    boxes = replay_screen(root)
    return _convert(spec, root, boxes, boxes[root["id"]], screen.get("name") or root["name"])


def rest_frames_of(spec: Spec) -> list[dict[str, Any]]:
    return [rest_frame_of(spec, i) for i in range(len(spec["screens"]))]

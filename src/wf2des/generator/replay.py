"""A small implementation of Figma's auto-layout rules, to lay out a spec without Figma.

Covers direction, itemSpacing, padding, primary/counter alignment (incl. SPACE_BETWEEN), FIXED/HUG/FILL
sizing, wrap with counterAxisSpacing, absolute children and ``layoutMode: NONE`` frames. Text is never
measured: a TEXT node keeps its own height and its width unless it fills. That is enough to check that
the auto layout we emit reproduces the captured page and to drive the preview.
"""

from __future__ import annotations

from wf2des.generator.capture_model import Rect
from wf2des.spec import Node, Spec

__all__ = ["replay_layout", "replay_screen"]


def _flow(node: Node) -> list[Node]:
    return [c for c in node.get("children", ()) if c.get("layoutPositioning") != "ABSOLUTE"]


def _hug(node: Node, horizontal: bool) -> float:
    """The size a HUG frame takes along one axis (its own size when it is not an auto-layout frame)."""
    mode = node.get("layoutMode", "NONE")
    own = float(node["width"] if horizontal else node["height"])
    if node["type"] != "FRAME" or mode == "NONE":
        return own
    kids = _flow(node)
    if not kids:
        return own
    sizes = [_measure(k, horizontal) for k in kids]
    pads = (
        float(node["paddingLeft"] + node["paddingRight"])
        if horizontal
        else float(node["paddingTop"] + node["paddingBottom"])
    )
    along = (mode == "HORIZONTAL") == horizontal
    if along:
        return pads + sum(sizes) + float(node["itemSpacing"]) * (len(kids) - 1)
    return pads + max(sizes)


def _measure(node: Node, horizontal: bool) -> float:
    sizing = node.get("layoutSizingHorizontal" if horizontal else "layoutSizingVertical", "FIXED")
    if sizing == "HUG":
        return _hug(node, horizontal)
    return float(node["width"] if horizontal else node["height"])


def _place(node: Node, x: float, y: float, w: float, h: float, out: dict[str, Rect]) -> None:
    out[node["id"]] = Rect(x, y, w, h)
    children = node.get("children", ())
    mode = node.get("layoutMode", "NONE")
    if mode == "NONE":
        for child in children:
            _place(
                child,
                x + float(child["x"]),
                y + float(child["y"]),
                _measure(child, True),
                _measure(child, False),
                out,
            )
        return
    horizontal = mode == "HORIZONTAL"
    pl, pr, pt, pb = (float(node[k]) for k in ("paddingLeft", "paddingRight", "paddingTop", "paddingBottom"))
    inner_w, inner_h = w - pl - pr, h - pt - pb
    for child in children:
        if child.get("layoutPositioning") == "ABSOLUTE":
            _place(
                child,
                x + float(child["x"]),
                y + float(child["y"]),
                _measure(child, True),
                _measure(child, False),
                out,
            )
    kids = _flow(node)
    if not kids:
        return
    spacing = float(node["itemSpacing"])
    main_avail, cross_avail = (inner_w, inner_h) if horizontal else (inner_h, inner_w)
    main_key = "layoutSizingHorizontal" if horizontal else "layoutSizingVertical"
    cross_key = "layoutSizingVertical" if horizontal else "layoutSizingHorizontal"
    lines: list[list[Node]] = [list(kids)]
    if node.get("layoutWrap") == "WRAP" and horizontal:
        lines = [[]]
        used = 0.0
        for kid in kids:
            size = _measure(kid, True)
            if lines[-1] and used + spacing + size > main_avail + 0.5:
                lines.append([])
                used = 0.0
            used = size if not lines[-1] else used + spacing + size
            lines[-1].append(kid)
    cross_offset = 0.0
    for line in lines:
        mains = [_measure(k, horizontal) for k in line]
        fixed_total = sum(m for k, m in zip(line, mains, strict=True) if k.get(main_key) != "FILL")
        fillers = [k for k in line if k.get(main_key) == "FILL"]
        gap = spacing
        if fillers:
            share = max(0.0, main_avail - fixed_total - spacing * (len(line) - 1)) / len(fillers)
            mains = [share if k.get(main_key) == "FILL" else m for k, m in zip(line, mains, strict=True)]
        total = sum(mains) + spacing * (len(line) - 1)
        align = node.get("primaryAxisAlignItems", "MIN")
        start = 0.0
        if align == "CENTER":
            start = (main_avail - total) / 2
        elif align == "MAX":
            start = main_avail - total
        elif align == "SPACE_BETWEEN" and len(line) > 1 and not fillers:
            gap = (main_avail - sum(mains)) / (len(line) - 1)
        line_cross = cross_avail if len(lines) == 1 else max(_measure(k, not horizontal) for k in line)
        pos = start
        for kid, main in zip(line, mains, strict=True):
            cross = line_cross if kid.get(cross_key) == "FILL" else _measure(kid, not horizontal)
            counter = node.get("counterAxisAlignItems", "MIN")
            offset = 0.0
            if counter == "CENTER":
                offset = (line_cross - cross) / 2
            elif counter == "MAX":
                offset = line_cross - cross
            offset += cross_offset
            if horizontal:
                _place(kid, x + pl + pos, y + pt + offset, main, cross, out)
            else:
                _place(kid, x + pl + offset, y + pt + pos, cross, main, out)
            pos += main + gap
        cross_offset += line_cross + float(node.get("counterAxisSpacing", 0.0))


def replay_screen(root: Node) -> dict[str, Rect]:
    """Absolute boxes (page coordinates) of every node of one screen's tree."""
    out: dict[str, Rect] = {}
    _place(root, float(root["x"]), float(root["y"]), _measure(root, True), _measure(root, False), out)
    return out


def replay_layout(spec: Spec) -> dict[str, Rect]:
    """Absolute boxes of every node of every screen, keyed by node id (ids are unique across screens)."""
    out: dict[str, Rect] = {}
    for screen in spec["screens"]:
        out.update(replay_screen(screen["root"]))
    return out

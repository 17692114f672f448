"""Auto layout inferred from where things were drawn, so the design is editable (pure).

Children that do not overlap vertically stack in a column; those that do not overlap horizontally in a row;
otherwise they are grouped into rows (children overlapping in height), each row a horizontal frame, the rows a
column. Padding is the children's distance from the frame's edges, the gap the median distance between
neighbours (snapped to the library's spacing scale by the caller). A child that overlaps its neighbours in
every reading stays where it was drawn (``layoutPositioning: ABSOLUTE``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median
from typing import Literal

from wf2des.design.sketch import Sketch

__all__ = ["Direction", "Flow", "Item", "Wrap", "infer_flow", "wrap_box", "wrap_flow"]

Direction = Literal["HORIZONTAL", "VERTICAL"]


@dataclass(frozen=True, slots=True)
class Wrap:
    """Members that get a frame of their own: a row of a grid-like drawing, or a label and its field."""

    direction: Direction
    members: tuple[Sketch, ...]
    centred: bool = False  # centred in a column whose other children start at its left padding


Item = Sketch | Wrap


@dataclass(frozen=True, slots=True)
class Flow:
    direction: Direction
    items: tuple[Item, ...]
    gap: float
    padding: tuple[float, float, float, float]  # top, right, bottom, left
    counter: Literal["MIN", "CENTER", "MAX"]
    spread: bool  # SPACE_BETWEEN: items pushed to both ends (a nav bar's logo and actions)
    absolute: tuple[Sketch, ...] = ()  # drawn over its neighbours: kept where it was drawn


def _stacks(items: Sequence[Sketch], axis: Literal["x", "y"]) -> bool:
    ordered = sorted(items, key=lambda n: (getattr(n, axis), n.id))
    end = -1e9
    for node in ordered:
        start = node.x if axis == "x" else node.y
        if start < end - 1:
            return False
        end = max(end, node.right if axis == "x" else node.bottom)
    return True


def _gaps(items: Sequence[Sketch], axis: Literal["x", "y"]) -> list[float]:
    ordered = sorted(items, key=lambda n: (getattr(n, axis), n.id))
    out = []
    for a, b in itertools.pairwise(ordered):
        out.append(max(0.0, (b.x - a.right) if axis == "x" else (b.y - a.bottom)))
    return out


def _rows(items: Sequence[Sketch]) -> list[list[Sketch]]:
    rows: list[list[Sketch]] = []
    bottom = -1e9
    for node in sorted(items, key=lambda n: (n.y, n.x, n.id)):
        if rows and node.y < bottom - 1:
            rows[-1].append(node)
            bottom = max(bottom, node.bottom)
        else:
            rows.append([node])
            bottom = node.bottom
    return [sorted(row, key=lambda n: (n.x, n.id)) for row in rows]


def _padding(parent: Sketch, items: Sequence[Sketch]) -> tuple[float, float, float, float]:
    top = min(n.y for n in items) - parent.y
    left = min(n.x for n in items) - parent.x
    bottom = parent.bottom - max(n.bottom for n in items)
    right = parent.right - max(n.right for n in items)
    return tuple(round(max(0.0, v), 2) for v in (top, right, bottom, left))  # type: ignore[return-value]


def _counter(
    parent: Sketch, items: Sequence[Sketch], direction: Direction
) -> Literal["MIN", "CENTER", "MAX"]:
    if direction == "VERTICAL":
        starts = [n.x - parent.x for n in items]
        centres = [abs((n.x + n.width / 2) - (parent.x + parent.width / 2)) for n in items]
    else:
        starts = [n.y - parent.y for n in items]
        centres = [abs((n.y + n.height / 2) - (parent.y + parent.height / 2)) for n in items]
    if max(starts) - min(starts) <= 2:
        return "MIN"
    if max(centres) <= 3:
        return "CENTER"
    return "MIN"


def _by_y(node: Sketch) -> tuple[float, float, str]:
    return node.y, node.x, node.id


def _by_x(node: Sketch) -> tuple[float, float, str]:
    return node.x, node.y, node.id


def _spread(parent: Sketch, row: Sequence[Sketch], gaps: Sequence[float], left: float) -> bool:
    """Two things pushed to both ends (a title and its action): SPACE_BETWEEN keeps them there."""
    return (
        len(row) == 2
        and bool(gaps)
        and gaps[0] >= 40
        and abs((parent.right - row[-1].right) - (row[0].x - parent.x if left < 0 else left)) <= 4
    )


def _proximity(column: Sequence[Sketch], gaps: Sequence[float]) -> tuple[tuple[Item, ...], float]:
    """Neighbours much closer to each other than to the rest (a label over its field) become a group."""
    if len(column) < 3 or not gaps:
        return tuple(column), round(median(gaps), 2) if gaps else 0.0
    tight = min(gaps)
    breaks = [g > max(tight * 1.8, tight + 8) for g in gaps]
    if not any(breaks) or all(breaks):
        return tuple(column), round(median(gaps), 2)
    groups: list[list[Sketch]] = [[column[0]]]
    for node, is_break in zip(column[1:], breaks, strict=True):
        if is_break:
            groups.append([node])
        else:
            groups[-1].append(node)
    outer = [g for g, is_break in zip(gaps, breaks, strict=True) if is_break]
    entries: tuple[Item, ...] = tuple(g[0] if len(g) == 1 else Wrap("VERTICAL", tuple(g)) for g in groups)
    return entries, round(median(outer), 2)


def _centre(parent: Sketch, item: Item, left: float) -> Item:
    """A child drawn centred among left-aligned ones gets a full-width frame that centres it."""
    members = item.members if isinstance(item, Wrap) else (item,)
    centre = parent.x + parent.width / 2
    if all(abs(m.x + m.width / 2 - centre) <= 3 and m.x - parent.x > left + 2 for m in members):
        return Wrap("VERTICAL", members, centred=True)
    return item


def infer_flow(parent: Sketch, items: Sequence[Sketch]) -> Flow:
    """The flow of ``items`` (at least one) inside ``parent``; boxes are in the same (frame) coordinates."""
    top, right, bottom, left = _padding(parent, items)
    # A screen or card keeps its drawn size, so the far padding only needs to be no larger than the near one:
    # the leftover space below the last child is not a spacing decision.
    bottom, right = min(bottom, top), min(right, left)
    spread = False
    direction: Direction
    grouped: tuple[Item, ...]
    if _stacks(items, "y"):
        direction = "VERTICAL"
        column: list[Sketch] = sorted(items, key=_by_y)
        grouped, gap = _proximity(column, _gaps(column, "y"))
        grouped = tuple(_centre(parent, item, left) for item in grouped)
    elif _stacks(items, "x"):
        direction = "HORIZONTAL"
        row: list[Sketch] = sorted(items, key=_by_x)
        gaps = _gaps(row, "x")
        grouped, gap = tuple(row), round(min(gaps), 2) if gaps else 0.0
        spread = _spread(parent, row, gaps, left)
    else:
        direction = "VERTICAL"
        rows = _rows(items)
        # A row of one is its child; longer rows become horizontal frames of their own.
        grouped = tuple(
            _centre(parent, r[0], left) if len(r) == 1 else Wrap("HORIZONTAL", tuple(r)) for r in rows
        )
        boxes = [_union(r) for r in rows]
        gaps = [max(0.0, b[1] - a[3]) for a, b in itertools.pairwise(boxes)]
        gap = round(median(gaps), 2) if gaps else 0.0
    return Flow(
        direction, grouped, gap, (top, right, bottom, left), _counter(parent, items, direction), spread
    )


def wrap_box(wrap: Wrap) -> Sketch:
    x, y, right, bottom = _union(wrap.members)
    name = "Row" if wrap.direction == "HORIZONTAL" else "Group"
    return Sketch(id="", type="FRAME", name=name, x=x, y=y, width=right - x, height=bottom - y, depth=0)


def wrap_flow(wrap: Wrap, parent: Sketch) -> tuple[Sketch, Flow]:
    """A synthetic frame around a row or a group, and its own flow (no padding: it hugs its members).

    A child drawn over its left neighbour in a row is positioned absolutely.
    """
    box = wrap_box(wrap)
    if wrap.direction == "VERTICAL":
        gaps = _gaps(wrap.members, "y")
        gap = round(min(gaps), 2) if gaps else 0.0
        counter = "CENTER" if wrap.centred else _counter(box, wrap.members, "VERTICAL")
        if wrap.centred:  # spans its parent, so centring in it centres in the parent
            box.x, box.width = parent.x, parent.width
        return box, Flow("VERTICAL", wrap.members, gap, (0.0, 0.0, 0.0, 0.0), counter, False)
    flowing: list[Sketch] = []
    absolute: list[Sketch] = []
    end = -1e9
    for node in sorted(wrap.members, key=_by_x):
        if node.x < end - 1:
            absolute.append(node)
        else:
            flowing.append(node)
            end = node.right
    gaps = _gaps(flowing, "x")
    gap = round(min(gaps), 2) if gaps else 0.0
    spread = _spread(parent, flowing, gaps, -1.0) if len(flowing) == 2 else False
    counter = _counter(box, flowing, "HORIZONTAL")
    return box, Flow(
        "HORIZONTAL", tuple(flowing), gap, (0.0, 0.0, 0.0, 0.0), counter, spread, tuple(absolute)
    )


def _union(row: Sequence[Sketch]) -> tuple[float, float, float, float]:
    return (
        min(n.x for n in row),
        min(n.y for n in row),
        max(n.right for n in row),
        max(n.bottom for n in row),
    )

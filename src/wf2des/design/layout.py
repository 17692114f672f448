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

__all__ = ["Direction", "Flow", "infer_flow", "row_flow"]

Direction = Literal["HORIZONTAL", "VERTICAL"]


@dataclass(frozen=True, slots=True)
class Flow:
    direction: Direction
    items: tuple[Sketch | tuple[Sketch, ...], ...]  # a tuple: a row to wrap in its own horizontal frame
    gap: float
    padding: tuple[float, float, float, float]  # top, right, bottom, left
    counter: Literal["MIN", "CENTER", "MAX"]
    spread: bool  # SPACE_BETWEEN: items pushed to both ends (a nav bar's logo and actions)


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


def infer_flow(parent: Sketch, items: Sequence[Sketch]) -> Flow:
    """The flow of ``items`` (at least one) inside ``parent``; boxes are in the same (frame) coordinates."""
    direction: Direction
    grouped: tuple[Sketch | tuple[Sketch, ...], ...]
    if _stacks(items, "y"):
        direction = "VERTICAL"
        column: list[Sketch] = sorted(items, key=_by_y)
        grouped = tuple(column)
        gaps = _gaps(items, "y")
    elif _stacks(items, "x"):
        direction = "HORIZONTAL"
        row: list[Sketch] = sorted(items, key=_by_x)
        grouped = tuple(row)
        gaps = _gaps(items, "x")
    else:
        rows = _rows(items)
        direction = "VERTICAL"
        grouped = tuple(row[0] if len(row) == 1 else tuple(row) for row in rows)
        # A row of one is its child; longer rows become horizontal frames of their own.
        boxes = [_union(row) for row in rows]
        gaps = [max(0.0, b[1] - a[3]) for a, b in itertools.pairwise(boxes)]
    gap = round(median(gaps), 2) if gaps else 0.0
    top, right, bottom, left = _padding(parent, items)
    # A screen or card keeps its drawn size, so the far padding only needs to be no larger than the near one:
    # the leftover space below the last child is not a spacing decision.
    bottom, right = min(bottom, top), min(right, left)
    spread = (
        direction == "HORIZONTAL" and len(gaps) >= 1 and max(gaps) >= 40 and max(gaps) > 2.5 * (min(gaps) + 1)
    )
    return Flow(
        direction, grouped, gap, (top, right, bottom, left), _counter(parent, items, direction), spread
    )


def _union(row: Sequence[Sketch]) -> tuple[float, float, float, float]:
    return (
        min(n.x for n in row),
        min(n.y for n in row),
        max(n.right for n in row),
        max(n.bottom for n in row),
    )


def row_flow(row: Sequence[Sketch]) -> tuple[Sketch, Flow]:
    """A synthetic parent around a row and the row's own horizontal flow."""
    x, y, right, bottom = _union(row)
    box = Sketch(id="", type="FRAME", name="Row", x=x, y=y, width=right - x, height=bottom - y, depth=0)
    gaps = _gaps(row, "x")
    overlapping = not _stacks(row, "x")
    gap = round(median(gaps), 2) if gaps and not overlapping else 0.0
    spread = len(gaps) >= 1 and max(gaps) >= 40 and max(gaps) > 2.5 * (min(gaps) + 1)
    counter = _counter(box, row, "HORIZONTAL")
    return box, Flow("HORIZONTAL", tuple(row), gap, (0.0, 0.0, 0.0, 0.0), counter, spread)

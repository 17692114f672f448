"""Auto layout inferred from where things were drawn, so the design is editable (pure).

Children that do not overlap vertically stack in a column; those that do not overlap horizontally in a row;
otherwise they are grouped into rows (children overlapping in height), each row a horizontal frame, the rows a
column. Padding is the children's distance from the frame's edges, the gap the median distance between
neighbours (snapped to the library's spacing scale by the caller). A child that overlaps its neighbours in
every reading, or reaches out of its frame, stays where it was drawn (``layoutPositioning: ABSOLUTE``).

A frame the designer already laid out keeps that layout (the caller builds it as drawn); ``settle_kept``
only re-expresses paddings that encode where things were drawn rather than spacing (a centred column's
page margins) by alignment, so they need no value off the library's scale.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from statistics import median
from typing import Literal

from wf2des.design.sketch import Sketch

__all__ = [
    "Direction",
    "Flow",
    "Item",
    "Wrap",
    "box_of",
    "infer_flow",
    "settle_kept",
    "wrap_box",
    "wrap_flow",
]

Direction = Literal["HORIZONTAL", "VERTICAL"]


@dataclass(frozen=True, slots=True)
class Wrap:
    """Members that get a frame of their own: a row of a grid-like drawing, or a label and its field."""

    direction: Direction
    members: tuple[Item, ...]  # a row's are drawn nodes; a group's may be rows or groups
    centred: bool = False  # centred in a column whose other children start at its left padding
    end: bool = False  # drawn against the column's right edge (a dialog's actions)
    inset: float = 0.0  # indented from the column's left padding (content below a full-bleed header)


Item = Sketch | Wrap


def box_of(item: Item) -> Sketch:
    return wrap_box(item) if isinstance(item, Wrap) else item


@dataclass(frozen=True, slots=True)
class Flow:
    direction: Direction
    items: tuple[Item, ...]
    gap: float
    padding: tuple[float, float, float, float]  # top, right, bottom, left
    counter: Literal["MIN", "CENTER", "MAX"]
    spread: bool  # SPACE_BETWEEN: items pushed to both ends (a nav bar's logo and actions)
    absolute: tuple[Sketch, ...] = ()  # drawn over its neighbours: kept where it was drawn
    primary: Literal["MIN", "CENTER", "MAX"] = "MIN"  # when not spread
    wrap: bool = False  # items wrap onto further lines (a grid drawn with auto layout)
    line_gap: float = 0.0  # between wrapped lines
    kept: bool = False  # the designer's own auto layout: children keep their FILL sizing
    fixed: frozenset[str] = frozenset()  # … except these, which keep their drawn width instead


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


def _proximity(units: Sequence[Item], depth: int = 0) -> tuple[tuple[Item, ...], float]:
    """Neighbours (in a column) much closer to each other than to the rest (a label over its field) become
    a group; the column's gap is then the median of the gaps between groups."""
    boxes = [box_of(u) for u in units]
    gaps = _gaps_in_order(boxes)
    if len(units) < 3 or not gaps:
        return tuple(units), round(median(gaps), 2) if gaps else 0.0
    tight = min(gaps)
    breaks = [g > max(tight * 1.25, tight + 4) for g in gaps]
    if not any(breaks) or all(breaks):
        return tuple(units), round(median(gaps), 2)
    groups: list[list[Item]] = [[units[0]]]
    for unit, is_break in zip(units[1:], breaks, strict=True):
        if is_break:
            groups.append([unit])
        else:
            groups[-1].append(unit)
    outer = [g for g, is_break in zip(gaps, breaks, strict=True) if is_break]
    entries = tuple(g[0] if len(g) == 1 else Wrap("VERTICAL", tuple(g)) for g in groups)
    if depth < 4 and len(entries) >= 3 and max(outer) > max(min(outer) * 1.25, min(outer) + 4):
        return _proximity(entries, depth + 1)  # the groups' own spacing varies: group them in turn
    return entries, round(median(outer), 2)


def _gaps_in_order(boxes: Sequence[Sketch]) -> list[float]:
    return [max(0.0, b.y - a.bottom) for a, b in itertools.pairwise(boxes)]


def _column(
    parent: Sketch, units: Sequence[Item], top: float, left: float
) -> tuple[tuple[Item, ...], float, bool]:
    """A column's entries (grouped by proximity, centred where drawn centred), its gap, and whether its last
    entry is pinned to the bottom (SPACE_BETWEEN)."""
    boxes = [box_of(u) for u in units]
    gaps = _gaps_in_order(boxes)
    spread = False
    grouped: tuple[Item, ...]
    if _pinned_last(parent, boxes, gaps, top):
        # The last child sits at the bottom, far below the rest (a card's action): the rest become a group
        # and SPACE_BETWEEN keeps the two ends where they were drawn.
        grouped, gap, spread = (Wrap("VERTICAL", tuple(units[:-1])), units[-1]), gaps[-1], True
    else:
        grouped, gap = _proximity(units)
    return _indent(parent, [_centre(parent, item, left) for item in grouped], left), gap, spread


def _indent(parent: Sketch, entries: Sequence[Item], left: float) -> tuple[Item, ...]:
    """Consecutive entries that start further right than the column's padding share a full-width frame
    whose left padding is that indent (the column's padding comes from its least indented child)."""
    out: list[Item] = []
    run: list[Item] = []
    run_inset = 0.0

    def flush() -> None:
        if run:
            out.append(Wrap("VERTICAL", tuple(run), inset=run_inset))
            run.clear()

    for entry in entries:
        inset = round(box_of(entry).x - parent.x - left, 2)
        if (isinstance(entry, Wrap) and (entry.centred or entry.end)) or inset <= 2:
            flush()
            out.append(entry)
            continue
        if run and abs(inset - run_inset) > 2:
            flush()
        if not run:
            run_inset = inset
        run.append(entry)
    flush()
    return tuple(out)


def _pinned_last(parent: Sketch, column: Sequence[Sketch], gaps: Sequence[float], top: float) -> bool:
    if len(column) < 3:
        return False
    rest = sorted(gaps[:-1])
    typical = rest[len(rest) // 2]
    return (
        gaps[-1] >= 40
        and gaps[-1] > 2.5 * (typical + 1)
        and abs(parent.bottom - column[-1].bottom - top) <= 4
    )


def _centre(parent: Sketch, item: Item, left: float) -> Item:
    """A child drawn centred among left-aligned ones gets a full-width frame that centres it; one drawn
    against the right edge (the same margin as the left) a full-width frame that aligns it there."""
    members = item.members if isinstance(item, Wrap) and item.direction == "VERTICAL" else (item,)
    centre = parent.x + parent.width / 2
    boxes = [box_of(m) for m in members]
    if all(m.x - parent.x > left + 2 for m in boxes):
        if all(abs(m.x + m.width / 2 - centre) <= 3 for m in boxes):
            return Wrap("VERTICAL", members, centred=True)
        if all(abs(parent.right - m.right - left) <= 3 for m in boxes):
            return Wrap("VERTICAL", members, end=True)
    return item


def _outside(parent: Sketch, node: Sketch) -> bool:
    return (
        node.x < parent.x - 1
        or node.y < parent.y - 1
        or node.right > parent.right + 1
        or node.bottom > parent.bottom + 1
    )


def infer_flow(parent: Sketch, items: Sequence[Sketch]) -> Flow:
    """The flow of ``items`` (at least one) inside ``parent``; boxes are in the same (frame) coordinates.

    A child drawn reaching out of its frame (a carousel's track scrolled left, a decoration bleeding off a
    card) is no part of the frame's flow: it stays where it was drawn (absolute)."""
    outside = tuple(n for n in items if _outside(parent, n))
    if outside:
        inside = [n for n in items if not _outside(parent, n)]
        if not inside:
            return Flow("VERTICAL", (), 0.0, (0.0, 0.0, 0.0, 0.0), "MIN", False, outside)
        return replace(infer_flow(parent, inside), absolute=outside)
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
        grouped, gap, spread = _column(parent, column, top, left)
    elif _stacks(items, "x"):
        direction = "HORIZONTAL"
        row: list[Sketch] = sorted(items, key=_by_x)
        gaps = _gaps(row, "x")
        grouped, gap = tuple(row), round(min(gaps), 2) if gaps else 0.0
        spread = _spread(parent, row, gaps, left)
    else:
        direction = "VERTICAL"
        # A row of one is its child; longer rows become horizontal frames of their own.
        units = [r[0] if len(r) == 1 else Wrap("HORIZONTAL", tuple(r)) for r in _rows(items)]
        grouped, gap, spread = _column(parent, units, top, left)
    return Flow(
        direction, grouped, gap, (top, right, bottom, left), _counter(parent, items, direction), spread
    )


def wrap_box(wrap: Wrap) -> Sketch:
    x, y, right, bottom = _union([box_of(m) for m in wrap.members])
    name = "Row" if wrap.direction == "HORIZONTAL" else "Group"
    return Sketch(id="", type="FRAME", name=name, x=x, y=y, width=right - x, height=bottom - y, depth=0)


def wrap_flow(wrap: Wrap, parent: Sketch) -> tuple[Sketch, Flow]:
    """A synthetic frame around a row or a group, and its own flow (no padding: it hugs its members).

    A child drawn over its left neighbour in a row is positioned absolutely.
    """
    box = wrap_box(wrap)
    if wrap.direction == "VERTICAL":
        items, gap = _proximity(wrap.members)
        if len(items) == len(wrap.members):  # no sub-groups: their gaps are alike, take the typical one
            gaps = _gaps_in_order([box_of(m) for m in wrap.members])
            gap = round(median(gaps), 2) if gaps else 0.0
        counter: Literal["MIN", "CENTER", "MAX"]
        counter = "CENTER" if wrap.centred else _counter(box, [box_of(m) for m in wrap.members], "VERTICAL")
        if wrap.end:
            counter = "MAX"
        if wrap.centred or wrap.end:  # spans its parent, so aligning in it aligns in the parent
            box.x, box.width = parent.x, parent.width
        if wrap.inset:
            box.x, box.width = box.x - wrap.inset, box.width + wrap.inset
            counter = "MIN"
        if counter == "MIN" and len(items) > 1:
            items = _indent(box, [_centre(box, item, wrap.inset) for item in items], wrap.inset)
        return box, Flow("VERTICAL", items, gap, (0.0, 0.0, 0.0, wrap.inset), counter, False)
    flowing: list[Item] = []
    absolute: list[Sketch] = []
    for column in _columns([m for m in wrap.members if isinstance(m, Sketch)]):
        if len(column) == 1:
            flowing.append(column[0])
        elif _stacks(column, "y"):
            stacked: list[Sketch] = sorted(column, key=_by_y)
            flowing.append(Wrap("VERTICAL", tuple(stacked)))  # a title over its subtitle
        elif len(lines := _rows(column)) > 1:
            # A column of rows (a product's details: title, price, two fields side by side, buttons).
            units = [r[0] if len(r) == 1 else Wrap("HORIZONTAL", tuple(r)) for r in lines]
            flowing.append(Wrap("VERTICAL", tuple(units)))
        else:
            widest = max(column, key=lambda n: (n.area, n.id))
            flowing.append(widest)
            absolute.extend(n for n in column if n is not widest)
    boxes = [box_of(item) for item in flowing]
    gaps = [max(0.0, b.x - a.right) for a, b in itertools.pairwise(boxes)]
    if len(flowing) >= 3 and _pinned_end(parent, boxes, gaps):
        # The last child sits at the right edge, far from the rest (a row's action): the rest become a row
        # of their own and SPACE_BETWEEN keeps both ends where they were drawn.
        last = boxes[-1]
        rest = tuple(m for m in wrap.members if isinstance(m, Sketch) and box_of(m).x < last.x)
        flowing, absolute = [Wrap("HORIZONTAL", rest), flowing[-1]], []
        boxes = [box_of(item) for item in flowing]
        gaps = [max(0.0, boxes[1].x - boxes[0].right)]
    gap = round(min(gaps), 2) if gaps else 0.0
    spread = _spread(parent, boxes, gaps, -1.0) if len(flowing) == 2 else False
    counter = _counter(box, boxes, "HORIZONTAL")
    return box, Flow(
        "HORIZONTAL", tuple(flowing), gap, (0.0, 0.0, 0.0, 0.0), counter, spread, tuple(absolute)
    )


def _pinned_end(parent: Sketch, row: Sequence[Sketch], gaps: Sequence[float]) -> bool:
    rest = sorted(gaps[:-1])
    typical = rest[len(rest) // 2]
    margin = row[0].x - parent.x
    return (
        gaps[-1] >= 40 and gaps[-1] > 2.5 * (typical + 1) and abs(parent.right - row[-1].right - margin) <= 4
    )


def _columns(row: Sequence[Sketch]) -> list[list[Sketch]]:
    """A row's members grouped by horizontal overlap, left to right (the X cut of an XY cut)."""
    columns: list[list[Sketch]] = []
    end = -1e9
    for node in sorted(row, key=_by_x):
        if columns and node.x < end - 1:
            columns[-1].append(node)
            end = max(end, node.right)
        else:
            columns.append([node])
            end = node.right
    return columns


def _union(row: Sequence[Sketch]) -> tuple[float, float, float, float]:
    return (
        min(n.x for n in row),
        min(n.y for n in row),
        max(n.right for n in row),
        max(n.bottom for n in row),
    )


Align = Literal["MIN", "CENTER", "MAX"]


def _settle_axis(
    align: Align,
    pads: tuple[float, float],
    drawn: tuple[float, float],
    fills: bool,
    one_block: bool,
    on_scale: Callable[[float], bool],
) -> tuple[Align, tuple[float, float]]:
    """One axis of a kept flow: the alignment and the two paddings that place the children where they were
    drawn with values on the library's scale where that is possible.

    Only in an axis no child fills (each keeps its drawn size) is the choice open: there a padding on the
    side the children are not aligned to moves nothing, and centred children depend only on the two
    paddings' difference, so a page margin of 420 on both sides is centring, not a spacing. Start-aligned
    children become centred ones only if they move as ``one_block`` (the primary axis, or equal sizes).
    """
    lead, trail = pads
    if fills:
        return align, pads
    if align == "CENTER":
        centred = (max(0.0, round(lead - trail, 2)), max(0.0, round(trail - lead, 2)))
        return ("CENTER", centred) if all(on_scale(v) for v in centred) else (align, pads)
    near = lead if align == "MIN" else trail
    if one_block and not on_scale(near) and abs(near - (drawn[0] if align == "MIN" else drawn[1])) <= 1:
        centred = (max(0.0, round(drawn[0] - drawn[1], 2)), max(0.0, round(drawn[1] - drawn[0], 2)))
        if all(on_scale(v) for v in centred):
            return "CENTER", centred
    far = min(lead, trail) if on_scale(min(lead, trail)) else 0.0  # moves nothing: the smaller, on scale
    return align, ((lead, far) if align == "MIN" else (far, trail))


def settle_kept(flow: Flow, parent: Sketch, on_scale: Callable[[float], bool]) -> Flow:
    """A designer's auto layout as the design keeps it: the same placement, with paddings and gaps that
    only encode where things were drawn (a centred page's 420 px margins, the gap of a lone child, the far
    padding of a start-aligned frame) re-expressed by alignment so they need no off-scale value."""
    items = [i for i in flow.items if isinstance(i, Sketch)]
    if not flow.kept or len(items) != len(flow.items) or not items:
        return flow
    vertical = flow.direction == "VERTICAL"
    top, right, bottom, left = flow.padding
    x0, y0, x1, y1 = _union(items)
    drawn_x = (x0 - parent.x, parent.right - x1)
    drawn_y = (y0 - parent.y, parent.bottom - y1)
    fills = [any(i.sizing[axis] == "FILL" for i in items) for axis in (0, 1)]
    main, cross = (1, 0) if vertical else (0, 1)
    gap = flow.gap if len(items) > 1 and not flow.spread else 0.0  # SPACE_BETWEEN's gap is computed
    spread = flow.spread
    primary: Align = flow.primary
    main_pads = (top, bottom) if vertical else (left, right)
    main_drawn = drawn_y if vertical else drawn_x
    if not spread and not flow.wrap:
        primary, main_pads = _settle_axis(flow.primary, main_pads, main_drawn, fills[main], True, on_scale)
        if len(items) > 1 and not on_scale(gap) and primary == "MIN" and not fills[main]:
            # An off-scale gap between children that reach the far edge as drawn: SPACE_BETWEEN.
            trail = round(main_drawn[1], 2)
            if abs(main_pads[0] - main_drawn[0]) <= 1 and on_scale(trail):
                spread, gap, main_pads = True, 0.0, (main_pads[0], trail)
    sizes = {round(i.width if vertical else i.height) for i in items}
    counter: Align = flow.counter
    cross_pads = (left, right) if vertical else (top, bottom)
    fixed: frozenset[str] = frozenset()
    if fills[cross] and not all(on_scale(v) for v in cross_pads):
        # Children filling a frame inset by an off-scale margin (a page's content column): they keep
        # their drawn width instead, and the margin becomes alignment where it can.
        fixed = frozenset(i.id for i in items if i.sizing[cross] == "FILL")
        fills[cross] = False
    counter, cross_pads = _settle_axis(
        counter, cross_pads, drawn_x if vertical else drawn_y, fills[cross], len(sizes) == 1, on_scale
    )
    if vertical:
        padding = (main_pads[0], cross_pads[1], main_pads[1], cross_pads[0])
    else:
        padding = (cross_pads[0], main_pads[1], cross_pads[1], main_pads[0])
    return replace(
        flow, gap=gap, padding=padding, counter=counter, primary=primary, spread=spread, fixed=fixed
    )

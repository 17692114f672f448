"""Decide auto layout for every frame from the captured boxes (bottom-up).

The boxes are the ground truth; CSS only breaks ties (a flex row tries HORIZONTAL first) and picks the
alignment a designer would expect (``justify-content: space-between`` → SPACE_BETWEEN, centred content →
CENTER). Figma has one ``itemSpacing`` per frame and no per-child margins, so when gaps differ the smallest
gap becomes ``itemSpacing`` and each extra is absorbed exactly: by padding on a paintless child frame (its
content box does not move) or, failing that, by a transparent wrapper frame. This keeps the replay exact
instead of letting positions drift down a long page.

Children that overlap their siblings cannot be in a stack: the smaller/later-painted one is taken out of
flow (``layoutPositioning: ABSOLUTE``) and a flagged outcome says so. Children that sit in several rows
(grids, wrapped flex) become horizontal "Row" frames inside a vertical stack.
"""

from __future__ import annotations

import itertools
from typing import Literal

from wf2des.generator.capture_model import Rect
from wf2des.generator.checkpoint import Checkpoint
from wf2des.generator.model import AutoLayout, Finding, Side, TextRun, WNode
from wf2des.spec import CounterAxisAlign, LayoutMode, PrimaryAxisAlign

__all__ = ["arrange_tree", "drop_redundant_frames", "interleave", "paint_key"]

TOL = 1.0
_CENTRE_SLACK = 2.5
# Farther apart than this, two texts are separate blocks of the page rather than paragraphs of one text.
_MAX_PARAGRAPH_GAP = 48.0


def _start(box: Rect, horizontal: bool) -> float:
    return box.x if horizontal else box.y


def _end(box: Rect, horizontal: bool) -> float:
    return box.right if horizontal else box.bottom


def _size(box: Rect, horizontal: bool) -> float:
    return box.width if horizontal else box.height


def _fits(kids: list[WNode], horizontal: bool) -> bool:
    ordered = sorted(kids, key=lambda k: _start(k.box, horizontal))
    return all(
        _start(b.box, horizontal) >= _end(a.box, horizontal) - TOL for a, b in itertools.pairwise(ordered)
    )


def _overlap(a: Rect, b: Rect) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > TOL and min(a.bottom, b.bottom) - max(a.y, b.y) > TOL


class Arranger:
    def __init__(self, findings: list[Finding], checkpoint: Checkpoint | None = None) -> None:
        self.findings = findings
        self.checkpoint = checkpoint or Checkpoint()

    def tree(self, node: WNode) -> None:
        for child in node.children:
            if child.type == "FRAME":
                self.tree(child)
        if node.type == "FRAME":
            self.arrange(node)

    def arrange(self, node: WNode) -> None:
        self.checkpoint.tick()
        if not _is_row(node.css):
            node.children = merge_paragraphs(node.children, self.checkpoint)
        for child in node.children:
            if child.type == "TEXT" and node.clips and not node.box.contains(child.box, tolerance=TOL):
                self.findings.append(Finding("text_clipped", "text is clipped by its container", True, child))
            elif child.type == "TEXT" and child.truncated:
                self.findings.append(
                    Finding("text_clipped", "text is truncated with an ellipsis", True, child)
                )
        for child in node.children:
            # A list marker or a negative margin puts a child before its parent's edge; padding cannot be
            # negative, so such a child keeps its exact position out of flow.
            if not child.absolute and (child.box.x < node.box.x - TOL or child.box.y < node.box.y - TOL):
                child.absolute = True
                self.findings.append(
                    Finding(
                        "outside_parent", "element starts outside its parent; kept absolute", False, child
                    )
                )
        flow = [c for c in node.children if not c.absolute]
        if not flow:
            node.auto = None
            node.children = sorted(node.children, key=paint_key)
            return
        css = node.css
        row_first = _is_row(css)
        order = (True, False) if row_first else (False, True)
        for horizontal in order:
            if _fits(flow, horizontal):
                flow = self._flatten(node, flow, horizontal)
                break
        for attempt in range(len(flow) + 1):
            for horizontal in order:
                if _fits(flow, horizontal):
                    self._stack(node, flow, horizontal)
                    return
            rows = self._rows(flow)
            if rows is not None:
                if css.get("display", "").endswith("grid"):
                    self.findings.append(
                        Finding("grid_approximated", "CSS grid rebuilt as rows of auto layout", True, node)
                    )
                self._stack(node, rows, False)
                return
            if attempt == len(flow) or not self._peel(flow):
                break
        node.auto = None
        node.children = sorted(node.children, key=paint_key)
        self.findings.append(
            Finding("overlap_absolute", "overlapping children kept at absolute positions", True, node)
        )

    def _flatten(self, node: WNode, flow: list[WNode], horizontal: bool) -> list[WNode]:
        """Dissolve plain frames that stack the same way as ``node`` when that saves layers.

        A frame without paint, role or absolute children that flows in the same direction only groups
        its children; lifting them into ``node`` keeps every box (gaps that differ are absorbed as usual)
        and is kept only if it needs fewer spacing wrappers than the frame it removes.
        """
        mode: LayoutMode = "HORIZONTAL" if horizontal else "VERTICAL"
        current = list(flow)
        for kid in flow:
            if not _dissolvable(kid, mode):
                continue
            index = current.index(kid)
            trial = current[:index] + kid.children + current[index + 1 :]
            if not _fits(trial, horizontal):
                continue
            if (
                _wrappers_needed(trial, horizontal, node.box, _centre_tol(node))
                < _wrappers_needed(current, horizontal, node.box, _centre_tol(node)) + 1
            ):
                for grandchild in kid.children:
                    # FILL was relative to the dissolved frame; the new parent decides again.
                    if horizontal and grandchild.sizing_v == "FILL":
                        grandchild.sizing_v = "FIXED"
                    if not horizontal and grandchild.sizing_h == "FILL":
                        grandchild.sizing_h = "FIXED"
                current = trial
        if len(current) != len(flow):
            others = [c for c in node.children if c.absolute]
            node.children = current + others
        return current

    def _peel(self, flow: list[WNode]) -> bool:
        """Take the most-overlapped child out of flow; False when nothing overlaps."""
        best: WNode | None = None
        for i, a in enumerate(flow):
            for b in flow[i + 1 :]:
                if _overlap(a.box, b.box):
                    victim = a if (a.box.area, a.paint_order) < (b.box.area, b.paint_order) else b
                    if best is None or victim.box.area < best.box.area:
                        best = victim
        if best is None:
            return False
        best.absolute = True
        flow.remove(best)
        self.findings.append(
            Finding("overlap_absolute", "overlapping element taken out of auto layout", True, best)
        )
        return True

    def _rows(self, flow: list[WNode]) -> list[WNode] | None:
        ordered = sorted(flow, key=lambda k: (k.box.y, k.box.x))
        groups: list[list[WNode]] = []
        bottom = 0.0
        for kid in ordered:
            if groups and kid.box.y < bottom - TOL:
                groups[-1].append(kid)
                bottom = max(bottom, kid.box.bottom)
            else:
                groups.append([kid])
                bottom = kid.box.bottom
        if len(groups) < 2 or any(not _fits(g, True) for g in groups):
            return None
        rows: list[WNode] = []
        for group in groups:
            if len(group) == 1:
                rows.append(group[0])
                continue
            box = group[0].box
            for other in group[1:]:
                box = box.union(other.box)
            row = WNode(type="FRAME", name="Row", box=box, tag="", children=list(group))
            row.paint_order = min(k.paint_order for k in group)
            row.css = {"display": "flex", "flex-direction": "row"}
            self._stack(row, list(group), True)
            rows.append(row)
        return rows

    def _stack(self, node: WNode, flow: list[WNode], horizontal: bool) -> None:
        h = horizontal
        kids = sorted(flow, key=lambda k: _start(k.box, h))
        box = node.box
        gaps = [_start(b.box, h) - _end(a.box, h) for a, b in itertools.pairwise(kids)]
        spacing = max(0.0, min(gaps)) if gaps else 0.0
        pad_start = max(0.0, _start(kids[0].box, h) - _start(box, h))
        pad_end = max(0.0, _end(box, h) - _end(kids[-1].box, h))
        justify = node.css.get("justify-content", "")
        primary: PrimaryAxisAlign = "MIN"
        if len(kids) >= 2 and justify == "space-between" and max(gaps) - min(gaps) <= TOL:
            primary = "SPACE_BETWEEN"
        elif (
            justify == "center"
            and abs(pad_start - pad_end) <= TOL
            and (not gaps or max(gaps) - min(gaps) <= TOL)
        ):
            primary = "CENTER"
            pad_start = pad_end = min(pad_start, pad_end)
        else:
            for i, gap in enumerate(gaps, start=1):
                extra = gap - spacing
                if extra > 0.5:
                    kids[i] = self._absorb(kids, i, "Left" if h else "Top", extra)
        # Counter axis.
        c = not h
        offs = [_start(k.box, c) - _start(box, c) for k in kids]
        ends = [_end(box, c) - _end(k.box, c) for k in kids]
        counter: CounterAxisAlign
        if (
            all(abs(o - e) <= _centre_tol(node) for o, e in zip(offs, ends, strict=True))
            and len(kids) >= 1
            and max(offs) > TOL
        ):
            counter = "CENTER"
            pad_cs = pad_ce = max(0.0, min(min(o, e) for o, e in zip(offs, ends, strict=True)))
        elif max(offs) - min(offs) <= TOL:
            counter, pad_cs, pad_ce = "MIN", max(0.0, min(offs)), max(0.0, min(ends))
        elif max(ends) - min(ends) <= TOL:
            counter, pad_cs, pad_ce = "MAX", max(0.0, min(offs)), max(0.0, min(ends))
        elif (centred := _common_centre(kids, box, c, _centre_tol(node))) is not None:
            # Centred between uneven paddings (a row whose box is taller above than below).
            counter, (pad_cs, pad_ce) = "CENTER", centred
        else:
            counter, pad_cs, pad_ce = "MIN", max(0.0, min(offs)), max(0.0, min(ends))
            for i, off in enumerate(offs):
                if off - pad_cs > 0.5:
                    kids[i] = self._absorb(
                        kids, i, "Top" if h else "Left", off - pad_cs, allow_previous=False
                    )
        if h:
            top, right, bottom, left = pad_cs, pad_end, pad_ce, pad_start
        else:
            top, right, bottom, left = pad_start, pad_ce, pad_end, pad_cs
        node.auto = AutoLayout(
            mode="HORIZONTAL" if h else "VERTICAL",
            item_spacing=spacing,
            primary_align=primary,
            counter_align=counter,
            padding_top=top,
            padding_right=right,
            padding_bottom=bottom,
            padding_left=left,
        )
        # Sizing: a child as wide (tall) as the content box fills it; a frame sized by its content hugs.
        content = _size(box, c) - pad_cs - pad_ce
        fill_counter = False
        for kid in kids:
            if kid.type in ("FRAME", "TEXT") and abs(_size(kid.box, c) - content) <= TOL:
                if h:
                    kid.sizing_v = "FILL"
                else:
                    kid.sizing_h = "FILL"
                fill_counter = True
        primary_hug = pad_start + pad_end + sum(_size(k.box, h) for k in kids) + spacing * (len(kids) - 1)
        counter_hug = pad_cs + pad_ce + max(_size(k.box, c) for k in kids)
        primary_ok = primary in ("MIN", "CENTER") and abs(primary_hug - _size(box, h)) <= TOL
        counter_ok = not fill_counter and abs(counter_hug - _size(box, c)) <= TOL
        if h:
            node.sizing_h = "HUG" if primary_ok else node.sizing_h
            node.sizing_v = "HUG" if counter_ok else node.sizing_v
        else:
            node.sizing_v = "HUG" if primary_ok else node.sizing_v
            node.sizing_h = "HUG" if counter_ok else node.sizing_h
        absolutes = [k for k in node.children if k.absolute and k not in kids]
        node.children = interleave(kids, absolutes)

    def _absorb(
        self,
        kids: list[WNode],
        i: int,
        side: Literal["Left", "Top"],
        amount: float,
        *,
        allow_previous: bool = True,
    ) -> WNode:
        """Make ``kids[i]`` start ``amount`` px earlier on ``side`` without moving anything it draws."""
        kid = kids[i]
        if _inflatable(kid):
            _inflate(kid, side, amount)
            return kid
        opposite: Side = "Right" if side == "Left" else "Bottom"
        if allow_previous and i > 0 and _inflatable(kids[i - 1]):
            _inflate(kids[i - 1], opposite, amount)
            return kid
        wrapper = WNode(type="FRAME", name="Spacing", box=kid.box, tag="", children=[kid])
        wrapper.paint_order = kid.paint_order
        _inflate(wrapper, side, amount)
        wrapper.css = {"display": "block"}
        wrapper.sizing_h, wrapper.sizing_v = "FIXED", "FIXED"
        self._stack(wrapper, [kid], False)
        return wrapper


def paint_key(node: WNode) -> tuple[float, int, int]:
    """When a node paints among its siblings: its own paint, or for a paintless frame its first child's."""
    if node.type != "FRAME" or node.painted or not node.children:
        return node.paint_order
    return min(paint_key(child) for child in node.children)


def interleave(flow: list[WNode], absolutes: list[WNode]) -> list[WNode]:
    """Flow children in their layout order, each absolute child placed where the browser paints it.

    Figma paints later siblings on top, and in an auto-layout frame the flow order is the position order,
    so only absolute children can move. Each goes above every overlapping sibling that the browser paints
    before it and below every overlapping one painted after it (below wins a conflict: a shape hiding
    text is worse than text over a shape); siblings it does not touch do not constrain it.
    """
    out = list(flow)
    keys = {id(k): paint_key(k) for k in [*flow, *absolutes]}
    for item in sorted(absolutes, key=lambda k: keys[id(k)]):
        key = keys[id(item)]
        overlapping = [(i, keys[id(k)]) for i, k in enumerate(out) if _overlap(k.box, item.box)]
        low = max((i + 1 for i, other in overlapping if other < key), default=0)
        high = min((i for i, other in overlapping if other > key), default=len(out))
        by_key = max((i + 1 for i, k in enumerate(out) if keys[id(k)] <= key), default=0)
        out.insert(high if low > high else max(low, min(high, by_key)), item)
    return out


def _dissolvable(kid: WNode, mode: LayoutMode) -> bool:
    return (
        kid.type == "FRAME"
        and kid.layout_mode == mode
        and not kid.painted
        and not kid.role
        and not kid.absolute
        and len(kid.children) >= 1
        and not any(c.absolute for c in kid.children)
        and kid.auto is not None
        and kid.auto.primary_align == "MIN"
    )


def _wrappers_needed(kids: list[WNode], horizontal: bool, box: Rect, centre_tol: float) -> int:
    """How many "Spacing" wrappers ``Arranger._stack`` would add for these children (a dry run)."""
    h = horizontal
    ordered = sorted(kids, key=lambda k: _start(k.box, h))
    gaps = [_start(b.box, h) - _end(a.box, h) for a, b in itertools.pairwise(ordered)]
    count = 0
    if gaps:
        spacing = max(0.0, min(gaps))
        inflated: set[int] = set()
        for i, gap in enumerate(gaps, start=1):
            if gap - spacing > 0.5 and not _inflatable(ordered[i]):
                if _inflatable(ordered[i - 1]):
                    inflated.add(i - 1)
                else:
                    count += 1
    c = not h
    offs = [_start(k.box, c) - _start(box, c) for k in ordered]
    ends = [_end(box, c) - _end(k.box, c) for k in ordered]
    centred = all(abs(o - e) <= centre_tol for o, e in zip(offs, ends, strict=True))
    centred = centred or _common_centre(ordered, box, c, centre_tol) is not None
    if not centred and max(offs) - min(offs) > TOL and max(ends) - min(ends) > TOL:
        low = max(0.0, min(offs))
        count += sum(1 for k, o in zip(ordered, offs, strict=True) if o - low > 0.5 and not _inflatable(k))
    return count


def _common_centre(kids: list[WNode], box: Rect, c: bool, tol: float) -> tuple[float, float] | None:
    """Counter-axis paddings that centre every child, when their centres coincide within ``tol``."""
    centres = [(_start(k.box, c) + _end(k.box, c)) / 2 for k in kids]
    if max(centres) - min(centres) > tol:
        return None
    centre = sum(centres) / len(centres)
    half = max(max(centre - _start(k.box, c), _end(k.box, c) - centre) for k in kids)
    pad_start = centre - half - _start(box, c)
    pad_end = _end(box, c) - centre - half
    if pad_start < -0.5 or pad_end < -0.5:
        return None
    return max(0.0, pad_start), max(0.0, pad_end)


def _centre_tol(node: WNode) -> float:
    """How far from centred a child may sit and still count as centred.

    With ``align-items: center`` a text's glyph box sits up to a couple of pixels off its line box's
    centre; calling that CENTER costs a pixel of fidelity and saves a wrapper per child.
    """
    return _CENTRE_SLACK if node.css.get("align-items") == "center" else TOL


def _is_row(css: dict[str, str]) -> bool:
    return css.get("display", "").endswith("flex") and css.get("flex-direction", "row").startswith("row")


def _same_column(a: WNode, b: WNode) -> bool:
    """Two text blocks one above the other, aligned the same way, read as paragraphs of one text."""
    if a.text_align != b.text_align or b.box.y < a.box.bottom - TOL or _voice(a) != _voice(b):
        return False
    if b.box.y - a.box.bottom > _MAX_PARAGRAPH_GAP:
        return False
    if a.text_align == "CENTER":
        return abs((a.box.x + a.box.right) - (b.box.x + b.box.right)) <= 2 * TOL
    if a.text_align == "RIGHT":
        return abs(a.box.right - b.box.right) <= TOL
    return abs(a.box.x - b.box.x) <= TOL


def _voice(node: WNode) -> tuple[float, int, float] | None:
    """Size, weight and line height of a text's longest run: a heading never merges into body text."""
    if not node.runs:
        return None
    main = max(node.runs, key=lambda r: r.end - r.start)
    return (main.size, main.weight, main.line_height)


def _mergeable(node: WNode) -> bool:
    return node.type == "TEXT" and not node.absolute and not node.truncated and node.control is None


def merge_paragraphs(children: list[WNode], checkpoint: Checkpoint) -> list[WNode]:
    """Stacked sibling texts become one TEXT whose paragraphs keep their own spacing.

    Figma sets the space after each paragraph (``setRangeParagraphSpacing``), so uneven gaps between
    paragraphs survive exactly, and a column of headings and paragraphs is one layer instead of many.
    """
    out: list[WNode] = []
    for child in children:
        checkpoint.tick()  # a merge looks at the merged text so far: thousands of siblings take seconds
        last = out[-1] if out else None
        if last is None or not _mergeable(child) or not _mergeable(last) or not _same_column(last, child):
            out.append(child)
            continue
        if last.role != child.role or not last.paragraphs:
            last = _as_paragraphs(last)
            out[-1] = last
        gap = max(0.0, child.box.y - last.box.bottom)
        start, end, _ = last.paragraphs[-1]
        last.paragraphs[-1] = (start, end, gap)
        offset = len(last.characters) + 1
        last.characters = f"{last.characters}\n{child.characters}"
        last.runs.extend(
            TextRun(
                r.start + offset,
                r.end + offset,
                r.size,
                r.weight,
                r.line_height,
                r.color,
                r.italic,
                r.underline,
            )
            for r in child.runs
        )
        last.paragraphs.append((offset, len(last.characters), 0.0))
        last.box = last.box.union(child.box)
        last.captured = (last.captured or last.box).union(child.captured or child.box)
        if last.role != child.role:
            last.role, last.confidence = None, 0.0
    return out


def _as_paragraphs(node: WNode) -> WNode:
    node.paragraphs = [(0, len(node.characters), 0.0)]
    return node


def _inflatable(node: WNode) -> bool:
    return node.type == "FRAME" and not node.painted


def _inflate(node: WNode, side: Side, amount: float) -> None:
    b = node.box
    if side == "Left":
        node.box = Rect(b.x - amount, b.y, b.width + amount, b.height)
    elif side == "Top":
        node.box = Rect(b.x, b.y - amount, b.width, b.height + amount)
    elif side == "Right":
        node.box = Rect(b.x, b.y, b.width + amount, b.height)
    else:
        node.box = Rect(b.x, b.y, b.width, b.height + amount)
    if node.auto is not None:
        node.auto.pad(side, amount)


def arrange_tree(root: WNode, findings: list[Finding], checkpoint: Checkpoint | None = None) -> None:
    Arranger(findings, checkpoint).tree(root)


def _redundant(node: WNode) -> bool:
    """A frame with one child that adds nothing: no paint, role, padding or size of its own."""
    if node.type != "FRAME" or len(node.children) != 1 or node.role:
        return False
    # A shadow counts as paint while building but the spec has no effects: it is not a reason to stay.
    if node.fill or node.fill_token or node.stroke or node.clips or node.opacity < 1:
        return False
    if node.auto is not None and any(padding > 0.5 for padding in node.auto.paddings):
        return False
    child, box = node.children[0], node.box
    return all(
        abs(a - b) <= 0.5
        for a, b in zip(
            (child.box.x, child.box.y, child.box.right, child.box.bottom),
            (box.x, box.y, box.right, box.bottom),
            strict=True,
        )
    )


def drop_redundant_frames(node: WNode) -> None:
    """Replace each redundant frame by its only child, which takes the frame's place and sizing.

    They appear after layout: merged paragraphs or a dissolved row can leave a plain frame around a
    single child of exactly its size, one layer a designer would delete.
    """
    for index, child in enumerate(node.children):
        drop_redundant_frames(child)
        while _redundant(child):
            only = child.children[0]
            only.absolute = child.absolute
            if child.sizing_h != "HUG" or only.sizing_h == "FILL":
                only.sizing_h = child.sizing_h if child.sizing_h != "HUG" else "FIXED"
            if child.sizing_v != "HUG" or only.sizing_v == "FILL":
                only.sizing_v = child.sizing_v if child.sizing_v != "HUG" else "FIXED"
            node.children[index] = child = only

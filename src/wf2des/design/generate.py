"""``generate_design``: one wireframe frame + the project's library (+ config, annotations) → a design spec
and its per-element report (pure, deterministic: the same input gives byte-identical JSON).

Steps: bound the input (:mod:`limits`); read the sketch (:mod:`sketch`); fold shapes drawn over a background
rectangle into it (a card drawn as a rectangle and texts on top becomes a frame holding them); set memos
aside and attach each to its element (:mod:`memos`); understand each element (:mod:`cues`); map it to the
library (:mod:`mapping`); build spec nodes with text styles, colour and number variables
(:mod:`semantics`) and auto layout (:mod:`layout`); report every wireframe node.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from wf2des.assemble.config import ProjectConfig
from wf2des.design.binding import Binder
from wf2des.design.cues import Understood, understand
from wf2des.design.layout import (
    Direction,
    Flow,
    Wrap,
    infer_flow,
    settle_kept,
    wrap_box,
    wrap_flow,
)
from wf2des.design.library import DesignLibrary
from wf2des.design.limits import check_wireframe
from wf2des.design.mapping import Mapped, NotMapped, map_element
from wf2des.design.memos import Memo, find_memos, parse_memo, target_of
from wf2des.design.report import (
    REPORT_SCHEMA,
    BindingReport,
    DesignReport,
    ElementReport,
    MemoReport,
    ScreenTotals,
)
from wf2des.design.semantics import (
    ColorRole,
    TextRole,
    hue_class,
    luminance,
    wanted_role,
)
from wf2des.design.sketch import Sketch, read_sketch
from wf2des.spec import (
    SPEC_SCHEMA_V1_1,
    Node,
    Outcome,
    ScreenStats,
    Spec,
    StyleSource,
    TextAlign,
    outcome,
)

__all__ = ["DesignResult", "generate_design"]


@dataclass(frozen=True)
class DesignResult:
    spec: Spec
    report: DesignReport


def generate_design(
    frame: Mapping[str, Any],
    library: DesignLibrary,
    config: ProjectConfig | None,
    *,
    annotations: Mapping[str, Sequence[str]] | None = None,
) -> DesignResult:
    """The design of one wireframe ``frame`` (a REST node), built from ``library``.

    ``annotations`` (node id → labels only the plugin can read) are memos too: each applies to its own node.
    Raises ``WireframeTooLarge`` (422) over the node/depth bounds, ``InvalidInput`` for a non-frame.
    """
    check_wireframe(frame)
    root = read_sketch(frame)
    _fold_backgrounds(root)
    return _Builder(root, library, config, annotations or {}).run()


_STILL = (0.0, 0.0, 0.0, 0.0)

_CONTAINERS = frozenset({"RECTANGLE", "ELLIPSE"})


def _inside(inner: Sketch, outer: Sketch) -> bool:
    return (
        inner.x >= outer.x - 1
        and inner.y >= outer.y - 1
        and inner.right <= outer.right + 1
        and inner.bottom <= outer.bottom + 1
        # A line drawn corner to corner (an image placeholder's cross) spans its box exactly.
        and (inner.area < outer.area or inner.type in ("VECTOR", "LINE"))
    )


def _fold_backgrounds(node: Sketch) -> None:
    """A rectangle (or circle) drawn under siblings that lie within it becomes their parent (not in a
    designer's auto layout: there the siblings are placed by the flow, the rectangle is a backdrop)."""
    children = node.children
    moved: set[str] = set()
    if node.layout_mode in ("HORIZONTAL", "VERTICAL"):
        children = []
    for index, child in enumerate(children):
        holders = [
            s for s in children[:index] if s.type in _CONTAINERS and s.id not in moved and _inside(child, s)
        ]
        if holders:
            holder = min(holders, key=lambda s: (s.area, s.id))
            holder.children.append(child)
            child.parent = holder
            moved.add(child.id)
    if moved:
        node.children = [c for c in children if c.id not in moved]
    for child in node.children:
        _fold_backgrounds(child)


_COUNTER: Mapping[str, Literal["MIN", "CENTER", "MAX"]] = {"MIN": "MIN", "CENTER": "CENTER", "MAX": "MAX"}


def _kept_flow(node: Sketch, items: Sequence[Sketch]) -> Flow:
    """The designer's own auto layout, as drawn: direction, gap, padding, both alignments, wrapping, and
    the children placed over the flow (``layoutPositioning: ABSOLUTE``) kept out of it."""
    direction: Direction = "HORIZONTAL" if node.layout_mode == "HORIZONTAL" else "VERTICAL"
    return Flow(
        direction,
        tuple(c for c in items if c.positioning != "ABSOLUTE"),
        node.item_spacing,
        node.padding,
        _COUNTER.get(node.counter_align, "MIN"),  # BASELINE: text rows, drawn aligned at their top
        node.primary_align == "SPACE_BETWEEN",
        tuple(c for c in items if c.positioning == "ABSOLUTE"),
        primary=_COUNTER.get(node.primary_align, "MIN"),
        wrap=node.wrap and direction == "HORIZONTAL",
        line_gap=node.counter_spacing,
        kept=True,
    )


Edges = tuple[
    float, float, float, float
]  # how far each edge (left, top, right, bottom) moved from the drawing


def _aims(flow: Flow, shift: Edges, fills_cross: bool) -> Edges:
    """The paddings (top, right, bottom, left) that would put the children back where they were drawn in
    a frame whose edges moved by ``shift``: the sides the children are aligned to take the move back, and
    both sides across the flow when a child fills it (its far edge is the padding's)."""
    top, right, bottom, left = flow.padding
    d_left, d_top, d_right, d_bottom = shift
    vertical = flow.direction == "VERTICAL"
    primary = "SPACE_BETWEEN" if flow.spread else flow.primary
    x_align, y_align = (flow.counter, primary) if vertical else (primary, flow.counter)
    near_x = x_align in ("MIN", "CENTER", "SPACE_BETWEEN")
    far_x = x_align in ("MAX", "CENTER", "SPACE_BETWEEN") or (fills_cross and vertical)
    near_y = y_align in ("MIN", "CENTER", "SPACE_BETWEEN")
    far_y = y_align in ("MAX", "CENTER", "SPACE_BETWEEN") or (fills_cross and not vertical)
    return (
        top - d_top if near_y else top,
        right + d_right if far_x else right,
        bottom + d_bottom if far_y else bottom,
        left - d_left if near_x else left,
    )


def _errors(
    start: float,
    gap: float,
    drawn_gaps: Sequence[float],
    stretch: Sequence[float],
    grown: Sequence[float],
) -> Iterator[float]:
    """How far each child after the first lands from its drawing in a start-aligned flow with ``gap``
    bound, when the first is ``start`` off and each has ``grown`` along the flow (an instance takes its
    variant's height); a text that takes a wider gap as width puts what follows back in place."""
    error = start
    for index, drawn in enumerate(drawn_gaps):
        error += grown[index]
        if drawn <= gap + stretch[index]:
            error += gap - drawn
        yield error


def _drift(
    start: float,
    gap: float,
    drawn_gaps: Sequence[float],
    stretch: Sequence[float],
    grown: Sequence[float],
) -> float:
    """How far, in all, the flow's children land from their drawing (see ``_errors``)."""
    return sum((abs(e) for e in _errors(start, gap, drawn_gaps, stretch, grown)), abs(start))


def _moved_as(shift: Edges) -> Edges:
    """A child placed from its parent's top left (absolute, or a wrapped line) moves as that corner."""
    return shift[0], shift[1], shift[0], shift[1]


def _worst(
    start: float,
    gap: float,
    drawn_gaps: Sequence[float],
    stretch: Sequence[float],
    grown: Sequence[float],
) -> float:
    """The farthest any child after the first lands from its drawing (see ``_errors``)."""
    return max((abs(e) for e in _errors(start, gap, drawn_gaps, stretch, grown)), default=0.0)


def _places(
    size: tuple[float, float],
    flow: Flow,
    boxes: Sequence[Sketch],
    sizes_wh: Sequence[tuple[float, float]],
    pads: Sequence[float],
    gap: float,
    stretch: Sequence[float],
) -> list[tuple[float, float]]:
    """Where auto layout puts each child (main, cross) in ``node``, from the drawn sizes: the design's
    place, to compare with the drawing."""
    vertical = flow.direction == "VERTICAL"
    top, right, bottom, left = pads
    length, breadth = (size[1], size[0]) if vertical else size
    lead, trail, near, far = (top, bottom, left, right) if vertical else (left, right, top, bottom)
    sizes = [(h, w) if vertical else (w, h) for w, h in sizes_wh]
    gaps = []
    for index, (a, b) in enumerate(itertools.pairwise(boxes)):
        drawn = (b.y - a.bottom) if vertical else (b.x - a.right)
        gaps.append(drawn if drawn > gap + stretch[index] else gap)
    inner = length - lead - trail
    total = sum(m for m, _ in sizes) + sum(gaps)
    cursor = lead
    if flow.spread and len(boxes) > 1:
        gaps = [(inner - sum(m for m, _ in sizes)) / (len(boxes) - 1)] * (len(boxes) - 1)
    elif flow.primary == "CENTER":
        cursor = lead + (inner - total) / 2
    elif flow.primary == "MAX":
        cursor = length - trail - total
    places = []
    for index, (main, cross) in enumerate(sizes):
        slack = breadth - near - far - cross
        offset = {"CENTER": slack / 2, "MAX": slack}.get(flow.counter, 0.0)
        places.append((cursor, near + offset))
        cursor += main + (gaps[index] if index < len(gaps) else 0.0)
    return places


def _keep_fill(built: Node, drawn: Sketch, flow: Flow) -> None:
    """A child that fills its auto-layout parent keeps filling it (so the design stays resizable), unless
    the flow settled on its drawn width across (see ``settle_kept``)."""
    horizontal, vertical = drawn.sizing
    fixed = drawn.id in flow.fixed
    if horizontal == "FILL" and not (fixed and flow.direction == "VERTICAL"):
        built["layoutSizingHorizontal"] = "FILL"
    if vertical == "FILL" and not (fixed and flow.direction == "HORIZONTAL"):
        built["layoutSizingVertical"] = "FILL"


def _ancestors(node: Sketch) -> list[Sketch]:
    out = []
    parent = node.parent
    while parent is not None:
        out.append(parent)
        parent = parent.parent
    return out


def _fingerprint(*parts: object) -> str:
    blob = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _drawn(node: Sketch) -> list[object]:
    return [
        node.type,
        node.name,
        round(node.x, 1),
        round(node.y, 1),
        round(node.width, 1),
        round(node.height, 1),
        node.fill,
        node.stroke,
        node.radius,
        node.characters,
        node.font_size,
        node.font_weight,
    ]


# An instance takes its component's height when that is within this of the drawn one (the size variant chosen
# fits); drawn much taller or shorter (a 64 px tall button, a page header drawn as one line), it keeps the
# drawn box, so what follows it in the flow stays where it was drawn.
_VARIANT_FIT = 4.0
# A row's child (not a text) followed by a gap at least this much wider than the row's gets a cell that
# wide: a table's column, not a spacing remainder.
_CELL = 8.0

_ALIGN: Mapping[str, TextAlign] = {
    "LEFT": "LEFT",
    "CENTER": "CENTER",
    "RIGHT": "RIGHT",
    "JUSTIFIED": "JUSTIFIED",
}
_SPACING_FIELDS = ("paddingTop", "paddingRight", "paddingBottom", "paddingLeft")


@dataclass
class _Totals:
    instances: int = 0
    icons: int = 0
    not_mapped: int = 0
    design_nodes: int = 0
    frames_with_children: int = 0
    auto_layout: int = 0
    absolute: int = 0
    frames: int = 0


@dataclass
class _Builder:
    root: Sketch
    library: DesignLibrary
    config: ProjectConfig | None
    annotations: Mapping[str, Sequence[str]]
    reports: dict[str, ElementReport] = field(default_factory=dict)
    outcomes: list[Outcome] = field(default_factory=list)
    totals: _Totals = field(default_factory=_Totals)

    def __post_init__(self) -> None:
        self.binder = Binder(self.library)
        self.shift: dict[str, Edges] = {}  # frame id → how far layout moved its edges from the drawing
        self.layer = {n.id: index for index, n in enumerate(self.root.walk())}  # back to front
        self.screen_id = self.root.id
        self.body_size = self._body_size()

    # -- reading ------------------------------------------------------------------------------------------

    def run(self) -> DesignResult:
        markers = list(self.config.memo_markers) if self.config is not None else []
        memos = find_memos(self.root, markers)
        memo_ids = {n.id for memo in memos for n in memo.node.walk()}
        for memo in memos:  # out of the drawing: a note on a button is not the button's text
            if memo.node.parent is not None:
                memo.node.parent.children = [c for c in memo.node.parent.children if c is not memo.node]
        self.elements = understand(self.root, self.library, skip=memo_ids)
        inside_elements = {
            n.id
            for e in self.elements.values()
            for part in e.absorbed
            for n in part.walk()
            if n is not e.node
        }
        holders = {a.id for e in self.elements.values() for a in _ancestors(e.node)}
        candidates = [
            n
            for n in self.root.walk()
            if n is not self.root
            and n.id not in memo_ids
            and n.id not in inside_elements
            and n.id not in holders
        ]
        self.memo_intent: dict[str, dict[str, str]] = {}
        self.memo_of: dict[str, list[str]] = {}
        for memo in memos:
            memo.target = target_of(memo, candidates)
            if memo.target is not None:
                self.memo_intent.setdefault(memo.target.id, {}).update(memo.read)
                self.memo_of.setdefault(memo.target.id, []).append(memo.node.id)
        known = {n.id: n for n in self.root.walk()}
        for node_id in sorted(self.annotations):
            # An annotation is a memo pinned to its node by Figma itself: no marker, no geometry.
            text = "; ".join(self.annotations[node_id])
            read, unreadable = parse_memo(text)
            node = known.get(node_id)
            if node is None:
                unreadable = [f"(annotated node {node_id} is not in the wireframe)"]
            elif read:
                self.memo_intent.setdefault(node_id, {}).update(read)
                self.memo_of.setdefault(node_id, []).append(f"annotation:{node_id}")
            if node is not None and not read and not unreadable:
                continue
            memo = Memo(node or self.root, text, read, unreadable, node)
            memo.source = f"annotation:{node_id}"
            memos.append(memo)
        self._promote_memo_targets()
        self.decisions: dict[str, Mapped | NotMapped] = {}
        rules = list(self.config.components) if self.config is not None else []
        for node_id, element in self.elements.items():
            self.decisions[node_id] = map_element(
                element, self.library, rules, self.memo_intent.get(node_id, {})
            )
        self.memo_ids = memo_ids
        # Parts drawn beside or inside an element that its instance replaces: not built on their own.
        self.claimed: set[str] = set()
        for node_id, decision in self.decisions.items():
            if isinstance(decision, Mapped):
                element = self.elements[node_id]
                for part in element.absorbed:
                    self.claimed.update(n.id for n in part.walk() if n.id != node_id)
                if decision.takes_side_label and element.side_label is not None:
                    self.claimed.add(element.side_label.id)
        root = self._frame(self.root, None, top=True)
        memo_reports = [self._memo_report(memo) for memo in memos]  # before the spec: they add outcomes
        spec = self._spec(root)
        report: DesignReport = {
            "schema": REPORT_SCHEMA,
            "wireframeNodeId": self.root.id,
            "elements": [
                *(self.reports[n.id] for n in self.root.walk() if n.id in self.reports),
                *(self.reports[node_id] for node_id, _ in self.root.hidden),
            ],
            "memos": memo_reports,
            "screens": [self._screen_totals(memos)],
        }
        return DesignResult(spec, report)

    def _promote_memo_targets(self) -> None:
        """A memo naming a component on an unrecognised node makes that node an element."""
        for node_id, read in self.memo_intent.items():
            if node_id in self.elements or not (read.get("component") or read.get("icon")):
                continue
            node = next((n for n in self.root.walk() if n.id == node_id), None)
            if node is None or node is self.root or node.type == "TEXT":
                continue
            role = "icon" if read.get("icon") and not read.get("component") else "component"
            texts = [n.characters or "" for n in node.walk() if n.type == "TEXT"]
            self.elements[node_id] = Understood(
                node, role, 0.9, "memo", texts=texts, absorbed=list(node.children)
            )

    def _body_size(self) -> float:
        sizes = Counter(n.font_size for n in self.root.walk() if n.type == "TEXT" and n.font_size > 0)
        if not sizes:
            return 14.0
        return max(sizes.items(), key=lambda item: (item[1], -item[0]))[0]

    def _is_heading(self, node: Sketch) -> bool:
        return node.font_size >= 1.2 * self.body_size or (
            node.font_weight >= 600 and node.font_size > self.body_size
        )

    # -- building -----------------------------------------------------------------------------------------

    def _base(self, node: Sketch, parent: Sketch | None, kind: str, name: str, node_id: str) -> Node:
        x = node.x - (parent.x if parent is not None else node.x)
        y = node.y - (parent.y if parent is not None else node.y)
        out: Node = {
            "id": node_id,
            "type": kind,  # type: ignore[typeddict-item]
            "name": name,
            "role": None,
            "x": round(x, 2),
            "y": round(y, 2),
            "width": round(node.width, 2),
            "height": round(node.height, 2),
            "capturedBox": {
                "x": round(node.x, 2),
                "y": round(node.y, 2),
                "width": round(node.width, 2),
                "height": round(node.height, 2),
            },
            "layoutPositioning": "AUTO",
            "layoutSizingHorizontal": "FIXED",
            "layoutSizingVertical": "FIXED",
            "sourceNodeId": node.id,
        }
        self.totals.design_nodes += 1
        return out

    def _report(self, node: Sketch, outcome_kind: str, design_id: str | None, **extra: Any) -> ElementReport:
        entry: ElementReport = {
            "nodeId": node.id,
            "name": node.name,
            "outcome": outcome_kind,  # type: ignore[typeddict-item]
            "designNodeId": design_id,
        }
        entry.update(extra)  # type: ignore[typeddict-item]
        if node.id in self.memo_of:
            entry["memos"] = list(self.memo_of[node.id])
        self.reports[node.id] = entry
        return entry

    def _node(self, node: Sketch, parent: Sketch | None) -> Node | None:
        if node.id in self.memo_ids:
            return None
        decision = self.decisions.get(node.id)
        if isinstance(decision, Mapped):
            return self._instance(node, parent, decision)
        if node.type == "TEXT":
            return self._text(node, parent)
        if node.children or node.type in ("FRAME", "GROUP", "COMPONENT", "INSTANCE", "SECTION"):
            return self._frame(node, parent)
        return self._shape(node, parent)

    def _instance(self, node: Sketch, parent: Sketch | None, decision: Mapped) -> Node:
        element = self.elements[node.id]
        design_id = f"d:{node.id}"
        out = self._base(node, parent, "INSTANCE", decision.set_name or decision.name, design_id)
        if abs(decision.height - node.height) <= _VARIANT_FIT:
            out["height"] = round(decision.height, 2)  # the size variant fits what was drawn: its own height
        out["componentKey"] = decision.key
        out["componentName"] = decision.name
        out["componentSetName"] = decision.set_name
        out["variantProperties"] = dict(decision.variant)
        out["componentProperties"] = dict(decision.properties)
        out["textOverrides"] = []
        out["mappingConfidence"] = decision.confidence
        out["mappingSource"] = decision.cue
        out["fingerprint"] = _fingerprint(
            _drawn(node), decision.key, dict(decision.properties), [_drawn(p) for p in element.absorbed]
        )
        is_icon = decision.set_name is None and element.role == "icon"
        if is_icon:
            self.totals.icons += 1
        else:
            self.totals.instances += 1
        self._report(
            node,
            "icon" if is_icon else "instance",
            design_id,
            role=element.role,
            component=decision.set_name or decision.name,
            componentKey=decision.key,
            variantProperties=dict(decision.variant),
            confidence=decision.confidence,
            cue=decision.cue,
        )
        why = f"drawn as part of {node.id}, now {decision.set_name or decision.name}"
        for part in element.absorbed:
            for inner in part.walk():
                if inner.id != node.id and inner.id not in self.memo_ids:
                    self._report(inner, "absorbed", design_id, reason=why)
        if decision.takes_side_label and element.side_label is not None:
            self._report(element.side_label, "absorbed", design_id, reason=f"the label of {node.id}")
            label = element.side_label
            out["width"] = round(max(label.right, node.right) - node.x, 2)
        out["fallback"] = self._fallback(node, parent, element, design_id)
        return out

    def _fallback(self, node: Sketch, parent: Sketch | None, element: Understood, design_id: str) -> Node:
        """What the plugin builds when the component cannot be imported: the element as drawn (its box,
        its paints and its labels, on the library's tokens), with the instance's id as the schema asks."""
        counts = self.binder.counts()
        nodes = self.totals.design_nodes
        bindings: list[BindingReport] = []
        out = self._base(node, parent, "FRAME", node.name, design_id)
        out["clipsContent"] = False
        self._paints(node, out, bindings)
        self.binder.radius(out, bindings, node.radius, min(node.width, node.height))
        texts = [n for part in element.absorbed for n in part.walk() if n.type == "TEXT"]
        if element.side_label is not None and element.side_label not in texts:
            texts.append(element.side_label)
        children: list[Node] = []
        for text in texts:
            child = self._base(text, node, "TEXT", text.name, f"{design_id}/fallback-{text.id}")
            child["layoutPositioning"] = "ABSOLUTE"
            child["characters"] = text.characters or ""
            child["textAlignHorizontal"] = _ALIGN.get(text.text_align, "LEFT")
            child["textStyle"] = self.binder.text_style(
                bindings, self._text_role(text), text.font_size, text.font_weight
            )
            fill = text.fill or "#000000"
            role = wanted_role("fg", fill, on_emphasis=self._on_emphasis(text))
            child["fill"] = self.binder.paint(bindings, "fill", role, fill)
            child["fingerprint"] = _fingerprint(_drawn(text))
            children.append(child)
        out["layoutMode"] = "NONE"
        out["children"] = children
        out["fingerprint"] = _fingerprint("fallback", _drawn(node))
        # Built only if an import fails: it adds tokens, but no design nodes or bindings to the totals.
        self.binder.restore(counts)
        self.totals.design_nodes = nodes
        return out

    def _text(self, node: Sketch, parent: Sketch | None) -> Node:
        design_id = f"d:{node.id}"
        out = self._base(node, parent, "TEXT", node.name, design_id)
        characters = node.characters or ""
        out["characters"] = characters
        out["textAlignHorizontal"] = _ALIGN.get(node.text_align, "LEFT")
        out["textAutoResize"] = "HEIGHT"
        role = self._text_role(node)
        bindings: list[BindingReport] = []
        out["textStyle"] = self.binder.text_style(bindings, role, node.font_size, node.font_weight)
        on_emphasis = self._on_emphasis(node)
        fill = node.fill or "#000000"
        out["fill"] = self.binder.paint(
            bindings, "fill", wanted_role("fg", fill, on_emphasis=on_emphasis), fill
        )
        out["fingerprint"] = _fingerprint(_drawn(node), out["textStyle"], out["fill"])
        self._report(node, "text", design_id, role=role, bindings=bindings)
        return out

    def _text_role(self, node: Sketch) -> TextRole:
        if self._is_heading(node):
            return "heading"
        if node.font_size <= 0.86 * self.body_size:
            return "caption"
        return "body"

    def _on_emphasis(self, node: Sketch) -> bool:
        parent = node.parent
        while parent is not None:
            if parent.fill is not None:
                return luminance(parent.fill) < 0.6 or hue_class(parent.fill) != "grey"
            parent = parent.parent
        return False

    def _shape(self, node: Sketch, parent: Sketch | None) -> Node:
        kind = (
            "ELLIPSE"
            if node.type == "ELLIPSE"
            else "VECTOR"
            if node.type in ("VECTOR", "LINE")
            else "RECTANGLE"
        )
        design_id = f"d:{node.id}"
        out = self._base(node, parent, kind, node.name, design_id)
        bindings: list[BindingReport] = []
        self._paints(node, out, bindings)
        self.binder.radius(out, bindings, node.radius, min(node.width, node.height))
        out["fingerprint"] = _fingerprint(_drawn(node), out.get("fill"), out.get("stroke"))
        self._not_mapped_or(node, "shape", design_id, bindings)
        return out

    def _not_mapped_or(self, node: Sketch, kind: str, design_id: str, bindings: list[BindingReport]) -> None:
        decision = self.decisions.get(node.id)
        if isinstance(decision, NotMapped):
            element = self.elements[node.id]
            if not decision.keep_frame:
                self.totals.not_mapped += 1
                self.outcomes.append(
                    outcome(
                        f"design:{node.id}",
                        "design_element_not_mapped",
                        f"{node.name} ({element.role}, {element.cue}) stays a frame: {decision.reason}",
                        screen_id=self.screen_id,
                        node_id=design_id,
                    )
                )
            self._report(
                node,
                "frame" if decision.keep_frame else "not_mapped",
                design_id,
                role=element.role,
                cue=decision.cue or element.cue,
                reason=decision.reason,
                bindings=bindings,
            )
        else:
            self._report(node, kind, design_id, bindings=bindings)

    def _frame(self, node: Sketch, parent: Sketch | None, *, top: bool = False) -> Node:
        design_id = f"d:{node.id}"
        out = self._base(node, parent, "FRAME", node.name or "Frame", design_id)
        out["clipsContent"] = top
        bindings: list[BindingReport] = []
        if node.type == "ELLIPSE":
            out["cornerRadius"] = round(min(node.width, node.height) / 2, 2)
        self._paints(node, out, bindings, canvas=top)
        if node.type != "ELLIPSE":
            self.binder.radius(out, bindings, node.radius, min(node.width, node.height))
        items = [c for c in node.children if c.id not in self.memo_ids and not self._absorbed(c)]
        self.totals.frames += 1
        children: list[Node] = []
        if items:
            flow = self._flow(node, items)
            shift = self.shift.get(node.id, _STILL)
            children = self._flow_children(node, flow, out, bindings, shift)
        else:
            out["layoutMode"] = "NONE"
        if len(children) >= 2:
            self.totals.frames_with_children += 1
        if out.get("layoutMode", "NONE") != "NONE":
            self.totals.auto_layout += 1
        out["children"] = children
        out["fingerprint"] = _fingerprint(_drawn(node), out.get("fill"), out.get("layoutMode"))
        self._not_mapped_or(node, "frame", design_id, bindings)
        return out

    def _absorbed(self, node: Sketch) -> bool:
        return node.id in self.claimed

    def _flow(self, node: Sketch, items: list[Sketch]) -> Flow:
        if node.layout_mode == "HORIZONTAL" or node.layout_mode == "VERTICAL":
            return settle_kept(_kept_flow(node, items), node, self.binder.on_scale)
        return infer_flow(node, items)

    def _flow_children(
        self,
        node: Sketch,
        flow: Flow,
        out: Node,
        bindings: list[BindingReport],
        shift: Edges = _STILL,
    ) -> list[Node]:
        """The flow's children, built; ``shift`` is how far snapping further out already moved ``node``'s
        edges from where they were drawn: paddings and the gap are bound to the scale steps that move its
        children back the most, so snapping errors do not add up down the tree."""
        out["layoutMode"] = flow.direction
        out["counterAxisAlignItems"] = flow.counter
        out["primaryAxisAlignItems"] = "SPACE_BETWEEN" if flow.spread else flow.primary
        if flow.wrap:
            out["layoutWrap"] = "WRAP"
            self.binder.spacing(out, bindings, "counterAxisSpacing", flow.line_gap)
        vertical = flow.direction == "VERTICAL"
        fills = any(
            (isinstance(item, Wrap) and (item.centred or item.end or item.inset > 0))
            or (isinstance(item, Sketch) and self._fills_cross(item, node, flow))
            for item in flow.items
        )
        aims = _aims(flow, shift, fills)
        for name, value, aim in zip(_SPACING_FIELDS, flow.padding, aims, strict=True):
            self.binder.spacing(out, bindings, name, value, aim)
        pads = tuple(float(out[name]) for name in _SPACING_FIELDS)  # type: ignore[literal-required]
        boxes = [wrap_box(item) if isinstance(item, Wrap) else item for item in flow.items]
        stretch = [self._stretches(item, boxes, i, flow) for i, item in enumerate(flow.items)]
        sizes = [self._built_size(item, box) for item, box in zip(flow.items, boxes, strict=True)]
        drawn_gaps = [(b.y - a.bottom) if vertical else (b.x - a.right) for a, b in itertools.pairwise(boxes)]
        if flow.spread:
            # SPACE_BETWEEN computes the gap ("Auto" in Figma): the drawn distance is no spacing to bind.
            self.binder.spacing(out, bindings, "itemSpacing", 0.0)
        else:
            lead = (pads[0] - flow.padding[0]) if vertical else (pads[3] - flow.padding[3])
            start = (shift[1] if vertical else shift[0]) + lead
            steps = [t.value for t in self.binder.spacing_steps(flow.gap)]
            if flow.gap <= 0 or not steps:
                steps.append(max(0.0, flow.gap))  # none drawn, or off the scale: as drawn
            main = 1 if vertical else 0
            grown = [sizes[i][main] - (b.height if vertical else b.width) for i, b in enumerate(boxes)]
            best = min(
                steps,
                key=lambda g: (_drift(start, g, drawn_gaps, stretch, grown), abs(g - flow.gap), g),
            )
            smallest = min((self._smallest(item, main) for item in flow.items), default=0.0)
            worst = _worst(start, best, drawn_gaps, stretch, grown)
            as_drawn = _worst(start, flow.gap, drawn_gaps, stretch, grown)
            if worst > max(4.0, 0.25 * smallest) and worst > as_drawn:
                # Every step near the drawn gap moves the later children by more than a quarter of the
                # smallest (a table's rows drift a row down): the rhythm is kept as drawn, reported unbound.
                self.binder.keep(out, bindings, "itemSpacing", flow.gap)
            else:
                self.binder.spacing(out, bindings, "itemSpacing", flow.gap, best)
        bound_gap = float(out.get("itemSpacing", 0.0))
        size = (node.width + shift[2] - shift[0], node.height + shift[3] - shift[1])  # as placed
        places = _places(size, flow, boxes, sizes, pads, bound_gap, stretch)
        children: list[Node] = []
        layers: list[int] = []
        for index, item in enumerate(flow.items):
            spans = False
            built: Node | None

            def moved(box: Sketch, fills: bool, index: int = index) -> Edges:
                main, cross = places[index]
                width, height = box.width, box.height
                if fills:
                    cross = pads[3] if vertical else pads[0]
                    if vertical:
                        width = size[0] - pads[1] - pads[3]
                    else:
                        height = size[1] - pads[0] - pads[2]
                px, py = (cross, main) if vertical else (main, cross)
                left = shift[0] + px - (box.x - node.x)
                top = shift[1] + py - (box.y - node.y)
                return left, top, left + width - box.width, top + height - box.height

            if isinstance(item, Wrap):
                built, spans = self._wrap(node, item, index, moved)
            else:
                fills = self._fills_cross(item, node, flow)
                self.shift[item.id] = moved(item, fills) if not flow.wrap else _moved_as(shift)
                built = self._node(item, node)
            if built is None:
                continue
            if spans and flow.direction == "VERTICAL":
                built["width"] = round(node.width - flow.padding[1] - flow.padding[3], 2)
            extra = (boxes[index + 1].x - boxes[index].right - bound_gap) if index + 1 < len(boxes) else 0.0
            if extra > stretch[index] and built["type"] == "TEXT":
                # A text followed by a wider gap than the row's takes the difference as width (a table's
                # fixed-width column), so what follows stays where it was drawn.
                built["width"] = round(built["width"] + extra, 2)
            elif extra > stretch[index]:
                # Anything else gets a cell that wide (a table's column of badges or actions).
                built = self._cell(node, built, boxes[index], extra, index)
            if flow.kept and isinstance(item, Sketch):
                _keep_fill(built, item, flow)  # what the designer set, not inferred from the drawn size
            else:
                self._fill_cross(built, node, flow)
            children.append(built)
            layers.append(self._layer(item))
        for item in flow.absolute:
            self.shift[item.id] = _moved_as(shift)
            drawn_over = self._node(item, node)
            if drawn_over is not None:
                drawn_over["layoutPositioning"] = "ABSOLUTE"
                # Where it was in the layer order: a backdrop drawn first stays behind the flow.
                at = next((i for i, layer in enumerate(layers) if layer > self._layer(item)), len(layers))
                children.insert(at, drawn_over)
                layers.insert(at, self._layer(item))
        return children

    def _layer(self, item: Wrap | Sketch) -> int:
        """Where an item was in the wireframe's layer order (a wrap: its first member)."""
        if isinstance(item, Wrap):
            return min(self._layer(member) for member in item.members)
        return self.layer.get(item.id, 0)

    def _stretches(self, item: Wrap | Sketch, boxes: Sequence[Sketch], index: int, flow: Flow) -> float:
        """How much wider than the row's gap the drawn gap after a row's child must be for the child to take
        the difference (see ``_flow_children``): any, for a text (its width does not show); a column's
        worth, for a cell around anything else; never, in a spread row or a designer's own auto layout."""
        if flow.direction != "HORIZONTAL" or flow.spread or flow.wrap or index + 1 >= len(boxes):
            return math.inf
        text = (
            isinstance(item, Sketch)
            and item.type == "TEXT"
            and not isinstance(self.decisions.get(item.id), Mapped)
        )
        if text:
            return 0.0
        return math.inf if flow.kept else _CELL

    def _cell(self, parent: Sketch, built: Node, box: Sketch, extra: float, index: int) -> Node:
        """A frame as wide as ``built`` and the ``extra`` after it, holding it at its start."""
        cell = Sketch(
            id=f"{parent.id}/cell-{index}",
            type="FRAME",
            name="Cell",
            x=box.x,
            y=box.y,
            width=box.width + extra,
            height=float(built["height"]),
            depth=0,
        )
        out = self._base(cell, parent, "FRAME", "Cell", f"d:{cell.id}")
        out["sourceNodeId"] = parent.id.split("/", 1)[0]  # a wrap's cell traces back to its wireframe node
        out["clipsContent"] = False
        out["layoutMode"] = "HORIZONTAL"
        out["primaryAxisAlignItems"] = "MIN"
        out["counterAxisAlignItems"] = "MIN"
        out["itemSpacing"] = 0.0
        for name in _SPACING_FIELDS:
            out[name] = 0.0  # type: ignore[literal-required]
        built["x"], built["y"] = 0.0, 0.0
        if built.get("layoutSizingVertical") == "FILL":
            built["layoutSizingVertical"] = "FIXED"
            out["layoutSizingVertical"] = "FILL"
        out["children"] = [built]
        out["fingerprint"] = _fingerprint("cell", built["id"], round(cell.width, 2))
        self.totals.frames += 1
        self.totals.auto_layout += 1
        return out

    def _smallest(self, item: Wrap | Sketch, axis: int) -> float:
        """The smallest size along ``axis`` of what an item shows (its leaves): what a drift is felt on."""
        if isinstance(item, Wrap):
            return min(self._smallest(member, axis) for member in item.members)
        leaves = [n for n in item.walk() if not n.children] or [item]
        return min(n.height if axis else n.width for n in leaves)

    def _built_size(self, item: Wrap | Sketch, box: Sketch) -> tuple[float, float]:
        """The size a child will have in the design: its drawn box, or an instance's variant height."""
        decision = self.decisions.get(box.id) if isinstance(item, Sketch) else None
        if isinstance(decision, Mapped) and abs(decision.height - box.height) <= _VARIANT_FIT:
            return box.width, decision.height
        return box.width, box.height

    def _fills_cross(self, item: Sketch, parent: Sketch, flow: Flow) -> bool:
        axis = 0 if flow.direction == "VERTICAL" else 1
        if flow.kept:
            return item.sizing[axis] == "FILL" and item.id not in flow.fixed
        top, right, bottom, left = flow.padding
        if axis == 0:
            return item.width >= parent.width - left - right - 2
        return item.height >= parent.height - top - bottom - 2

    def _fill_cross(self, built: Node, parent: Sketch, flow: Flow) -> None:
        top, right, bottom, left = flow.padding
        if flow.direction == "VERTICAL" and built["width"] >= parent.width - left - right - 2:
            built["layoutSizingHorizontal"] = "FILL"
        if flow.direction == "HORIZONTAL" and built["height"] >= parent.height - top - bottom - 2:
            built["layoutSizingVertical"] = "FILL"

    def _wrap(
        self,
        parent: Sketch,
        wrap: Wrap,
        index: int,
        moved: Callable[[Sketch, bool], Edges],
    ) -> tuple[Node, bool]:
        """The frame the layout adds for ``wrap``, and whether it spans its column (it aligns its members
        to the centre, the right or an indent, or spreads them to both ends)."""
        box, flow = wrap_flow(wrap, parent)
        spans = bool(wrap.centred or wrap.end or wrap.inset > 0 or flow.spread)
        kind = "row" if wrap.direction == "HORIZONTAL" else "group"
        # A frame the layout adds has a path under the wireframe node it was made in (wireframe ids never
        # hold a "/"), and traces back to that node.
        box.id = f"{parent.id}/{kind}-{index}"
        design_id = f"d:{box.id}"
        out = self._base(box, parent, "FRAME", box.name, design_id)
        out["sourceNodeId"] = box.id.split("/", 1)[0]
        out["clipsContent"] = False
        bindings: list[BindingReport] = []
        self.totals.frames += 1
        children = self._flow_children(box, flow, out, bindings, moved(box, spans))
        self.totals.auto_layout += 1
        if len(children) >= 2:
            self.totals.frames_with_children += 1
        out["children"] = children
        out["fingerprint"] = _fingerprint(kind, [c["id"] for c in children])
        return out, spans

    def _paints(
        self, node: Sketch, out: Node, bindings: list[BindingReport], *, canvas: bool = False
    ) -> None:
        if node.fill is not None:
            role = ColorRole("bg", "default") if canvas else wanted_role("bg", node.fill)
            out["fill"] = self.binder.paint(bindings, "fill", role, node.fill)
        if node.stroke is not None:
            out["stroke"] = self.binder.paint(
                bindings, "stroke", wanted_role("border", node.stroke), node.stroke
            )
            out["strokeWeight"] = node.stroke_weight or 1.0

    # -- output -------------------------------------------------------------------------------------------

    def _spec(self, root: Node) -> Spec:
        for node_id, name in self.root.hidden:
            self.reports[node_id] = {
                "nodeId": node_id,
                "name": name,
                "outcome": "not_mapped",
                "designNodeId": None,
                "reason": "hidden in the wireframe",
            }
        for node in self.root.walk():
            if node.id not in self.reports and node.id not in self.memo_ids:
                # Nothing silent: a node no step built or absorbed is reported as dropped (a bug if seen).
                self._report(node, "not_mapped", None, reason="not reached by the builder")
                self.totals.not_mapped += 1
        sources: list[StyleSource] = [
            {"figmaFileKey": key, "origin": "library", "colorSource": "variables"}
            for key in self.library.file_keys
        ]
        outcomes = list(self.outcomes)
        screen_stats: ScreenStats = {
            "screenId": self.screen_id,
            "nodes": self.totals.design_nodes,
            "frames": self.totals.frames,
            "autoLayoutFrames": self.totals.auto_layout,
            "textNodes": self.binder.texts,
            "absoluteNodes": 0,
            "visibleElements": self.totals.instances + self.totals.icons,
        }
        return {
            "schema": SPEC_SCHEMA_V1_1,
            "source": {"entry": f"figma-node:{self.root.id}", "manifestSha256": None},
            "screens": [
                {
                    "screenId": self.screen_id,
                    "name": self.root.name,
                    "viewport": {
                        "width": max(1, round(self.root.width)),
                        "height": max(1, round(self.root.height)),
                    },
                    "root": root,
                }
            ],
            "tokens": self.binder.tokens(),
            "styleBindings": dict(sorted(self.binder.bindings.items())),
            "styleBindingDetails": dict(sorted(self.binder.details.items())),
            "styleSources": sources,
            "outcomes": outcomes,
            "flagCount": sum(1 for o in outcomes if o["flagged"]),
            "stats": {
                "screens": [screen_stats],
                "nodeCount": self.totals.design_nodes,
                "outcomeCount": len(outcomes),
                "blockedResources": 0,
            },
        }

    def _memo_report(self, memo: Memo) -> MemoReport:
        if memo.unreadable:
            self.outcomes.append(
                outcome(
                    f"memo:{memo.source or memo.node.id}",
                    "design_memo_unreadable",
                    f"memo {memo.text!r}: could not read {', '.join(memo.unreadable)!r}",
                    screen_id=self.screen_id,
                    node_id=None,
                )
            )
        return {
            "nodeId": memo.source or memo.node.id,
            "text": memo.text,
            "target": memo.target.id if memo.target is not None else None,
            "read": dict(sorted(memo.read.items())),
            "unreadable": list(memo.unreadable),
        }

    def _screen_totals(self, memos: Sequence[Memo]) -> ScreenTotals:
        t, b = self.totals, self.binder
        return {
            "screenId": self.screen_id,
            "wireframeNodes": sum(1 for _ in self.root.walk()),
            "memos": len(memos),
            "memosUnreadable": sum(1 for m in memos if m.unreadable),
            "designNodes": t.design_nodes,
            "instances": t.instances,
            "icons": t.icons,
            "notMapped": t.not_mapped,
            "texts": b.texts,
            "textsStyled": b.texts_styled,
            "paints": b.paints,
            "paintsBound": b.paints_bound,
            "spacings": b.spacings,
            "spacingsBound": b.spacings_bound,
            "framesWithChildren": t.frames_with_children,
            "autoLayoutFrames": t.auto_layout,
        }

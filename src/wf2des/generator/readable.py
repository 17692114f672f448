"""Keep every text readable in the wireframe palette (WCAG 2.x contrast against what is painted behind it).

The palette maps each colour to a grey by its lightness, one colour at a time, so white text on a blue
button (a mid grey) or on a photo (the light image placeholder) loses its contrast. This pass looks at each
text against the fill the wireframe paints behind its centre and repairs it the way the page meant it:

- a fill carrying mostly light text was dark on the page (a primary button, a hero photo): it becomes a
  dark grey (a dark image placeholder), so the light text stays light;
- any text run still under 4.5:1 takes whichever of the text colours reads best on its backdrop.

4.5:1 is used for large text too (WCAG asks 3:1 there): the spec's text ramp may round a size across the
24 px line, and the stricter bound keeps the check on the emitted spec true.
"""

from __future__ import annotations

from collections import defaultdict

from wf2des.generator.contrast import NORMAL_TEXT_RATIO, contrast_ratio, hex_rgb
from wf2des.generator.model import WNode
from wf2des.generator.tokens import COLOR_VALUES, paint_token, run_token

__all__ = ["make_readable"]

# A darkened fill takes the second grey when the fill around it is already the first (a button on a card).
_DARK_FILLS = ("color/wf/grey-700", "color/wf/grey-900")
_DARK_IMAGE = "color/wf/image-dark"
_TEXT_TOKENS = ("color/wf/text", "color/wf/text-inverse")
_INVERSE = "color/wf/text-inverse"


def _rgb(token: str) -> tuple[float, float, float]:
    return hex_rgb(COLOR_VALUES[token])


def _ratio(a: str, b: str) -> float:
    return contrast_ratio(_rgb(a), _rgb(b))


def _backdrops(root: WNode) -> tuple[list[tuple[WNode, WNode | None]], dict[int, WNode | None]]:
    """Each TEXT node with the topmost node painted before it whose fill lies under its centre, and the
    nearest filled ancestor of every node.

    Flow children never overlap, so besides the nearest filled ancestor only nodes inside absolute
    subtrees earlier in paint order can be under a text that is itself in the flow.
    """
    order: list[tuple[WNode, bool, WNode | None]] = []  # node, floating, nearest filled ancestor

    def visit(node: WNode, floating: bool, filled: WNode | None) -> None:
        floating = floating or node.absolute
        order.append((node, floating, filled))
        below = node if paint_token(node) is not None else filled
        for child in node.children:
            visit(child, floating, below)

    visit(root, False, None)
    position = {id(node): index for index, (node, _, _) in enumerate(order)}
    under = {id(node): filled for node, _, filled in order}
    out: list[tuple[WNode, WNode | None]] = []
    floating_fills: list[tuple[int, WNode]] = []
    all_fills: list[tuple[int, WNode]] = []
    for index, (node, floating, filled) in enumerate(order):
        if node.type == "TEXT":
            box = node.box
            cx, cy = box.x + box.width / 2, box.y + box.height / 2
            # A text in an absolute subtree (a fixed header) may lie over anything painted before it.
            pool = all_fills if floating else floating_fills
            # Nothing painted before the nearest filled ancestor can show: the ancestor covers it.
            floor = position[id(filled)] if filled is not None else -1
            behind = filled
            for at, fill in reversed(pool):
                if at <= floor:
                    break
                b = fill.box
                if b.x <= cx <= b.right and b.y <= cy <= b.bottom:
                    behind = fill
                    break
            out.append((node, behind))
        elif paint_token(node) is not None:
            all_fills.append((index, node))
            if floating:
                floating_fills.append((index, node))
    return out, under


def _run_token(node: WNode, index: int) -> str:
    return run_token(node, node.runs[index])


def make_readable(root: WNode) -> None:
    pairs, under = _backdrops(root)
    light: dict[int, int] = defaultdict(int)
    dark: dict[int, int] = defaultdict(int)
    nodes: dict[int, WNode] = {}
    for text, behind in pairs:
        if behind is None:
            continue
        nodes[id(behind)] = behind
        for index, run in enumerate(text.runs):
            length = max(1, run.end - run.start)
            if _run_token(text, index) == _INVERSE:
                light[id(behind)] += length
            else:
                dark[id(behind)] += length
    # Outer fills first, so a button darkened inside a darkened card can take a different grey.
    rank = {key: index for index, key in enumerate(under)}
    ordered = sorted(nodes.items(), key=lambda item: rank[item[0]])
    for key, behind in ordered:
        token = paint_token(behind)
        assert token is not None
        if light[key] >= dark[key] and _ratio(_INVERSE, token) < NORMAL_TEXT_RATIO:
            outer = under.get(key)
            around = paint_token(outer) if outer is not None else None
            dark_fill = _DARK_FILLS[1] if around == _DARK_FILLS[0] else _DARK_FILLS[0]
            behind.fill_token = _DARK_IMAGE if behind.type == "IMAGE" else dark_fill
    for text, behind in pairs:
        backdrop = (paint_token(behind) if behind is not None else None) or "color/wf/white"
        for index, run in enumerate(text.runs):
            if _ratio(_run_token(text, index), backdrop) < NORMAL_TEXT_RATIO:
                run.fill_token = max(_TEXT_TOKENS, key=lambda t: _ratio(t, backdrop))

"""Keep text visible: fix sibling order where an out-of-flow layer would paint over text.

Figma paints a tree depth first, later siblings on top. The auto layout fixes the order of flow children
(their order is their position), so where the browser's stacking puts a layer of one branch between the
layers of another (a hero background drawn behind the next section's cards, a decorative picture behind
a neighbouring section's text), only absolutely positioned nodes can move: this pass moves the absolute
node on the path between the two, up to their common ancestor if need be, to the side the browser paints
it on.

A raster image the browser paints *over* text is taken to be see-through decoration (the text was legible
on the page, so the pixels over it must be transparent); a wireframe placeholder is opaque, so it goes
behind the text too. An opaque box over text (a modal, a sticky bar) is what the page shows and stays.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass

from wf2des.generator.model import Finding, WNode

__all__ = ["unhide_text"]

_MAX_MOVES = 200


@dataclass(slots=True)
class _Entry:
    node: WNode
    path: tuple[WNode, ...]  # ancestors, root first
    floating: bool  # the node or one of its ancestors is positioned absolutely


def _fills(node: WNode) -> bool:
    return node.type != "TEXT" and (
        node.fill is not None or node.fill_token is not None or node.type in ("IMAGE", "VECTOR")
    )


def _preorder(root: WNode) -> list[_Entry]:
    out: list[_Entry] = []
    stack: list[tuple[WNode, tuple[WNode, ...], bool]] = [(root, (), False)]
    while stack:
        node, path, floating = stack.pop()
        floating = floating or node.absolute
        out.append(_Entry(node, path, floating))
        below = (*path, node)
        for child in reversed(node.children):
            stack.append((child, below, floating))
    return out


def _conflicts(root: WNode) -> Iterator[tuple[_Entry, _Entry]]:
    """(text, later-painted filled node over its centre) pairs where the browser shows the text on top.

    Flow children of a frame never overlap, so one of the two always sits in an absolute subtree: only
    those pairs are looked at.
    """
    entries = _preorder(root)
    filled = [j for j, e in enumerate(entries) if _fills(e.node)]
    floating = [j for j in filled if entries[j].floating]
    if not floating:
        return
    for i, text in enumerate(entries):
        if text.node.type != "TEXT":
            continue
        box = text.node.box
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        pool = filled if text.floating else floating
        for j in pool[bisect.bisect_right(pool, i) :]:
            cover = entries[j].node
            b = cover.box
            if not (b.x <= cx <= b.x + b.width and b.y <= cy <= b.y + b.height):
                continue
            if cover.paint_order < text.node.paint_order or cover.type == "IMAGE":
                yield text, entries[j]


def _split(text: _Entry, cover: _Entry) -> tuple[WNode, int, int] | None:
    """(common ancestor, index of the text's branch, index of the cover's branch) in its children."""
    full_t = (*text.path, text.node)
    full_c = (*cover.path, cover.node)
    depth = 0
    while depth < min(len(full_t), len(full_c)) and full_t[depth] is full_c[depth]:
        depth += 1
    if depth == 0 or depth >= len(full_t) or depth >= len(full_c):
        return None
    ancestor = full_t[depth - 1]
    return ancestor, ancestor.children.index(full_t[depth]), ancestor.children.index(full_c[depth])


def _move(text: _Entry, cover: _Entry) -> bool:
    split = _split(text, cover)
    if split is None:
        return False
    ancestor, t_index, c_index = split
    branch_t, branch_c = ancestor.children[t_index], ancestor.children[c_index]
    if branch_t.absolute:
        # The text's own layer goes above the cover's branch.
        ancestor.children.remove(branch_t)
        ancestor.children.insert(ancestor.children.index(branch_c) + 1, branch_t)
        return True
    if branch_c.absolute:
        ancestor.children.remove(branch_c)
        ancestor.children.insert(ancestor.children.index(branch_t), branch_c)
        return True
    # Lift the cover's nearest absolute ancestor (or itself) out of its branch, below the text's branch.
    path = (*cover.path, cover.node)
    lifted = next((n for n in path[path.index(branch_c) + 1 :] if n.absolute), None)
    if lifted is None:
        return False
    parent = path[path.index(lifted) - 1]
    parent.children.remove(lifted)
    ancestor.children.insert(ancestor.children.index(branch_t), lifted)
    return True


def unhide_text(root: WNode, findings: list[Finding]) -> None:
    for _ in range(_MAX_MOVES):
        for text, cover in _conflicts(root):
            if _move(text, cover):
                if cover.node.type == "IMAGE" and cover.node.paint_order > text.node.paint_order:
                    findings.append(
                        Finding(
                            "image_behind_text",
                            "an image painted over text is drawn behind it (taken as see-through decoration)",
                            False,
                            cover.node,
                        )
                    )
                break
        else:
            return

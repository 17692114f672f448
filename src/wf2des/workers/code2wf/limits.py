"""Bounds on what one page may produce, applied between capture and conversion (and on the stored spec).

A 160-byte page can set ``textContent = 'word '.repeat(10 * 1024 * 1024)``: a 52 MB spec, and a preview
of one 2-million-character text took 260 s to draw. So, per generation:

- ``max_text_chars`` per text node: longer text is cut (with an ellipsis) before conversion, and the spec
  carries one flagged ``text_truncated`` outcome saying how many texts were cut;
- ``max_spec_text_chars`` over the whole spec, after that cut: beyond it the generation fails
  (``too_much_text``), like a page with too many elements;
- ``max_spec_bytes`` of the serialized spec: beyond it the generation fails (``spec_too_large``).

The cut works on the captured value, so the (pure) generator never sees the oversized text. A cut text
keeps the share of its line boxes that its remaining characters had, so its height shrinks with it.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from wf2des.generator import spec_flag_count
from wf2des.generator.capture_model import CapturedElement, CapturedText, CaptureResult
from wf2des.spec import Spec, outcome

__all__ = ["TextCut", "cap_text", "flag_truncation"]

ELLIPSIS = "…"


@dataclass(frozen=True)
class TextCut:
    capture: CaptureResult
    truncated: int  # text nodes cut to the per-node limit
    total_chars: int  # characters of text left in the capture


def cap_text(capture: CaptureResult, max_text_chars: int) -> TextCut:
    counts = [0, 0]  # truncated, total

    def text(node: CapturedText) -> CapturedText:
        if len(node.text) <= max_text_chars:
            counts[1] += len(node.text)
            return node
        counts[0] += 1
        counts[1] += max_text_chars
        keep = max(1, math.ceil(len(node.boxes) * max_text_chars / len(node.text)))
        return dataclasses.replace(
            node, text=node.text[: max_text_chars - 1] + ELLIPSIS, boxes=node.boxes[:keep]
        )

    def element(node: CapturedElement) -> CapturedElement:
        children = tuple(
            text(child) if isinstance(child, CapturedText) else element(child) for child in node.children
        )
        if all(new is old for new, old in zip(children, node.children, strict=True)):
            return node
        return dataclasses.replace(node, children=children)

    # Iterative depth would be safer, but the capture's depth is already bounded by max_elements.
    screens = tuple(dataclasses.replace(screen, root=element(screen.root)) for screen in capture.screens)
    return TextCut(dataclasses.replace(capture, screens=screens), counts[0], counts[1])


def flag_truncation(spec: Spec, truncated: int, max_text_chars: int) -> None:
    """Record the cut as one flagged outcome, so the designer sees that text is missing."""
    if not truncated:
        return
    plural = "1 text was" if truncated == 1 else f"{truncated:,} texts were"
    spec["outcomes"] = [
        *spec["outcomes"],
        outcome(
            "limits:text-truncated",
            "text_truncated",
            f"{plural} longer than {max_text_chars:,} characters and cut to that length",
        ),
    ]
    spec["flagCount"] = spec_flag_count(spec)

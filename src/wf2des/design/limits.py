"""Bounds on a wireframe, checked before any work: a frame is a screen, not a whole file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wf2des.core.errors import InvalidInput, WireframeTooLarge

__all__ = ["MAX_DEPTH", "MAX_NODES", "check_wireframe"]

MAX_NODES: Final = 5000
MAX_DEPTH: Final = 48
_FRAMES: Final = frozenset({"FRAME", "COMPONENT", "INSTANCE", "SECTION", "GROUP"})


def check_wireframe(frame: Mapping[str, Any]) -> None:
    """Refuse what is not one frame, or one over :data:`MAX_NODES` nodes or :data:`MAX_DEPTH` levels."""
    if not isinstance(frame, Mapping) or frame.get("type") not in _FRAMES:
        raise InvalidInput("The wireframe node is not a frame.", code="wireframe_not_a_frame")
    count = 0
    stack: list[tuple[Mapping[str, Any], int]] = [(frame, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise WireframeTooLarge(f"The wireframe has more than {MAX_NODES} nodes.", limit=MAX_NODES)
        if depth > MAX_DEPTH:
            raise WireframeTooLarge(
                f"The wireframe is nested deeper than {MAX_DEPTH} levels.", limit=MAX_DEPTH
            )
        children = node.get("children") or []
        if not isinstance(children, list):
            raise InvalidInput("A wireframe node's children are not a list.", code="wireframe_malformed")
        stack.extend((child, depth + 1) for child in children if isinstance(child, Mapping))

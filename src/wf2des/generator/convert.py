"""Captured DOM → wireframe spec: the generator's one entry point.

Pure and deterministic: no I/O, no clocks, no randomness; ids are assigned in tree order, numbers are
rounded to 1/100 px, and every collection is emitted in a fixed order, so the same capture always dumps to
the same bytes with ``json.dumps(spec, sort_keys=True)``.
"""

from __future__ import annotations

from typing import Any

from wf2des.generator.build import Builder
from wf2des.generator.capture_model import CaptureResult
from wf2des.generator.emit import Emitter
from wf2des.generator.layout import arrange_tree, drop_redundant_frames
from wf2des.generator.metrics import iter_nodes, visible_elements
from wf2des.generator.model import Outcome, TextRun, WNode
from wf2des.generator.readable import make_readable
from wf2des.generator.stacking import unhide_text
from wf2des.generator.tokens import COLOR_VALUES, TextRamp

__all__ = ["SPEC_SCHEMA_ID", "convert", "spec_flag_count"]

SPEC_SCHEMA_ID = "wf2des.code2wf.spec/v1"


def _runs(node: WNode) -> list[TextRun]:
    out = list(node.runs)
    for child in node.children:
        out.extend(_runs(child))
    return out


def _mark_captured(node: WNode) -> None:
    node.captured = node.box
    for child in node.children:
        _mark_captured(child)


def convert(
    capture: CaptureResult, *, source_entry: str, manifest_sha256: str | None = None
) -> dict[str, Any]:
    """Return the JSON-ready spec for every captured screen (one screen per viewport width)."""
    trees: list[tuple[WNode, list[Outcome]]] = []
    for screen in capture.screens:
        outcomes: list[Outcome] = []
        root = Builder(outcomes).screen(screen)
        _mark_captured(root)
        arrange_tree(root, outcomes)
        unhide_text(root, outcomes)
        make_readable(root)
        drop_redundant_frames(root)
        trees.append((root, outcomes))
    ramp = TextRamp([run for root, _ in trees for run in _runs(root)])

    screens: list[dict[str, Any]] = []
    spec_outcomes: list[dict[str, Any]] = []
    used_colors: set[str] = set()
    stats_screens: list[dict[str, Any]] = []
    for index, (screen, (root, outcomes)) in enumerate(zip(capture.screens, trees, strict=True)):
        emitter = Emitter(index, ramp)
        tree = emitter.node(root, None)
        used_colors |= emitter.used_colors
        screen_id = f"screen-{screen.viewport_width}"
        screens.append(
            {
                "screenId": screen_id,
                "name": f"{screen.title or 'Page'} — {screen.viewport_width}",
                "viewport": {"width": screen.viewport_width, "height": screen.viewport_height},
                "root": tree,
            }
        )
        for outcome in outcomes:
            spec_outcomes.append(
                {
                    "kind": outcome.kind,
                    "message": outcome.message,
                    "flagged": outcome.flagged,
                    "screenId": screen_id,
                    "nodeId": emitter.ids.get(id(outcome.node)) if outcome.node is not None else None,
                }
            )
        stats_screens.append(_screen_stats(screen_id, tree, visible_elements(screen.root)))
    for url in capture.blocked_urls:
        spec_outcomes.append(
            {
                "kind": "blocked_resource",
                "message": f"external resource not loaded: {url}",
                "flagged": True,
                "screenId": None,
                "nodeId": None,
            }
        )
    for path in capture.missing_paths:
        spec_outcomes.append(
            {
                "kind": "missing_file",
                "message": f"the page refers to {path}, which is not in the import",
                "flagged": True,
                "screenId": None,
                "nodeId": None,
            }
        )
    for path in capture.guessed_encodings:
        spec_outcomes.append(
            {
                "kind": "encoding_guessed",
                "message": f"{path} declares no character encoding; it was read as UTF-8",
                "flagged": True,
                "screenId": None,
                "nodeId": None,
            }
        )
    for family in capture.failed_fonts:
        spec_outcomes.append(
            {
                "kind": "font_fallback",
                "message": f"font '{family}' did not load; a fallback was measured",
                "flagged": True,
                "screenId": None,
                "nodeId": None,
            }
        )
    for number, entry in enumerate(spec_outcomes, start=1):
        entry["id"] = f"o{number}"
    flag_count = sum(1 for o in spec_outcomes if o["flagged"])
    return {
        "schema": SPEC_SCHEMA_ID,
        "source": {"entry": source_entry, "manifestSha256": manifest_sha256},
        "screens": screens,
        "tokens": {
            "color": {token: {"hex": COLOR_VALUES[token]} for token in sorted(used_colors)},
            "text": ramp.definitions(),
        },
        "styleBindings": {},
        "outcomes": spec_outcomes,
        "flagCount": flag_count,
        "stats": {
            "screens": stats_screens,
            "nodeCount": sum(s["nodes"] for s in stats_screens),
            "outcomeCount": len(spec_outcomes),
            "blockedResources": len(capture.blocked_urls),
        },
    }


def _screen_stats(screen_id: str, root: dict[str, Any], elements: int) -> dict[str, Any]:
    nodes = list(iter_nodes(root))
    frames = [n for n in nodes if n["type"] == "FRAME"]
    return {
        "screenId": screen_id,
        "nodes": len(nodes),
        "frames": len(frames),
        "autoLayoutFrames": sum(1 for n in frames if n["layoutMode"] != "NONE"),
        "textNodes": sum(1 for n in nodes if n["type"] == "TEXT"),
        "absoluteNodes": sum(1 for n in nodes if n["layoutPositioning"] == "ABSOLUTE"),
        "visibleElements": elements,
    }


def spec_flag_count(spec: dict[str, Any]) -> int:
    return sum(1 for outcome in spec.get("outcomes", ()) if outcome.get("flagged"))

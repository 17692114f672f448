"""Captured DOM → wireframe spec: the generator's one entry point.

Pure and deterministic: no I/O, no clocks, no randomness; ids are assigned in tree order, numbers are
rounded to 1/100 px, and every collection is emitted in a fixed order, so the same capture always dumps to
the same bytes with ``json.dumps(spec, sort_keys=True)``.
"""

from __future__ import annotations

from wf2des.generator.build import Builder
from wf2des.generator.capture_model import CaptureResult
from wf2des.generator.checkpoint import Check, Checkpoint
from wf2des.generator.emit import Emitter
from wf2des.generator.layout import arrange_tree, drop_redundant_frames
from wf2des.generator.metrics import iter_nodes, visible_elements
from wf2des.generator.model import Finding, TextRun, WNode
from wf2des.generator.readable import make_readable
from wf2des.generator.stacking import unhide_text
from wf2des.generator.tokens import COLOR_VALUES, TextRamp
from wf2des.spec import SPEC_SCHEMA_V1, Node, Outcome, Screen, ScreenStats, Spec, outcome

__all__ = ["convert", "spec_flag_count"]


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
    capture: CaptureResult,
    *,
    source_entry: str,
    manifest_sha256: str | None = None,
    check: Check | None = None,
) -> Spec:
    """Return the JSON-ready spec for every captured screen (one screen per viewport width).

    ``check`` is called every so often during the work (``checkpoint``); it raises to stop a conversion
    that has run out of time.
    """
    checkpoint = Checkpoint(check)
    trees: list[tuple[WNode, list[Finding]]] = []
    for screen in capture.screens:
        findings: list[Finding] = []
        root = Builder(findings, checkpoint).screen(screen)
        _mark_captured(root)
        checkpoint.now()
        arrange_tree(root, findings, checkpoint)
        checkpoint.now()
        unhide_text(root, findings)
        make_readable(root)
        drop_redundant_frames(root)
        trees.append((root, findings))
        checkpoint.now()
    ramp = TextRamp([run for root, _ in trees for run in _runs(root)])

    screens: list[Screen] = []
    # (kind, message, flagged, screen id, node id); numbered o1, o2, … once all are known.
    found: list[tuple[str, str, bool, str | None, str | None]] = []
    used_colors: set[str] = set()
    stats_screens: list[ScreenStats] = []
    for index, (screen, (root, findings)) in enumerate(zip(capture.screens, trees, strict=True)):
        emitter = Emitter(index, ramp, checkpoint)
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
        for finding in findings:
            node_id = emitter.ids.get(id(finding.node)) if finding.node is not None else None
            found.append((finding.kind, finding.message, finding.flagged, screen_id, node_id))
        stats_screens.append(_screen_stats(screen_id, tree, visible_elements(screen.root)))
    page_wide = [
        *(("blocked_resource", f"external resource not loaded: {url}") for url in capture.blocked_urls),
        *(
            ("missing_file", f"the page refers to {path}, which is not in the import")
            for path in capture.missing_paths
        ),
        *(
            ("encoding_guessed", f"{path} declares no character encoding; it was read as UTF-8")
            for path in capture.guessed_encodings
        ),
        *(
            ("font_fallback", f"font '{family}' did not load; a fallback was measured")
            for family in capture.failed_fonts
        ),
    ]
    found.extend((kind, message, True, None, None) for kind, message in page_wide)
    spec_outcomes: list[Outcome] = [
        outcome(f"o{number}", kind, message, flagged=flagged, screen_id=screen_id, node_id=node_id)
        for number, (kind, message, flagged, screen_id, node_id) in enumerate(found, start=1)
    ]
    flag_count = sum(1 for o in spec_outcomes if o["flagged"])
    return {
        "schema": SPEC_SCHEMA_V1,
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


def _screen_stats(screen_id: str, root: Node, elements: int) -> ScreenStats:
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


def spec_flag_count(spec: Spec) -> int:
    return sum(1 for outcome in spec.get("outcomes", ()) if outcome.get("flagged"))

"""What the designer sees, on hand-built captures: paint order, readable colours, no redundant frames,
and the measures themselves (word coverage, hidden text, contrast, redundant frames) on hand-made specs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import pytest

from tests.unit.generator.conftest import el, page, text
from wf2des.generator import convert, replay_layout
from wf2des.generator.capture_model import CapturedElement, CapturedText
from wf2des.generator.contrast import contrast_ratio, hex_rgb
from wf2des.generator.metrics import iter_nodes
from wf2des.generator.seen import contrast_failures, hidden_texts, redundant_frames, word_coverage
from wf2des.spec import Node, Spec


def _painted(item: CapturedElement | CapturedText, order: float) -> Any:
    return replace(item, paint_order=order)


def _root(spec: Spec) -> Node:
    return spec["screens"][0]["root"]


def _hex(spec: Spec, token: str) -> tuple[float, float, float]:
    return hex_rgb(spec["tokens"]["color"][token]["hex"])


def test_a_layer_the_browser_paints_before_the_text_comes_first_among_siblings() -> None:
    # The card's decorative ::before (z-index -1) is last in the DOM but painted before the card's text.
    shape = _painted(
        el("::before", (0, 0, 300, 120), position="absolute", background_color="rgb(200, 200, 240)"), 2.0
    )
    title = _painted(text("Fast", (20, 20, 60, 24)), 2.5)
    card = _painted(el("div", (0, 0, 300, 120), el("h3", (20, 20, 260, 24), title), shape), 1.0)
    spec = convert(page(el("body", (0, 0, 800, 600), card)), source_entry="index.html")
    root = _root(spec)
    kinds = [n["type"] for n in iter_nodes(root)]
    assert kinds.index("RECTANGLE") < kinds.index("TEXT")
    assert hidden_texts(root, replay_layout(spec)) == []


def test_an_overlay_the_browser_paints_above_the_text_stays_above() -> None:
    title = _painted(text("Behind the modal", (20, 20, 200, 24)), 1.5)
    modal = _painted(
        el("div", (0, 0, 800, 300), position="absolute", background_color="rgb(255, 255, 255)"), 5.0
    )
    body = el("body", (0, 0, 800, 600), el("p", (20, 20, 760, 24), title), modal)
    spec = convert(page(body), source_entry="index.html")
    assert [n["characters"] for n in hidden_texts(_root(spec), replay_layout(spec))] == ["Behind the modal"]


def test_light_text_on_a_coloured_button_gets_a_dark_button() -> None:
    label = text("Get started", (30, 30, 90, 20), color="rgb(255, 255, 255)")
    button = el("a", (20, 20, 120, 40), label, display="inline-block", background_color="rgb(13, 110, 253)")
    spec = convert(page(el("body", (0, 0, 800, 600), button)), source_entry="index.html")
    node = next(n for n in iter_nodes(_root(spec)) if n["type"] == "TEXT")
    frame = next(n for n in iter_nodes(_root(spec)) if n["type"] == "FRAME" and n.get("role") == "button")
    assert node["fill"] == "color/wf/text-inverse"
    assert contrast_ratio(_hex(spec, node["fill"]), _hex(spec, frame["fill"])) >= 4.5
    assert contrast_failures(spec, _root(spec), replay_layout(spec))[1] == []


def test_dark_text_on_a_dark_panel_turns_light() -> None:
    note = text("Muted note", (20, 20, 100, 20), color="rgb(108, 114, 147)")
    panel = el("div", (0, 0, 400, 60), el("p", (20, 20, 360, 20), note), background_color="rgb(25, 28, 36)")
    spec = convert(page(el("body", (0, 0, 800, 600), panel)), source_entry="index.html")
    checked, failures = contrast_failures(spec, _root(spec), replay_layout(spec))
    assert (checked, failures) == (1, [])


def test_a_frame_left_around_one_child_of_its_size_is_dropped() -> None:
    inner = el("div", (0, 0, 300, 100), text("Card", (10, 10, 40, 20)), background_color="rgb(230, 230, 230)")
    outer = el("div", (0, 0, 300, 100), inner, box_shadow="0 1px 2px black")  # a shadow is not emitted
    second = el("p", (0, 120, 300, 20), text("After", (0, 120, 40, 20)))
    spec = convert(page(el("body", (0, 0, 800, 600), outer, second)), source_entry="index.html")
    assert redundant_frames(_root(spec)) == []


def _spec_with(children: list[dict[str, Any]]) -> Spec:
    """A partial spec: only what the measures read."""

    def node(raw: dict[str, Any], index: int) -> dict[str, Any]:
        base = {"id": f"1:{index}", "name": raw.get("characters", "n"), "x": 0, "y": 0}
        base.update(raw)
        base.setdefault("layoutPositioning", "ABSOLUTE")
        return base

    root = {
        "id": "1:0",
        "type": "FRAME",
        "name": "Page",
        "x": 0,
        "y": 0,
        "width": 400,
        "height": 300,
        "layoutMode": "NONE",
        "fill": "color/wf/white",
        "children": [node(c, i + 1) for i, c in enumerate(children)],
    }
    partial: dict[str, Any] = {
        "screens": [{"root": root}],
        "tokens": {
            "color": {
                "color/wf/white": {"hex": "#FFFFFF"},
                "color/wf/grey-300": {"hex": "#C4C4C4"},
                "color/wf/text": {"hex": "#1F1F1F"},
                "color/wf/text-inverse": {"hex": "#FFFFFF"},
            },
            "text": {"text/body": {"fontSize": 16, "fontWeight": 400}},
        },
    }
    return cast(Spec, partial)


def test_the_measures_see_hidden_text_bad_contrast_and_glued_words() -> None:
    text_node = {
        "type": "TEXT",
        "width": 100,
        "height": 20,
        "characters": "Jane DoeInvoice",
        "fill": "color/wf/text-inverse",
        "textStyle": "text/body",
    }
    cover = {"type": "RECTANGLE", "width": 200, "height": 100, "fill": "color/wf/grey-300"}
    spec = _spec_with([text_node, cover])
    root = _root(spec)
    boxes = replay_layout(spec)
    assert [n["id"] for n in hidden_texts(root, boxes)] == ["1:1"]
    checked, failures = contrast_failures(spec, root, boxes)
    assert checked == 1
    assert [n["id"] for n, _ in failures] == ["1:1"]  # white on white
    coverage, missing = word_coverage("Jane Doe\nInvoice", root)
    assert missing == ["Doe", "Invoice"]
    assert coverage == pytest.approx(1 / 3)


def test_word_coverage_allows_only_what_inner_text_leaves_out() -> None:
    spec = _spec_with(
        [
            {"type": "TEXT", "width": 10, "height": 10, "characters": "/ Docs / Models / Server"},
            {"type": "TEXT", "width": 10, "height": 10, "characters": "In his later books1"},
        ]
    )
    root = _root(spec)
    # innerText has no generated content: breadcrumb separators and sidenote counters are missing there.
    assert word_coverage("DocsModelsServer In his later books", root) == (1.0, [])
    assert word_coverage("Docs Models Server Invoice", root)[1] == ["Invoice"]
    assert word_coverage("hidden Docs", root, unseen_text="hidden") == (1.0, [])


def test_redundant_frames_are_counted_only_when_they_add_nothing() -> None:
    child = {
        "id": "1:2",
        "type": "RECTANGLE",
        "x": 0,
        "y": 0,
        "width": 50,
        "height": 50,
        "fill": "color/wf/white",
    }
    plain = {"id": "1:1", "type": "FRAME", "x": 0, "y": 0, "width": 50, "height": 50, "children": [child]}
    padded = dict(plain, id="1:3", paddingTop=4, height=54)
    root = {"id": "1:0", "type": "FRAME", "width": 100, "height": 200, "children": [plain, padded]}
    assert [n["id"] for n in redundant_frames(cast(Node, root))] == ["1:1"]

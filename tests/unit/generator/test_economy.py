"""Layer economy: fewer layers for the same page, without losing text or moving boxes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from tests.unit.generator.conftest import el, page, text
from wf2des.generator import convert, replay_layout
from wf2des.generator.metrics import iter_nodes, replay_iou, text_coverage
from wf2des.generator.preview import render_preview_svg


def _texts(spec: dict[str, Any]) -> list[Mapping[str, Any]]:
    return [n for n in iter_nodes(spec["screens"][0]["root"]) if n["type"] == "TEXT"]


def test_stacked_paragraphs_of_one_voice_become_one_text_with_their_own_spacing() -> None:
    column = el(
        "div",
        (20, 20, 600, 200),
        el("p", (20, 20, 600, 24), text("First paragraph.", (20, 20, 200, 24))),
        el("p", (20, 60, 600, 24), text("Second one.", (20, 60, 150, 24))),
        el("p", (20, 110, 600, 24), text("Third, after a wider gap.", (20, 110, 300, 24))),
    )
    capture = page(el("body", (0, 0, 800, 600), column))
    spec = convert(capture, source_entry="index.html")
    (merged,) = _texts(spec)
    assert merged["characters"] == "First paragraph.\nSecond one.\nThird, after a wider gap."
    assert merged["paragraphs"] == [
        {"start": 0, "end": 16, "paragraphSpacing": 16},
        {"start": 17, "end": 28, "paragraphSpacing": 26},
        {"start": 29, "end": 54, "paragraphSpacing": 0},
    ]
    root = spec["screens"][0]["root"]
    assert text_coverage(capture.screens[0], root) == 1.0
    assert replay_iou(root, replay_layout(spec)) > 0.99


def test_a_heading_stays_its_own_text_above_body_paragraphs() -> None:
    column = el(
        "div",
        (20, 20, 600, 200),
        el("h2", (20, 20, 600, 32), text("Title", (20, 20, 90, 32), font_size="28px", font_weight="700")),
        el("p", (20, 60, 600, 24), text("Body.", (20, 60, 60, 24))),
    )
    spec = convert(page(el("body", (0, 0, 800, 600), column)), source_entry="index.html")
    assert [t["characters"] for t in _texts(spec)] == ["Title", "Body."]


def test_inline_block_code_stays_a_style_run_of_its_sentence_but_a_badge_stays_a_frame() -> None:
    sentence = el(
        "p",
        (20, 20, 600, 24),
        text("Run ", (20, 20, 40, 24)),
        el(
            "code",
            (60, 20, 80, 24),
            text("make", (64, 20, 72, 24), font_family="monospace"),
            display="inline-block",
            background_color="rgb(230, 230, 230)",
        ),
        text(" to build ", (140, 20, 80, 24)),
        el(
            "span",
            (220, 20, 50, 24),
            text("new", (224, 20, 42, 24)),
            display="inline-block",
            background_color="rgb(200, 0, 0)",
        ),
    )
    spec = convert(page(el("body", (0, 0, 800, 600), sentence)), source_entry="index.html")
    assert [t["characters"] for t in _texts(spec)] == ["Run make to build", "new"]
    badge = next(
        n
        for n in iter_nodes(spec["screens"][0]["root"])
        if [c.get("characters") for c in n.get("children", ())] == ["new"]
    )
    assert badge["type"] == "FRAME"
    assert badge["fill"]


def test_a_plain_wrapper_stacking_like_its_parent_is_dissolved() -> None:
    inner = el(
        "div",
        (20, 60, 600, 64),
        el("img", (20, 60, 100, 24)),
        el("img", (20, 100, 100, 24)),
    )
    outer = el("div", (20, 20, 600, 104), el("img", (20, 20, 100, 24)), inner)
    capture = page(el("body", (0, 0, 800, 600), outer))
    spec = convert(capture, source_entry="index.html")
    root = spec["screens"][0]["root"]
    frames = [n for n in iter_nodes(root) if n["type"] == "FRAME"]
    images = [n for n in iter_nodes(root) if n["type"] == "IMAGE"]
    assert len(images) == 3
    parent = next(f for f in frames if images[0] in f["children"])
    assert parent["children"] == images
    assert parent["itemSpacing"] == 16
    assert replay_iou(root, replay_layout(spec)) > 0.99


def test_a_fill_the_same_as_the_backdrop_is_dropped_but_a_visible_one_is_kept() -> None:
    white_box = el(
        "div",
        (20, 20, 600, 100),
        el("p", (40, 40, 560, 24), text("On white", (40, 40, 100, 24))),
        el("img", (40, 80, 100, 24)),
        background_color="rgb(255, 255, 255)",
    )
    grey_box = el(
        "div",
        (20, 140, 600, 100),
        el("p", (40, 160, 560, 24), text("On grey", (40, 160, 100, 24))),
        el("img", (40, 200, 100, 24)),
        background_color="rgb(200, 200, 200)",
    )
    body = el("body", (0, 0, 800, 600), white_box, grey_box, background_color="rgb(255, 255, 255)")
    spec = convert(page(body), source_entry="index.html")
    filled = [n for n in iter_nodes(spec["screens"][0]["root"]) if n["type"] == "FRAME" and n.get("fill")]
    assert [n["fill"] for n in filled] == ["color/wf/white", "color/wf/grey-200"]
    assert filled[0]["name"] == "Page 800"


def test_a_text_that_is_its_whole_block_takes_the_block_content_box_unless_the_block_is_much_taller() -> None:
    paragraph = el("p", (20, 20, 600, 48), text("Two lines of body", (20, 23, 560, 42)), line_height="24px")
    tall = el(
        "div",
        (20, 100, 600, 120),
        text("Centred in a tall box", (200, 150, 200, 18)),
        display="flex",
        align_items="center",
        line_height="24px",
    )
    spec = convert(page(el("body", (0, 0, 800, 600), paragraph, tall)), source_entry="index.html")
    boxes = {t["characters"]: t["capturedBox"] for t in _texts(spec)}
    assert boxes["Two lines of body"] == {"x": 20, "y": 20, "width": 600, "height": 48}
    assert boxes["Centred in a tall box"] == {"x": 200, "y": 150, "width": 200, "height": 18}


def test_a_scroll_box_with_nothing_overflowing_clips_nothing_and_collapses() -> None:
    quiet = el(
        "pre",
        (20, 20, 600, 48),
        text("fits", (20, 20, 40, 24)),
        overflow_x="auto",
        overflow_y="auto",
    )
    spilling = el(
        "div",
        (20, 100, 100, 24),
        text("a line far wider than its box", (20, 100, 300, 24)),
        overflow_x="hidden",
        overflow_y="hidden",
    )
    spec = convert(page(el("body", (0, 0, 800, 600), quiet, spilling)), source_entry="index.html")
    root = spec["screens"][0]["root"]
    clipping = [n for n in iter_nodes(root) if n.get("clipsContent") and n["id"] != root["id"]]
    assert [[c["characters"] for c in n["children"]] for n in clipping] == [["a line far wider than its box"]]
    assert any(t["characters"] == "fits" for t in root["children"])


def test_the_preview_keeps_the_space_after_each_merged_paragraph() -> None:
    column = el(
        "div",
        (20, 20, 600, 200),
        el("p", (20, 20, 600, 24), text("First.", (20, 20, 60, 24))),
        el("p", (20, 84, 600, 24), text("Second.", (20, 84, 70, 24))),
    )
    spec = convert(page(el("body", (0, 0, 800, 600), column)), source_entry="index.html")
    svg = render_preview_svg(spec)
    first = float(re.search(r'y="([\d.]+)">First\.', svg).group(1))  # type: ignore[union-attr]
    second = float(re.search(r'y="([\d.]+)">Second\.', svg).group(1))  # type: ignore[union-attr]
    assert second - first == pytest.approx(24 + 40, abs=0.2)

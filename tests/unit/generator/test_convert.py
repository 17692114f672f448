from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.unit.generator.conftest import el, page, text
from wf2des.generator import SPEC_SCHEMA_ID, convert, replay_layout, spec_flag_count
from wf2des.generator.metrics import iter_nodes, replay_iou, text_coverage
from wf2des.generator.preview import render_preview_png
from wf2des.generator.schema import load_schema, validate_spec

REPO = Path(__file__).resolve().parents[3]


def _by_name(spec: dict[str, Any], name: str) -> Mapping[str, Any]:
    return next(n for n in iter_nodes(spec["screens"][0]["root"]) if n["name"] == name)


def test_flex_row_becomes_horizontal_auto_layout_with_item_spacing(flex_page) -> None:
    spec = convert(flex_page, source_entry="index.html")
    nav = _by_name(spec, "Nav")
    assert nav["layoutMode"] == "HORIZONTAL"
    assert nav["itemSpacing"] == 16
    assert nav["paddingLeft"] == 20
    assert nav["counterAxisAlignItems"] == "CENTER"
    assert [c["type"] for c in nav["children"]] == ["TEXT", "TEXT", "FRAME"]
    assert nav["children"][0]["role"] == "link"
    button = _by_name(spec, "Button")
    assert button["role"] == "button"
    assert button["fill"] == "color/wf/grey-900"


def test_uneven_block_gaps_replay_exactly(flex_page) -> None:
    spec = convert(flex_page, source_entry="index.html")
    root = spec["screens"][0]["root"]
    assert replay_iou(root, replay_layout(spec)) > 0.99
    assert text_coverage(flex_page.screens[0], root) == 1.0


def test_text_ramp_and_image_placeholder(flex_page) -> None:
    spec = convert(flex_page, source_entry="index.html")
    title = _by_name(spec, "Title")
    assert title["textStyle"] == "text/heading-1"
    assert spec["tokens"]["text"]["text/heading-1"]["fontStyle"] == "Bold"
    assert spec["tokens"]["text"]["text/body"]["fontSize"] == 16
    image = _by_name(spec, "Image")
    assert image["type"] == "IMAGE"
    assert image["label"] == "Image"


def test_outcomes_and_flag_count(flex_page) -> None:
    spec = convert(flex_page, source_entry="index.html")
    kinds = {o["kind"]: o["flagged"] for o in spec["outcomes"]}
    assert kinds["blocked_resource"] is True
    assert kinds["image_without_alt"] is False
    assert spec["flagCount"] == spec_flag_count(spec) == sum(o["flagged"] for o in spec["outcomes"])


def test_spec_is_deterministic_and_valid(flex_page) -> None:
    first = json.dumps(
        convert(flex_page, source_entry="index.html", manifest_sha256="a" * 64), sort_keys=True
    )
    second = json.dumps(
        convert(flex_page, source_entry="index.html", manifest_sha256="a" * 64), sort_keys=True
    )
    assert first == second
    spec = json.loads(first)
    assert spec["schema"] == SPEC_SCHEMA_ID
    validate_spec(spec)


def test_schema_rejects_a_broken_spec(flex_page) -> None:
    spec = convert(flex_page, source_entry="index.html")
    spec["screens"][0]["root"]["layoutMode"] = "GRID"
    with pytest.raises(jsonschema.ValidationError):
        validate_spec(spec)


def test_packaged_schema_matches_published_schema() -> None:
    published = json.loads((REPO / "schemas" / "code2wf-spec.v1.json").read_text(encoding="utf-8"))
    assert load_schema() == published


def test_hidden_and_zero_size_elements_are_dropped() -> None:
    body = el(
        "body",
        (0, 0, 400, 200),
        el("p", (0, 0, 400, 24), text("Seen", (0, 0, 40, 24))),
        el("p", (0, 30, 400, 24), text("Ghost", (0, 30, 40, 24)), visibility="hidden"),
        el("div", (0, 60, 0, 0)),
    )
    spec = convert(page(body), source_entry="index.html")
    texts = [n["characters"] for n in iter_nodes(spec["screens"][0]["root"]) if n["type"] == "TEXT"]
    assert texts == ["Seen"]


def test_overlapping_child_is_taken_out_of_flow() -> None:
    body = el(
        "body",
        (0, 0, 400, 300),
        el("div", (0, 0, 400, 200), background_color="rgb(200, 200, 200)"),
        el(
            "span",
            (300, 10, 50, 20),
            text("New", (300, 10, 50, 20)),
            position="absolute",
            background_color="rgb(200, 0, 0)",
        ),
        el("p", (0, 200, 400, 24), text("After", (0, 200, 50, 24))),
    )
    spec = convert(page(body), source_entry="index.html")
    root = spec["screens"][0]["root"]
    assert root["layoutMode"] == "VERTICAL"
    badge = next(c for c in root["children"] if c["layoutPositioning"] == "ABSOLUTE")
    assert (badge["x"], badge["y"]) == (300, 10)
    assert replay_iou(root, replay_layout(spec)) > 0.99


def test_preview_png_is_a_png(flex_page) -> None:
    png = render_preview_png(convert(flex_page, source_entry="index.html"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) > 1000


def test_a_text_heavier_than_its_token_keeps_its_weight_as_a_run() -> None:
    body = el(
        "body",
        (0, 0, 800, 600),
        el(
            "p",
            (20, 20, 600, 24),
            text(
                "Plenty of regular body text here, long enough to be the most common size", (20, 20, 560, 24)
            ),
        ),
        el("label", (20, 60, 600, 21), text("Label", (20, 60, 40, 21), font_size="14px", font_weight="600")),
        el("p", (20, 100, 600, 21), text("small print in regular", (20, 100, 150, 21), font_size="14px")),
        el("p", (20, 140, 600, 21), text("more small print, regular", (20, 140, 160, 21), font_size="14px")),
    )
    spec = convert(page(body), source_entry="index.html")
    label = next(n for n in iter_nodes(spec["screens"][0]["root"]) if n.get("characters") == "Label")
    assert label["textStyle"] == "text/caption"
    assert spec["tokens"]["text"]["text/caption"]["fontStyle"] == "Regular"
    assert [r.get("fontStyle") for r in label["styleRuns"]] == ["Semi Bold"]

"""Code2WF wireframes of real pages (the corpus), as the plugin places them, through the design step."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.design_kit.from_code2wf import rest_frame_of
from wf2des.assemble.config import ProjectConfig
from wf2des.design import DesignLibrary, LibraryFileRest, generate_design
from wf2des.generator.replay import replay_screen
from wf2des.integrations.figma.primer import PRIMER_FILE_KEY, primer_library
from wf2des.spec import Node, Spec

WIREFRAMES = Path(__file__).resolve().parents[2] / "data" / "code2wf-wireframes"
SMALL_PAGES = ("email-leemunroe", "windmill-create-account", "sb-shop-item")
CONFIG = ProjectConfig.model_validate(
    {"wfArea": {"nodeId": "1:1"}, "designArea": {"nodeId": "1:2"}, "memoMarkers": ["NOTE:"]}
)


@cache
def _spec(page: str) -> Spec:
    loaded: Spec = json.loads(gzip.decompress((WIREFRAMES / f"{page}.json.gz").read_bytes()))
    return loaded


@cache
def _primer() -> DesignLibrary:
    rest = primer_library()
    return DesignLibrary.from_rest(
        [LibraryFileRest(PRIMER_FILE_KEY, rest.file, rest.variables_local, rest.style_nodes)]
    )


def _walk_spec(node: Node) -> Iterator[Node]:
    yield node
    for child in node.get("children") or ():
        yield from _walk_spec(child)


def _walk_rest(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield node
    for child in node.get("children") or ():
        yield from _walk_rest(child)


def test_the_twenty_corpus_wireframes_are_committed() -> None:
    assert len(list(WIREFRAMES.glob("*.json.gz"))) == 20
    for path in WIREFRAMES.glob("*.json.gz"):
        assert _spec(path.name.removesuffix(".json.gz"))["screens"][0]["viewport"]["width"] == 1440


def test_placed_boxes_are_where_the_browser_drew_them() -> None:
    spec = _spec("email-leemunroe")  # a page whose auto layout reproduces the capture exactly
    frame = rest_frame_of(spec)
    captured = {n["id"]: n["capturedBox"] for n in _walk_spec(spec["screens"][0]["root"])}
    for node in _walk_rest(frame):
        box, want = node["absoluteBoundingBox"], captured[node["id"]]
        assert box["x"] == pytest.approx(want["x"], abs=0.05), node["id"]
        assert box["y"] == pytest.approx(want["y"], abs=0.05), node["id"]
        assert box["width"] == pytest.approx(want["width"], abs=0.05), node["id"]


def test_placed_boxes_follow_auto_layout_not_the_specs_own_offsets() -> None:
    spec = _spec("windmill-create-account")
    nodes = {n["id"]: n for n in _walk_rest(rest_frame_of(spec))}
    boxes = replay_screen(spec["screens"][0]["root"])
    assert len(nodes) == len(boxes)
    for node_id, box in boxes.items():
        assert nodes[node_id]["absoluteBoundingBox"]["y"] == pytest.approx(box.y), node_id


def test_a_placed_node_keeps_its_spec_name_and_its_tokens_become_paints_and_styles() -> None:
    spec = _spec("email-leemunroe")
    frame = rest_frame_of(spec)
    nodes = {n["id"]: n for n in _walk_rest(frame)}
    assert frame["name"] == spec["screens"][0].get("name", spec["screens"][0]["root"]["name"])
    button = nodes["1:6"]
    assert (button["type"], button["name"], button["layoutMode"]) == ("FRAME", "Button", "VERTICAL")
    assert button["strokes"][0]["color"] == {"r": 0x8F / 255, "g": 0x8F / 255, "b": 0x8F / 255, "a": 1.0}
    assert (button["cornerRadius"], button["strokeWeight"], button["paddingLeft"]) == (4.0, 2.0, 26)
    assert "role" not in button  # a spec role is no Figma property: only the name carries it
    label = nodes["1:7"]
    assert label["characters"] == "Call To Action"
    assert (label["style"]["fontSize"], label["style"]["fontWeight"]) == (16.0, 700)
    assert label["style"]["textAlignHorizontal"] == "CENTER"
    assert label["fills"][0]["color"] == {"r": 1.0, "g": 1.0, "b": 1.0, "a": 1.0}


def test_images_and_vectors_are_placed_as_grey_rectangles() -> None:
    frame = rest_frame_of(_spec("windmill-create-account"))
    nodes = {n["id"]: n for n in _walk_rest(frame)}
    for node_id in ("1:5", "1:28"):  # the page's photo and an icon
        assert nodes[node_id]["type"] == "RECTANGLE"
        assert nodes[node_id]["fills"], node_id


@pytest.mark.parametrize("page", SMALL_PAGES)
def test_nothing_is_dropped_silently_and_a_rerun_is_identical(page: str) -> None:
    frame = rest_frame_of(_spec(page))
    result = generate_design(frame, _primer(), CONFIG)
    placed = {n.get("sourceNodeId") for n in _walk_spec(result.spec["screens"][0]["root"])}
    reported = {e["nodeId"] for e in result.report["elements"]}
    for node in _walk_rest(frame):
        assert node["id"] in placed or node["id"] in reported, node["id"]
    again = generate_design(frame, _primer(), CONFIG)
    assert json.dumps([again.spec, again.report]) == json.dumps([result.spec, result.report])


def test_code2wf_roles_become_library_instances_with_the_pages_own_labels() -> None:
    frame = rest_frame_of(_spec("windmill-create-account"))
    result = generate_design(frame, _primer(), CONFIG)
    instances = {
        n["sourceNodeId"]: n for n in _walk_spec(result.spec["screens"][0]["root"]) if n["type"] == "INSTANCE"
    }
    inputs = [n for n in _walk_rest(frame) if n["name"] == "Input"]
    buttons = [n for n in _walk_rest(frame) if n["name"] == "Button"]
    assert (len(inputs), len(buttons)) == (3, 3)
    assert all(instances[n["id"]]["componentSetName"] == "TextInput" for n in inputs)
    assert all(instances[n["id"]]["componentSetName"] == "Button" for n in buttons)
    checkbox = next(n for n in _walk_rest(frame) if n["name"] == "Checkbox")
    assert instances[checkbox["id"]]["componentSetName"] == "Checkbox"
    create = next(
        instances[b["id"]]
        for b in buttons
        if any(t.get("characters") == "Create account" for t in _walk_rest(b))
    )
    assert "Create account" in (create.get("componentProperties") or {}).values()

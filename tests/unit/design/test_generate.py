"""generate_design end to end on the labelled wireframes: valid spec, provenance, report, rules, limits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.data_paths import DATA
from tests.design_kit.draw import Screen
from wf2des.assemble.config import ProjectConfig
from wf2des.core.errors import InvalidInput, WireframeTooLarge
from wf2des.design import MAX_NODES, DesignLibrary, generate_design
from wf2des.generator.schema import validate_spec
from wf2des.spec import Node

WIREFRAMES = sorted((DATA / "wireframes").glob("*.json"))
CONFIG = ProjectConfig.model_validate(
    {"wfArea": {"nodeId": "1:1"}, "designArea": {"nodeId": "1:2"}, "memoMarkers": ["NOTE:"]}
)


def _load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text()))


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for child in node.get("children") or ():
        yield from _walk(child)


def _ids(node: dict[str, Any]) -> Iterator[str]:
    yield node["id"]
    for child in node.get("children") or ():
        yield from _ids(child)


def test_at_least_twelve_labelled_screens_drawn_both_ways() -> None:
    screens = [_load(p) for p in WIREFRAMES]
    assert len(screens) >= 12
    assert {s["drawn"] for s in screens} == {"named", "unnamed"}
    assert all(s["labels"] for s in screens)


@pytest.mark.parametrize("path", WIREFRAMES, ids=lambda p: p.stem)
def test_every_screen(path: Path, kit: DesignLibrary) -> None:
    screen = _load(path)
    result = generate_design(screen["frame"], kit, CONFIG)
    validate_spec(result.spec)
    nodes = list(_walk(result.spec["screens"][0]["root"]))
    assert all(n.get("sourceNodeId") and len(n.get("fingerprint", "")) == 16 for n in nodes)
    assert len({n["id"] for n in nodes}) == len(nodes)
    assert {n["sourceNodeId"] for n in nodes} <= set(_ids(screen["frame"]))
    memo_ids = {m["nodeId"] for m in result.report["memos"]}
    assert not memo_ids & {n["sourceNodeId"] for n in nodes}, "a memo reached the design"
    reported = {e["nodeId"] for e in result.report["elements"]}
    memo_parts = {i for m in memo_ids for i in _under(screen["frame"], m)}
    assert set(_ids(screen["frame"])) - memo_parts == reported, (
        "a wireframe node is neither built nor reported"
    )
    for node in nodes:
        if node["type"] == "INSTANCE":
            assert all(isinstance(v, str) for v in node["componentProperties"].values())
            # What the plugin builds if the import fails: the element as drawn, under the same id.
            assert node["fallback"]["id"] == node["id"]
            assert node["fallback"]["type"] == "FRAME"
        if node["type"] == "FRAME" and len(node.get("children") or ()) >= 2:
            assert node.get("layoutMode") in ("HORIZONTAL", "VERTICAL")
    assert json.dumps(result.spec) == json.dumps(generate_design(screen["frame"], kit, CONFIG).spec)


def _under(frame: dict[str, Any], node_id: str) -> set[str]:
    stack = [frame]
    while stack:
        node = stack.pop()
        if node["id"] == node_id:
            return set(_ids(node))
        stack.extend(node.get("children") or ())
    return set()


def _design(screen: Screen, kit: DesignLibrary, config: ProjectConfig | None = CONFIG, **kw: Any) -> Any:
    return generate_design(screen.root, kit, config, **kw)


def _instance(result: Any, source: str) -> Node:
    return next(n for n in _walk(result.spec["screens"][0]["root"]) if n.get("sourceNodeId") == source)


def test_a_second_library_gets_its_own_names(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    danger = screen.button(None, "Delete", 20, 20, h=44, emphasis="danger")
    ghost = screen.button(None, "Later", 200, 20, h=28, emphasis="invisible")
    result = _design(screen, kit)
    node = _instance(result, danger["id"])
    assert node["componentSetName"] == "Btn"
    assert node["variantProperties"] == {"Kind": "Destructive", "Scale": "L"}
    text_property = next(k for k in node["componentProperties"] if k.startswith("Text#"))
    assert node["componentProperties"][text_property] == "Delete"
    assert [c["characters"] for c in node["fallback"]["children"]] == ["Delete"]
    assert _instance(result, ghost["id"])["variantProperties"] == {"Kind": "Ghost", "Scale": "S"}


def test_a_memo_sets_the_variant_and_is_reported(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    button = screen.button(None, "Save", 20, 20)
    memo = screen.memo(None, "size = large, icon = search", 20, 56)
    result = _design(screen, kit)
    node = _instance(result, button["id"])
    assert node["variantProperties"]["Scale"] == "L"
    icon = next(k for k in node["componentProperties"] if k.startswith("Icon#"))
    assert node["componentProperties"][icon] == next(c.key for c in kit.components if c.name == "ic/search")
    (entry,) = result.report["memos"]
    assert (entry["nodeId"], entry["target"]) == (memo["id"], button["id"])


def test_an_unreadable_memo_is_an_outcome(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    screen.button(None, "Save", 20, 20)
    screen.memo(None, "ask Bob tomorrow", 20, 56)
    result = _design(screen, kit)
    assert [o["kind"] for o in result.spec["outcomes"]] == ["design_memo_unreadable"]
    assert result.report["screens"][0]["memosUnreadable"] == 1


def test_annotations_are_memos_on_their_own_node(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    button = screen.button(None, "Save", 20, 20)
    result = _design(screen, kit, annotations={button["id"]: ["danger"]})
    assert _instance(result, button["id"])["variantProperties"]["Kind"] == "Destructive"


def test_an_annotation_no_rule_reads_or_on_an_unknown_node_is_reported(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    button = screen.button(None, "Save", 20, 20)
    result = _design(screen, kit, annotations={button["id"]: ["ask legal"], "99:99": ["primary"]})
    memos = {m["nodeId"]: m for m in result.report["memos"]}
    assert memos[f"annotation:{button['id']}"]["unreadable"] == ["ask legal"]
    assert memos["annotation:99:99"]["unreadable"] == ["(annotated node 99:99 is not in the wireframe)"]
    assert [o["kind"] for o in result.spec["outcomes"]] == ["design_memo_unreadable"] * 2


def test_config_rules_come_first(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    button = screen.button(None, "Save", 20, 20)
    keep = screen.field(None, 20, 100, 200, placeholder="Email")
    config = CONFIG.model_copy(
        update={
            "components": ProjectConfig.model_validate(
                {
                    "wfArea": {"nodeId": "1:1"},
                    "designArea": {"nodeId": "1:2"},
                    "components": [
                        {"role": "button", "component": {"set": "Chip"}, "properties": {"Tone": "Brand"}},
                        {"role": "input", "keepFrame": True},
                    ],
                }
            ).components
        }
    )
    result = _design(screen, kit, config)
    node = _instance(result, button["id"])
    assert (node["componentSetName"], node["variantProperties"], node["mappingSource"]) == (
        "Chip",
        {"Tone": "Brand"},
        "rule 1",
    )
    assert _instance(result, keep["id"])["type"] == "FRAME"  # the rectangle holds its text
    entry = next(e for e in result.report["elements"] if e["nodeId"] == keep["id"])
    assert (entry["outcome"], entry["reason"]) == ("frame", "rule 2 keeps it a frame")


def test_text_colour_and_spacing_bind_to_the_library(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    title = screen.text(None, "Welcome", 24, 24, size=24, weight=600)
    screen.text(None, "Body copy", 24, 64)
    screen.text(None, "Fine print", 24, 96, size=12, color="#6e7781")
    result = _design(screen, kit)
    spec = result.spec
    node = _instance(result, title["id"])
    assert node["textStyle"] == "text/Title%2FLarge"
    assert spec["styleBindings"][node["fill"]].startswith("VariableID:")
    root = spec["screens"][0]["root"]
    assert root["boundVariables"]["paddingLeft"] == next(f.key for f in kit.floats if f.name == "Spacing/lg")
    totals = result.report["screens"][0]
    assert totals["textsStyled"] == totals["texts"] == 3
    assert totals["paintsBound"] == totals["paints"]


def test_a_frame_that_is_too_large_is_refused(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    for index in range(MAX_NODES):
        screen.rect(None, 0, index, 1, 1)
    with pytest.raises(WireframeTooLarge) as raised:
        _design(screen, kit)
    assert raised.value.code == "wireframe_too_large"
    assert raised.value.status == 422


def test_a_node_that_is_not_a_frame_is_refused(kit: DesignLibrary) -> None:
    with pytest.raises(InvalidInput):
        generate_design({"id": "1:2", "type": "TEXT", "characters": "x"}, kit, CONFIG)


def test_the_design_step_knows_no_design_system_by_name() -> None:
    source = Path(__file__).resolve().parents[3] / "src" / "wf2des" / "design"
    for path in source.glob("*.py"):
        text = path.read_text().lower()
        assert "primer" not in text
        assert "octicon" not in text, path.name


def test_every_frame_of_a_recorded_figma_file(kit: DesignLibrary) -> None:
    """Real REST shapes (groups, boolean operations, instances, gradients, images): every frame of Figma's
    recorded file gives a valid spec and reports every node."""
    recording = (
        Path(__file__).resolve().parents[3] / "src" / "wf2des" / "integrations" / "figma" / "recordings"
    )
    document = json.loads((recording / "get-file.figma-export-2020.json").read_text())["document"]
    frames = [n for n in _all(document) if n.get("type") in ("FRAME", "COMPONENT", "INSTANCE", "GROUP")]
    assert len(frames) > 100
    for frame in frames:
        result = generate_design(frame, kit, CONFIG)
        validate_spec(result.spec)
        assert {e["nodeId"] for e in result.report["elements"]} == set(_ids(frame))


def _all(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children") or ():
        yield from _all(child)


def test_a_hidden_layer_is_reported_not_built(kit: DesignLibrary) -> None:
    screen = Screen(7, "T", 400, 200)
    hidden = screen.frame(None, 20, 20, 100, 40, name="Old header")
    inner = screen.text(hidden, "Draft", 24, 24)
    hidden["visible"] = False
    result = _design(screen, kit)
    entries = {e["nodeId"]: e for e in result.report["elements"]}
    assert entries[hidden["id"]]["reason"] == "hidden in the wireframe"
    assert entries[inner["id"]]["designNodeId"] is None
    assert hidden["id"] not in {n["sourceNodeId"] for n in _walk(result.spec["screens"][0]["root"])}

"""The generated Primer library file: Figma's REST shapes, and a file whose every reference resolves.

These read the committed package data (``wf2des/integrations/figma/libraries/primer``) directly; the fake's
answers built from it are tested in ``test_fake_serves_primer.py``, the generator's determinism in
``test_primer_generator.py``.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tests.unit.figma.figma_openapi import openapi_errors, openapi_valid
from wf2des.integrations.figma.primer import PrimerLibrary, primer_dir, primer_library

JSON = dict[str, Any]
KEY = re.compile(r"^[0-9a-f]{40}$")
NODE_ID = re.compile(r"^I?\d+:\d+(;\d+:\d+)*$")
REQUIRED_SETS = {
    "Button",
    "IconButton",
    "TextInput",
    "Textarea",
    "Select",
    "Checkbox",
    "Radio",
    "ToggleSwitch",
    "SegmentedControl",
    "Label",
    "CounterLabel",
    "Avatar",
    "Link",
    "Banner",
    "Box",
    "UnderlineNav",
    "Breadcrumbs",
    "Pagination",
    "PageHeader",
    "NavList",
    "Dialog",
    "ActionList item",
    "ActionMenu",
    "Spinner",
    "ProgressBar",
}


@pytest.fixture(scope="module")
def lib() -> PrimerLibrary:
    return primer_library()


def _walk(node: JSON) -> Iterator[JSON]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.get("children", [])))


def _own_layers(component: JSON) -> Iterator[JSON]:
    """A component's layers, not descending into instances (theirs belong to their own components)."""
    yield component
    for child in component.get("children", []):
        if child["type"] == "INSTANCE":
            yield child
        else:
            yield from _own_layers(child)


def _aliases(value: Any) -> Iterator[str]:
    """Every VARIABLE_ALIAS id anywhere inside ``value``."""
    if isinstance(value, dict):
        if value.get("type") == "VARIABLE_ALIAS":
            yield value["id"]
        for inner in value.values():
            yield from _aliases(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _aliases(inner)


def _sets(lib: PrimerLibrary) -> dict[str, JSON]:
    return {n["name"]: n for n in _walk(lib.file["document"]) if n["type"] == "COMPONENT_SET"}


def _variant_values(name: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in name.split(", "))


@pytest.mark.parametrize(
    ("attribute", "response_name"),
    [
        ("file", "GetFileResponse"),
        ("style_nodes", "GetFileNodesResponse"),
        ("variables_local", "GetLocalVariablesResponse"),
        ("variables_published", "GetPublishedVariablesResponse"),
        ("components", "GetFileComponentsResponse"),
        ("component_sets", "GetFileComponentSetsResponse"),
        ("styles", "GetFileStylesResponse"),
    ],
)
def test_every_response_matches_figmas_openapi(
    lib: PrimerLibrary, attribute: str, response_name: str
) -> None:
    assert openapi_errors(response_name, getattr(lib, attribute)) == []


def test_the_validator_finds_a_wrong_node_deep_inside_the_file(lib: PrimerLibrary) -> None:
    """Guards the guard: a broken icon vector and a broken text style, each deep in the tree, are caught."""
    broken = copy.deepcopy(lib.file)
    icon = next(n for n in _walk(broken["document"]) if n["type"] == "VECTOR")
    icon["fills"][0]["color"] = "#000"
    assert not openapi_valid("GetFileResponse", broken)
    broken = copy.deepcopy(lib.file)
    text = next(n for n in _walk(broken["document"]) if n["type"] == "TEXT")
    text["style"]["fontSize"] = "fourteen"
    assert not openapi_valid("GetFileResponse", broken)
    assert openapi_valid("GetFileResponse", lib.file)


def test_node_ids_are_unique_and_shaped_like_figmas(lib: PrimerLibrary) -> None:
    ids = [n["id"] for n in _walk(lib.file["document"])]
    ids += [entry["document"]["id"] for entry in lib.style_nodes["nodes"].values()]
    assert [i for i, count in Counter(ids).items() if count > 1] == []
    assert [i for i in ids if not NODE_ID.match(i)] == []
    assert set(lib.style_nodes["nodes"]) == set(lib.file["styles"])


def test_the_file_maps_list_exactly_the_components_and_sets_of_the_tree(lib: PrimerLibrary) -> None:
    nodes = list(_walk(lib.file["document"]))
    assert {n["id"] for n in nodes if n["type"] == "COMPONENT"} == set(lib.file["components"])
    assert {n["id"] for n in nodes if n["type"] == "COMPONENT_SET"} == set(lib.file["componentSets"])
    for node in nodes:
        if node["type"] == "COMPONENT_SET":
            for variant in node["children"]:
                assert lib.file["components"][variant["id"]]["componentSetId"] == node["id"]


def test_every_instance_style_and_variable_reference_resolves(lib: PrimerLibrary) -> None:
    variables = lib.variables_local["meta"]["variables"]
    for node in _walk(lib.file["document"]):
        if node["type"] == "INSTANCE":
            assert node["componentId"] in lib.file["components"], node["id"]
        for style_id in node.get("styles", {}).values():
            assert style_id in lib.file["styles"], node["id"]
    for alias in _aliases(lib.file["document"]):
        assert alias in variables
    for alias in _aliases(lib.style_nodes):
        assert alias in variables
    for variable in variables.values():
        for target in _aliases(variable["valuesByMode"]):
            assert target in variables, variable["name"]


def test_every_key_is_unique_and_forty_hex_digits(lib: PrimerLibrary) -> None:
    keys = [e["key"] for e in lib.file["components"].values()]
    keys += [e["key"] for e in lib.file["componentSets"].values()]
    keys += [e["key"] for e in lib.file["styles"].values()]
    keys += [v["key"] for v in lib.variables_local["meta"]["variables"].values()]
    keys += [c["key"] for c in lib.variables_local["meta"]["variableCollections"].values()]
    assert [k for k, count in Counter(keys).items() if count > 1] == []
    assert [k for k in keys if not KEY.match(k)] == []


def test_the_published_lists_match_the_file(lib: PrimerLibrary) -> None:
    components = {c["node_id"]: c for c in lib.components["meta"]["components"]}
    assert {i: c["key"] for i, c in components.items()} == {
        i: c["key"] for i, c in lib.file["components"].items()
    }
    sets = {s["node_id"]: s["key"] for s in lib.component_sets["meta"]["component_sets"]}
    assert sets == {i: s["key"] for i, s in lib.file["componentSets"].items()}
    styles = {s["node_id"]: s["key"] for s in lib.styles["meta"]["styles"]}
    assert styles == {i: s["key"] for i, s in lib.file["styles"].items()}
    published = lib.variables_published["meta"]
    local = lib.variables_local["meta"]
    assert {i: v["key"] for i, v in published["variables"].items()} == {
        i: v["key"] for i, v in local["variables"].items()
    }
    assert set(published["variableCollections"]) == set(local["variableCollections"])
    for component in lib.components["meta"]["components"]:
        set_id = lib.file["components"][component["node_id"]].get("componentSetId")
        frame = component["containing_frame"]
        assert frame["pageName"] == ("Components" if set_id else "Icons")
        if set_id:
            assert frame["containingComponentSet"]["nodeId"] == set_id


def test_the_component_sets_the_issue_asks_for_are_there_with_descriptions(lib: PrimerLibrary) -> None:
    sets = {s["name"]: s for s in lib.file["componentSets"].values()}
    assert set(sets) >= REQUIRED_SETS
    assert [name for name, s in sets.items() if len(s["description"]) < 30] == []
    button = _sets(lib)["Button"]["componentPropertyDefinitions"]
    assert button["Variant"]["variantOptions"] == ["Secondary", "Primary", "Invisible", "Danger"]
    assert button["Size"]["variantOptions"] == ["Medium", "Small", "Large"]
    kinds = {name.split("#")[0]: d["type"] for name, d in button.items()}
    assert kinds == {
        "Variant": "VARIANT",
        "Size": "VARIANT",
        "State": "VARIANT",
        "Label": "TEXT",
        "Leading visual": "BOOLEAN",
        "Leading icon": "INSTANCE_SWAP",
        "Trailing visual": "BOOLEAN",
        "Trailing icon": "INSTANCE_SWAP",
    }
    assert re.fullmatch(r"Label#\d+:\d+", next(n for n in button if n.startswith("Label#")))


def test_variants_share_their_sets_properties_and_references_resolve(lib: PrimerLibrary) -> None:
    expected_ref_type = {"characters": "TEXT", "visible": "BOOLEAN", "mainComponent": "INSTANCE_SWAP"}
    component_keys = {c["key"] for c in lib.file["components"].values()}
    for name, component_set in _sets(lib).items():
        definitions = component_set["componentPropertyDefinitions"]
        axes = {p: d for p, d in definitions.items() if d["type"] == "VARIANT"}
        seen = set()
        for variant in component_set["children"]:
            values = _variant_values(variant["name"])
            assert set(values) == set(axes), f"{name}: {variant['name']}"
            assert all(v in axes[p]["variantOptions"] for p, v in values.items()), variant["name"]
            seen.add(variant["name"])
            for node in _own_layers(variant):
                for field, prop in node.get("componentPropertyReferences", {}).items():
                    assert definitions[prop]["type"] == expected_ref_type[field], f"{name}: {prop}"
        assert len(seen) == len(component_set["children"]), f"{name}: duplicate variant names"
        for definition in definitions.values():
            if definition["type"] == "INSTANCE_SWAP":
                assert definition["defaultValue"] in lib.file["components"]
                assert {p["key"] for p in definition["preferredValues"]} <= component_keys


def test_instances_of_variants_carry_their_component_properties(lib: PrimerLibrary) -> None:
    sets = _sets(lib)
    by_set = {v["id"]: s for s in sets.values() for v in s["children"]}
    checked = 0
    for node in _walk(lib.file["document"]):
        if node["type"] != "INSTANCE" or node["componentId"] not in by_set:
            continue
        definitions = by_set[node["componentId"]]["componentPropertyDefinitions"]
        assert set(node["componentProperties"]) == set(definitions)
        checked += 1
    assert (
        checked > 10
    )  # PageHeader, Dialog and ActionMenu are built from Button, IconButton, ActionList item


def test_every_paint_of_a_component_is_bound_to_a_variable(lib: PrimerLibrary) -> None:
    """Primer's tokens are bound everywhere: no literal colour inside a component."""
    for component_id in lib.file["components"]:
        for node in _walk(lib.nodes[component_id]):
            for paint in node.get("fills", []) + node.get("strokes", []):
                assert "color" in paint.get("boundVariables", {}), f"{component_id}: {node['name']}"


def test_text_layers_use_text_styles_with_fonts_from_primer(lib: PrimerLibrary) -> None:
    styles = {sid: e["name"] for sid, e in lib.file["styles"].items() if e["styleType"] == "TEXT"}
    assert {"Display", "Title/Large", "Title/Medium", "Title/Small", "Body/Medium", "Caption"} <= set(
        styles.values()
    )
    body = next(
        n["document"] for n in lib.style_nodes["nodes"].values() if n["document"]["name"] == "Body/Medium"
    )
    assert body["style"]["fontSize"] == 14
    assert body["style"]["fontWeight"] == 400
    assert body["style"]["lineHeightPx"] == 21
    for node in _walk(lib.file["document"]):
        if node["type"] == "TEXT":
            assert node["styles"]["text"] in styles


def test_every_octicon_is_a_component_with_a_bound_vector(lib: PrimerLibrary) -> None:
    icons = {c["name"]: i for i, c in lib.file["components"].items() if c["name"].startswith("icon/")}
    assert all(re.fullmatch(r"icon/(12|16|24|48|96)/[a-z0-9-]+", name) for name in icons)
    names = {name.rsplit("/", 1)[1] for name in icons}
    assert len(names) >= 400
    both = {n for n in names if f"icon/16/{n}" in icons and f"icon/24/{n}" in icons}
    assert len(both) >= 350
    alert = lib.nodes[icons["icon/16/alert"]]
    assert lib.file["components"][alert["id"]]["description"].startswith("Keywords: ")
    (vector,) = alert["children"]
    assert vector["type"] == "VECTOR"
    assert vector["fillGeometry"][0]["path"].startswith("M")
    assert vector["boundVariables"]["fills"][0]["id"] in lib.variables_local["meta"]["variables"]


def test_variables_have_light_and_dark_modes_scopes_and_web_syntax(lib: PrimerLibrary) -> None:
    meta = lib.variables_local["meta"]
    collections = {c["name"]: c for c in meta["variableCollections"].values()}
    themed = collections["mode"]
    assert [m["name"] for m in themed["modes"]] == ["light", "dark"]
    by_name = {
        (meta["variableCollections"][v["variableCollectionId"]]["name"], v["name"]): v
        for v in meta["variables"].values()
    }
    for name in (
        "fgColor/default",
        "fgColor/muted",
        "fgColor/accent",
        "fgColor/danger",
        "bgColor/default",
        "bgColor/muted",
        "bgColor/inset",
        "bgColor/emphasis",
        "borderColor/default",
        "borderColor/muted",
        "button/primary/bgColor/rest",
    ):
        variable = by_name[("mode", name)]
        assert variable["resolvedType"] == "COLOR"
        assert set(variable["valuesByMode"]) == {m["modeId"] for m in themed["modes"]}
    assert by_name[("mode", "fgColor/default")]["codeSyntax"] == {"WEB": "var(--fgColor-default)"}
    # Primer aliases its semantic colours to its scales; the light and dark modes point at different scales.
    light, dark = (by_name[("mode", "fgColor/default")]["valuesByMode"][m["modeId"]] for m in themed["modes"])
    assert light["type"] == dark["type"] == "VARIABLE_ALIAS"
    scale_of = {
        v["id"]: meta["variableCollections"][v["variableCollectionId"]]["name"]
        for v in meta["variables"].values()
    }
    assert (scale_of[light["id"]], scale_of[dark["id"]]) == ("base/color/light", "base/color/dark")
    for collection, name, scope in (
        ("base/size", "base/size/16", "GAP"),
        ("pattern/size", "control/medium/size", "WIDTH_HEIGHT"),
        ("pattern/size", "control/medium/paddingInline/normal", "GAP"),
        ("functional/size", "borderRadius/medium", "CORNER_RADIUS"),
    ):
        variable = by_name[(collection, name)]
        assert variable["resolvedType"] == "FLOAT"
        assert scope in variable["scopes"]
    assert by_name[("pattern/size", "control/medium/size")]["codeSyntax"] == {
        "WEB": "var(--control-medium-size)"
    }
    for variable in meta["variables"].values():
        collection = meta["variableCollections"][variable["variableCollectionId"]]
        assert set(variable["valuesByMode"]) == {m["modeId"] for m in collection["modes"]}, variable["name"]
        assert variable["id"] in collection["variableIds"]


def test_button_sizes_and_colours_are_primers_tokens(lib: PrimerLibrary) -> None:
    meta = lib.variables_local["meta"]
    names = {v["id"]: v["name"] for v in meta["variables"].values()}
    variants = {v["name"]: v for v in _sets(lib)["Button"]["children"]}
    medium = variants["Variant=Primary, Size=Medium, State=Rest"]
    assert medium["absoluteBoundingBox"]["height"] == 32  # control/medium/size
    bound = medium["boundVariables"]
    assert names[bound["size"]["y"]["id"]] == "control/medium/size"
    assert names[bound["paddingLeft"]["id"]] == "control/medium/paddingInline/normal"
    assert names[bound["itemSpacing"]["id"]] == "control/medium/gap"
    assert names[bound["topLeftRadius"]["id"]] == "borderRadius/medium"
    assert names[bound["fills"][0]["id"]] == "button/primary/bgColor/rest"
    assert medium["layoutMode"] == "HORIZONTAL"
    assert variants["Variant=Secondary, Size=Large, State=Rest"]["absoluteBoundingBox"]["height"] == 40
    assert variants["Variant=Danger, Size=Small, State=Rest"]["absoluteBoundingBox"]["height"] == 28


def test_the_committed_output_is_small_and_licensed() -> None:
    base = primer_dir()
    total = sum(p.stat().st_size for p in base.iterdir())
    assert total < 20 * 1024 * 1024
    for name in ("LICENSE.primer-primitives", "LICENSE.octicons"):
        assert "MIT" in (base / name).read_text(encoding="utf-8") or "Permission is hereby granted" in (
            base / name
        ).read_text(encoding="utf-8")
    source = (base / "SOURCE.md").read_text(encoding="utf-8")
    assert "@primer/primitives" in source
    assert "scripts/primer-library/generate" in source

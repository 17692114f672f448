"""What the sweep reads from a library's answers, on small answers in Figma's REST shapes: the node ids it
asks for (one per set, never per variant), component properties and default variants, and variable values
per mode through aliases."""

from __future__ import annotations

from typing import Any

from wf2des.integrations.figma import FileIndex, LocalVariables
from wf2des.workers.component_sweep.captures import component_records
from wf2des.workers.component_sweep.component_nodes import node_ids_to_fetch
from wf2des.workers.component_sweep.design_tokens import design_tokens, hex_color


def _component(node_id: str, name: str, w: float, h: float, children: list[Any]) -> dict[str, Any]:
    return {
        "id": node_id,
        "name": name,
        "type": "COMPONENT",
        "absoluteBoundingBox": {"x": 0, "y": 0, "width": w, "height": h},
        "children": children,
    }


def _text(node_id: str, name: str, prop: str | None = None, visible: bool = True) -> dict[str, Any]:
    node: dict[str, Any] = {"id": node_id, "name": name, "type": "TEXT", "visible": visible}
    if prop:
        node["componentPropertyReferences"] = {"characters": prop}
    return node


BUTTON_DEFINITIONS = {
    "Variant": {"type": "VARIANT", "defaultValue": "Secondary", "variantOptions": ["Primary", "Secondary"]},
    "Size": {"type": "VARIANT", "defaultValue": "Medium", "variantOptions": ["Small", "Medium"]},
    "Label#1:0": {"type": "TEXT", "defaultValue": "Button"},
    "Leading visual#1:1": {"type": "BOOLEAN", "defaultValue": False},
    "Leading icon#1:2": {
        "type": "INSTANCE_SWAP",
        "defaultValue": "9:1",
        "preferredValues": [{"type": "COMPONENT", "key": "icon-key"}],
    },
}


def _variant(node_id: str, name: str, height: float) -> dict[str, Any]:
    icon = {
        "id": f"{node_id}1",
        "name": "Leading icon",
        "type": "INSTANCE",
        "visible": False,
        "componentPropertyReferences": {"visible": "Leading visual#1:1", "mainComponent": "Leading icon#1:2"},
        "children": [_text(f"{node_id}9", "inside the icon")],
    }
    return _component(node_id, name, 80, height, [icon, _text(f"{node_id}2", "Label", "Label#1:0")])


def _file() -> tuple[FileIndex, dict[str, Any]]:
    variants = [
        _variant("2:1", "Variant=Primary, Size=Small", 28),
        _variant("2:2", "Variant=Primary, Size=Medium", 32),
        _variant("2:3", "Variant=Secondary, Size=Small", 28),
        _variant("2:4", "Variant=Secondary, Size=Medium", 32),
    ]
    button_set = {
        "id": "2:0",
        "name": "Button",
        "type": "COMPONENT_SET",
        "componentPropertyDefinitions": BUTTON_DEFINITIONS,
        "children": variants,
    }
    icon = _component("9:1", "x", 16, 16, [])
    components = {
        v["id"]: {"key": f"k{v['id']}", "name": v["name"], "componentSetId": "2:0"} for v in variants
    }
    components["9:1"] = {"key": "icon-key", "name": "x"}
    components["7:7"] = {"key": "remote-key", "name": "elsewhere", "remote": True}
    index = FileIndex(
        key="PRIMER",
        name="Primer",
        version="1",
        document={"id": "0:0", "children": []},
        components=components,
        component_sets={"2:0": {"key": "button-set-key", "name": "Button"}},
    )
    nodes = {"2:0": {"document": button_set}, "9:1": {"document": icon}}
    return index, nodes


def test_the_sweep_asks_for_each_set_once_and_each_plain_component():
    index, _ = _file()
    assert node_ids_to_fetch(index) == ["2:0", "9:1"]  # 5 local components, 2 ids: never more than one each


def test_variants_carry_their_sets_properties_references_and_default():
    index, nodes = _file()
    records = {r.node_id: r for r in component_records(index, nodes)}
    assert set(records) == {"2:1", "2:2", "2:3", "2:4", "9:1"}
    medium = records["2:4"]
    assert (medium.component_set_key, medium.width, medium.height) == ("button-set-key", 80, 32)
    assert medium.variant_properties == {"Variant": "Secondary", "Size": "Medium"}
    assert medium.text_layers == ["Label"]  # the hidden icon's text is not the button's
    assert medium.default_variant is True
    assert [r.default_variant for k, r in sorted(records.items()) if k != "9:1"] == [
        False,
        False,
        False,
        True,
    ]
    definitions = {d["name"]: d for d in medium.property_definitions or []}
    assert definitions["Size"] == {
        "name": "Size",
        "type": "VARIANT",
        "default": "Medium",
        "options": ["Small", "Medium"],
        "layers": [],
    }
    assert definitions["Label#1:0"] == {
        "name": "Label#1:0",
        "type": "TEXT",
        "default": "Button",
        "layers": ["Label"],
    }
    assert definitions["Leading visual#1:1"]["default"] is False
    assert definitions["Leading visual#1:1"]["layers"] == ["Leading icon"]
    assert definitions["Leading icon#1:2"]["preferred"] == [{"type": "COMPONENT", "key": "icon-key"}]
    plain = records["9:1"]
    assert (plain.component_set_key, plain.default_variant, plain.property_definitions) == (None, None, [])


def test_a_set_figma_did_not_return_leaves_its_variants_unknown():
    index, nodes = _file()
    del nodes["2:0"]
    record = next(r for r in component_records(index, nodes) if r.node_id == "2:1")
    assert (record.width, record.text_layers, record.property_definitions, record.default_variant) == (
        None,
        None,
        None,
        None,
    )


def _variables() -> LocalVariables:
    base, semantic, size = "VariableCollectionId:1:0", "VariableCollectionId:2:0", "VariableCollectionId:3:0"
    return LocalVariables(
        collections={
            base: {
                "id": base,
                "key": "kb",
                "name": "Base",
                "modes": [{"modeId": "1:0", "name": "Value"}],
                "defaultModeId": "1:0",
            },
            semantic: {
                "id": semantic,
                "key": "ks",
                "name": "Color",
                "modes": [{"modeId": "2:0", "name": "Light"}, {"modeId": "2:1", "name": "Dark"}],
                "defaultModeId": "2:0",
            },
            size: {
                "id": size,
                "key": "kz",
                "name": "Size",
                "modes": [{"modeId": "3:0", "name": "Value"}],
                "defaultModeId": "3:0",
            },
        },
        variables={
            "V:black": {
                "id": "V:black",
                "key": "k1",
                "name": "neutral/13",
                "variableCollectionId": base,
                "resolvedType": "COLOR",
                "valuesByMode": {"1:0": {"r": 0.12, "g": 0.14, "b": 0.16, "a": 1}},
            },
            "V:white": {
                "id": "V:white",
                "key": "k2",
                "name": "neutral/0",
                "variableCollectionId": base,
                "resolvedType": "COLOR",
                "valuesByMode": {"1:0": {"r": 1, "g": 1, "b": 1, "a": 1}},
            },
            "V:fg": {
                "id": "V:fg",
                "key": "k3",
                "name": "fgColor/default",
                "variableCollectionId": semantic,
                "resolvedType": "COLOR",
                "scopes": ["TEXT_FILL"],
                "codeSyntax": {"WEB": "var(--fgColor-default)"},
                "valuesByMode": {
                    "2:0": {"type": "VARIABLE_ALIAS", "id": "V:black"},
                    "2:1": {"type": "VARIABLE_ALIAS", "id": "V:white"},
                },
            },
            "V:gap": {
                "id": "V:gap",
                "key": "k4",
                "name": "stack/gap/normal",
                "variableCollectionId": size,
                "resolvedType": "FLOAT",
                "scopes": ["GAP"],
                "codeSyntax": {"WEB": "var(--stack-gap-normal)"},
                "valuesByMode": {"3:0": 16},
            },
            "V:remote": {
                "id": "V:remote",
                "key": "k5",
                "name": "elsewhere",
                "variableCollectionId": size,
                "resolvedType": "FLOAT",
                "remote": True,
                "valuesByMode": {"3:0": 1},
            },
            "V:flag": {
                "id": "V:flag",
                "key": "k6",
                "name": "flag",
                "variableCollectionId": size,
                "resolvedType": "BOOLEAN",
                "valuesByMode": {"3:0": True},
            },
        },
    )


def test_variables_resolve_aliases_per_mode_and_keep_the_alias_name():
    index, _ = _file()
    tokens = design_tokens(index, {}, _variables())
    by_name = {v["name"]: v for v in tokens["variables"]}
    assert set(by_name) == {"neutral/13", "neutral/0", "fgColor/default", "stack/gap/normal"}
    fg = by_name["fgColor/default"]
    assert fg["values"] == [
        {"mode": "Light", "value": "#1F2429", "alias": "Base/neutral/13"},
        {"mode": "Dark", "value": "#FFFFFF", "alias": "Base/neutral/0"},
    ]
    assert (fg["scopes"], fg["code_syntax"], fg["collection"]) == (
        ["TEXT_FILL"],
        {"WEB": "var(--fgColor-default)"},
        "Color",
    )
    gap = by_name["stack/gap/normal"]
    assert (gap["resolved_type"], gap["values"]) == (
        "FLOAT",
        [{"mode": "Value", "value": 16.0, "alias": None}],
    )
    assert [c["modes"] for c in tokens["collections"]] == [["Value"], ["Light", "Dark"], ["Value"]]


def test_text_styles_carry_font_size_weight_and_line_height():
    index, _ = _file()
    index.styles["5:1"] = {"key": "ts", "name": "Title/Large", "styleType": "TEXT"}
    node = {
        "document": {
            "id": "5:1",
            "type": "TEXT",
            "style": {
                "fontFamily": "Mona Sans",
                "fontStyle": "Semibold",
                "fontWeight": 600,
                "fontSize": 32,
                "lineHeightPx": 48,
                "letterSpacing": 0,
            },
        }
    }
    [style] = design_tokens(index, {"5:1": node}, None)["text_styles"]
    assert style == {
        "id": "5:1",
        "key": "ts",
        "name": "Title/Large",
        "font_family": "Mona Sans",
        "font_style": "Semibold",
        "font_weight": 600.0,
        "font_size": 32.0,
        "line_height_px": 48.0,
        "letter_spacing": 0.0,
    }


def test_hex_colour_folds_opacity_into_alpha():
    assert hex_color({"r": 1, "g": 0, "b": 0, "a": 1}) == "#FF0000"
    assert hex_color({"r": 1, "g": 0, "b": 0, "a": 1}, 0.5) == "#FF000080"

"""A library file in the REST API's shapes, built from a compact description (test data, made up).

``rest_library`` returns a ``LibraryFileRest``: ``GET /v1/files/:key`` with COMPONENT_SETs (their
``componentPropertyDefinitions`` and variant COMPONENTs named ``Prop=Value, …`` with boxes and paints),
plain COMPONENTs (icons), the ``styles`` map; ``variables/local``; and the style nodes.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wf2des.design.library import LibraryFileRest

__all__ = ["KitSet", "kit_b", "rest_library"]

JSON = dict[str, Any]


@dataclass(frozen=True)
class KitSet:
    name: str
    variants: Sequence[tuple[str, Sequence[str]]]  # property → options (the first is the default)
    texts: Sequence[str] = ()  # TEXT properties
    swaps: Sequence[str] = ()  # INSTANCE_SWAP properties
    booleans: Sequence[str] = ()
    heights: Mapping[str, float] = field(default_factory=dict)  # size option → height
    width: float = 120.0
    height: float = 32.0
    fills: Mapping[str, str] = field(default_factory=dict)  # emphasis option → fill hex


def _key(seed: str) -> str:
    return hashlib.sha1(seed.encode()).hexdigest()


def _rgb(hex_value: str) -> JSON:
    return {
        "r": int(hex_value[1:3], 16) / 255,
        "g": int(hex_value[3:5], 16) / 255,
        "b": int(hex_value[5:7], 16) / 255,
        "a": 1.0,
    }


def rest_library(
    file_key: str,
    sets: Sequence[KitSet],
    icons: Sequence[str],
    colors: Sequence[tuple[str, str, Sequence[str], str]],  # name, hex, scopes, code syntax
    floats: Sequence[tuple[str, float, Sequence[str]]],
    text_styles: Sequence[tuple[str, float, int]],
    *,
    collection: str = "Tokens",
    with_variables: bool = True,
) -> LibraryFileRest:
    ids = itertools.count(1)
    components: JSON = {}
    component_sets: JSON = {}
    children: list[JSON] = []
    y = 0.0
    for kit_set in sets:
        set_id = f"1:{next(ids)}"
        definitions: JSON = {}
        for prop, options in kit_set.variants:
            definitions[prop] = {
                "type": "VARIANT",
                "defaultValue": options[0],
                "variantOptions": list(options),
            }
        for text in kit_set.texts:
            definitions[f"{text}#{next(ids)}:0"] = {"type": "TEXT", "defaultValue": text}
        for swap in kit_set.swaps:
            definitions[f"{swap}#{next(ids)}:0"] = {"type": "INSTANCE_SWAP", "defaultValue": "9:9"}
        for boolean in kit_set.booleans:
            definitions[f"{boolean}#{next(ids)}:0"] = {"type": "BOOLEAN", "defaultValue": False}
        variants = []
        names = [prop for prop, _ in kit_set.variants]
        for combo in itertools.product(*(options for _, options in kit_set.variants)):
            node_id = f"1:{next(ids)}"
            name = ", ".join(f"{p}={v}" for p, v in zip(names, combo, strict=True))
            height = next((kit_set.heights[v] for v in combo if v in kit_set.heights), kit_set.height)
            fill = next((kit_set.fills[v] for v in combo if v in kit_set.fills), "#ffffff")
            variants.append(
                {
                    "id": node_id,
                    "name": name,
                    "type": "COMPONENT",
                    "absoluteBoundingBox": {"x": 0, "y": y, "width": kit_set.width, "height": height},
                    "fills": [{"type": "SOLID", "color": _rgb(fill)}],
                    "strokes": [],
                    "children": [],
                }
            )
            components[node_id] = {
                "key": _key(f"{file_key}/{kit_set.name}/{name}"),
                "name": name,
                "description": "",
                "componentSetId": set_id,
            }
            y += height + 8
        children.append(
            {
                "id": set_id,
                "name": kit_set.name,
                "type": "COMPONENT_SET",
                "componentPropertyDefinitions": definitions,
                "children": variants,
            }
        )
        component_sets[set_id] = {
            "key": _key(f"{file_key}/{kit_set.name}"),
            "name": kit_set.name,
            "description": "",
        }
    for icon in icons:
        node_id = f"2:{next(ids)}"
        children.append(
            {
                "id": node_id,
                "name": icon,
                "type": "COMPONENT",
                "absoluteBoundingBox": {"x": 0, "y": 0, "width": 16, "height": 16},
                "children": [],
            }
        )
        components[node_id] = {"key": _key(f"{file_key}/icon/{icon}"), "name": icon, "description": ""}
    styles: JSON = {}
    style_nodes: JSON = {}
    for name, size, weight in text_styles:
        node_id = f"3:{next(ids)}"
        styles[node_id] = {"key": _key(f"{file_key}/text/{name}"), "name": name, "styleType": "TEXT"}
        style_nodes[node_id] = {
            "document": {
                "id": node_id,
                "name": name,
                "type": "TEXT",
                "style": {
                    "fontFamily": "Inter",
                    "fontPostScriptName": None,
                    "fontWeight": weight,
                    "fontSize": size,
                    "lineHeightPx": round(size * 1.5, 2),
                },
            }
        }
    for name, hex_value, _, _ in colors:
        node_id = f"4:{next(ids)}"
        styles[node_id] = {"key": _key(f"{file_key}/fill/{name}"), "name": name, "styleType": "FILL"}
        style_nodes[node_id] = {
            "document": {
                "id": node_id,
                "name": name,
                "type": "RECTANGLE",
                "fills": [{"type": "SOLID", "color": _rgb(hex_value)}],
            }
        }
    variables: JSON = {}
    collection_id = "VariableCollectionId:1:1"
    for name, hex_value, scopes, code in colors:
        variable_id = f"VariableID:5:{next(ids)}"
        variables[variable_id] = {
            "id": variable_id,
            "name": name,
            "key": _key(f"{file_key}/var/{name}"),
            "variableCollectionId": collection_id,
            "resolvedType": "COLOR",
            "valuesByMode": {"1:0": _rgb(hex_value)},
            "remote": False,
            "scopes": list(scopes),
            "codeSyntax": {"WEB": code} if code else {},
        }
    for name, value, scopes in floats:
        variable_id = f"VariableID:6:{next(ids)}"
        variables[variable_id] = {
            "id": variable_id,
            "name": name,
            "key": _key(f"{file_key}/var/{name}"),
            "variableCollectionId": collection_id,
            "resolvedType": "FLOAT",
            "valuesByMode": {"1:0": value},
            "remote": False,
            "scopes": list(scopes),
            "codeSyntax": {},
        }
    file: JSON = {
        "name": file_key,
        "document": {
            "id": "0:0",
            "type": "DOCUMENT",
            "children": [{"id": "0:1", "type": "CANVAS", "children": children}],
        },
        "components": components,
        "componentSets": component_sets,
        "styles": styles,
    }
    variables_json: JSON | None = (
        {
            "status": 200,
            "error": False,
            "meta": {
                "variables": variables,
                "variableCollections": {
                    collection_id: {
                        "id": collection_id,
                        "name": collection,
                        "modes": [{"modeId": "1:0", "name": "Light"}],
                        "defaultModeId": "1:0",
                        "variableIds": list(variables),
                    }
                },
            },
        }
        if with_variables
        else None
    )
    return LibraryFileRest(file_key, file, variables_json, {"nodes": style_nodes})


def kit_b(*, with_variables: bool = True) -> LibraryFileRest:
    """A second design system shaped unlike Primer: other set names, properties, options and token names."""
    scale = ("S", "M", "L")
    heights = {"S": 28.0, "M": 36.0, "L": 44.0}
    sets = [
        KitSet(
            "Btn",
            [("Kind", ("Filled", "Outline", "Ghost", "Destructive")), ("Scale", scale)],
            texts=("Text",),
            swaps=("Icon",),
            booleans=("Has icon",),
            heights=heights,
            fills={"Filled": "#6d28d9", "Destructive": "#b91c1c"},
        ),
        KitSet(
            "Field",
            [("Scale", scale), ("Status", ("Idle", "Error"))],
            texts=("Hint text",),
            heights=heights,
            width=240,
        ),
        KitSet("Dropdown", [("Scale", scale)], texts=("Current",), heights=heights, width=240),
        KitSet("Tick box", [("Ticked", ("No", "Yes"))], texts=("Caption",), height=20, width=20),
        KitSet("Radio button", [("Selected", ("No", "Yes"))], texts=("Caption",), height=20, width=20),
        KitSet("Switch", [("On", ("False", "True"))], height=20, width=36),
        KitSet(
            "Profile picture",
            [("Scale", scale)],
            texts=("Initials",),
            heights={"S": 24.0, "M": 32.0, "L": 48.0},
        ),
        KitSet("Chip", [("Tone", ("Neutral", "Brand"))], texts=("Text",), height=20),
    ]
    colors = [
        ("Surface/Page", "#fafaf9", ("FRAME_FILL", "SHAPE_FILL"), ""),
        ("Surface/Sunken", "#e7e5e4", ("FRAME_FILL", "SHAPE_FILL"), ""),
        ("Content/Primary", "#1c1917", ("TEXT_FILL",), ""),
        ("Content/Secondary", "#78716c", ("TEXT_FILL",), ""),
        ("Content/On brand", "#ffffff", ("TEXT_FILL",), ""),
        ("Content/Brand", "#6d28d9", ("TEXT_FILL",), ""),
        ("Line/Default", "#a8a29e", ("STROKE_COLOR",), ""),
        ("Brand/Solid", "#6d28d9", ("FRAME_FILL", "SHAPE_FILL"), ""),
        ("Critical/Solid", "#b91c1c", ("FRAME_FILL", "SHAPE_FILL"), ""),
        ("Content/Critical", "#b91c1c", ("TEXT_FILL",), ""),
        ("Palette/Violet 700", "#6d28d9", ("ALL_SCOPES",), ""),
    ]
    floats = [
        *(
            (f"Spacing/{n}", v, ("GAP",))
            for n, v in (("xxs", 2), ("xs", 4), ("sm", 8), ("md", 12), ("lg", 20), ("xl", 32), ("xxl", 48))
        ),
        *(
            (f"Corner/{n}", v, ("CORNER_RADIUS",))
            for n, v in (("sm", 2), ("md", 6), ("lg", 12), ("full", 999))
        ),
    ]
    text_styles = [
        ("Display", 36.0, 700),
        ("Title/Large", 24.0, 600),
        ("Title/Small", 18.0, 600),
        ("Paragraph", 15.0, 400),
        ("Paragraph/Strong", 15.0, 600),
        ("Footnote", 12.0, 400),
    ]
    return rest_library(
        "kitBfile",
        sets,
        ["ic/search", "ic/settings", "ic/close", "ic/plus", "ic/user"],
        colors,
        floats,
        text_styles,
        collection="Kit B colors",
        with_variables=with_variables,
    )

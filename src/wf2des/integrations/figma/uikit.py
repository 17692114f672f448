"""A MADE-UP UI-kit library file for the fake Figma: test data, not a recording of any real file.

Figma's recordings shipped here hold icons only (205 octicons). To test buttons, fields and controls the
fake also serves this file, built in code in the REST API's documented shapes (checked against
``tests/data/figma-rest-api-spec/openapi.yaml`` by the fake's conformance test): one page "Components" with
the component sets Button, Input, Select, Checkbox, Radio, Toggle, Avatar, Badge and Card, each variant a
COMPONENT named ``Prop=Value, …`` with its TEXT layers. Node templates (traits every node carries) are
copied from the recorded file so the shapes stay those Figma really sends.

Heights follow common kits (Small 32, Medium 40, Large 48); text layer names are what kits usually call
them (``Label``, ``Placeholder``, ``Value``, ``Title``/``Body``).
"""

from __future__ import annotations

import copy
import hashlib
import itertools
from dataclasses import dataclass
from typing import Any

__all__ = ["UIKIT_SETS", "uikit_file"]

JSON = dict[str, Any]


@dataclass(frozen=True)
class _Set:
    name: str
    properties: tuple[tuple[str, tuple[str, ...]], ...]
    text_layers: tuple[str, ...]
    width: float
    heights: dict[str, float]  # Size value → height; "" → the set's one height
    description: str = ""


_SIZES = {"Small": 32.0, "Medium": 40.0, "Large": 48.0}
UIKIT_SETS: tuple[_Set, ...] = (
    _Set(
        "Button",
        (
            ("Type", ("Primary", "Secondary", "Outline", "Link")),
            ("Size", ("Medium", "Small", "Large")),
            ("State", ("Default", "Disabled")),
        ),
        ("Label",),
        120,
        _SIZES,
        "Actions. Made-up test data.",
    ),
    _Set(
        "Input",
        (("Size", ("Medium", "Small", "Large")), ("State", ("Default", "Focused", "Disabled"))),
        ("Placeholder",),
        240,
        _SIZES,
        "Single-line text field. Made-up test data.",
    ),
    _Set(
        "Select",
        (("Size", ("Medium", "Small", "Large")), ("State", ("Default", "Disabled"))),
        ("Value",),
        240,
        _SIZES,
        "Dropdown. Made-up test data.",
    ),
    _Set("Checkbox", (("Checked", ("False", "True")), ("State", ("Default", "Disabled"))), (), 16, {"": 16}),
    _Set("Radio", (("Selected", ("False", "True")), ("State", ("Default", "Disabled"))), (), 16, {"": 16}),
    _Set("Toggle", (("On", ("False", "True")),), (), 36, {"": 20}),
    _Set(
        "Avatar", (("Size", ("Medium", "Small", "Large")),), (), 40, {"Small": 24, "Medium": 40, "Large": 64}
    ),
    _Set("Badge", (("Type", ("Primary", "Secondary", "Outline")),), ("Label",), 48, {"": 20}),
    _Set("Card", (("Type", ("Default", "Elevated")),), ("Title", "Body"), 320, {"": 200}),
)


def _key(seed: str) -> str:
    return hashlib.sha1(f"wf2des-made-up-uikit:{seed}".encode()).hexdigest()


def _node(
    template: JSON, node_id: str, name: str, node_type: str, x: float, y: float, w: float, h: float
) -> JSON:
    node = copy.deepcopy(template)
    node.update(id=node_id, name=name, type=node_type)
    node["absoluteBoundingBox"] = {"x": x, "y": y, "width": w, "height": h}
    node["absoluteRenderBounds"] = dict(node["absoluteBoundingBox"])
    node.setdefault("scrollBehavior", "SCROLLS")
    return node


def uikit_file(templates: dict[str, JSON]) -> tuple[JSON, dict[str, JSON], dict[str, JSON]]:
    """(document, components map, componentSets map) of the made-up file.

    ``templates`` holds one recorded node per type (``COMPONENT``, ``TEXT``, ``CANVAS``, ``DOCUMENT``),
    stripped of children; only ids, names, boxes and children are set here.
    """
    components: dict[str, JSON] = {}
    component_sets: dict[str, JSON] = {}
    sets: list[JSON] = []
    y = 0.0
    for set_index, kit_set in enumerate(UIKIT_SETS, start=1):
        set_id = f"{set_index}00:0"
        variants: list[JSON] = []
        names = [prop for prop, _ in kit_set.properties]
        x = 0.0
        for number, values in enumerate(itertools.product(*(v for _, v in kit_set.properties)), start=1):
            variant_name = ", ".join(f"{p}={v}" for p, v in zip(names, values, strict=True))
            size = dict(zip(names, values, strict=True)).get("Size", "")
            height = kit_set.heights.get(size, kit_set.heights.get("", 40.0))
            node_id = f"{set_index}00:{number}"
            component = _node(
                templates["COMPONENT"], node_id, variant_name, "COMPONENT", x, y, kit_set.width, height
            )
            component["children"] = [
                _node(
                    templates["TEXT"],
                    f"{set_index}00:{number}{layer_number:02d}",
                    layer,
                    "TEXT",
                    x + 8,
                    y + 4 + 16 * (layer_number - 1),
                    kit_set.width - 16,
                    16,
                )
                for layer_number, layer in enumerate(kit_set.text_layers, start=1)
            ]
            for text in component["children"]:
                # Today's API always sends the per-line lists; the 2020 template predates them.
                text.update(characters=text["name"], lineTypes=["NONE"], lineIndentations=[0])
            variants.append(component)
            components[node_id] = {
                "key": _key(f"{kit_set.name}/{variant_name}"),
                "name": variant_name,
                "description": "",
                "componentSetId": set_id,
                "documentationLinks": [],
                "remote": False,
            }
            x += kit_set.width + 16
        component_set = _node(templates["COMPONENT"], set_id, kit_set.name, "COMPONENT_SET", 0, y, x, 64)
        component_set["children"] = variants
        sets.append(component_set)
        component_sets[set_id] = {
            "key": _key(kit_set.name),
            "name": kit_set.name,
            "description": kit_set.description or "Made-up test data.",
            "documentationLinks": [],
            "remote": False,
        }
        y += 120
    page = copy.deepcopy(templates["CANVAS"])
    page.update(id="0:1", name="Components", children=sets)
    document = copy.deepcopy(templates["DOCUMENT"])
    document.update(id="0:0", name="Document", children=[page])
    return document, components, component_sets

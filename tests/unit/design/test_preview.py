"""The design preview draws each instance from its component's node in the library file."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from PIL import Image

from wf2des.design import DesignLibrary, LibraryFileRest
from wf2des.design.preview import render_design_preview_png
from wf2des.integrations.figma.primer import PRIMER_FILE_KEY, primer_library
from wf2des.spec import SPEC_SCHEMA_V1_1, Node, Spec


@cache
def _primer() -> DesignLibrary:
    rest = primer_library()
    return DesignLibrary.from_rest(
        [LibraryFileRest(PRIMER_FILE_KEY, rest.file, rest.variables_local, rest.style_nodes)]
    )


def _variant(library: DesignLibrary, set_name: str, **values: str) -> Any:
    found = library.find_set(set_name)
    assert found is not None
    return next(v for v in found.variants if all(v.values.get(k) == w for k, w in values.items()))


def _spec(instance: Node) -> Spec:
    root: Node = {  # type: ignore[typeddict-item]
        "id": "d:1",
        "type": "FRAME",
        "name": "Screen",
        "role": None,
        "x": 0,
        "y": 0,
        "width": 320,
        "height": 120,
        "layoutMode": "NONE",
        "children": [instance],
    }
    return {
        "schema": SPEC_SCHEMA_V1_1,
        "source": {"entry": "figma-node:1", "manifestSha256": None},
        "screens": [
            {"screenId": "1", "name": "Screen", "viewport": {"width": 320, "height": 120}, "root": root}
        ],
        "tokens": {"color": {}, "text": {}},
        "styleBindings": {},
        "styleBindingDetails": {},
        "styleSources": [],
        "outcomes": [],
        "flagCount": 0,
        "stats": {"screens": [], "nodeCount": 2, "outcomeCount": 0, "blockedResources": 0},
    }


def _button(key: str, label: str) -> Node:
    return {  # type: ignore[typeddict-item]
        "id": "d:2",
        "type": "INSTANCE",
        "name": "Button",
        "role": None,
        "x": 40,
        "y": 50,
        "width": 200,
        "height": 32,
        "layoutPositioning": "ABSOLUTE",
        "componentKey": key,
        "componentName": "Variant=Primary, Size=Medium, State=Rest",
        "componentSetName": "Button",
        "variantProperties": {"Variant": "Primary", "Size": "Medium", "State": "Rest"},
        "componentProperties": {"Label#10:100": label},
        "textOverrides": [],
    }


def _rgb(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    r, g, b = image.getpixel((x, y))  # type: ignore[misc]
    return r, g, b


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_a_button_is_drawn_in_its_components_fill_at_the_instances_place() -> None:
    library = _primer()
    primary = _variant(library, "Button", Variant="Primary", Size="Medium", State="Rest")
    assert primary.fill is not None
    fill = tuple(int(primary.fill[i : i + 2], 16) for i in (1, 3, 5))
    image = _pixels(render_design_preview_png(_spec(_button(primary.key, "Sign in")), library))
    assert image.getpixel((46, 56)) == fill  # inside the instance's box, clear of its label
    assert image.getpixel((230, 76)) == fill  # stretched to the instance's width (the component is narrower)
    assert image.getpixel((30, 66)) == (255, 255, 255)  # left of the instance: the screen
    assert image.getpixel((250, 66)) == (255, 255, 255)  # right of it
    # the label (the instance's own text, in the component's on-emphasis colour) is centred in the box
    light = [x for x in range(40, 240) if min(_rgb(image, x, 66)) > 200]
    assert light
    assert min(light) > 100
    assert max(light) < 180


def test_the_label_is_the_instances_text_property_and_the_bytes_are_deterministic() -> None:
    library = _primer()
    primary = _variant(library, "Button", Variant="Primary", Size="Medium", State="Rest")
    short = render_design_preview_png(_spec(_button(primary.key, "Go")), library)
    long = render_design_preview_png(_spec(_button(primary.key, "Create an account now")), library)
    assert short != long
    assert short == render_design_preview_png(_spec(_button(primary.key, "Go")), library)


def test_an_instance_of_a_component_the_library_lacks_stays_a_labelled_box() -> None:
    library = _primer()
    image = _pixels(render_design_preview_png(_spec(_button("no-such-component", "Sign in")), library))
    assert image.getpixel((46, 56)) == (0xF1, 0xEC, 0xFF)  # the Code2WF preview's component purple


def test_an_icon_slot_draws_the_swapped_icon_from_its_path_geometry() -> None:
    library = _primer()
    secondary = _variant(library, "Button", Variant="Secondary", Size="Medium", State="Rest")
    star = library.find_icon("star", 16)
    assert star is not None
    button = _button(secondary.key, "Star")
    button["componentProperties"] = {"Label#10:100": "Star", "Leading visual#10:101": "true"}
    without = _pixels(render_design_preview_png(_spec(button), library))
    button["componentProperties"]["Leading icon#10:102"] = star.key
    starred = _pixels(render_design_preview_png(_spec(button), library))
    # the icon sits at the left of the centred content; the default icon and the star differ in shape
    dark = [(x, y) for x in range(40, 240) for y in range(50, 82) if max(_rgb(starred, x, y)) < 120]
    assert dark
    assert starred.tobytes() != without.tobytes()


def _tiny_library(paint_hex: dict[str, float], modes: dict[str, Any]) -> DesignLibrary:
    """One component, a 40×20 box whose fill is bound to a colour variable with two modes."""
    component = {
        "id": "1:1",
        "name": "Chip",
        "type": "COMPONENT",
        "absoluteBoundingBox": {"x": 0, "y": 0, "width": 40, "height": 20},
        "fills": [
            {
                "type": "SOLID",
                "color": {**paint_hex, "a": 1},
                "boundVariables": {"color": {"id": "VariableID:1:1", "type": "VARIABLE_ALIAS"}},
            }
        ],
        "children": [],
    }
    file = {
        "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "children": [component]}]},
        "components": {"1:1": {"key": "chip-key", "name": "Chip"}},
    }
    variables = {
        "meta": {
            "variableCollections": {"C:1": {"name": "Colors", "defaultModeId": "m:dark"}},
            "variables": {
                "VariableID:1:1": {
                    "name": "chip/bg",
                    "key": "v1",
                    "resolvedType": "COLOR",
                    "variableCollectionId": "C:1",
                    "valuesByMode": modes,
                    "scopes": ["ALL_FILLS"],
                }
            },
        }
    }
    return DesignLibrary.from_rest([LibraryFileRest("Tiny1", file, variables, None)])


def test_a_bound_colour_takes_the_variables_value_in_the_default_mode() -> None:
    red = {"r": 1.0, "g": 0.0, "b": 0.0}
    library = _tiny_library(
        red, {"m:light": {**red, "a": 1.0}, "m:dark": {"r": 0.0, "g": 0.0, "b": 1.0, "a": 1.0}}
    )
    chip = _button("chip-key", "")
    chip["componentProperties"] = {}
    image = _pixels(render_design_preview_png(_spec(chip), library))
    assert _rgb(image, 60, 66) == (0, 0, 255)  # the dark (default) mode's blue, not the paint's red

"""Library components in the assemble step: rules, automatic matching, outcomes, the v1.1 spec (pure)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.unit.generator.conftest import BASE, page, text
from wf2des.assemble.components import map_components
from wf2des.assemble.config import ComponentRule
from wf2des.assemble.hints import element_hints
from wf2des.assemble.library import Library, LibraryComponent, parse_variant_name
from wf2des.assemble.matching import rule_problems
from wf2des.assemble.naming import icon_candidates
from wf2des.generator import convert
from wf2des.generator.capture_model import CapturedElement, CapturedText, CaptureResult, Rect
from wf2des.generator.metrics import iter_nodes
from wf2des.generator.preview import render_preview_svg
from wf2des.generator.schema import validate_spec
from wf2des.spec import SPEC_SCHEMA_V1_1, Node, Outcome, Spec


def _el(
    tag: str,
    rect: tuple[float, float, float, float],
    *children: CapturedElement | CapturedText,
    attrs: dict[str, str] | None = None,
    **style: str,
) -> CapturedElement:
    merged = {**BASE, **{k.replace("_", "-"): v for k, v in style.items()}}
    return CapturedElement(tag=tag, rect=Rect(*rect), style=merged, attrs=attrs or {}, children=children)


def _capture() -> CaptureResult:
    border = {
        "border_top_style": "solid",
        "border_top_width": "1px",
        "border_right_width": "1px",
        "border_bottom_width": "1px",
        "border_left_width": "1px",
        "border_top_color": "rgb(90, 90, 90)",
    }
    toolbar = _el(
        "div",
        (0, 0, 800, 60),
        _el(
            "button",
            (20, 10, 100, 40),
            text("Save", (40, 18, 60, 24)),
            attrs={"class": "btn btn-primary"},
            background_color="rgb(20, 20, 20)",
        ),
        _el(
            "button",
            (140, 10, 100, 40),
            text("Cancel", (160, 18, 60, 24)),
            attrs={"class": "btn btn-outline-secondary"},
            **border,
        ),
        _el(
            "a",
            (260, 10, 100, 40),
            text("More", (280, 18, 60, 24)),
            attrs={"class": "chip-ish"},
            background_color="rgb(200, 200, 200)",
            cursor="pointer",
        ),
        _el(
            "i",
            (380, 20, 16, 16),
            _el("::before", (380, 20, 16, 16), text("\uf00d", (380, 20, 16, 16)), display="inline"),
            attrs={"class": "fa fa-times"},
            display="inline-block",
        ),
        _el(
            "i",
            (410, 20, 16, 16),
            _el("::before", (410, 20, 16, 16), text("\uf111", (410, 20, 16, 16)), display="inline"),
            attrs={"class": "bi bi-unheard-of"},
            display="inline-block",
        ),
        display="flex",
        flex_direction="row",
        align_items="center",
    )
    form = _el(
        "form",
        (0, 80, 800, 100),
        _el(
            "input",
            (20, 90, 240, 40),
            attrs={"type": "email", "placeholder": "you@example.com", "class": "form-control"},
            **border,
        ),
        _el("input", (280, 100, 16, 16), attrs={"type": "checkbox"}),
    )
    nav = _el(
        "nav",
        (0, 200, 800, 50),
        _el("a", (20, 210, 80, 30), text("Home", (20, 215, 40, 20))),
        background_color="rgb(240, 240, 240)",
    )
    body = _el("body", (0, 0, 800, 600), toolbar, form, nav, background_color="rgb(255, 255, 255)")
    return page(body)


def _kit() -> list[LibraryComponent]:
    out = []
    for kind in ("Primary", "Secondary", "Outline", "Link"):
        for size, height in (("Small", 32.0), ("Medium", 40.0)):
            name = f"Type={kind}, Size={size}"
            out.append(
                LibraryComponent(
                    key=f"btn-{kind}-{size}",
                    name=name,
                    set_name="Button",
                    variant=parse_variant_name(name),
                    height=height,
                    text_layers=("Label",),
                )
            )
    out.append(
        LibraryComponent(
            key="field",
            name="State=Default",
            set_name="Text field",
            variant={"State": "Default"},
            height=40,
            text_layers=("Placeholder",),
        )
    )
    for checked in ("False", "True"):
        out.append(
            LibraryComponent(
                key=f"check-{checked}",
                name=f"Checked={checked}",
                set_name="Checkbox",
                variant={"Checked": checked},
                height=16,
                text_layers=(),
            )
        )
    out.append(
        LibraryComponent(key="icon-x", name="x", description="keywords: close, remove", text_layers=())
    )
    out.append(
        LibraryComponent(
            key="card",
            name="Type=Default",
            set_name="Card",
            variant={"Type": "Default"},
            text_layers=("Title", "Body"),
        )
    )
    return out


@pytest.fixture
def generated() -> tuple[Spec, CaptureResult]:
    capture = _capture()
    return convert(capture, source_entry="index.html"), capture


def _mapped(
    generated: tuple[Spec, CaptureResult],
    rules: list[dict[str, Any]] | None = None,
    kit: list[LibraryComponent] | None = None,
) -> Spec:
    spec, capture = generated
    parsed = [ComponentRule.model_validate(r) for r in rules or []]
    result = map_components(spec, kit if kit is not None else _kit(), parsed, element_hints(spec, capture))
    validate_spec(result.spec)
    return result.spec


def _all_instances(spec: Spec) -> list[Node]:
    return [n for s in spec["screens"] for n in iter_nodes(s["root"]) if n["type"] == "INSTANCE"]


def _instances(spec: Spec) -> dict[str, Node]:
    """Instances by their text (or component name when they have none; the last of equals wins)."""
    return {
        " ".join(o["characters"] for o in n["textOverrides"]) or n["componentName"]: n
        for n in _all_instances(spec)
    }


def _outcomes(spec: Spec, kind: str) -> list[Outcome]:
    return [o for o in spec["outcomes"] if o["kind"] == kind]


def test_buttons_fields_and_icons_become_instances_with_their_own_text(generated: Any) -> None:
    original = copy.deepcopy(generated[0])
    spec = _mapped(generated)
    assert generated[0] == original  # pure: the input spec is not changed
    assert spec["schema"] == SPEC_SCHEMA_V1_1
    found = _instances(spec)
    save, cancel = found["Save"], found["Cancel"]
    assert (save["componentSetName"], save["variantProperties"]) == (
        "Button",
        {"Type": "Primary", "Size": "Medium"},
    )
    assert cancel["variantProperties"] == {"Type": "Outline", "Size": "Medium"}
    assert save["textOverrides"] == [{"layer": "Label", "characters": "Save"}]
    assert save["fallback"]["type"] == "FRAME"
    assert save["fallback"]["id"] == save["id"]
    assert (save["width"], save["height"]) == (100, 40)
    field = found["you@example.com"]
    assert (field["componentSetName"], field["textOverrides"]) == (
        "Text field",
        [{"layer": "Placeholder", "characters": "you@example.com"}],
    )
    assert found["x"]["componentKey"] == "icon-x"
    assert found["x"]["mappingSource"] == "icon: x"
    assert found["Checked=False"]["componentSetName"] == "Checkbox"


def test_the_summary_says_what_became_which_component(generated: Any) -> None:
    summary = _mapped(generated)["componentMapping"]
    by_key = {c["componentKey"]: c for c in summary["components"]}
    assert by_key["btn-Primary-Medium"]["count"] == 1
    assert by_key["btn-Primary-Medium"]["chosenBy"] == ["name: Button"]
    assert by_key["icon-x"]["chosenBy"] == ["icon: x"]
    assert 0 < by_key["icon-x"]["minConfidence"] <= by_key["icon-x"]["maxConfidence"] <= 1
    assert summary["instances"] == sum(c["count"] for c in summary["components"])
    assert summary["libraryComponents"] == len(_kit())


def test_a_weak_role_keeps_its_frame_with_a_flagged_outcome(generated: Any) -> None:
    spec = _mapped(generated)
    [weak] = [
        o for o in _outcomes(spec, "component_low_confidence") if "More" in str(_node(spec, o["nodeId"]))
    ]
    assert weak["flagged"] is True
    assert _node(spec, weak["nodeId"])["type"] == "FRAME"
    assert "below 0.7" in weak["message"]
    assert spec["flagCount"] == sum(1 for o in spec["outcomes"] if o["flagged"])


def test_no_candidate_is_an_unflagged_unmapped_outcome(generated: Any) -> None:
    spec = _mapped(generated)
    unmapped = {o["message"]: o for o in _outcomes(spec, "component_unmapped")}
    assert all(not o["flagged"] for o in unmapped.values())
    assert any("no navbar component" in m for m in unmapped)
    assert any("no library icon is named 'unheard-of'" in m for m in unmapped)


def test_rules_change_the_choice(generated: Any) -> None:
    spec = _mapped(
        generated,
        rules=[
            {
                "role": "button",
                "when": {"variant": "outline"},
                "component": {"set": "button"},
                "properties": {"Type": "Secondary", "Size": "Small"},
            },
            {"role": "button", "when": {"variant": "primary"}, "keepFrame": True},
            {"role": "icon", "when": {"icon": "bi-unheard-of"}, "component": {"name": "x"}},
        ],
    )
    found = _instances(spec)
    assert found["Cancel"]["variantProperties"] == {"Type": "Secondary", "Size": "Small"}
    assert found["Cancel"]["mappingSource"] == "rule 1"
    assert found["Cancel"]["mappingConfidence"] == 1.0
    assert "Save" not in found  # kept as a frame by rule 2, and not reported
    assert not [o for o in spec["outcomes"] if o["nodeId"] == _frame_id(spec, "Save")]
    assert spec["componentMapping"]["keptByRule"] == 1
    icons = [n for n in _all_instances(spec) if n["componentKey"] == "icon-x"]
    assert sorted(n["mappingSource"] for n in icons) == ["icon: x", "rule 3"]


def test_a_rule_the_library_no_longer_satisfies_is_flagged_at_assemble_time(generated: Any) -> None:
    spec = _mapped(generated, rules=[{"role": "button", "component": {"set": "CTA"}}])
    unresolved = _outcomes(spec, "component_rule_unresolved")
    assert len(unresolved) == 3  # Save, Cancel and the weak "More": a rule is never second-guessed
    assert all(o["flagged"] for o in unresolved)
    assert "rule 1: component set 'CTA' is not in the library" in unresolved[0]["message"]
    assert spec["componentMapping"]["rulesUnresolved"] == 3


def test_a_component_text_layer_the_element_cannot_fill_keeps_the_frame(generated: Any) -> None:
    kit = [c for c in _kit() if c.set_name != "Button"]
    kit.append(
        LibraryComponent(
            key="two",
            name="Kind=Main",
            set_name="Button",
            variant={"Kind": "Main"},
            text_layers=("Label", "Caption"),
        )
    )
    spec = _mapped(generated, kit=kit)
    assert not [n for n in _instances(spec).values() if n["componentSetName"] == "Button"]
    messages = [o["message"] for o in _outcomes(spec, "component_low_confidence")]
    assert any("Caption would keep its default text" in m for m in messages)


def test_without_library_or_rules_every_role_is_unmapped_and_nothing_is_flagged(generated: Any) -> None:
    spec = _mapped(generated, kit=[])
    assert _instances(spec) == {}
    assert not _outcomes(spec, "component_low_confidence")
    assert spec["flagCount"] == generated[0]["flagCount"]


def test_the_preview_draws_an_instance_as_its_box_and_name(generated: Any) -> None:
    svg = render_preview_svg(_mapped(generated))
    assert "#7B61FF" in svg
    assert ">Button<" in svg


def test_v1_and_v1_1_specs_both_validate(generated: Any) -> None:
    validate_spec(generated[0])
    assert generated[0]["schema"] == "wf2des.code2wf.spec/v1"
    broken = _mapped(generated)
    node = next(iter(_instances(broken).values()))
    del node["variantProperties"]
    with pytest.raises(Exception, match="variantProperties"):
        validate_spec(broken)


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["fa", "fa-times"], "x"),
        (["bi", "bi-x"], "x"),
        (["close"], "x"),
        (["fas", "fa-fw", "fa-cog"], "gear"),
        (["bi", "bi-envelope-fill"], "mail"),
        (["right", "arrow", "icon"], "arrow-right"),
        (["mdi", "mdi-menu"], "menu"),
    ],
)
def test_icon_names_are_normalised(names: list[str], expected: str) -> None:
    """The name as written is tried first (a library may have ``envelope-fill``), then its normal forms."""
    assert expected in [name for name, _ in icon_candidates(names)]


def test_variant_names_parse_all_or_nothing() -> None:
    assert parse_variant_name("Type=Primary, Size=Large") == {"Type": "Primary", "Size": "Large"}
    assert parse_variant_name("arrow-right") == {}
    assert parse_variant_name("Type=Primary, oops") == {}


def test_rule_problems_name_the_rule_and_what_is_missing() -> None:
    library = Library(_kit())
    rules = [
        ComponentRule.model_validate(r)
        for r in (
            {"role": "button", "component": {"set": "Button"}, "properties": {"Type": "Link"}},
            {"role": "button", "component": {"set": "Button"}, "properties": {"Type": "Huge"}},
            {"role": "select", "component": {"set": "Dropdown"}},
            {"role": "icon", "component": {"name": "X"}},
        )
    ]
    assert rule_problems(rules, library) == [
        "rule 2: Button has no Type=Huge",
        "rule 3: component set 'Dropdown' is not in the library",
    ]


def _node(spec: Spec, node_id: str | None) -> Node:
    return next(n for s in spec["screens"] for n in iter_nodes(s["root"]) if n["id"] == node_id)


def _frame_id(spec: Spec, label: str) -> str:
    for screen in spec["screens"]:
        for node in iter_nodes(screen["root"]):
            if node["type"] == "FRAME" and any(
                c.get("characters") == label for c in node.get("children", [])
            ):
                return str(node["id"])
    raise AssertionError(label)


def _system_kit() -> list[LibraryComponent]:
    """A design system's shapes (not the made-up kit's): Variant with Invisible and no Outline, a default
    variant that is not the first, State=Rest, a checkbox whose State is Unchecked/Checked beside a boolean
    Disabled property, and a Label layer the checkbox draws next to its box."""
    out = []
    for kind in ("Primary", "Secondary", "Invisible"):
        for state in ("Rest", "Disabled"):
            name = f"Variant={kind}, Size=Medium, State={state}"
            out.append(
                LibraryComponent(
                    key=f"b-{kind}-{state}",
                    name=name,
                    set_name="Button",
                    variant=parse_variant_name(name),
                    height=40,
                    text_layers=("Label",),
                    default_variant=(kind, state) == ("Secondary", "Rest"),
                )
            )
    for state in ("Unchecked", "Checked", "Indeterminate"):
        for disabled in ("False", "True"):
            name = f"State={state}, Disabled={disabled}"
            out.append(
                LibraryComponent(
                    key=f"c-{state}-{disabled}",
                    name=name,
                    set_name="Checkbox",
                    variant=parse_variant_name(name),
                    height=20,
                    text_layers=("Label",),
                )
            )
    return out


def test_a_design_systems_property_shapes_are_matched_without_its_names_in_the_code(generated: Any) -> None:
    spec = _mapped(generated, kit=_system_kit())
    found = _instances(spec)
    assert found["Save"]["variantProperties"] == {"Variant": "Primary", "Size": "Medium", "State": "Rest"}
    # An outlined button in a system without Outline: its quiet, bordered action (Secondary).
    assert found["Cancel"]["variantProperties"]["Variant"] == "Secondary"
    [checkbox] = [n for n in _all_instances(spec) if n["componentSetName"] == "Checkbox"]
    assert checkbox["variantProperties"] == {"State": "Unchecked", "Disabled": "False"}
    assert checkbox["textOverrides"] == [{"layer": "Label", "characters": ""}]  # not the kit's "Label"
    ticked = copy.deepcopy(generated[0])
    [box] = [n for n in iter_nodes(ticked["screens"][0]["root"]) if n.get("role") == "checkbox"]
    box["checked"] = True
    [checked] = [
        n
        for n in _all_instances(_mapped((ticked, generated[1]), kit=_system_kit()))
        if n["componentSetName"] == "Checkbox"
    ]
    assert checked["variantProperties"] == {"State": "Checked", "Disabled": "False"}


def test_the_sets_default_variant_fills_what_the_element_does_not_say() -> None:
    from wf2des.assemble.library import ComponentSet

    kit = [c for c in _system_kit() if c.set_name == "Button"]
    assert ComponentSet.of("Button", tuple(kit)).default.name == "Variant=Secondary, Size=Medium, State=Rest"
    undeclared = [LibraryComponent(c.key, c.name, c.set_name, c.variant) for c in kit]
    assert ComponentSet.of("Button", tuple(undeclared)).default is undeclared[0]  # none declared: the first


def test_an_icon_drawn_at_several_sizes_takes_the_size_nearest_the_element(generated: Any) -> None:
    sizes = [
        LibraryComponent(key=f"x-{size}", name=f"icon/{size}/x", height=float(size), text_layers=())
        for size in (24, 12, 16)
    ]
    [icon] = [n for n in _all_instances(_mapped(generated, kit=sizes)) if n["componentName"].endswith("/x")]
    assert icon["componentName"] == "icon/16/x"  # the page's glyph is 16 px


def test_named_sizes_keep_their_role_in_a_denser_system(generated: Any) -> None:
    """A 40 px page button is the page's default size: Medium in a kit whose Medium is 32 px and Large 40."""
    dense = [
        LibraryComponent(
            key=f"b-{size}",
            name=f"Variant=Primary, Size={size}",
            set_name="Button",
            variant={"Variant": "Primary", "Size": size},
            height=height,
            text_layers=("Label",),
        )
        for size, height in (("Small", 28.0), ("Medium", 32.0), ("Large", 40.0))
    ]
    assert _instances(_mapped(generated, kit=dense))["Save"]["variantProperties"]["Size"] == "Medium"
    numbered = [  # sizes the kit does not name: the nearest recorded height decides
        LibraryComponent(
            c.key,
            c.name.replace(s, h),
            c.set_name,
            {"Variant": "Primary", "Size": h},
            height=c.height,
            text_layers=c.text_layers,
        )
        for c, s, h in zip(dense, ("Small", "Medium", "Large"), ("28", "32", "40"), strict=True)
    ]
    assert _instances(_mapped(generated, kit=numbered))["Save"]["variantProperties"]["Size"] == "40"


def test_an_option_named_like_the_elements_semantic_class_wins_over_its_look() -> None:
    body = _el(
        "body",
        (0, 0, 800, 200),
        _el(
            "button",
            (20, 10, 100, 40),
            text("Delete", (40, 18, 60, 24)),
            attrs={"class": "btn btn-danger"},
            background_color="rgb(200, 30, 30)",
        ),
        _el(
            "button",
            (140, 10, 100, 40),
            text("Save", (160, 18, 60, 24)),
            attrs={"class": "btn btn-success"},
            background_color="rgb(30, 150, 30)",
        ),
        background_color="rgb(255, 255, 255)",
    )
    capture = page(body)
    spec = convert(capture, source_entry="index.html")
    kit = [
        LibraryComponent(
            key=f"b-{kind}",
            name=f"Variant={kind}",
            set_name="Button",
            variant={"Variant": kind},
            height=40,
            text_layers=("Label",),
        )
        for kind in ("Secondary", "Primary", "Danger")
    ]
    found = _instances(_mapped((spec, capture), kit=kit))
    assert found["Delete"]["variantProperties"] == {"Variant": "Danger"}
    assert found["Save"]["variantProperties"] == {"Variant": "Primary"}  # no Success option: its filled look

"""DesignLibrary.from_rest reads a library file's REST responses: sets, variants, icons, styles, variables."""

from __future__ import annotations

import copy

from tests.design_kit.library_kit import kit_b
from wf2des.design import DesignLibrary, LibraryFileRest


def test_sets_properties_and_variant_heights(kit: DesignLibrary) -> None:
    btn = kit.find_set("btn")
    assert btn is not None
    kinds = {p.label: p for p in btn.properties}
    assert kinds["Kind"].type == "VARIANT"
    assert kinds["Kind"].options == ("Filled", "Outline", "Ghost", "Destructive")
    assert kinds["Text"].type == "TEXT"
    assert kinds["Text"].name.startswith("Text#")
    assert kinds["Icon"].type == "INSTANCE_SWAP"
    assert {v.height for v in btn.variants if v.values["Scale"] == "L"} == {44.0}
    assert len(btn.variants) == 12


def test_plain_components_are_found_as_icons_by_canonical_name(kit: DesignLibrary) -> None:
    assert [c.name for c in kit.components] == ["ic/close", "ic/plus", "ic/search", "ic/settings", "ic/user"]
    found = kit.find_icon("x")  # close → x, as the page's vocabularies say it
    assert found is not None
    assert found.name == "ic/close"


def test_text_styles_and_variables(kit: DesignLibrary) -> None:
    assert [(t.name, t.font_size) for t in kit.text_styles][:2] == [("Display", 36.0), ("Footnote", 12.0)]
    page = next(c for c in kit.colors if c.name == "Surface/Page")
    assert (page.kind, page.hex, page.collection) == ("color_variable", "#fafaf9", "Kit B colors")
    assert page.id.startswith("VariableID:")
    assert {f.name: f.value for f in kit.floats}["Spacing/md"] == 12.0


def test_colour_styles_when_variables_are_forbidden() -> None:
    library = DesignLibrary.from_rest([kit_b(with_variables=False)])
    assert library.colors
    assert all(c.kind == "color_style" for c in library.colors)
    assert library.floats == ()


def test_aliases_resolve_to_the_default_mode_value() -> None:
    rest = kit_b()
    variables = copy.deepcopy(dict(rest.variables or {}))
    meta = variables["meta"]["variables"]
    brand = next(v for v in meta.values() if v["name"] == "Brand/Solid")
    alias = next(v for v in meta.values() if v["name"] == "Content/Brand")
    alias["valuesByMode"] = {"1:0": {"type": "VARIABLE_ALIAS", "id": brand["id"]}}
    brand["valuesByMode"] = {"1:0": {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}}
    library = DesignLibrary.from_rest(
        [LibraryFileRest(rest.file_key, rest.file, variables, rest.style_nodes)]
    )
    assert next(c for c in library.colors if c.name == "Content/Brand").hex == "#ff0000"


def test_an_alias_cycle_does_not_hang() -> None:
    rest = kit_b()
    variables = copy.deepcopy(dict(rest.variables or {}))
    meta = variables["meta"]["variables"]
    a, b = [v for v in meta.values() if v["resolvedType"] == "COLOR"][:2]
    a["valuesByMode"] = {"1:0": {"type": "VARIABLE_ALIAS", "id": b["id"]}}
    b["valuesByMode"] = {"1:0": {"type": "VARIABLE_ALIAS", "id": a["id"]}}
    library = DesignLibrary.from_rest(
        [LibraryFileRest(rest.file_key, rest.file, variables, rest.style_nodes)]
    )
    assert a["name"] not in {c.name for c in library.colors}

"""Binding details (spec v1.1): kind, id, key and origin of every bound token; the colour source per file."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from tests.unit.generator.conftest import el, page, text
from wf2des.assemble import (
    CaptureFile,
    apply_bindings,
    capture_files,
    make_token,
    merge_captures,
    style_bindings,
)
from wf2des.generator import convert
from wf2des.generator.schema import validate_spec
from wf2des.spec import Spec


@pytest.fixture(scope="module")
def base_spec() -> Spec:
    body = el(
        "body",
        (0, 0, 800, 200),
        el("h1", (0, 0, 800, 40), text("Pricing", (0, 0, 120, 40), font_size="32px", font_weight="700")),
        el("p", (0, 50, 800, 20), text("Plans for every team", (0, 50, 200, 20))),
    )
    spec = convert(page(body), source_entry="index.html")
    assert spec["tokens"]["text"]
    assert spec["tokens"]["color"]
    return spec


def _names(spec: Spec) -> tuple[str, str, str]:
    text_token = sorted(spec["tokens"]["text"])[0]
    color_token = sorted(spec["tokens"]["color"])[0]
    colour_name = color_token.removeprefix("color/").removeprefix("wf/")
    return text_token, color_token, colour_name


def _files(spec: Spec, *, library_colours: str = "variables") -> list[CaptureFile]:
    text_token, _, colour_name = _names(spec)
    style_name = text_token.removeprefix("text/")
    local_text = make_token("text_style", style_name)
    if library_colours == "variables":
        colour = make_token("color_variable", colour_name, "Brand")
        colour_key = {"kind": "color_variable", "key": "varkey123"}
        colour_id = "VariableID:9:1"
    else:
        colour = make_token("color_style", colour_name)
        colour_key = {"kind": "color_style", "key": "stylekey456"}
        colour_id = "S:9:1"
    return capture_files(
        [
            {
                "figma_file_key": "LibFile1",
                "style_captures": {colour: colour_id, local_text: "L:1:1"},
                "style_capture_keys": {
                    colour: colour_key,
                    local_text: {"kind": "text_style", "key": "libtext"},
                },
                "color_capture_source": library_colours,
            },
            {
                "figma_file_key": "WorkFile1",
                "style_captures": {local_text: "122:14"},
                "style_capture_keys": {local_text: {"kind": "text_style", "key": "worktext"}},
                "color_capture_source": "variables",
            },
        ],
        "WorkFile1",
    )


def _assembled(spec: Spec, files: list[CaptureFile]) -> Spec:
    captures = merge_captures(files)
    return apply_bindings(spec, style_bindings(spec, captures.ids), captures)


def test_details_carry_kind_id_key_origin_and_validate(base_spec: Spec) -> None:
    text_token, color_token, colour_name = _names(base_spec)
    spec = _assembled(base_spec, _files(base_spec))
    validate_spec(spec)
    assert spec["schema"] == "wf2des.code2wf.spec/v1.1"
    details = spec["styleBindingDetails"]
    assert set(details) == set(spec["styleBindings"])
    assert details[text_token] == {
        "kind": "text_style",
        "id": "122:14",
        "key": "worktext",
        "origin": "local",  # the working file's own style wins over the library's namesake
        "figmaFileKey": "WorkFile1",
        "captureToken": make_token("text_style", text_token.removeprefix("text/")),
    }
    assert details[color_token] == {
        "kind": "color_variable",
        "id": "VariableID:9:1",
        "key": "varkey123",
        "origin": "library",
        "figmaFileKey": "LibFile1",
        "captureToken": make_token("color_variable", colour_name, "Brand"),
    }
    assert spec["styleSources"] == [
        {"figmaFileKey": "WorkFile1", "origin": "local", "colorSource": "variables"},
        {"figmaFileKey": "LibFile1", "origin": "library", "colorSource": "variables"},
    ]


def test_colour_style_fallback_is_reported(base_spec: Spec) -> None:
    _, color_token, _ = _names(base_spec)
    spec = _assembled(base_spec, _files(base_spec, library_colours="color_styles"))
    validate_spec(spec)
    assert spec["styleBindingDetails"][color_token]["kind"] == "color_style"
    assert spec["styleBindingDetails"][color_token]["key"] == "stylekey456"
    assert spec["styleSources"][1]["colorSource"] == "color_styles"


def test_a_capture_without_a_recorded_key_has_key_null(base_spec: Spec) -> None:
    text_token, _, _ = _names(base_spec)
    files = capture_files(
        [{"figma_file_key": "OldLib", "style_captures": {make_token("text_style", text_token[5:]): "1:2"}}],
        "WorkFile1",
    )
    spec = _assembled(base_spec, files)
    validate_spec(spec)
    assert spec["styleBindingDetails"][text_token]["key"] is None
    assert spec["styleSources"] == [{"figmaFileKey": "OldLib", "origin": "library", "colorSource": None}]


def test_old_v1_specs_stay_valid(base_spec: Spec) -> None:
    assert base_spec["schema"] == "wf2des.code2wf.spec/v1"
    validate_spec(base_spec)
    old = apply_bindings(base_spec, style_bindings(base_spec, {}))  # no capture sources: v1 shape
    assert "styleBindingDetails" not in old
    validate_spec(old)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("schema",), "wf2des.code2wf.spec/v2"),
        (("styleBindingDetails", "*", "kind"), "component"),
        (("styleBindingDetails", "*", "origin"), "remote"),
        (("styleBindingDetails", "*", "key"), ""),
        (("styleSources", 0, "colorSource"), "guess"),
    ],
)
def test_the_schema_refuses_malformed_details(base_spec: Spec, path: tuple[Any, ...], value: Any) -> None:
    spec = copy.deepcopy(_assembled(base_spec, _files(base_spec)))
    target: Any = spec
    for part in path[:-1]:
        target = target[sorted(target)[0]] if part == "*" else target[part]
    target[path[-1]] = value
    with pytest.raises(jsonschema.ValidationError):
        validate_spec(spec)

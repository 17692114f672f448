from __future__ import annotations

from typing import cast

from wf2des.assemble import TokenAliases, apply_bindings, make_token, normalise_name, style_bindings
from wf2des.spec import Spec

CAPTURES = {
    make_token("text_style", "Heading 1"): "122:14",
    make_token("text_style", "Body/Regular"): "122:18",
    make_token("color_style", "primary"): "121:10",
    make_token("color_variable", "primary", "Brand"): "VariableID:1:1",
    make_token("color_variable", "surface", "Brand"): "VariableID:1:2",
    make_token("color_variable", "surface", "Dark"): "VariableID:1:3",
    make_token("color_style", "#E1E4E8"): "254:3",
}


def spec(text: list[str], color: list[str]) -> Spec:
    # Only what the binding reads; the token definitions themselves do not matter here.
    return cast(
        Spec,
        {
            "tokens": {"text": {t: {} for t in text}, "color": {c: {} for c in color}},
            "outcomes": [{"id": "o1", "kind": "placeholder", "flagged": True}],
            "flagCount": 1,
        },
    )


def test_normalisation() -> None:
    assert normalise_name(" Heading_1 ") == normalise_name("heading-1") == normalise_name("HEADING  1")


def test_exact_normalised_matches_bind_and_variables_beat_styles() -> None:
    result = style_bindings(
        spec(["heading-1", "body/regular"], ["primary", "#e1e4e8", "dark/surface"]), CAPTURES
    )
    assert result.bindings == {
        "text": {"heading-1": "122:14", "body/regular": "122:18"},
        "color": {"primary": "VariableID:1:1", "#e1e4e8": "254:3", "dark/surface": "VariableID:1:3"},
    }
    assert result.outcomes == []


def test_kinds_never_cross() -> None:
    result = style_bindings(spec(["primary"], []), CAPTURES)
    assert result.bindings["text"] == {}
    assert result.unbound[0].token == "primary"


def test_aliases_apply_after_exact_match_fails() -> None:
    aliases = TokenAliases(
        text={"title": "Heading 1", "primary": "nope"},
        color={"bg": "Brand/surface", "accent": make_token("color_style", "primary")},
    )
    result = style_bindings(spec(["title"], ["bg", "accent", "primary"]), CAPTURES, aliases)
    assert result.bindings == {
        "text": {"title": "122:14"},
        "color": {"bg": "VariableID:1:2", "accent": "121:10", "primary": "VariableID:1:1"},
    }


def test_unbound_and_ambiguous_tokens_become_flagged_outcomes() -> None:
    original = spec(["caption"], ["surface", "missing"])
    result = style_bindings(original, CAPTURES)
    assert result.bindings == {"text": {}, "color": {}}
    reasons = {(u.kind, u.token): u.reason for u in result.unbound}
    assert reasons[("color", "surface")].startswith("ambiguous")
    assert ("text", "caption") in reasons
    assert ("color", "missing") in reasons
    assert all(o["flagged"] for o in result.outcomes)
    applied = apply_bindings(original, result)
    assert applied["flagCount"] == 4
    assert applied["styleBindings"] == {}
    assert {o["id"] for o in applied["outcomes"]} == {
        "o1",
        "binding:caption",
        "binding:surface",
        "binding:missing",
    }
    assert original["flagCount"] == 1  # the input spec is not mutated
    assert apply_bindings(applied, result)["flagCount"] == 4  # re-applying does not double-count


def test_spec_tokens_with_kind_prefixes_bind_and_the_output_is_flat() -> None:
    original = spec(["text/heading-1"], ["color/wf/primary", "color/Brand/surface"])
    result = style_bindings(original, CAPTURES)
    applied = apply_bindings(original, result)
    assert applied["styleBindings"] == {
        "text/heading-1": "122:14",
        "color/wf/primary": "VariableID:1:1",
        "color/Brand/surface": "VariableID:1:2",
    }
    assert applied["flagCount"] == 1

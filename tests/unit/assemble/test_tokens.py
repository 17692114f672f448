from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wf2des.assemble import CaptureToken, make_token, parse_token
from wf2des.core.errors import InvalidInput

names = st.text(min_size=1, max_size=30).filter(lambda s: s != "")
tricky = st.text(alphabet="ab/ #$%.2F", min_size=1, max_size=12)


@given(st.sampled_from(["text_style", "color_style"]), names | tricky)
def test_style_tokens_round_trip(source: str, name: str) -> None:
    token = make_token(source, name)  # type: ignore[arg-type]
    assert parse_token(token) == CaptureToken(source, name)  # type: ignore[arg-type]
    assert "." not in token
    assert "$" not in token


@given(names | tricky, names | tricky)
def test_variable_tokens_round_trip(collection: str, name: str) -> None:
    assert parse_token(make_token("color_variable", name, collection)) == CaptureToken(
        "color_variable", name, collection
    )


@given(tricky, tricky, tricky)
def test_styles_and_variables_never_collide(style_name: str, collection: str, variable: str) -> None:
    assert make_token("color_style", style_name) != make_token("color_variable", variable, collection)
    assert make_token("text_style", style_name) != make_token("color_style", style_name)


def test_the_documented_examples() -> None:
    assert make_token("text_style", "Heading / H1") == "text/Heading %2F H1"
    assert make_token("color_style", "Brand/red") == "color/Brand%2Fred"
    assert make_token("color_variable", "red", "Brand") == "color/Brand/red"
    assert (
        make_token("color_style", "purple/with/special#characters")
        == "color/purple%2Fwith%2Fspecial#characters"
    )
    assert make_token("color_style", "50% $off.v2") == "color/50%25 %24off%2Ev2"


@pytest.mark.parametrize("bad", ["", "text", "text/", "font/x", "color/a/b/c", "text/%zz", "color//x"])
def test_malformed_tokens_are_refused(bad: str) -> None:
    with pytest.raises(InvalidInput):
        parse_token(bad)

"""Small pages, one per defect a designer saw: each asserts the spec property that was wrong.

Paint order (sibling order), exact ``characters`` (line breaks, spaces between inline elements), contrast
of every text against what the wireframe paints behind it, a page inside a site, an undeclared encoding.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.browser.conftest import FIXTURES, read_folder
from wf2des.generator import convert, replay_layout
from wf2des.generator.contrast import contrast_ratio, hex_rgb
from wf2des.generator.metrics import iter_nodes
from wf2des.generator.schema import validate_spec
from wf2des.generator.seen import contrast_failures, hidden_texts, redundant_frames, word_coverage
from wf2des.integrations.browser import BrowserCapturer
from wf2des.spec import Node, Spec

SEEN = FIXTURES / "seen"


async def _spec(capturer: BrowserCapturer, entry: str, folder: str = "") -> tuple[Spec, Any]:
    captured = await capturer.capture(read_folder(SEEN / folder), entry, [1440], page_text=True)
    spec = convert(captured, source_entry=entry)
    validate_spec(spec)
    return spec, captured


def _texts(root: Node) -> list[str]:
    return [str(n["characters"]) for n in iter_nodes(root) if n["type"] == "TEXT"]


def _text(root: Node, start: str) -> Node:
    return next(n for n in iter_nodes(root) if n["type"] == "TEXT" and str(n["characters"]).startswith(start))


def _path(root: Node, target: Node) -> list[Node]:
    """The ancestors of ``target``, root first."""

    def walk(node: Node, trail: list[Node]) -> Iterator[list[Node]]:
        if node is target:
            yield trail
        for child in node.get("children", ()):
            yield from walk(child, [*trail, node])

    return next(walk(root, []))


def _hex(spec: Spec, token: str) -> tuple[float, float, float]:
    return hex_rgb(spec["tokens"]["color"][token]["hex"])


@pytest.mark.asyncio(loop_scope="session")
async def test_negative_z_index_pseudo_element_is_painted_behind_the_card_text(
    capturer: BrowserCapturer,
) -> None:
    spec, _ = await _spec(capturer, "decorative-layer.html")
    root = spec["screens"][0]["root"]
    assert hidden_texts(root, replay_layout(spec)) == []
    for title in ("Fast", "Offline", "Open"):
        heading = _text(root, title)
        parent = _path(root, heading)[-1]
        siblings = parent["children"]
        shapes = [i for i, n in enumerate(siblings) if n["type"] != "TEXT" and n.get("fill")]
        # The gradient layer is a sibling of the text and comes first: Figma paints later siblings on top.
        assert shapes, f"no decorative layer beside '{title}'"
        assert max(shapes) < siblings.index(heading)


@pytest.mark.asyncio(loop_scope="session")
async def test_cards_pulled_over_a_hero_with_a_negative_margin_stay_on_top(capturer: BrowserCapturer) -> None:
    spec, _ = await _spec(capturer, "overlap.html")
    root = spec["screens"][0]["root"]
    assert hidden_texts(root, replay_layout(spec)) == []
    order = [n["id"] for n in iter_nodes(root)]
    hero = next(n for n in iter_nodes(root) if n.get("fill") and n["capturedBox"]["height"] == 320)
    card_title = _text(root, "Cards pulled up")
    assert order.index(hero["id"]) < order.index(card_title["id"])
    # The cards are white over a dark hero: their fill is kept although the page around them is white too.
    assert _path(root, card_title)[-1].get("fill") == "color/wf/white"
    assert card_title["fill"] == "color/wf/text"


@pytest.mark.asyncio(loop_scope="session")
async def test_line_breaks_and_spaces_between_inline_elements_are_kept(capturer: BrowserCapturer) -> None:
    spec, captured = await _spec(capturer, "breaks.html")
    root = spec["screens"][0]["root"]
    texts = _texts(root)
    assert "Jane Doe\nInvoice #1001\nMay 2 2024" in texts
    assert any(t.startswith("one two three") for t in texts)
    assert any("Read the guide and the notes first." in t for t in texts)
    assert any("© 2026 Privacy" in t for t in texts)
    screen = captured.screens[0]
    assert word_coverage(screen.page_text, root, screen.unseen_text) == (1.0, [])


@pytest.mark.asyncio(loop_scope="session")
async def test_white_text_on_a_photo_stays_readable(capturer: BrowserCapturer) -> None:
    spec, _ = await _spec(capturer, "photo-hero.html")
    root = spec["screens"][0]["root"]
    boxes = replay_layout(spec)
    checked, failures = contrast_failures(spec, root, boxes)
    assert checked >= 3
    assert failures == []
    heading = _text(root, "Night skies")
    hero = _path(root, heading)[-1]
    ratio = contrast_ratio(_hex(spec, heading["fill"]), _hex(spec, hero["fill"]))
    assert heading["fill"] == "color/wf/text-inverse"  # light text stays light on a dark placeholder
    assert ratio >= 4.5
    caption = _text(root, "Caption over a picture")
    assert caption["fill"] == "color/wf/text-inverse"
    picture = next(n for n in iter_nodes(root) if n["type"] == "IMAGE")
    assert contrast_ratio(_hex(spec, caption["fill"]), _hex(spec, picture["fill"])) >= 4.5


@pytest.mark.asyncio(loop_scope="session")
async def test_white_text_on_coloured_buttons_stays_readable(capturer: BrowserCapturer) -> None:
    spec, _ = await _spec(capturer, "button.html")
    root = spec["screens"][0]["root"]
    assert contrast_failures(spec, root, replay_layout(spec))[1] == []
    for label in ("Get started", "Subscribe now"):
        text = _text(root, label)
        button = _path(root, text)[-1]
        assert text["fill"] == "color/wf/text-inverse"
        assert contrast_ratio(_hex(spec, text["fill"]), _hex(spec, button["fill"])) >= 4.5
    # A button darkened inside a darkened panel keeps a fill of its own grey.
    inner = _path(root, _text(root, "Subscribe now"))
    assert inner[-1]["fill"] != inner[-2]["fill"]
    assert redundant_frames(root) == []


@pytest.mark.asyncio(loop_scope="session")
async def test_a_page_inside_a_site_is_converted_with_its_entry(capturer: BrowserCapturer) -> None:
    spec, captured = await _spec(capturer, "pages/admin/report.html", "site")
    assert captured.missing_paths == ()
    assert all(o["kind"] != "missing_file" for o in spec["outcomes"])
    title = _text(spec["screens"][0]["root"], "Monthly report")
    frame = _path(spec["screens"][0]["root"], title)[-1]
    assert frame.get("stroke")  # the site's stylesheet (../../assets/css/site.css) was applied


@pytest.mark.asyncio(loop_scope="session")
async def test_utf8_without_a_declared_charset_is_read_as_utf8_and_flagged(capturer: BrowserCapturer) -> None:
    spec, _ = await _spec(capturer, "encoding.html")
    assert "© 2026 Café Müller — déjà vu" in _texts(spec["screens"][0]["root"])
    guessed = [o for o in spec["outcomes"] if o["kind"] == "encoding_guessed"]
    assert [o["flagged"] for o in guessed] == [True]
    assert "encoding.html" in guessed[0]["message"]

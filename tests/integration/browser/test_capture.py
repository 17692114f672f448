"""Capture in real headless Chromium, then convert: golden properties of the hard-case page."""

from __future__ import annotations

import json
import time

import pytest

from tests.integration.browser.conftest import FIXTURES, read_folder
from wf2des.generator import convert, replay_layout
from wf2des.generator.metrics import editability, iter_nodes, replay_iou, text_coverage
from wf2des.generator.schema import validate_spec
from wf2des.integrations.browser import BrowserCapturer, CaptureTimeout, NoEntry, PageCrashed, TooManyElements
from wf2des.spec import Node, Spec

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.fixture(scope="module")
def hard_files() -> dict[str, bytes]:
    return read_folder(FIXTURES / "hard-cases")


def _nodes(spec: Spec) -> list[Node]:
    return list(iter_nodes(spec["screens"][0]["root"]))


async def test_hard_cases_golden(capturer: BrowserCapturer, hard_files: dict[str, bytes]) -> None:
    captured = await capturer.capture(hard_files, "index.html", [1024])
    spec = convert(captured, source_entry="index.html")
    validate_spec(spec)
    nodes = _nodes(spec)
    texts = {n["characters"]: n for n in nodes if n["type"] == "TEXT"}
    # Font weights: one TEXT with bold and medium style runs, Figma style names in the ramp.
    heading = texts["Weights bold and medium"]
    assert heading["textStyle"] == "text/heading-1"
    assert {r.get("fontStyle") for r in heading["styleRuns"]} == {"Bold", "Medium"}
    assert spec["tokens"]["text"]["text/body"]["fontStyle"] == "Regular"
    # Nested flex with gap and alignment.
    nav = next(n for n in nodes if n["name"] == "Nav")
    assert (nav["layoutMode"], nav["itemSpacing"], nav["counterAxisAlignItems"]) == (
        "HORIZONTAL",
        24,
        "CENTER",
    )
    # Grid → rows, flagged.
    assert sum(1 for n in nodes if n["name"] == "Row") == 2
    assert any(o["kind"] == "grid_approximated" and o["flagged"] for o in spec["outcomes"])
    # Absolute overlay.
    badge = next(n for n in nodes if n["characters" if n["type"] == "TEXT" else "name"] == "Badge")
    assert badge["layoutPositioning"] == "ABSOLUTE"
    # ::before content joins its text; list items of one voice are paragraphs of one TEXT.
    checks = texts["✓ Fast\n✓ Offline"]
    assert [p["start"] for p in checks["paragraphs"]] == [0, 7]
    # Inline SVG icon, images with and without alt.
    assert any(n["type"] == "VECTOR" and n["role"] == "icon" for n in nodes)
    labels = sorted(n["label"] for n in nodes if n["type"] == "IMAGE")
    assert labels == ["Image", "Team photo"]
    # Forms.
    roles = {n["role"] for n in nodes}
    assert {"input", "select", "checkbox", "textarea", "button"} <= roles
    assert texts["Email address"]["fill"] == "color/wf/text-muted"
    assert "Second" in texts
    assert "Hello there" in texts
    # Hidden elements gone; long text wraps inside a fixed width.
    assert "Never shown" not in texts
    assert "Invisible" not in texts
    assert "Shown text" in texts
    long_text = next(n for n in nodes if n["type"] == "TEXT" and n["characters"].startswith("This is a long"))
    assert long_text["width"] <= 400
    assert long_text["height"] > 48
    # External stylesheet blocked and reported; canvas dropped and flagged.
    assert captured.blocked_urls == ("https://cdn.example.com/external.css",)
    kinds = {o["kind"] for o in spec["outcomes"] if o["flagged"]}
    assert {"blocked_resource", "element_dropped"} <= kinds
    root = spec["screens"][0]["root"]
    assert text_coverage(captured.screens[0], root) == 1.0
    assert replay_iou(root, replay_layout(spec)) >= 0.95
    assert editability(root)[0] >= 0.8


async def test_capture_then_convert_is_deterministic(
    capturer: BrowserCapturer, hard_files: dict[str, bytes]
) -> None:
    first = convert(await capturer.capture(hard_files, "index.html", [1024, 390]), source_entry="index.html")
    second = convert(await capturer.capture(hard_files, "index.html", [1024, 390]), source_entry="index.html")
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    assert [s["viewport"]["width"] for s in first["screens"]] == [1024, 390]


async def test_missing_entry_is_refused(capturer: BrowserCapturer) -> None:
    with pytest.raises(NoEntry, match="the import has no entry file") as info:
        await capturer.capture({"a.css": b""}, "index.html", [800])
    assert info.value.classification == "no_entry"


async def test_too_many_elements(capturer: BrowserCapturer) -> None:
    html = b"<html><body>" + b"<i></i>" * 300 + b"</body></html>"
    with pytest.raises(TooManyElements, match="more than 100 elements"):
        await capturer.capture({"index.html": html}, "index.html", [800], max_elements=100)


async def test_infinite_loop_times_out_and_browser_stays_usable(capturer: BrowserCapturer) -> None:
    html = b"<html><body><p>x</p><script>while (true) {}</script></body></html>"
    started = time.monotonic()
    with pytest.raises(CaptureTimeout, match="did not finish loading within 2 s") as info:
        await capturer.capture({"index.html": html}, "index.html", [800], timeout_s=2)
    assert info.value.classification == "timeout"
    assert time.monotonic() - started < 15
    ok = await capturer.capture({"index.html": b"<p>fine</p>"}, "index.html", [800])
    assert ok.screens[0].root.tag == "body"


async def test_captures_share_no_cookies_or_storage(capturer: BrowserCapturer) -> None:
    writer = (
        b"<html><body><p>w</p><script>document.cookie = 'seen=1'; localStorage.setItem('seen', '1');"
        b"</script></body></html>"
    )
    reader = (
        b"<html><body><p id=out>-</p><script>document.getElementById('out').textContent ="
        b" 'cookie[' + document.cookie + '] storage[' + (localStorage.getItem('seen') || '') + ']';"
        b"</script></body></html>"
    )
    await capturer.capture({"index.html": writer}, "index.html", [800])
    captured = await capturer.capture({"index.html": reader}, "index.html", [800])
    spec = convert(captured, source_entry="index.html")
    texts = [n["characters"] for n in _nodes(spec) if n["type"] == "TEXT"]
    assert texts == ["cookie[] storage[]"]


async def test_files_missing_from_the_import_are_reported(capturer: BrowserCapturer) -> None:
    page = {
        "index.html": b'<!doctype html><link rel="stylesheet" href="css/site.css"><link rel="stylesheet" '
        b'href="css/gone.css"><h1>Hello</h1><img src="img/logo.png" alt="Logo">',
        "css/site.css": b"h1 { color: red; }",
    }
    result = await capturer.capture(page, "index.html", [800], timeout_s=20)
    assert result.missing_paths == ("css/gone.css", "img/logo.png")
    spec = convert(result, source_entry="index.html")
    missing = [o for o in spec["outcomes"] if o["kind"] == "missing_file"]
    assert [o["message"] for o in missing] == [
        "the page refers to css/gone.css, which is not in the import",
        "the page refers to img/logo.png, which is not in the import",
    ]
    assert all(o["flagged"] for o in missing)


async def test_a_page_that_exhausts_memory_is_reported_and_the_browser_stays_usable(
    capturer: BrowserCapturer,
) -> None:
    hog = {
        "index.html": b"<h1>Hog</h1>"
        b"<script>const a = []; while (true) { a.push(new Array(1e6).fill(1.5)); }</script>"
    }
    with pytest.raises(PageCrashed) as raised:
        await capturer.capture(hog, "index.html", [800], timeout_s=60)
    assert raised.value.classification == "page_crashed"
    after = await capturer.capture({"index.html": b"<h1>Still here</h1>"}, "index.html", [800], timeout_s=20)
    assert len(after.screens) == 1

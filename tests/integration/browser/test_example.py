"""The bundled sample (what ``wf2des demo`` converts by default) converts cleanly."""

from __future__ import annotations

import pytest

from tests.integration.browser.conftest import read_folder
from wf2des.generator import convert
from wf2des.generator.metrics import editability, iter_nodes, text_coverage
from wf2des.generator.schema import validate_spec
from wf2des.integrations.browser import BrowserCapturer
from wf2des.samples import landing_page_dir

LANDING = landing_page_dir()


@pytest.mark.asyncio(loop_scope="session")
async def test_example_landing_converts_cleanly(capturer: BrowserCapturer) -> None:
    captured = await capturer.capture(read_folder(LANDING), "index.html", [1440])
    spec = convert(captured, source_entry="index.html")
    validate_spec(spec)
    root = spec["screens"][0]["root"]
    assert captured.blocked_urls == ()  # self-contained: nothing is fetched from the network
    assert text_coverage(captured.screens[0], root) == 1.0
    assert spec["flagCount"] <= 2
    assert editability(root)[0] == 1.0
    roles = {node["role"] for node in iter_nodes(root)}
    assert {"header", "nav", "button", "input", "select", "image", "icon", "footer"} <= roles

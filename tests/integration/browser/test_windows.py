"""A page cannot keep windows open (issue 22): each would hold a renderer process of its own."""

from __future__ import annotations

import asyncio
import time

import pytest
from playwright.async_api import Page

from wf2des.integrations.browser import BrowserCapturer

pytestmark = pytest.mark.asyncio(loop_scope="session")

FILES = {
    "index.html": b"<a id=link target=_blank href='/other.html'>Open</a>"
    b"<button id=script onclick=\"window.open('/other.html')\">Open</button>"
    b"<script>window.opened = [0, 1, 2].map(() => window.open('/other.html'))</script>",
    "other.html": b"<p>Another window</p>",
}


async def _one_window_left(capturer: BrowserCapturer, clicked: str) -> None:
    async with capturer.rendered(FILES, "index.html", 390) as page:
        # the page's own calls at load are refused by the pop-up blocker
        assert await page.evaluate("window.opened.every((w) => w === null)")
        # a trusted click is a user gesture, which the blocker lets through: the window is closed anyway.
        # The context's own event records the window, however soon it is closed again.
        opened: list[Page] = []
        page.context.on("page", lambda window: opened.append(window))
        await page.click(clicked)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (opened and len(page.context.pages) == 1):
            await asyncio.sleep(0.05)  # polling the browser for the window to be closed
        assert opened, "the click opened no window: this test would not show the close"
        assert page.context.pages == [page]


async def test_a_window_opened_by_a_link_is_closed(capturer: BrowserCapturer) -> None:
    await _one_window_left(capturer, "#link")


async def test_a_window_opened_by_a_script_on_a_click_is_closed(capturer: BrowserCapturer) -> None:
    await _one_window_left(capturer, "#script")

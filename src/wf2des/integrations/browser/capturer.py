"""Render an import offline in headless Chromium and capture it in one CDP round trip per width.

One Chromium process is reused; every capture gets a fresh browser context (no cookies, storage or cache
shared between imports). Requests to ``http://wf2des.page/<path>`` are answered from the import's files;
everything else is aborted and reported as blocked, so a page can never reach the network.

Hazards handled here:
- a page that never settles (infinite loop in a script) is bounded by ``timeout_s``; its context is closed,
  and if even that hangs the browser is restarted so the next capture starts clean;
- every request is served from memory, so "load" already means the network is idle: waiting for
  Playwright's "networkidle" would only add its fixed 500 ms;
- Chromium may die between captures; ``capture`` restarts it once before giving up.
"""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
import posixpath
import time
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.async_api import Browser, BrowserContext, Page, Playwright, Route, async_playwright
from playwright.async_api import Error as PlaywrightError

from wf2des.core.settings import Settings
from wf2des.generator.capture_model import CAPTURED_STYLES, CapturedScreen, CaptureResult
from wf2des.integrations.browser.errors import (
    BrowserCrashed,
    CaptureError,
    CaptureTimeout,
    NoEntry,
    TooManyElements,
)
from wf2des.integrations.browser.snapshot import parse_document

__all__ = ["ORIGIN", "BrowserCapturer"]

ORIGIN = "http://wf2des.page"
_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--font-render-hinting=none",
)
_VIEWPORT_HEIGHT = {390: 844, 768: 1024}
_SETTLE_JS = """async (budgetMs) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await Promise.race([document.fonts.ready, sleep(budgetMs)]);
  // Two frames let scripts that run on load apply their layout changes before the snapshot.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const failed = [];
  document.fonts.forEach((f) => { if (f.status === 'error') failed.push(f.family.replace(/^["']|["']$/g, '')); });
  return {count: document.getElementsByTagName('*').length, failed: failed};
}"""


def _mime(path: str) -> str:
    guessed, _ = mimetypes.guess_type(path)
    if guessed:
        return guessed
    return {".woff2": "font/woff2", ".woff": "font/woff", ".mjs": "text/javascript"}.get(
        posixpath.splitext(path)[1].lower(), "application/octet-stream"
    )


class BrowserCapturer:
    """Async capture service; use as ``async with BrowserCapturer() as capturer:``."""

    def __init__(self, chromium: str | None = None) -> None:
        self._chromium = chromium or Settings().chromium
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._lock = asyncio.Lock()

    async def __aenter__(self) -> BrowserCapturer:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def start(self) -> None:
        if self._playwright is None:
            self._playwright = await async_playwright().start()
        if self._browser is None or not self._browser.is_connected():
            try:
                self._browser = await self._playwright.chromium.launch(
                    executable_path=self._chromium, args=list(_FLAGS), headless=True
                )
            except PlaywrightError as exc:
                raise BrowserCrashed("the browser could not be started") from exc

    async def close(self) -> None:
        if self._browser is not None:
            with contextlib.suppress(PlaywrightError):
                await self._browser.close()
            self._browser = None
        if self._playwright is not None:
            await self._playwright.stop()
            self._playwright = None

    async def _restart(self) -> None:
        if self._browser is not None:
            with contextlib.suppress(PlaywrightError, asyncio.TimeoutError):
                await asyncio.wait_for(self._browser.close(), 5)
            self._browser = None
        await self.start()

    async def capture(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        *,
        timeout_s: float = 60,
        max_elements: int = 50_000,
    ) -> CaptureResult:
        entry = entry.lstrip("/")
        if entry not in files:
            raise NoEntry("the import has no entry file")
        if not widths:
            raise CaptureError("no viewport width was given")
        async with self._lock:
            if self._browser is None or not self._browser.is_connected():
                await self._restart()
            try:
                return await self._capture_once(files, entry, widths, timeout_s, max_elements)
            except BrowserCrashed:
                await self._restart()
                return await self._capture_once(files, entry, widths, timeout_s, max_elements)

    async def _capture_once(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        timeout_s: float,
        max_elements: int,
    ) -> CaptureResult:
        assert self._browser is not None
        blocked: list[str] = []
        try:
            context = await self._browser.new_context(
                java_script_enabled=True, service_workers="block", device_scale_factor=1
            )
        except PlaywrightError as exc:
            raise BrowserCrashed("the browser stopped while rendering the page") from exc
        await context.route("**/*", lambda route: self._serve(route, files, blocked))
        deadline = time.monotonic() + timeout_s
        try:
            screens: list[CapturedScreen] = []
            failed_fonts: set[str] = set()
            count = 0
            for width in widths:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError
                screen, page_count, fonts = await asyncio.wait_for(
                    self._capture_width(context, entry, int(width), max_elements, remaining), remaining
                )
                screens.append(screen)
                failed_fonts.update(fonts)
                count = max(count, page_count)
        except TimeoutError:
            await self._discard(context)
            raise CaptureTimeout(f"the page did not finish loading within {timeout_s:g} s") from None
        except PlaywrightError as exc:
            await self._discard(context)
            if self._browser is None or not self._browser.is_connected():
                raise BrowserCrashed("the browser stopped while rendering the page") from exc
            if "Timeout" in str(exc):
                raise CaptureTimeout(f"the page did not finish loading within {timeout_s:g} s") from exc
            raise CaptureError("the page could not be rendered") from exc
        except BaseException:
            await self._discard(context)
            raise
        await self._discard(context)
        return CaptureResult(
            entry=entry,
            screens=tuple(screens),
            blocked_urls=tuple(sorted(set(blocked))),
            failed_fonts=tuple(sorted(failed_fonts)),
            element_count=count,
        )

    async def _discard(self, context: BrowserContext) -> None:
        """Close a context; a renderer stuck in a script can make that hang, so bound it and restart."""
        try:
            await asyncio.wait_for(context.close(), 5)
        except (TimeoutError, PlaywrightError):
            await self._restart()

    async def _capture_width(
        self, context: BrowserContext, entry: str, width: int, max_elements: int, budget_s: float
    ) -> tuple[CapturedScreen, int, list[str]]:
        height = _VIEWPORT_HEIGHT.get(width, 900)
        page: Page = await context.new_page()
        await page.set_viewport_size({"width": width, "height": height})
        timeout_ms = max(1.0, budget_s * 1000)
        await page.goto(f"{ORIGIN}/{entry}", wait_until="load", timeout=timeout_ms)
        settled: dict[str, Any] = await page.evaluate(_SETTLE_JS, 2000)
        count = int(settled["count"])
        if count > max_elements:
            raise TooManyElements(f"the page has more than {max_elements:,} elements")
        session = await context.new_cdp_session(page)
        snapshot = await session.send(
            "DOMSnapshot.captureSnapshot",
            {"computedStyles": list(CAPTURED_STYLES), "includeDOMRects": True, "includePaintOrder": True},
        )
        await session.detach()
        await page.close()
        root, content_width, content_height, title = parse_document(snapshot)
        screen = CapturedScreen(
            viewport_width=width,
            viewport_height=height,
            content_width=content_width,
            content_height=content_height,
            root=root,
            title=title,
        )
        return screen, count, [str(name) for name in settled["failed"]]

    @staticmethod
    async def _serve(route: Route, files: Mapping[str, bytes], blocked: list[str]) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" == ORIGIN:
            path = posixpath.normpath(unquote(parts.path)).lstrip("/")
            body = files.get(path)
            if body is None and (path == "" or path.endswith("/")):
                body = files.get(posixpath.join(path, "index.html"))
            if body is not None:
                await route.fulfill(status=200, body=body, headers={"content-type": _mime(path)})
                return
            await route.fulfill(status=404, body=b"", headers={"content-type": "text/plain"})
            return
        if parts.scheme in ("data", "blob"):
            await route.continue_()
            return
        blocked.append(url[:500])
        await route.abort("blockedbyclient")

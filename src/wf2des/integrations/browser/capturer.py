"""Render an import offline in headless Chromium and capture it in one CDP round trip per width.

One Chromium process is reused; every capture gets a fresh browser context (no cookies, storage or cache
shared between imports). The next context and its first page are made in the background right after a
capture returns (closing the used one on the way), so a warm capture only loads and snapshots the page:
opening a page costs a renderer process, 150-500 ms on a busy machine. Requests to
``http://wf2des.page/<path>`` are answered from the import's files; everything else is aborted and reported
as blocked, so a page can never reach the network.

Hazards handled here:
- a page that never settles (infinite loop in a script) is bounded by ``timeout_s``; its context is closed,
  and if even that hangs the browser is restarted so the next capture starts clean;
- every request is served from memory, so "load" already means the network is idle: waiting for
  Playwright's "networkidle" would only add its fixed 500 ms;
- Chromium may die between captures; ``capture`` restarts it once before giving up;
- large raster images are served as same-size SVG stubs (``stubs``): the layout is the same, the bytes
  never cross the DevTools protocol and nothing is decoded;
- a page that takes too much memory, opens windows or downloads files is bounded by ``limits``: the
  watchdog (``watchdog``) kills a browser past its memory cap, and that capture fails with
  ``BrowserMemoryExceeded`` (never retried: the same page would do it again); the next one restarts it;
- the browser's temporary folders live and die with it (``scratch``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import mimetypes
import os
import posixpath
import time
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Self
from urllib.parse import unquote, urlsplit

import psutil
from playwright.async_api import Browser, BrowserContext, Page, Playwright, Route, async_playwright
from playwright.async_api import Error as PlaywrightError

from wf2des.core.settings import Settings
from wf2des.generator.capture_model import CAPTURED_STYLES, CapturedScreen, CaptureResult
from wf2des.integrations.browser.charset import content_type
from wf2des.integrations.browser.errors import (
    BrowserCrashed,
    BrowserMemoryExceeded,
    CaptureError,
    CaptureTimeout,
    NoEntry,
    PageCrashed,
    TooManyElements,
)
from wf2des.integrations.browser.isolation import Isolation, IsolationSettings, launch_options
from wf2des.integrations.browser.limits import BrowserLimits, limit_flags
from wf2des.integrations.browser.port import PhaseObserver
from wf2des.integrations.browser.scratch import Scratch, sweep
from wf2des.integrations.browser.snapshot import parse_document
from wf2des.integrations.browser.stubs import stub_for
from wf2des.integrations.browser.watchdog import MemoryWatchdog

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
# Playwright turns Chromium's pop-up blocker off; a page opening windows in a loop must meet it.
_IGNORED_DEFAULTS = ["--disable-popup-blocking"]
_MARKER = "--wf2des-capturer="  # an unknown switch Chromium ignores: finds this capturer's browser process
_VIEWPORT_HEIGHT = {390: 844, 768: 1024}
_DEFAULT_WIDTH = 1440
_IMAGE_TYPES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})
_SETTLE_JS = """async (budgetMs) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await Promise.race([document.fonts.ready, sleep(budgetMs)]);
  // Two frames let scripts that run on load apply their layout changes before the snapshot.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // Entrance animations (a fade-in revealed on load or on scroll) are drawn in their end state, whatever
  // moment the snapshot falls on; endless ones (spinners) cannot finish and stay as they are.
  for (const animation of document.getAnimations()) {
    const timing = animation.effect ? animation.effect.getComputedTiming() : null;
    if (timing && Number.isFinite(timing.endTime)) { try { animation.finish(); } catch (e) { /* keep it */ } }
  }
  const failed = [];
  document.fonts.forEach((f) => {
    if (f.status === 'error') failed.push(f.family.replace(/^["']|["']$/g, ''));
  });
  return {count: document.getElementsByTagName('*').length, failed: failed};
}"""
# ``innerText`` is the browser's own rendering of the text (line breaks from <br> and blocks, collapsed
# white space). Text nobody sees is in it too: clipped to nothing (the "visually hidden" pattern), fully
# transparent, zero-sized (slider dots), a <select>'s other options, and the words of an inline SVG
# (the wireframe draws it as one illustration); it is returned apart to subtract.
_PAGE_TEXT_JS = """() => {
  const unseen = [];
  const marked = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.tagName.toLowerCase() === 'svg') {  // drawn as one illustration, its words in the label
      if (!marked.some((m) => m.contains(el))) { marked.push(el); unseen.push(el.textContent || ''); }
      continue;
    }
    if (el.tagName === 'SELECT') {
      const chosen = el.selectedOptions.length ? el.selectedOptions[0] : el.options[0];
      for (const option of el.options) {
        if (option !== chosen) unseen.push(option.innerText || option.text || "");
      }
      continue;
    }
    const style = getComputedStyle(el);
    const clipped = style.overflowX !== 'visible' || style.overflowY !== 'visible';
    const rect = el.getBoundingClientRect();
    const unseenHere = (clipped && (rect.width <= 1 || rect.height <= 1))
      || style.clip === 'rect(0px, 0px, 0px, 0px)' || style.opacity === '0'
      || style.fontSize === '0px' || style.color === 'rgba(0, 0, 0, 0)';
    if (unseenHere) {
      if (!marked.some((m) => m.contains(el))) {
        marked.push(el);
        unseen.push(el.innerText || el.textContent || "");
      }
    }
  }
  return {text: document.body.innerText, unseen: unseen};
}"""


def _mime(path: str) -> str:
    guessed, _ = mimetypes.guess_type(path)
    if guessed:
        return guessed
    return {".woff2": "font/woff2", ".woff": "font/woff", ".mjs": "text/javascript"}.get(
        posixpath.splitext(path)[1].lower(), "application/octet-stream"
    )


@dataclass(eq=False)
class _Slot:
    """A fresh context (request routing bound to whichever import it serves) and its first page."""

    browser: Browser
    context: BrowserContext
    page: Page | None
    files: Mapping[str, bytes] = field(default_factory=dict)
    blocked: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    guessed: list[str] = field(default_factory=list)
    opening: int = 0  # pages this capturer is opening itself; any other page is a pop-up

    async def new_page(self) -> Page:
        self.opening += 1  # ``on_page`` takes it back: the context reports a page before returning it
        try:
            return await self.context.new_page()
        except BaseException:
            self.opening = max(0, self.opening - 1)
            raise

    def on_page(self, page: Page) -> None:
        """Close a window the page opened (the pop-up blocker's backstop), so it holds no renderer."""
        if self.opening:
            self.opening -= 1
            return
        task = asyncio.get_running_loop().create_task(page.close())
        task.add_done_callback(lambda done: done.cancelled() or done.exception())  # a closed one is fine


class BrowserCapturer:
    """The :class:`~wf2des.integrations.browser.port.Capturer` of the product; use as
    ``async with BrowserCapturer() as capturer:``. ``on_phases`` is told each capture's phase timings."""

    def __init__(
        self,
        chromium: str | None = None,
        *,
        isolation: Isolation | None = None,
        limits: BrowserLimits | None = None,
        on_phases: PhaseObserver | None = None,
    ) -> None:
        self._chromium = chromium or Settings().chromium
        self._limits = limits or BrowserLimits()
        # how page code is kept off the network: see ``isolation`` (a namespace unless configured otherwise)
        self._isolation: Isolation = isolation or IsolationSettings().isolation
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._lock = asyncio.Lock()
        self._spare: asyncio.Task[_Slot | None] | None = None
        self._needs_restart = False
        self._on_phases = on_phases
        self._marker = f"{_MARKER}{uuid.uuid4().hex}"
        self._scratch: Scratch | None = None
        self._watchdog: MemoryWatchdog | None = None
        self._killed_for_memory = False  # the watchdog killed the browser during the current capture

    async def __aenter__(self) -> Self:
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
            await self._stop_browser()
            await asyncio.to_thread(sweep)
            options = launch_options(self._chromium, self._isolation)
            self._scratch = scratch = Scratch.create()
            try:
                self._browser = await self._playwright.chromium.launch(
                    executable_path=options["executable_path"],
                    args=[*_FLAGS, *limit_flags(self._limits), *options["args"], self._marker],
                    ignore_default_args=_IGNORED_DEFAULTS,
                    downloads_path=scratch.downloads,
                    env={**os.environ, "TMPDIR": str(scratch.tmp)},
                    headless=True,
                )
                # Playwright denies downloads per context; this covers the browser's default context.
                session = await self._browser.new_browser_cdp_session()
                await session.send("Browser.setDownloadBehavior", {"behavior": "deny"})
                await session.detach()
            except PlaywrightError as exc:
                await self._stop_browser()
                raise BrowserCrashed("the browser could not be started") from exc
            try:
                self._watchdog = self._watch(scratch)
            except BrowserCrashed:
                await self._stop_browser()
                raise

    def _watch(self, scratch: Scratch) -> MemoryWatchdog:
        """Find this capturer's browser process (and Playwright's driver above it) and cap their memory."""
        browser = next(
            (p for p in _descendants() if self._marker in _cmdline(p) and self._marker not in _parent_cmd(p)),
            None,
        )
        if browser is None:  # fail closed: a browser whose memory is not watched is not used
            raise BrowserCrashed("the browser's memory could not be watched")
        for argument in _cmdline(browser):
            if argument.startswith("--user-data-dir="):
                scratch.adopt(Path(argument.split("=", 1)[1]))
        driver = browser.parent() or browser
        watchdog = MemoryWatchdog(driver, browser, self._limits.max_memory_bytes, self._limits.memory_check_s)
        watchdog.start()
        return watchdog

    async def _stop_browser(self) -> None:
        """Close the browser (bounded: a stuck renderer can hang it), its watchdog and its folders."""
        if self._watchdog is not None:
            self._watchdog.stop()
            # a restart in the middle of a failing capture must not forget why the browser died
            self._killed_for_memory = self._killed_for_memory or self._watchdog.exceeded
            self._watchdog = None
        if self._browser is not None:
            with contextlib.suppress(PlaywrightError, asyncio.TimeoutError):
                await asyncio.wait_for(self._browser.close(), 5)
            self._browser = None
        if self._scratch is not None:
            await asyncio.to_thread(self._scratch.remove)
            self._scratch = None

    async def close(self) -> None:
        await self._drop_spare()
        await self._stop_browser()
        if self._playwright is not None:
            await self._playwright.stop()
            self._playwright = None

    async def _restart(self) -> None:
        await self._drop_spare()
        self._needs_restart = False
        await self._stop_browser()
        await self.start()

    async def _raise_if_over_memory(self) -> None:
        """After a failure: if the watchdog killed the browser, say so, and clear what the browser left."""
        if self._watchdog is not None and self._watchdog.exceeded:
            self._killed_for_memory = True
        if self._killed_for_memory:
            await self._drop_spare()
            await self._stop_browser()  # its folders go now, not at the next capture's restart
            raise BrowserMemoryExceeded(
                f"the page used more than {self._limits.max_memory_mb:,} MiB of memory and was stopped"
            ) from None

    async def capture(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        *,
        timeout_s: float = 60,
        max_elements: int = 50_000,
        page_text: bool = False,
    ) -> CaptureResult:
        """Render ``entry`` of ``files`` at each width; ``page_text`` also records each screen's innerText."""
        entry = entry.lstrip("/")
        if entry not in files:
            raise NoEntry("the import has no entry file")
        if not widths:
            raise CaptureError("no viewport width was given")
        async with self._lock:
            if self._needs_restart or self._browser is None or not self._browser.is_connected():
                await self._restart()
            self._killed_for_memory = False
            try:
                try:
                    return await self._capture_once(files, entry, widths, timeout_s, max_elements, page_text)
                except BrowserCrashed:
                    await self._raise_if_over_memory()
                    await self._restart()
                    return await self._capture_once(files, entry, widths, timeout_s, max_elements, page_text)
            except BrowserMemoryExceeded:
                raise
            except CaptureError:
                # a kill surfaces as whatever Playwright was doing then (a crash, a closed page, a timeout)
                await self._raise_if_over_memory()
                raise

    @contextlib.asynccontextmanager
    async def rendered(self, files: Mapping[str, bytes], entry: str, width: int) -> AsyncIterator[Page]:
        """A loaded page of the import in its own fresh context, served offline like a capture.

        For callers that inspect the live page themselves: the network-isolation test holds a hostile page
        open with it, the benchmark runs a peer converter in it. Not part of the ``Capturer`` port.
        """
        async with self._lock:
            if self._needs_restart or self._browser is None or not self._browser.is_connected():
                await self._restart()
            slot = await self._open_slot()
            slot.files = files
            try:
                assert slot.page is not None
                await slot.page.set_viewport_size(
                    {"width": width, "height": _VIEWPORT_HEIGHT.get(width, 900)}
                )
                await slot.page.goto(f"{ORIGIN}/{entry.lstrip('/')}", wait_until="load")
                await slot.page.evaluate(_SETTLE_JS, 2000)
                yield slot.page
            finally:
                await self._discard(slot.context)

    async def _drop_spare(self) -> None:
        spare, self._spare = self._spare, None
        if spare is None:
            return
        spare.cancel()
        with contextlib.suppress(asyncio.CancelledError, PlaywrightError, TimeoutError):
            slot = await spare
            if slot is not None:
                await asyncio.wait_for(slot.context.close(), 5)

    async def _open_slot(self) -> _Slot:
        assert self._browser is not None
        browser = self._browser
        context = await browser.new_context(
            accept_downloads=False,
            java_script_enabled=True,
            service_workers="block",
            device_scale_factor=1,
            viewport={"width": _DEFAULT_WIDTH, "height": _VIEWPORT_HEIGHT.get(_DEFAULT_WIDTH, 900)},
        )
        slot = _Slot(browser=browser, context=context, page=None)
        context.on("page", slot.on_page)
        await context.route("**/*", lambda route: self._serve(route, slot))
        slot.page = await slot.new_page()
        return slot

    async def _prepare_next(self, used: BrowserContext) -> _Slot | None:
        """Close the used context, then open the next capture's context and page (in the background)."""
        try:
            await asyncio.wait_for(used.close(), 5)
        except (TimeoutError, PlaywrightError):
            self._needs_restart = True  # a stuck renderer: the next capture restarts the browser
            return None
        try:
            return await self._open_slot()
        except PlaywrightError:
            return None

    async def _take_slot(self) -> _Slot:
        spare, self._spare = self._spare, None
        slot: _Slot | None = None
        if spare is not None:
            with contextlib.suppress(PlaywrightError, asyncio.CancelledError):
                slot = await spare
        if slot is not None and (slot.browser is not self._browser or not slot.browser.is_connected()):
            slot = None
        if self._needs_restart:
            await self._restart()
        if slot is None:
            try:
                slot = await self._open_slot()
            except PlaywrightError as exc:
                raise BrowserCrashed("the browser stopped while rendering the page") from exc
        return slot

    async def _capture_once(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        timeout_s: float,
        max_elements: int,
        page_text: bool,
    ) -> CaptureResult:
        phases: dict[str, float] = {}
        started = time.perf_counter()
        slot = await self._take_slot()
        phases["context"] = (time.perf_counter() - started) * 1000
        blocked: list[str] = []
        missing: list[str] = []
        guessed: list[str] = []
        slot.files, slot.blocked, slot.missing, slot.guessed = files, blocked, missing, guessed
        context = slot.context
        deadline = time.monotonic() + timeout_s
        try:
            screens: list[CapturedScreen] = []
            failed_fonts: set[str] = set()
            count = 0
            for width in widths:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError
                page, slot.page = slot.page, None
                screen, page_count, fonts = await asyncio.wait_for(
                    self._capture_width(
                        slot, page, entry, int(width), max_elements, remaining, phases, page_text
                    ),
                    remaining,
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
            if "crashed" in str(exc):
                raise PageCrashed("the page crashed while rendering (it may use too much memory)") from exc
            raise CaptureError("the page could not be rendered") from exc
        except BaseException:
            await self._discard(context)
            raise
        # The used context serves nothing more while it closes.
        slot.files, slot.blocked, slot.missing, slot.guessed = {}, [], [], []
        self._spare = asyncio.get_running_loop().create_task(self._prepare_next(context))
        if self._on_phases is not None:
            self._on_phases(phases)
        return CaptureResult(
            entry=entry,
            screens=tuple(screens),
            blocked_urls=tuple(sorted(set(blocked))),
            missing_paths=tuple(sorted(set(missing))),
            guessed_encodings=tuple(sorted(set(guessed))),
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
        self,
        slot: _Slot,
        page: Page | None,
        entry: str,
        width: int,
        max_elements: int,
        budget_s: float,
        phases: dict[str, float],
        page_text: bool,
    ) -> tuple[CapturedScreen, int, list[str]]:
        def lap(name: str, since: float) -> float:
            now = time.perf_counter()
            phases[name] = phases.get(name, 0.0) + (now - since) * 1000
            return now

        mark = time.perf_counter()
        height = _VIEWPORT_HEIGHT.get(width, 900)
        if page is None:
            page = await slot.new_page()
        if page.viewport_size != {"width": width, "height": height}:
            await page.set_viewport_size({"width": width, "height": height})
        mark = lap("page", mark)
        timeout_ms = max(1.0, budget_s * 1000)
        deadline = time.monotonic() + budget_s
        await page.goto(f"{ORIGIN}/{entry}", wait_until="load", timeout=timeout_ms)
        mark = lap("load", mark)
        settled: dict[str, Any] = await page.evaluate(_SETTLE_JS, 2000)
        mark = lap("settle", mark)
        count = int(settled["count"])
        if count > max_elements:
            raise TooManyElements(f"the page has more than {max_elements:,} elements")
        session = await slot.context.new_cdp_session(page)
        snapshot = await session.send(
            "DOMSnapshot.captureSnapshot",
            {"computedStyles": list(CAPTURED_STYLES), "includeDOMRects": True, "includePaintOrder": True},
        )
        mark = lap("snapshot", mark)
        text: dict[str, Any] = await page.evaluate(_PAGE_TEXT_JS) if page_text else {}
        # The page is not closed here: closing the context (in the background) closes it.
        root, content_width, content_height, title = parse_document(
            snapshot, functools.partial(_check, deadline)
        )
        lap("parse", mark)
        screen = CapturedScreen(
            viewport_width=width,
            viewport_height=height,
            content_width=content_width,
            content_height=content_height,
            root=root,
            title=title,
            page_text=text.get("text"),
            unseen_text="\n".join(str(t) for t in text.get("unseen", ())),
        )
        return screen, count, [str(name) for name in settled["failed"]]

    @staticmethod
    async def _serve(route: Route, slot: _Slot) -> None:
        files, blocked, missing = slot.files, slot.blocked, slot.missing
        url = route.request.url
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" == ORIGIN:
            path = posixpath.normpath(unquote(parts.path)).lstrip("/")
            body = files.get(path)
            if body is None and (path == "" or path.endswith("/")):
                body = files.get(posixpath.join(path, "index.html"))
            if body is not None:
                mime = _mime(path)
                stub = stub_for(body) if mime in _IMAGE_TYPES else None
                if stub is not None:
                    body, mime = stub, "image/svg+xml"
                header, guessed = content_type(mime, body)
                if guessed:
                    slot.guessed.append(path[:500])
                await route.fulfill(status=200, body=body, headers={"content-type": header})
                return
            if path != "favicon.ico":  # browsers ask for it on their own; the page never referred to it
                missing.append(path[:500])
            await route.fulfill(status=404, body=b"", headers={"content-type": "text/plain"})
            return
        if parts.scheme in ("data", "blob"):
            await route.continue_()
            return
        blocked.append(url[:500])
        await route.abort("blockedbyclient")


def _check(deadline: float) -> None:
    if time.monotonic() > deadline:
        raise TimeoutError  # the capture's own timeout: CaptureTimeout


def _descendants() -> list[psutil.Process]:
    try:
        return psutil.Process().children(recursive=True)
    except psutil.Error:
        return []


def _cmdline(process: psutil.Process) -> list[str]:
    try:
        return process.cmdline()
    except psutil.Error:
        return []


def _parent_cmd(process: psutil.Process) -> list[str]:
    try:
        parent = process.parent()
    except psutil.Error:
        return []
    return _cmdline(parent) if parent is not None else []

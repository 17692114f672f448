"""Per-process resources of a worker: settings, blob store, document store, a warm browser and the design
libraries already read.

Built lazily on first use in each worker process (never at import time, never shared across a fork).
The browser runs on a dedicated asyncio loop in a background thread, so synchronous Celery tasks can
submit captures to it and the same Chromium serves many jobs; it is recycled every N jobs to bound
memory growth, and the capturer restarts it by itself after a crash.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import Future
from functools import cached_property
from typing import Any, TypeVar

from pymongo.database import Database

from wf2des.core.settings import Settings
from wf2des.generator.capture_model import CaptureResult
from wf2des.integrations.blobs import BlobStore, open_blob_store
from wf2des.integrations.browser import BrowserCapturer, Capturer
from wf2des.integrations.docstore import open_docstore
from wf2des.integrations.docstore.embedded import resolve_docstore_url
from wf2des.workers.design.library_cache import LibraryCache
from wf2des.workers.settings import WorkerSettings

__all__ = ["BrowserThread", "WorkerRuntime", "get_runtime", "reset_runtime"]

T = TypeVar("T")


class BrowserThread:
    """A capturer (the real browser unless ``make_capturer`` says otherwise) on its own event loop thread."""

    def __init__(
        self, chromium: str, recycle_after: int, *, make_capturer: Callable[[str], Capturer] = BrowserCapturer
    ) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="wf2des-browser", daemon=True)
        self._thread.start()
        self._chromium = chromium
        self._recycle_after = recycle_after
        self._jobs = 0
        self._make_capturer = make_capturer
        self._capturer: Capturer | None = None

    def _run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        return future.result(timeout)

    def warm(self) -> None:
        """Start Chromium now if it is not running, so a job's budget is not spent on launching it."""
        self._run(self._warm(), timeout=60)

    async def _warm(self) -> Capturer:
        if self._capturer is not None and self._jobs >= self._recycle_after:
            await self._capturer.close()
            self._capturer, self._jobs = None, 0
        if self._capturer is None:
            self._capturer = self._make_capturer(self._chromium)
            await self._capturer.start()  # if this fails, capture() restarts the same capturer
        return self._capturer

    async def _capturer_ready(self) -> Capturer:
        capturer = await self._warm()
        self._jobs += 1
        return capturer

    async def _capture(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        timeout_s: float,
        max_elements: int,
    ) -> CaptureResult:
        capturer = await self._capturer_ready()
        return await capturer.capture(files, entry, widths, timeout_s=timeout_s, max_elements=max_elements)

    def capture(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        *,
        timeout_s: float,
        max_elements: int,
    ) -> CaptureResult:
        # the outer timeout is a backstop only: the capturer enforces timeout_s itself
        return self._run(
            self._capture(files, entry, widths, timeout_s, max_elements), timeout=timeout_s * 2 + 30
        )

    def close(self) -> None:
        if self._capturer is not None:
            self._run(self._capturer.close(), timeout=30)
            self._capturer = None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)


class WorkerRuntime:
    def __init__(self, settings: Settings, worker_settings: WorkerSettings) -> None:
        self.settings = settings
        self.worker_settings = worker_settings

    @cached_property
    def blobs(self) -> BlobStore:
        return open_blob_store(self.settings)

    @cached_property
    def docstore(self) -> Database[Any]:
        url = resolve_docstore_url(self.settings.docstore_url, self.settings.data_dir)
        return open_docstore(url, self.settings.docstore_db)

    @cached_property
    def design_libraries(self) -> LibraryCache:
        """Library files and libraries this process read, by Figma version (``design.library_cache``)."""
        return LibraryCache()

    @cached_property
    def browser(self) -> BrowserThread:
        return BrowserThread(self.settings.chromium, self.worker_settings.recycle_browser_after)

    def close(self) -> None:
        if "browser" in self.__dict__:
            self.browser.close()
        if "docstore" in self.__dict__:
            self.docstore.client.close()


_runtime: WorkerRuntime | None = None
_lock = threading.Lock()


def get_runtime() -> WorkerRuntime:
    global _runtime
    with _lock:
        if _runtime is None:
            _runtime = WorkerRuntime(Settings(), WorkerSettings())
        return _runtime


def reset_runtime(runtime: WorkerRuntime | None = None) -> None:
    """Replace the process runtime (tests and the in-process demo build their own)."""
    global _runtime
    with _lock:
        if _runtime is not None and _runtime is not runtime:
            _runtime.close()
        _runtime = runtime

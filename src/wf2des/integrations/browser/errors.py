"""Capture failures. Each carries a ``classification`` the worker stores and a sentence safe to show.

Wf2desError
└── CaptureError                 classification
    ├── CaptureTimeout           "timeout"            the page did not finish within the budget
    ├── TooManyElements          "too_many_elements"  the page is larger than max_elements
    ├── NoEntry                  "no_entry"           the entry file is not among the files
    ├── PageCrashed              "page_crashed"       the page's renderer died; the browser is fine
    ├── BrowserMemoryExceeded    "browser_memory_exceeded"  the browser passed its memory cap (``limits``)
    └── BrowserCrashed           "browser_crashed"    Chromium died or could not start (503)
        └── IsolationUnavailable "browser_crashed"    no network namespace on this host (``isolation``)

Their place in the whole tree: ``wf2des.core.errors``.
"""

from __future__ import annotations

from typing import ClassVar

from wf2des.core.errors import Wf2desError

__all__ = [
    "BrowserCrashed",
    "BrowserMemoryExceeded",
    "CaptureError",
    "CaptureTimeout",
    "NoEntry",
    "PageCrashed",
    "TooManyElements",
]


class CaptureError(Wf2desError):
    status = 422
    code = "capture_failed"
    title = "Invalid input"
    classification: ClassVar[str] = "capture_failed"


class CaptureTimeout(CaptureError):
    code = "capture_timeout"
    classification = "timeout"


class TooManyElements(CaptureError):
    code = "capture_too_many_elements"
    classification = "too_many_elements"


class NoEntry(CaptureError):
    code = "capture_no_entry"
    classification = "no_entry"


class PageCrashed(CaptureError):
    """The page's renderer died (typically out of memory); the browser itself is fine."""

    code = "capture_page_crashed"
    classification = "page_crashed"


class BrowserCrashed(CaptureError):
    status = 503
    title = "Service unavailable"
    code = "capture_browser_crashed"
    classification = "browser_crashed"


class BrowserMemoryExceeded(CaptureError):
    """The browser's process tree passed its memory cap while rendering the page and was killed."""

    code = "capture_memory_exceeded"
    classification = "browser_memory_exceeded"

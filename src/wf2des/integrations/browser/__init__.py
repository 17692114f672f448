"""Headless Chromium capture: an import's files in, the generator's captured-DOM value out."""

from wf2des.integrations.browser.capturer import ORIGIN, BrowserCapturer
from wf2des.integrations.browser.errors import (
    BrowserCrashed,
    BrowserMemoryExceeded,
    CaptureError,
    CaptureTimeout,
    NoEntry,
    PageCrashed,
    TooManyElements,
)
from wf2des.integrations.browser.limits import BrowserLimits
from wf2des.integrations.browser.port import Capturer, PhaseObserver

__all__ = [
    "ORIGIN",
    "BrowserCapturer",
    "BrowserCrashed",
    "BrowserLimits",
    "BrowserMemoryExceeded",
    "CaptureError",
    "CaptureTimeout",
    "Capturer",
    "NoEntry",
    "PageCrashed",
    "PhaseObserver",
    "TooManyElements",
]

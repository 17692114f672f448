"""How much of the machine the capture browser may take: memory, processes, downloads, windows.

An import is arbitrary page code, so Chromium is run like a hostile program:

- ``js_heap_mb`` caps each renderer's V8 heap (``--max-old-space-size``): an allocation loop crashes its
  own renderer (``page_crashed``) instead of growing until the machine swaps;
- ``max_memory_mb`` caps the resident memory of the browser's whole process tree (Playwright's driver,
  Chromium and every child), enforced by ``watchdog``: memory V8 does not own (DOM, layout, images, blobs)
  and memory spread over many processes count too. Past it the browser is killed and the capture fails
  with ``browser_memory_exceeded``;
- ``renderer_process_limit`` bounds renderer processes (softly: Chromium reuses processes past it), and
  pop-ups are refused (Chromium's pop-up blocker, which Playwright turns off by default; ``capturer``
  closes any window that opens anyway), so a page opening windows in a loop cannot multiply processes;
- downloads are denied (``capturer`` tells Playwright and Chromium both), so nothing a page does is
  written to disk; the browser's temporary folders are removed with it (``scratch``).
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["BrowserLimits", "limit_flags"]

MIB = 1024 * 1024


class BrowserLimits(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WF2DES_BROWSER_", extra="ignore", frozen=True)

    max_memory_mb: int = Field(
        default=2048, ge=256, description="resident memory of the browser's process tree; killed past it"
    )
    js_heap_mb: int = Field(default=512, ge=64, description="V8 old-generation heap per renderer")
    renderer_process_limit: int = Field(default=4, ge=1, description="renderer processes at once")
    memory_check_s: float = Field(default=0.1, gt=0, le=5, description="how often the tree is measured")

    @property
    def max_memory_bytes(self) -> int:
        return self.max_memory_mb * MIB


def limit_flags(limits: BrowserLimits) -> list[str]:
    """Chromium switches for the limits Chromium enforces itself."""
    return [
        f"--js-flags=--max-old-space-size={limits.js_heap_mb}",
        f"--renderer-process-limit={limits.renderer_process_limit}",
    ]

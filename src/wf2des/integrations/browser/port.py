"""The capture port: what a worker may ask of a browser, so the job's flow can run against a fake."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from wf2des.generator.capture_model import CaptureResult

__all__ = ["Capturer", "PhaseObserver"]


class PhaseObserver(Protocol):
    """Told the milliseconds each phase of a successful capture took (``context``, ``page``, ``load``,
    ``settle``, ``snapshot``, ``parse``; a phase repeated per width is summed)."""

    def __call__(self, phases: Mapping[str, float], /) -> None: ...


class Capturer(Protocol):
    """Renders an import's files offline and returns the captured DOM of each viewport width.

    ``start`` may be skipped (``capture`` starts what it needs) and ``close`` releases the browser; a
    capturer is used by one task at a time. Errors are the ``CaptureError`` subtree
    (``wf2des.integrations.browser.errors``); ``BrowserCrashed`` only once a restart did not help.
    """

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def capture(
        self,
        files: Mapping[str, bytes],
        entry: str,
        widths: Sequence[int],
        *,
        timeout_s: float = 60,
        max_elements: int = 50_000,
        page_text: bool = False,
    ) -> CaptureResult: ...

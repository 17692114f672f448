"""The worker's browser thread drives any ``Capturer``: its recycling is checked here without a browser."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest

from wf2des.generator.capture_model import CaptureResult
from wf2des.workers.runtime import BrowserThread


class FakeCapturer:
    made: list[FakeCapturer]

    def __init__(self, chromium: str) -> None:
        self.chromium = chromium
        self.started = self.closed = False
        self.entries: list[str] = []
        FakeCapturer.made.append(self)

    async def start(self) -> None:
        self.started = True

    async def close(self) -> None:
        self.closed = True

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
        self.entries.append(entry)
        return CaptureResult(entry=entry, screens=(), element_count=len(files))


@pytest.fixture
def thread() -> Iterator[BrowserThread]:
    FakeCapturer.made = []
    browser = BrowserThread("/opt/chromium", recycle_after=2, make_capturer=FakeCapturer)
    yield browser
    browser.close()


def test_captures_go_to_one_warm_capturer_until_it_is_recycled(thread: BrowserThread) -> None:
    thread.warm()
    results = [
        thread.capture({"a.html": b""}, f"{n}.html", [1440], timeout_s=5, max_elements=10) for n in range(3)
    ]
    assert [r.entry for r in results] == ["0.html", "1.html", "2.html"]
    first, second = FakeCapturer.made
    assert first.chromium == "/opt/chromium"
    assert first.started
    assert (first.entries, first.closed) == (["0.html", "1.html"], True)
    assert (second.entries, second.closed) == (["2.html"], False)


def test_close_closes_the_capturer(thread: BrowserThread) -> None:
    thread.capture({}, "x.html", [390], timeout_s=5, max_elements=10)
    thread.close()
    assert FakeCapturer.made[0].closed

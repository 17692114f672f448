"""One Chromium for the whole session: every browser test shares it (one fresh context per capture)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from wf2des.integrations.browser import BrowserCapturer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pages"


def read_folder(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def capturer() -> AsyncIterator[BrowserCapturer]:
    async with BrowserCapturer() as service:
        yield service

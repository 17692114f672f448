"""Every corpus page (real pages written by other people) converts with 100% text coverage."""

from __future__ import annotations

import json

import pytest

from tests.data_paths import CORPUS
from tests.integration.browser.conftest import read_folder
from wf2des.generator import convert
from wf2des.generator.metrics import text_coverage
from wf2des.generator.schema import validate_spec
from wf2des.integrations.browser import BrowserCapturer

PAGES = sorted(p.name for p in CORPUS.iterdir() if (p / "SOURCE.json").is_file())


def test_corpus_is_present() -> None:
    assert len(PAGES) >= 10


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("name", PAGES)
async def test_corpus_page_converts_with_full_text_coverage(capturer: BrowserCapturer, name: str) -> None:
    folder = CORPUS / name
    entry = json.loads((folder / "SOURCE.json").read_text(encoding="utf-8"))["local_entry"]
    captured = await capturer.capture(read_folder(folder), entry, [1440])
    spec = convert(captured, source_entry=entry)
    validate_spec(spec)
    assert text_coverage(captured.screens[0], spec["screens"][0]["root"]) == 1.0

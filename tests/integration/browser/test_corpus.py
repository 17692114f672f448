"""Every corpus page (real pages written by other people) converts into what a designer can use.

Per page: 100% text coverage (characters and whole words against the browser's innerText), no text
hidden under a later-painted shape, at least 99% of texts readable (WCAG 2.x contrast) in the wireframe
palette, and no redundant frames.
"""

from __future__ import annotations

import json

import pytest

from tests.data_paths import CORPUS
from tests.integration.browser.conftest import read_folder
from wf2des.generator import convert, replay_layout
from wf2des.generator.metrics import text_coverage
from wf2des.generator.schema import validate_spec
from wf2des.generator.seen import contrast_failures, hidden_texts, redundant_frames, word_coverage
from wf2des.integrations.browser import BrowserCapturer

PAGES = sorted(p.name for p in CORPUS.iterdir() if (p / "SOURCE.json").is_file())


def test_corpus_is_present() -> None:
    assert len(PAGES) >= 20


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("name", PAGES)
async def test_corpus_page_converts_into_what_a_designer_sees(capturer: BrowserCapturer, name: str) -> None:
    folder = CORPUS / name
    entry = json.loads((folder / "SOURCE.json").read_text(encoding="utf-8"))["local_entry"]
    captured = await capturer.capture(read_folder(folder), entry, [1440], page_text=True)
    spec = convert(captured, source_entry=entry)
    validate_spec(spec)
    screen = captured.screens[0]
    root = spec["screens"][0]["root"]
    boxes = replay_layout(spec)
    assert text_coverage(screen, root) == 1.0
    assert screen.page_text
    coverage, missing = word_coverage(screen.page_text, root, screen.unseen_text)
    assert (coverage, missing) == (1.0, [])
    assert [str(n["characters"])[:40] for n in hidden_texts(root, boxes)] == []
    checked, failures = contrast_failures(spec, root, boxes)
    assert 1 - len(failures) / max(1, checked) >= 0.99, [str(n["characters"])[:40] for n, _ in failures]
    assert [n["name"] for n in redundant_frames(root)] == []

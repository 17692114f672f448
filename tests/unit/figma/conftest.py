from __future__ import annotations

from collections.abc import Iterator

import pytest

from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma


@pytest.fixture
def fake_figma() -> Iterator[FakeFigma]:
    with FakeFigma(token=FAKE_TOKEN) as fake:
        yield fake

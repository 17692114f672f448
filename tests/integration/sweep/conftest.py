from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from pymongo.database import Database

from tests.tls import TLS
from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.docstore import FileRole, ProjectFigmaFileDocument, ProjectFileRegistrations
from wf2des.integrations.figma import FigmaAuth, FigmaClient, Pacer, PacingBudget, RetryPolicy
from wf2des.integrations.figma.fake import FAKE_TOKEN, FakeFigma

ORG, PROJECT = 7, 70
SCOPE = ProjectScope(AccessibleOrganizationID(ORG), PROJECT)
FAST_RETRY = RetryPolicy(max_attempts=4, backoff_base=0.01, backoff_max=0.05, retry_after_cap=5)


@pytest.fixture
def fake_figma() -> Iterator[FakeFigma]:
    with FakeFigma(token=FAKE_TOKEN) as fake:
        yield fake


@pytest.fixture
def make_client(fake_figma: FakeFigma) -> Callable[..., FigmaClient]:
    def make(retry: RetryPolicy = FAST_RETRY) -> FigmaClient:
        return FigmaClient(
            base_url=fake_figma.url,
            auth=FigmaAuth(FAKE_TOKEN),
            pacer=Pacer(PacingBudget.uniform(100_000)),
            retry=retry,
            transport=httpx.AsyncHTTPTransport(verify=TLS),
        )

    return make


@pytest.fixture
def register(docstore: Database[Any], fake_figma: FakeFigma) -> Callable[..., ProjectFigmaFileDocument]:
    def reg(key: str, role: FileRole = FileRole.LIBRARY, **fake_changes: Any) -> ProjectFigmaFileDocument:
        if key not in fake_figma.files:
            fake_figma.add_file(key, **fake_changes)
        return ProjectFileRegistrations(docstore).register(SCOPE, key, role)

    return reg

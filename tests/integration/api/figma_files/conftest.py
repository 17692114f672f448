"""The Figma-file resources on the live API of tests/integration/api/conftest.py, inherited as pytest does
for a subfolder (one API, one outbox relay for both folders), plus a pymongo handle on that API's document
store, migrated, for writing as ``component_sweep`` would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pymongo.database import Database

from tests.integration.api.live import Live
from wf2des.integrations.docstore import ensure_schema, open_docstore

CONFIG: dict[str, Any] = {
    "version": 1,
    "wfArea": {"page": "Wireframes", "nodeNamePattern": "^WF "},
    "designArea": {"nodeId": "12:34"},
    "memoMarkers": ["📝", "memo:"],
    "tokenAliases": {"text": {"h1": "Heading/Large"}, "color": {}},
}


@pytest.fixture(scope="session")
def api_docs(live: Live) -> Iterator[Database[Any]]:
    """The API's own document-store database, with the indexes and validators ``wf2des migrate`` installs."""
    assert live.settings.docstore_url is not None
    db = open_docstore(live.settings.docstore_url, live.settings.docstore_db)
    ensure_schema(db)
    yield db
    db.client.close()

"""The live API of tests/integration/api (real PostgreSQL, SecantusDB, local blobs, its own Redis) reused as is,
plus a pymongo handle on the same database, migrated, for writing as ``component_sweep`` would.

``pg_url`` is overridden with a database of this folder's own: every live API runs an outbox relay, and two
relays on one outbox table would publish each other's messages to the wrong broker when this folder and
tests/integration/api run in one session.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pymongo.database import Database

from tests.integration.api.conftest import Live, broker, keys, live, mint, project  # noqa: F401  (fixtures)
from wf2des.integrations.docstore import ensure_schema, open_docstore

CONFIG: dict[str, Any] = {
    "version": 1,
    "wfArea": {"page": "Wireframes", "nodeNamePattern": "^WF "},
    "designArea": {"nodeId": "12:34"},
    "memoMarkers": ["📝", "memo:"],
    "tokenAliases": {"text": {"h1": "Heading/Large"}, "color": {}},
}


@pytest.fixture(scope="session")
def pg_url(fresh_pg_database: Any) -> str:
    from wf2des.pg.migrate import upgrade_head

    url: str = fresh_pg_database()
    upgrade_head(url)
    return url


@pytest.fixture(scope="session")
def api_docs(live: Live) -> Iterator[Database[Any]]:  # noqa: F811  (the imported fixture)
    """The API's own document-store database, with the indexes and validators ``wf2des migrate`` installs."""
    assert live.settings.docstore_url is not None
    db = open_docstore(live.settings.docstore_url, live.settings.docstore_db)
    ensure_schema(db)
    yield db
    db.client.close()

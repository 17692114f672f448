"""The handle on the live API that tests/integration/api/conftest.py serves, for the tests of that folder and
its subfolders (a plain module: tests import it, they never import another folder's conftest)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import psycopg

from tests.services import RedisServer
from tests.tls import TLS
from wf2des.api.settings import ApiSettings
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import LocalBlobStore


@dataclass
class Live:
    url: str
    settings: Settings
    api_settings: ApiSettings
    pg_url: str
    blobs: LocalBlobStore
    broker: RedisServer

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30, verify=TLS)

    def sql(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.pg_url, autocommit=True) as conn:
            cur = conn.execute(query, params)
            return cur.fetchall() if cur.description else []

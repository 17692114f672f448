"""What the lifespan builds once per process, reachable from a request as ``request.app.state.wf2des``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pymongo.database import Database
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from wf2des.api.auth import DevKey, TokenVerifier
from wf2des.api.code2wf.sources import CompletedImports
from wf2des.api.figma_connection.setup import FigmaAccess
from wf2des.api.metrics import Metrics
from wf2des.api.outbox.publisher import Publisher
from wf2des.api.plugin_sessions.oidc import OidcClient
from wf2des.api.settings import ApiSettings
from wf2des.api.tenancy import ProjectOwners
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import BlobStore

__all__ = ["AppState"]


@dataclass
class AppState:
    settings: Settings
    api_settings: ApiSettings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    blobs: BlobStore
    verifier: TokenVerifier
    dev_key: DevKey | None
    publisher: Publisher
    metrics: Metrics
    project_owners: ProjectOwners = field(default_factory=ProjectOwners)
    completed_imports: CompletedImports = field(default_factory=CompletedImports)
    # None until configured (WF2DES_DOCSTORE_URL) or first opened on demand by a route that needs it.
    docstore: Database[Any] | None = None
    docstore_ping: Callable[[], object] | None = None
    close_docstore: Callable[[], None] = lambda: None
    # Figma OAuth and the token sealers; None when no Figma OAuth app is configured.
    figma: FigmaAccess | None = None
    # The login page's OpenID Connect client, built on first use (it caches the discovery document).
    oidc: OidcClient | None = None
    # Set after a commit that wrote an outbox message, so the relay publishes without waiting a full tick.
    outbox_wakeup: asyncio.Event = field(default_factory=asyncio.Event)

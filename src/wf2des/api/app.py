"""The app factory. Clients, engines and background loops are built in the lifespan, never at import."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from sqlalchemy.ext.asyncio import create_async_engine
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from wf2des.api.auth import build_verifier
from wf2des.api.body_limits import BodyLimitMiddleware, body_limits
from wf2des.api.code2wf.reaper import run_reaper
from wf2des.api.cors import PluginCorsMiddleware
from wf2des.api.figma_connection.setup import build_figma_access
from wf2des.api.metrics import Metrics, MetricsMiddleware
from wf2des.api.outbox.publisher import CeleryPublisher, Publisher
from wf2des.api.outbox.relay import run_relay
from wf2des.api.problems import Problem, declare_body_problems, install_problem_handlers
from wf2des.api.routers import ROUTERS
from wf2des.api.settings import ApiSettings
from wf2des.api.state import AppState
from wf2des.core.broker import resolve_broker_url
from wf2des.core.settings import Settings
from wf2des.integrations.blobs import BlobStore, open_blob_store
from wf2des.pg.engine import make_session_factory
from wf2des.pg.settings import PgSettings, sqlalchemy_url

__all__ = ["create_app", "create_app_from_env"]


def create_app(
    settings: Settings,
    pg_settings: PgSettings,
    *,
    api_settings: ApiSettings | None = None,
    blobs: BlobStore | None = None,
    publisher: Publisher | None = None,
) -> FastAPI:
    """Build the API. ``blobs``/``publisher`` override the ones the settings name (tests, the demo)."""
    settings.check_production()
    cfg = api_settings or ApiSettings()
    build_figma_access(settings, cfg)  # refuse a half-configured Figma OAuth app before serving anything
    metrics = Metrics()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        state = _build_state(settings, pg_settings, cfg, metrics, blobs, publisher)
        app.state.wf2des = state
        tasks: list[asyncio.Task[None]] = []
        if cfg.relay_enabled:
            tasks.append(
                asyncio.create_task(
                    run_relay(
                        state.sessions,
                        state.publisher,
                        batch_size=cfg.relay_batch_size,
                        per_organization=cfg.jobs_per_organization,
                        interval=cfg.relay_interval_seconds,
                        wakeup=state.outbox_wakeup,
                        metrics=metrics,
                    ),
                    name="wf2des-outbox-relay",
                )
            )
            tasks.append(
                asyncio.create_task(
                    run_reaper(
                        state.sessions,
                        timedelta(seconds=cfg.job_deadline_seconds),
                        interval=cfg.reaper_interval_seconds,
                        metrics=metrics,
                    ),
                    name="wf2des-reaper",
                )
            )
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await state.engine.dispose()
            if publisher is None:
                state.publisher.close()
            state.close_docstore()

    app = FastAPI(
        title="wf2des-api",
        version="1.0.0",
        description="Code2WF generations, Page Imports and signed worker events.",
        lifespan=lifespan,
    )
    install_problem_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    app.add_middleware(BodyLimitMiddleware, limits=body_limits(cfg))
    app.add_middleware(PluginCorsMiddleware)
    app.add_middleware(MetricsMiddleware, metrics=metrics)
    if cfg.trusted_proxies:
        # Outermost, so everything inside sees the client a trusted proxy named (the per-client cap of
        # plugin sign-ins counts by it); ``wf2des serve`` turns uvicorn's own copy of this layer off.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=cfg.trusted_proxies)
    _document_problems(app)
    return app


def create_app_from_env() -> FastAPI:
    """Factory for ``uvicorn --factory`` (``wf2des serve --workers N``): settings from the environment."""
    from wf2des.core.logging import configure_logging

    configure_logging()
    return create_app(Settings(), PgSettings())


def _build_state(
    settings: Settings,
    pg_settings: PgSettings,
    cfg: ApiSettings,
    metrics: Metrics,
    blobs: BlobStore | None,
    publisher: Publisher | None,
) -> AppState:
    url = pg_settings.database_url
    if url is None:
        from wf2des.pg.embedded import resolve_database_url

        url = resolve_database_url(pg_settings, settings.data_dir)
    # One fixed-size pool: overflow connections are closed on return, and under a burst of concurrent requests
    # that turns into a new PostgreSQL connection per request (measured: 280 connects per 334 creates). No
    # pre-ping: it is a SELECT 1 round trip on every checkout. After a PostgreSQL restart the first request on
    # a dead connection fails (a 500 problem document) and SQLAlchemy then invalidates the whole pool;
    # ``pool_recycle`` bounds connection age behind proxies and RDS idle timeouts.
    engine = create_async_engine(
        sqlalchemy_url(url),
        pool_size=pg_settings.pool_size + pg_settings.max_overflow,
        max_overflow=0,
        pool_pre_ping=False,
        pool_recycle=1800,
    )
    verifier, dev_key = build_verifier(settings, dev_issuer=cfg.dev_issuer, dev_audience=cfg.dev_audience)
    state = AppState(
        settings=settings,
        api_settings=cfg,
        engine=engine,
        sessions=make_session_factory(engine),
        blobs=blobs or open_blob_store(settings),
        verifier=verifier,
        dev_key=dev_key,
        publisher=publisher
        or CeleryPublisher(resolve_broker_url(settings), timeout=cfg.publish_timeout_seconds),
        metrics=metrics,
        figma=build_figma_access(settings, cfg),
    )
    if settings.docstore_url:
        from wf2des.integrations.docstore import open_docstore

        db = open_docstore(settings.docstore_url, settings.docstore_db, timeout_ms=2000)
        state.docstore = db
        state.docstore_ping = lambda: db.client.admin.command("ping")
        state.close_docstore = db.client.close
    return state


def _document_problems(app: FastAPI) -> None:
    """Register the ``Problem`` schema that every declared error response refers to."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title, version=app.version, description=app.description, routes=app.routes
            )
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            components["Problem"] = Problem.model_json_schema()
            declare_body_problems(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

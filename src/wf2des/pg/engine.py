"""Engine and session factory, built by the caller (FastAPI lifespan, CLI), never at import time."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.ext.asyncio import AsyncSession as AsyncSession

from wf2des.pg.settings import sqlalchemy_url

__all__ = ["AsyncSession", "make_async_engine", "make_engine", "make_session_factory"]


def make_engine(url: str) -> Engine:
    return create_engine(sqlalchemy_url(url), pool_pre_ping=True, future=True)


def make_async_engine(url: str, *, pool_size: int = 10, max_overflow: int = 20) -> AsyncEngine:
    return create_async_engine(
        sqlalchemy_url(url), pool_pre_ping=True, pool_size=pool_size, max_overflow=max_overflow
    )


def make_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    # expire_on_commit=False: response bodies are built from rows after the request's single commit.
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)

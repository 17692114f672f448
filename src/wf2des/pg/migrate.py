"""Bring PostgreSQL to the current schema with Alembic (``upgrade head``), idempotently."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine

from wf2des.pg.settings import sqlalchemy_url

__all__ = ["alembic_config", "current_revision", "downgrade_base", "head_revision", "upgrade_head"]

_MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", sqlalchemy_url(url).replace("%", "%%"))
    cfg.set_main_option("file_template", "%%(year)d%%(month).2d%%(day).2d_%%(rev)s_%%(slug)s")
    return cfg


def upgrade_head(url: str) -> None:
    command.upgrade(alembic_config(url), "head")


def downgrade_base(url: str) -> None:
    command.downgrade(alembic_config(url), "base")


def head_revision(url: str) -> str | None:
    return ScriptDirectory.from_config(alembic_config(url)).get_current_head()


def current_revision(url: str) -> str | None:
    engine = create_engine(sqlalchemy_url(url))
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()

"""The PostgreSQL URL, read only by the API side."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlsplit

from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["PgSettings", "get_pg_settings", "sqlalchemy_url"]


class PgSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="WF2DES_", extra="ignore", frozen=True)

    database_url: str | None = None
    pool_size: int = 10
    max_overflow: int = 20

    @field_validator("database_url")
    @classmethod
    def _scheme(cls, value: str | None) -> str | None:
        if not value:
            return None
        scheme = urlsplit(value).scheme
        if scheme not in {"postgresql", "postgres", "postgresql+psycopg"}:
            raise ValueError(f"WF2DES_DATABASE_URL has scheme {scheme or '(none)'!r}; expected postgresql://")
        return value


def sqlalchemy_url(url: str) -> str:
    """Normalise ``postgresql://`` / ``postgres://`` to the psycopg 3 dialect."""
    scheme, rest = url.split("://", 1)
    if scheme in {"postgresql", "postgres"}:
        return f"postgresql+psycopg://{rest}"
    return url


@lru_cache(maxsize=1)
def get_pg_settings() -> PgSettings:
    return PgSettings()

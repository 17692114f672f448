"""``wf2des migrate`` and ``wf2des doctor``: bring the stores to the current schema; say what is used."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from pydantic import ValidationError
from rich.table import Table

from wf2des.cli._app import app, console, fail
from wf2des.core.errors import Wf2desError

if TYPE_CHECKING:
    from wf2des.core.settings import Settings
    from wf2des.pg.settings import PgSettings

__all__ = ["doctor", "embedded_stop", "load_settings", "migrate", "preflight_postgres"]


def load_settings() -> tuple[Settings, PgSettings]:
    """Both settings objects, turning a malformed setting into one clear sentence."""
    from wf2des.core.settings import Settings
    from wf2des.pg.settings import PgSettings

    try:
        return Settings(), PgSettings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        message = first["msg"].removeprefix("Value error, ")
        raise fail(f"invalid setting WF2DES_{where.upper()}: {message}") from None


@app.command()
def migrate() -> None:
    """Bring PostgreSQL (Alembic upgrade head) and the document store to the current schema. Idempotent."""
    from wf2des.integrations.docstore import check_docstore, ensure_schema, open_docstore
    from wf2des.integrations.docstore.embedded import resolve_docstore_url
    from wf2des.pg.embedded import resolve_database_url
    from wf2des.pg.migrate import current_revision, upgrade_head

    settings, pg_settings = load_settings()
    import psycopg
    from sqlalchemy.exc import OperationalError

    try:
        db_url = resolve_database_url(pg_settings, settings.data_dir)
        try:
            upgrade_head(db_url)
        except (OperationalError, psycopg.OperationalError):
            raise fail("cannot reach PostgreSQL at WF2DES_DATABASE_URL; start it or fix the URL") from None
        console.print(f"PostgreSQL: schema at revision {current_revision(db_url)}")
        docstore = open_docstore(
            resolve_docstore_url(settings.docstore_url, settings.data_dir), settings.docstore_db
        )
        check_docstore(docstore)
        ensure_schema(docstore)
        console.print(
            f"Document store: collections, validators and indexes in place ({settings.docstore_db})"
        )
    except typer.Exit:
        raise
    except Wf2desError as exc:
        raise fail(exc.detail) from None
    except Exception as exc:  # a store that refuses us: one sentence, never a traceback
        raise fail(f"migration failed: {type(exc).__name__}: {_first_line(exc)}") from None


@app.command()
def doctor() -> None:
    """Print which store each part uses and check each connection."""
    from wf2des.core.broker import check_broker, describe_broker, resolve_broker_url

    settings, pg_settings = load_settings()
    table = Table(title="wf2des doctor")
    for column in ("part", "uses", "status"):
        table.add_column(column)
    failures = 0

    def row(part: str, describe: Callable[[], str], check: Callable[[], str | None]) -> None:
        nonlocal failures
        uses = "?"
        try:
            uses = describe()
            status = check() or "ok"
            table.add_row(part, uses, f"[green]{status}[/]")
        except Wf2desError as exc:
            failures += 1
            table.add_row(part, uses, f"[red]{exc.detail}[/]")
        except Exception as exc:
            failures += 1
            table.add_row(part, uses, f"[red]{type(exc).__name__}: {_first_line(exc)}[/]")

    pg = _PgProbe(pg_settings, settings.data_dir)
    row("relational", pg.describe, pg.check)
    docs = _DocstoreProbe(settings)
    row("documents", docs.describe, docs.check)
    blobs = _BlobProbe(settings)
    row("blobs", blobs.describe, blobs.check)
    broker_url = resolve_broker_url(settings)
    row("queue", lambda: describe_broker(broker_url), lambda: check_broker(broker_url))
    row("figma", lambda: _describe_figma(settings), lambda: None)
    row("browser", lambda: settings.chromium, lambda: _check_chromium(settings.chromium))
    console.print(table)
    if failures:
        raise typer.Exit(1)


@app.command("embedded-stop")
def embedded_stop() -> None:
    """Stop the embedded PostgreSQL and document store of WF2DES_DATA_DIR (they outlive each command)."""
    from wf2des.core.settings import Settings
    from wf2des.integrations.docstore.embedded import EmbeddedDocstore
    from wf2des.pg.embedded import stop_embedded_postgres

    data_dir = Settings().data_dir
    stopped = [
        name
        for name, did in (
            ("PostgreSQL", stop_embedded_postgres(data_dir)),
            ("document store", EmbeddedDocstore(data_dir).stop()),
        )
        if did
    ]
    console.print(f"stopped: {', '.join(stopped)}" if stopped else f"no embedded store runs for {data_dir}")


def preflight_postgres(settings: Settings, pg_settings: PgSettings) -> None:
    """Refuse to start a server on an unreachable or unmigrated database: one sentence, exit 1."""
    probe = _PgProbe(pg_settings, settings.data_dir)
    try:
        probe.describe()
        probe.check()
    except Wf2desError as exc:
        raise fail(exc.detail) from None


def _first_line(exc: BaseException) -> str:
    from wf2des.core.safety import safe_message

    return safe_message(str(exc).splitlines()[0] if str(exc) else "", limit=200)


class _PgProbe:
    def __init__(self, pg_settings: PgSettings, data_dir: Path) -> None:
        self.pg_settings = pg_settings
        self.data_dir = data_dir
        self.url = ""

    def describe(self) -> str:
        from urllib.parse import urlsplit

        from wf2des.pg.embedded import resolve_database_url

        self.url = resolve_database_url(self.pg_settings, self.data_dir)
        if self.pg_settings.database_url is None:
            return f"embedded PostgreSQL (pgserver) in {self.data_dir / 'pg'}"
        parts = urlsplit(self.url)
        return f"PostgreSQL at {parts.hostname}:{parts.port or 5432}{parts.path}"

    def check(self) -> str | None:
        import psycopg

        from wf2des.pg.migrate import current_revision, head_revision

        try:
            with psycopg.connect(self.url, connect_timeout=3) as conn:
                conn.execute("SELECT 1")
        except psycopg.Error as exc:
            raise _config_error(
                "cannot reach PostgreSQL at WF2DES_DATABASE_URL; start it or fix the URL"
            ) from exc
        current, head = current_revision(self.url), head_revision(self.url)
        if current != head:
            raise _config_error(
                f"schema at {current or 'nothing'}, code expects {head}: run `wf2des migrate`"
            )
        return f"ok, schema {current}"


class _DocstoreProbe:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def describe(self) -> str:
        from wf2des.integrations.docstore import describe_docstore
        from wf2des.integrations.docstore.embedded import resolve_docstore_url

        self.url = resolve_docstore_url(self.settings.docstore_url, self.settings.data_dir)
        where = describe_docstore(self.url, self.settings.docstore_db)
        return where if self.settings.docstore_url else f"embedded SecantusDB: {where}"

    def check(self) -> str | None:
        from wf2des.integrations.docstore import PROJECT_FIGMA_FILE, check_docstore, open_docstore

        db = open_docstore(self.url, self.settings.docstore_db, timeout_ms=3000)
        check_docstore(db)
        if PROJECT_FIGMA_FILE not in db.list_collection_names():
            raise _config_error("collections missing: run `wf2des migrate`")
        return None


class _BlobProbe:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def describe(self) -> str:
        from wf2des.integrations.blobs import open_blob_store

        self.store = open_blob_store(self.settings)
        return self.store.describe()

    def check(self) -> str | None:
        self.store.check()
        return None


def _describe_figma(settings: Settings) -> str:
    token = "token set" if settings.figma_token else "no token (WF2DES_FIGMA_TOKEN)"
    return f"{settings.figma_api_url} ({token})"


def _check_chromium(path: str) -> str | None:
    if not Path(path).exists():
        raise _config_error(f"no Chromium at WF2DES_CHROMIUM={path}; install it (apt-get install chromium)")
    return None


def _config_error(message: str) -> Wf2desError:
    from wf2des.core.errors import ConfigError

    return ConfigError(message)

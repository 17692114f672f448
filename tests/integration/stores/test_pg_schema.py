"""Seed conformance of the PostgreSQL schema (seed 001_a145a11cb51add72.txt), by introspection."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from wf2des.pg.migrate import current_revision, downgrade_base, head_revision, upgrade_head
from wf2des.pg.settings import sqlalchemy_url
from wf2des.pg.tables import Base

# column -> (data type as information_schema reports it, max length, nullable, default)
SEED_COLUMNS: dict[str, tuple[str, int | None, bool, str | None]] = {
    "id": ("character varying", 255, False, None),
    "organization_id": ("bigint", None, False, None),
    "project_id": ("bigint", None, False, None),
    "page_import_id": ("character varying", 255, False, None),
    "figma_file_key": ("character varying", 255, False, None),
    "screen_id": ("character varying", 255, False, None),
    "placement_target": ("character varying", 255, True, None),
    "status": ("USER-DEFINED", None, False, "'0'::wf2des_status"),
    "attempt": ("integer", None, False, "1"),
    "flag_count": ("integer", None, True, None),
    "result_url": ("character varying", 500, True, None),
    "error_message": ("text", None, True, None),
    "materialized_at": ("timestamp with time zone", None, True, None),
    "created_at": ("timestamp with time zone", None, False, "CURRENT_TIMESTAMP"),
    "updated_at": ("timestamp with time zone", None, False, "CURRENT_TIMESTAMP"),
    "deleted_at": ("timestamp with time zone", None, True, None),
    "created_by": ("character varying", 255, False, None),
    "updated_by": ("character varying", 255, False, None),
    "deleted_by": ("character varying", 255, True, None),
}

SEED_INDEXES = {
    "code2wf_project_id_deleted_at_idx": ["project_id", "deleted_at"],
    "code2wf_project_status_idx": ["project_id", "status"],
    "code2wf_org_project_file_status_idx": ["organization_id", "project_id", "figma_file_key", "status"],
    "code2wf_page_import_id_idx": ["page_import_id"],
}


@pytest.fixture
def conn(pg_url: str) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(pg_url) as connection:
        yield connection
        connection.rollback()


def test_columns_types_nullability_and_defaults_match_the_seed(conn: psycopg.Connection[Any]) -> None:
    rows = conn.execute(
        """SELECT column_name, data_type, character_maximum_length, is_nullable, column_default, udt_name
           FROM information_schema.columns WHERE table_name = 'code2wf' AND table_schema = 'public'"""
    ).fetchall()
    found = {r[0]: (r[1], r[2], r[3] == "YES", r[4]) for r in rows}
    assert found == SEED_COLUMNS
    assert {r[0]: r[5] for r in rows}["status"] == "wf2des_status"


def test_primary_key_is_id(conn: psycopg.Connection[Any]) -> None:
    cols = conn.execute(
        """SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid
           AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'code2wf'::regclass AND i.indisprimary"""
    ).fetchall()
    assert [c[0] for c in cols] == ["id"]


def test_enum_labels(conn: psycopg.Connection[Any]) -> None:
    labels = conn.execute(
        "SELECT enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid "
        "WHERE t.typname = 'wf2des_status' ORDER BY e.enumsortorder"
    ).fetchall()
    assert [label[0] for label in labels] == ["0", "1", "2", "3", "4"]


def test_the_four_seed_indexes_with_names_and_columns(conn: psycopg.Connection[Any]) -> None:
    rows = conn.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'code2wf'").fetchall()
    found = {}
    for name, definition in rows:
        cols = re.search(r"\((.*)\)", definition)
        assert cols is not None
        found[name] = [c.strip() for c in cols.group(1).split(",")]
    for name, columns in SEED_INDEXES.items():
        assert found.get(name) == columns, name
    # no de-duplication index: the seed says every valid POST creates a row
    unique = conn.execute(
        "SELECT count(*) FROM pg_index "
        "WHERE indrelid = 'code2wf'::regclass AND indisunique AND NOT indisprimary"
    ).fetchone()
    assert unique == (0,)


def test_foreign_keys_follow_the_seed_relations(conn: psycopg.Connection[Any]) -> None:
    rows = conn.execute(
        """SELECT kcu.column_name, ccu.table_name, ccu.column_name
           FROM information_schema.table_constraints tc
           JOIN information_schema.key_column_usage kcu ON tc.constraint_name = kcu.constraint_name
           JOIN information_schema.constraint_column_usage ccu ON tc.constraint_name = ccu.constraint_name
           WHERE tc.table_name = 'code2wf' AND tc.constraint_type = 'FOREIGN KEY'"""
    ).fetchall()
    relations = {(r[0], r[1], r[2]) for r in rows}
    assert ("organization_id", "organization", "id") in relations
    assert ("project_id", "project", "id") in relations
    assert ("page_import_id", "page_import", "id") in relations


@pytest.fixture
def parent_rows(conn: psycopg.Connection[Any]) -> dict[str, Any]:
    conn.execute("INSERT INTO organization (id, name) VALUES (9001, 'o') ON CONFLICT DO NOTHING")
    conn.execute("INSERT INTO organization (id, name) VALUES (9002, 'o2') ON CONFLICT DO NOTHING")
    conn.execute(
        "INSERT INTO project (id, organization_id, name) VALUES (9001, 9001, 'p') ON CONFLICT DO NOTHING"
    )
    conn.execute(
        """INSERT INTO page_import (id, organization_id, project_id, status, entry_path, manifest_url,
           file_count,
           total_bytes, created_by, updated_by) VALUES ('pi-1', 9001, 9001, 'completed', 'index.html',
           'm', 1, 1,
           'u', 'u') ON CONFLICT DO NOTHING"""
    )
    return {"org": 9001, "project": 9001, "page_import": "pi-1"}


def _insert(conn: psycopg.Connection[Any], **overrides: Any) -> None:
    row: dict[str, Any] = {
        "id": "018f0000-0000-7000-8000-000000000001",
        "organization_id": 9001,
        "project_id": 9001,
        "page_import_id": "pi-1",
        "figma_file_key": "abc",
        "screen_id": "home",
        "created_by": "u",
        "updated_by": "u",
    }
    row.update(overrides)
    cols = ", ".join(row)
    params = ", ".join(f"%({c})s" for c in row)
    conn.execute(f"INSERT INTO code2wf ({cols}) VALUES ({params})", row)


def test_defaults_apply(conn: psycopg.Connection[Any], parent_rows: dict[str, Any]) -> None:
    _insert(conn)
    row = conn.execute(
        "SELECT status, attempt, created_at IS NOT NULL, updated_at IS NOT NULL FROM code2wf "
        "WHERE id = '018f0000-0000-7000-8000-000000000001'"
    ).fetchone()
    assert row == ("0", 1, True, True)


ILLEGAL_ROWS = {
    "status_3": {"status": "3"},
    "status_4": {"status": "4"},
    "attempt_2": {"attempt": 2},
    "negative_flag_count": {"flag_count": -1},
    "completed_without_result": {"status": "1", "flag_count": 0},
    "completed_without_flag_count": {"status": "1", "result_url": "k"},
    "failed_without_error": {"status": "2"},
    "materialized_while_processing": {"materialized_at": "2026-01-01T00:00:00Z"},
    "materialized_when_failed": {
        "status": "2",
        "error_message": "x",
        "materialized_at": "2026-01-01T00:00:00Z",
    },
    "other_org_owns_project": {"organization_id": 9002},
    "unknown_page_import": {"page_import_id": "nope"},
    "deleted_at_without_deleted_by": {"deleted_at": "2026-01-01T00:00:00Z"},
}


@pytest.mark.parametrize("overrides", ILLEGAL_ROWS.values(), ids=ILLEGAL_ROWS.keys())
def test_illegal_rows_are_rejected(
    conn: psycopg.Connection[Any], parent_rows: dict[str, Any], overrides: dict[str, Any]
) -> None:
    with pytest.raises((psycopg.errors.CheckViolation, psycopg.errors.ForeignKeyViolation)):
        _insert(conn, **overrides)


def test_legal_terminal_rows_are_accepted(conn: psycopg.Connection[Any], parent_rows: dict[str, Any]) -> None:
    _insert(conn, id="a", status="1", result_url="k", flag_count=0, materialized_at="2026-01-01T00:00:00Z")
    _insert(conn, id="b", status="2", error_message="generation timed out")
    assert conn.execute("SELECT count(*) FROM code2wf WHERE organization_id = 9001").fetchone() == (2,)


def test_models_and_migrations_agree(pg_url: str) -> None:
    engine = create_engine(sqlalchemy_url(pg_url))
    try:
        with engine.connect() as connection:
            diff = compare_metadata(
                MigrationContext.configure(connection, opts={"compare_type": True}), Base.metadata
            )
    finally:
        engine.dispose()
    assert diff == []


def test_downgrade_to_base_and_upgrade_again(fresh_pg_database: Any) -> None:
    url = fresh_pg_database()
    upgrade_head(url)
    assert current_revision(url) == head_revision(url)
    downgrade_base(url)
    assert current_revision(url) is None
    with psycopg.connect(url) as connection:
        tables = connection.execute(
            "SELECT count(*) FROM information_schema.tables "
            "WHERE table_schema = 'public' AND table_name <> 'alembic_version'"
        ).fetchone()
        types = connection.execute("SELECT count(*) FROM pg_type WHERE typname = 'wf2des_status'").fetchone()
    assert tables == (0,)
    assert types == (0,)
    upgrade_head(url)
    upgrade_head(url)  # idempotent
    assert current_revision(url) == head_revision(url)

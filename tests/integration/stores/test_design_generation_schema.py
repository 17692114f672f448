"""The ``design_generation`` table by introspection: code2wf's column types and lifecycle CHECKs, its own
``wireframe_node_id``, and the discovery indexes (README, "Wireframe → design: design_generation …")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

COLUMNS: dict[str, tuple[str, int | None, bool, str | None]] = {
    "id": ("character varying", 255, False, None),
    "organization_id": ("bigint", None, False, None),
    "project_id": ("bigint", None, False, None),
    "figma_file_key": ("character varying", 255, False, None),
    "wireframe_node_id": ("character varying", 255, False, None),
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
INDEXES = {
    "design_generation_org_project_file_status_idx": [
        "organization_id",
        "project_id",
        "figma_file_key",
        "status",
        "id",
    ],
    "design_generation_org_project_file_node_idx": [
        "organization_id",
        "project_id",
        "figma_file_key",
        "wireframe_node_id",
        "id",
    ],
    "design_generation_project_id_deleted_at_idx": ["project_id", "deleted_at"],
    "design_generation_project_status_idx": ["project_id", "status"],
    "pk_design_generation": ["id"],
}


@pytest.fixture
def conn(pg_url: str) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(pg_url) as connection:
        connection.execute("INSERT INTO organization (id, name) VALUES (9101, 'o') ON CONFLICT DO NOTHING")
        connection.execute("INSERT INTO organization (id, name) VALUES (9102, 'o2') ON CONFLICT DO NOTHING")
        connection.execute(
            "INSERT INTO project (id, organization_id, name) VALUES (9101, 9101, 'p') ON CONFLICT DO NOTHING"
        )
        yield connection
        connection.rollback()


def test_columns_types_nullability_and_defaults(conn: psycopg.Connection[Any]) -> None:
    rows = conn.execute(
        """SELECT column_name, data_type, character_maximum_length, is_nullable, column_default, udt_name
           FROM information_schema.columns
           WHERE table_name = 'design_generation' AND table_schema = 'public'"""
    ).fetchall()
    assert {r[0]: (r[1], r[2], r[3] == "YES", r[4]) for r in rows} == COLUMNS
    assert {r[0]: r[5] for r in rows}["status"] == "wf2des_status"


def test_indexes_with_names_and_columns_and_no_unique_besides_the_key(conn: psycopg.Connection[Any]) -> None:
    rows = conn.execute(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'design_generation'"
    ).fetchall()
    found = {}
    for name, definition in rows:
        columns = re.search(r"\((.*)\)", definition)
        assert columns is not None
        found[name] = [c.strip() for c in columns.group(1).split(",")]
    assert found == INDEXES
    assert all("UNIQUE" not in definition for name, definition in rows if name != "pk_design_generation")


def _insert(conn: psycopg.Connection[Any], **overrides: Any) -> None:
    row: dict[str, Any] = {
        "id": "018f0000-0000-7000-8000-0000000000d1",
        "organization_id": 9101,
        "project_id": 9101,
        "figma_file_key": "abc",
        "wireframe_node_id": "10:2",
        "created_by": "u",
        "updated_by": "u",
        **overrides,
    }
    columns = ", ".join(row)
    conn.execute(
        f"INSERT INTO design_generation ({columns}) VALUES ({', '.join(f'%({c})s' for c in row)})", row
    )


ILLEGAL_ROWS = {
    "status_3": {"status": "3"},
    "attempt_2": {"attempt": 2},
    "negative_flag_count": {"flag_count": -1},
    "completed_without_result": {"status": "1", "flag_count": 0},
    "failed_without_error": {"status": "2"},
    "materialized_while_processing": {"materialized_at": "2026-01-01T00:00:00Z"},
    "other_org_owns_project": {"organization_id": 9102},
    "deleted_at_without_deleted_by": {"deleted_at": "2026-01-01T00:00:00Z"},
}


@pytest.mark.parametrize("overrides", ILLEGAL_ROWS.values(), ids=ILLEGAL_ROWS.keys())
def test_illegal_rows_are_rejected(conn: psycopg.Connection[Any], overrides: dict[str, Any]) -> None:
    with pytest.raises((psycopg.errors.CheckViolation, psycopg.errors.ForeignKeyViolation)):
        _insert(conn, **overrides)


def test_defaults_and_legal_terminal_rows(conn: psycopg.Connection[Any]) -> None:
    _insert(conn)
    _insert(conn, id="b", status="1", result_url="k", flag_count=0, materialized_at="2026-01-01T00:00:00Z")
    _insert(conn, id="c", status="2", error_message="generation timed out")
    row = conn.execute(
        "SELECT status, attempt FROM design_generation WHERE id = '018f0000-0000-7000-8000-0000000000d1'"
    ).fetchone()
    assert row == ("0", 1)

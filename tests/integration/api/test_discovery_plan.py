"""The discovery query (project + figmaFileKey + status) uses code2wf_org_project_file_status_idx."""

from __future__ import annotations

from typing import Any

import psycopg
from sqlalchemy.dialects import postgresql

from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.pg.migrate import upgrade_head
from wf2des.pg.repositories import Code2wfListFilter, discovery_statement
from wf2des.pg.tables import Wf2desStatus

SEED = """
INSERT INTO organization (id, name) SELECT g, 'o' FROM generate_series(1, 5) g;
INSERT INTO project (id, organization_id, name) SELECT g, 1 + g % 5, 'p' FROM generate_series(1, 50) g;
INSERT INTO page_import (id, organization_id, project_id, status, entry_path, manifest_url, file_count,
                         total_bytes, created_by, updated_by)
SELECT 'pi-' || g, 1 + g % 5, g, 'completed', 'index.html', 'm', 1, 1, 'u', 'u' FROM generate_series(1, 50) g;
INSERT INTO code2wf (id, organization_id, project_id, page_import_id, figma_file_key, screen_id, status,
                     result_url, flag_count, error_message, created_by, updated_by)
SELECT gen_random_uuid()::text, 1 + (g % 50) % 5, g % 50, 'pi-' || (g % 50), 'File' || (g % 400), 's',
       (g % 3)::text::wf2des_status, 'r', 0, 'e', 'u', 'u'
FROM generate_series(1, 60000) g WHERE g % 50 > 0;
ANALYZE;
"""


def test_discovery_uses_the_seed_index(fresh_pg_database: Any) -> None:
    url = fresh_pg_database()
    upgrade_head(url)
    scope = ProjectScope(AccessibleOrganizationID(2), 1)
    flt = Code2wfListFilter(figma_file_key="File1", status=Wf2desStatus.COMPLETED, limit=50)
    sql = str(
        discovery_statement(scope, flt).compile(
            dialect=postgresql.dialect(),  # type: ignore[no-untyped-call]
            compile_kwargs={"literal_binds": True},
        )
    )
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(SEED)
        plan = "\n".join(row[0] for row in conn.execute("EXPLAIN " + sql))
        with_cursor = discovery_statement(
            scope, Code2wfListFilter("File1", Wf2desStatus.COMPLETED, None, "ffff", 50)
        )
        cursor_sql = str(
            with_cursor.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True})  # type: ignore[no-untyped-call]
        )
        cursor_plan = "\n".join(row[0] for row in conn.execute("EXPLAIN " + cursor_sql))
    assert "code2wf_org_project_file_status_idx" in plan, plan
    assert "code2wf_org_project_file_status_idx" in cursor_plan, cursor_plan

"""Design generation discovery (project + figmaFileKey + status | wireframeNodeId, newest first) reads its
index backwards and sorts nothing."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from sqlalchemy.dialects import postgresql

from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.pg.migrate import upgrade_head
from wf2des.pg.repositories import DesignGenerationFilter, design_discovery_statement
from wf2des.pg.tables import Wf2desStatus

SEED = """
INSERT INTO organization (id, name) SELECT g, 'o' FROM generate_series(1, 5) g;
INSERT INTO project (id, organization_id, name) SELECT g, 1 + g % 5, 'p' FROM generate_series(1, 50) g;
INSERT INTO design_generation (id, organization_id, project_id, figma_file_key, wireframe_node_id, status,
                               result_url, flag_count, error_message, created_by, updated_by)
SELECT gen_random_uuid()::text, 1 + (g % 50) % 5, g % 50, 'File' || (g % 400), (g % 30) || ':2',
       (g % 3)::text::wf2des_status, 'r', 0, 'e', 'u', 'u'
FROM generate_series(1, 60000) g WHERE g % 50 > 0;
ANALYZE;
"""
SCOPE = ProjectScope(AccessibleOrganizationID(2), 1)


@pytest.fixture(scope="module")
def seeded(fresh_pg_database: Any) -> str:
    url: str = fresh_pg_database()
    upgrade_head(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(SEED)
    return url


def _sql(flt: DesignGenerationFilter) -> str:
    statement = design_discovery_statement(SCOPE, flt)
    return str(statement.compile(dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))  # type: ignore[no-untyped-call]


@pytest.mark.parametrize(
    ("flt", "index"),
    [
        (
            DesignGenerationFilter(figma_file_key="File1", status=Wf2desStatus.COMPLETED),
            "design_generation_org_project_file_status_idx",
        ),
        (
            DesignGenerationFilter(figma_file_key="File1", status=Wf2desStatus.COMPLETED, before_id="ffff"),
            "design_generation_org_project_file_status_idx",
        ),
        (
            DesignGenerationFilter(figma_file_key="File1", wireframe_node_id="1:2"),
            "design_generation_org_project_file_node_idx",
        ),
    ],
)
def test_discovery_reads_its_index_without_sorting(
    seeded: str, flt: DesignGenerationFilter, index: str
) -> None:
    with psycopg.connect(seeded, autocommit=True) as conn:
        plan = "\n".join(row[0] for row in conn.execute("EXPLAIN " + _sql(flt)))
    assert index in plan, plan
    assert "Sort" not in plan, plan

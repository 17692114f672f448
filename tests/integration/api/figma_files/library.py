"""A library file swept through the sweep's own writers (marker, components, captures, watermark), for the
API tests that read what a sweep leaves behind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pymongo.database import Database

from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope
from wf2des.integrations.docstore import PROJECT_FIGMA_FILE
from wf2des.integrations.docstore.design_components import ComponentRecord, DesignComponents, FileScope
from wf2des.integrations.docstore.sweep_writer import SweepWriter


def sweep_library(
    db: Database[Any],
    org: int,
    proj: int,
    key: str,
    records: Sequence[ComponentRecord],
    *,
    keep: Sequence[str] | None = None,
    captures: tuple[Mapping[str, str], Mapping[str, Mapping[str, str]]] | None = None,
    version: str = "1",
) -> None:
    """Sweep the registered file ``key`` once: upsert ``records``, mark all but ``keep`` removed (when
    given), write ``captures`` (ids, keys) when given, and complete at ``version``."""
    found = db[PROJECT_FIGMA_FILE].find_one(
        {"organization_id": org, "project_id": proj, "figma_file_key": key}
    )
    assert found is not None
    writer = SweepWriter(db)
    marker = writer.acquire(found["_id"])
    assert marker is not None
    scope = FileScope(ProjectScope(AccessibleOrganizationID(org), proj), key)
    store = DesignComponents(db)
    store.upsert(scope, marker, "run-1", records, writer.now())
    if keep is not None:
        store.mark_removed(scope, marker, "run-1", keep, writer.now())
    if captures is not None:
        writer.write_captures(marker, *captures, "variables")
    writer.complete(marker, version=version)

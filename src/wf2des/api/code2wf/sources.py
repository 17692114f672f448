"""The part of a completed Page Import a generation needs, and a process-local cache of them."""

from __future__ import annotations

from dataclasses import dataclass

from wf2des.core.tenancy import ProjectScope

__all__ = ["CompletedImports", "SourceImport"]


@dataclass(frozen=True, slots=True)
class SourceImport:
    """What a generation needs from its (completed, hence immutable) Page Import."""

    id: str
    organization_id: int
    project_id: int
    manifest_url: str
    entry_path: str


class CompletedImports:
    """Completed Page Imports seen before. A completed import never changes and is never deleted, so the
    cache skips a query per create without ever serving stale data; the scope is re-checked on every hit.
    """

    def __init__(self, limit: int = 10_000) -> None:
        self._items: dict[str, SourceImport] = {}
        self._limit = limit

    def get(self, scope: ProjectScope, page_import_id: str) -> SourceImport | None:
        hit = self._items.get(page_import_id)
        if hit is None or (hit.organization_id, hit.project_id) != (scope.organization_id, scope.project_id):
            return None
        return hit

    def remember(self, item: SourceImport) -> None:
        if len(self._items) >= self._limit:
            self._items.clear()
        self._items[item.id] = item

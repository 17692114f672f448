"""Page Import response body (camelCase)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from wf2des.api.code2wf.schemas import camel
from wf2des.pg.tables import PageImport

__all__ = ["PageImportOut"]


class PageImportOut(BaseModel):
    model_config = ConfigDict(alias_generator=camel, populate_by_name=True)

    page_import_id: str
    project_id: int
    status: Literal["uploading", "completed", "failed"]
    entry: str
    file_count: int
    total_bytes: int
    manifest_url: str
    created_at: datetime
    created_by: str

    @classmethod
    def of(cls, row: PageImport) -> PageImportOut:
        return cls(
            page_import_id=row.id,
            project_id=row.project_id,
            status=row.status,  # the CHECK constraint limits it to the literal's values
            entry=row.entry_path,
            file_count=row.file_count,
            total_bytes=row.total_bytes,
            manifest_url=row.manifest_url,
            created_at=row.created_at,
            created_by=row.created_by,
        )

"""Design generation request and response bodies (camelCase on the wire)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from wf2des.api.code2wf.report import MaterializationReport
from wf2des.api.code2wf.schemas import FIGMA_FILE_KEY, AsciiStr, StatusName, _Camel, camel, out_fields
from wf2des.pg.repositories import DesignGenerationRecord

__all__ = [
    "WIREFRAME_NODE_ID",
    "DesignGenerationBatch",
    "DesignGenerationCreate",
    "DesignGenerationList",
    "DesignGenerationOut",
    "DesignMaterialization",
    "DesignReport",
]

# A wireframe is a top-level frame of a page: a plain node id, never an instance sublayer (``I…;…``).
WIREFRAME_NODE_ID = r"^\d+:\d+$"


class DesignGenerationCreate(_Camel):
    """A wireframe the worker reads over REST: one frame of a working file."""

    model_config = ConfigDict(alias_generator=camel, populate_by_name=True, extra="forbid")

    figma_file_key: AsciiStr = Field(min_length=1, max_length=255, pattern=FIGMA_FILE_KEY)
    wireframe_node_id: AsciiStr = Field(min_length=3, max_length=255, pattern=WIREFRAME_NODE_ID)


class DesignGenerationOut(_Camel):
    design_generation_id: str
    organization_id: int
    project_id: int
    figma_file_key: str
    wireframe_node_id: str
    status: StatusName
    attempt: int
    flag_count: int | None
    result_url: str | None
    error_message: str | None
    materialized_at: datetime | None
    created_at: datetime
    updated_at: datetime
    created_by: str
    updated_by: str

    @classmethod
    def of(cls, row: DesignGenerationRecord) -> DesignGenerationOut:
        """From a freshly read row, without re-validating what the table's types and CHECKs guarantee."""
        return cls.model_construct(**out_fields(cls, row, "design_generation_id"))


class DesignGenerationBatch(_Camel):
    """What a create answers: one generation per wireframe frame, in the order the frames were sent (one
    item for a ``figmaFileKey`` + ``wireframeNodeId`` request)."""

    items: list[DesignGenerationOut]


class DesignGenerationList(_Camel):
    items: list[DesignGenerationOut]
    next_cursor: str | None


class DesignReport(BaseModel):
    """The per-element report of a design generation (what was mapped, bound, snapped, or not mapped and
    why; totals per screen). Only its version field is spelled out here."""

    model_config = ConfigDict(extra="allow", title="DesignReport")

    schema_: str = Field(alias="schema", description="the report's format version")


class DesignMaterialization(_Camel):
    design_generation_id: str
    materialized_at: datetime
    report: MaterializationReport | None = Field(
        default=None, description="the plugin's placement report, when it sent one"
    )

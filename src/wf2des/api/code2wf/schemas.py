"""Code2WF request and response bodies (camelCase on the wire)."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from wf2des.api.code2wf.report import MaterializationReport
from wf2des.api.ids import ResourceId
from wf2des.pg.repositories import Code2wfRecord, GenerationRecord
from wf2des.pg.tables import Wf2desStatus
from wf2des.spec import SPEC_SCHEMA_V1, SPEC_SCHEMA_V1_1

__all__ = [
    "FIGMA_FILE_KEY",
    "PLACEMENT_TARGET",
    "SCREEN_ID",
    "AsciiStr",
    "Code2wfCreate",
    "Code2wfList",
    "Code2wfOut",
    "Code2wfSpec",
    "Materialization",
    "StatusName",
    "camel",
    "out_fields",
    "status_from_name",
    "status_name",
]

FIGMA_FILE_KEY = r"^[A-Za-z0-9]+$"
PLACEMENT_TARGET = r"^I?\d+:\d+(;\d+:\d+)*$"
SCREEN_ID = r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$"

StatusName = Literal["processing", "completed", "failed"]
_TO_NAME: dict[Wf2desStatus, StatusName] = {
    Wf2desStatus.PROCESSING: "processing",
    Wf2desStatus.COMPLETED: "completed",
    Wf2desStatus.FAILED: "failed",
}
_FROM_NAME = {name: status for status, name in _TO_NAME.items()}


def status_from_name(name: StatusName) -> Wf2desStatus:
    return _FROM_NAME[name]


def status_name(status: Wf2desStatus) -> StatusName:
    return _TO_NAME[status]


def _ascii_only(value: str) -> str:
    # Python's \d matches non-ASCII digits; Figma ids and keys are ASCII.
    if not value.isascii():
        raise ValueError("must be ASCII")
    return value


AsciiStr = Annotated[str, AfterValidator(_ascii_only)]


def camel(name: str) -> str:
    """``code2wf_id`` → ``code2wfId`` (pydantic's ``to_camel`` would capitalise after the digit)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=camel, populate_by_name=True)


class Code2wfCreate(_Camel):
    model_config = ConfigDict(alias_generator=camel, populate_by_name=True, extra="forbid")

    page_import_id: ResourceId = Field(min_length=1, max_length=255)
    figma_file_key: AsciiStr = Field(min_length=1, max_length=255, pattern=FIGMA_FILE_KEY)
    screen_id: AsciiStr | None = Field(default=None, min_length=1, max_length=255, pattern=SCREEN_ID)
    placement_target: AsciiStr | None = Field(
        default=None, min_length=3, max_length=255, pattern=PLACEMENT_TARGET
    )
    viewport_width: int | None = Field(default=None, ge=200, le=4000, strict=True)


class Code2wfOut(_Camel):
    code2wf_id: str
    organization_id: int
    project_id: int
    page_import_id: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None
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
    def of(cls, row: Code2wfRecord) -> Code2wfOut:
        """From a freshly read row, without re-validating what the table's types and CHECKs guarantee.

        Validation of 17 fields per item was the largest Python cost of a 50-item discovery page; the
        serialiser still writes exactly the declared fields (``model_construct`` sets every one of them).
        """
        return cls.model_construct(**out_fields(cls, row, "code2wf_id"))


class Code2wfList(_Camel):
    items: list[Code2wfOut]
    next_cursor: str | None


class Code2wfSpec(BaseModel):
    """The wireframe spec: its full contract is the JSON Schema ``schemas/code2wf-spec.v1.json``.

    Only the version field is spelled out here; generate the spec's own types from that JSON Schema.
    """

    # Not in the docstring, which is the OpenAPI description: in Python the spec's types are ``wf2des.spec``;
    # the API serves the stored spec's bytes as they are.
    model_config = ConfigDict(extra="allow", title="Code2wfSpec")

    schema_: str = Field(alias="schema", description=f"{SPEC_SCHEMA_V1} or {SPEC_SCHEMA_V1_1}")


class Materialization(_Camel):
    code2wf_id: str
    materialized_at: datetime
    report: MaterializationReport | None = Field(
        default=None, description="the plugin's placement report, when it sent one"
    )


def out_fields(model: type[BaseModel], row: GenerationRecord, id_member: str) -> dict[str, Any]:
    """A generation row's values under ``model``'s field names: its id as ``id_member``, its status by name.

    For ``model_construct``: the row comes from the table, whose types and CHECKs already hold.
    """
    values = {name: getattr(row, attribute) for name, attribute in _attributes(model, id_member)}
    values["status"] = _TO_NAME[row.status]
    return values


@functools.cache
def _attributes(model: type[BaseModel], id_member: str) -> tuple[tuple[str, str], ...]:
    return tuple((name, "id" if name == id_member else name) for name in model.model_fields)

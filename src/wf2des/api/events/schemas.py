"""Worker event bodies (the contract's models, with the API's bounds) and the acknowledgement."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from wf2des.api.code2wf.schemas import StatusName
from wf2des.jobs.contract import (
    Code2wfCompleted,
    Code2wfFailed,
    DesignGenerationCompleted,
    DesignGenerationEvent,
    DesignGenerationFailed,
)

__all__ = ["DESIGN_EVENT_ADAPTER", "EVENT_ADAPTER", "DesignEventAck", "EventAck", "EventBody"]

# ``attempt`` and ``flag_count`` are PostgreSQL ``integer`` columns: a correctly signed event carrying 2**31
# or 2**70 used to reach the database and fail there as a 500. Out of range is a 422 before any query.
# Integers in bodies are strict (``strict=True``): JSON `false` or `1.0` is not a count.
_INT4_MAX = 2**31 - 1


class _Completed(Code2wfCompleted):
    attempt: int = Field(ge=1, le=_INT4_MAX, strict=True)
    # negative counts reach the service, which refuses them with their own code (``invalid_flag_count``)
    flag_count: int = Field(alias="flagCount", le=_INT4_MAX, strict=True)


class _Failed(Code2wfFailed):
    attempt: int = Field(ge=1, le=_INT4_MAX, strict=True)


EventBody = Annotated[_Completed | _Failed, Field(discriminator="type")]
EVENT_ADAPTER: TypeAdapter[Code2wfCompleted | Code2wfFailed] = TypeAdapter(EventBody)


class EventAck(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    code2wf_id: str = Field(alias="code2wfId")
    status: StatusName
    applied: bool = Field(description="false when the event repeated one already recorded")


class _DesignCompleted(DesignGenerationCompleted):
    attempt: int = Field(ge=1, le=_INT4_MAX, strict=True)
    flag_count: int = Field(alias="flagCount", le=_INT4_MAX, strict=True)


class _DesignFailed(DesignGenerationFailed):
    attempt: int = Field(ge=1, le=_INT4_MAX, strict=True)


DesignEventBody = Annotated[_DesignCompleted | _DesignFailed, Field(discriminator="type")]
DESIGN_EVENT_ADAPTER: TypeAdapter[DesignGenerationEvent] = TypeAdapter(DesignEventBody)


class DesignEventAck(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    design_generation_id: str = Field(alias="designGenerationId")
    status: StatusName
    applied: bool = Field(description="false when the event repeated one already recorded")

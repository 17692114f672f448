"""Worker event bodies (the contract's models) and the acknowledgement."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from wf2des.api.code2wf.schemas import StatusName
from wf2des.jobs.contract import Code2wfCompleted, Code2wfFailed

__all__ = ["EVENT_ADAPTER", "EventAck", "EventBody"]

EventBody = Annotated[Code2wfCompleted | Code2wfFailed, Field(discriminator="type")]
EVENT_ADAPTER: TypeAdapter[Code2wfCompleted | Code2wfFailed] = TypeAdapter(EventBody)


class EventAck(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    code2wf_id: str = Field(alias="code2wfId")
    status: StatusName
    applied: bool = Field(description="false when the event repeated one already recorded")

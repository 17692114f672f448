"""Component-sweep bodies (camelCase on the wire)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from wf2des.api.code2wf.schemas import camel

__all__ = ["ComponentSweepOut"]


class ComponentSweepOut(BaseModel):
    model_config = ConfigDict(alias_generator=camel, populate_by_name=True)

    run_id: str
    files: list[str]

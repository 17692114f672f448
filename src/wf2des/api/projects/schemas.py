"""Project list bodies (camelCase on the wire)."""

from __future__ import annotations

from wf2des.api.code2wf.schemas import _Camel

__all__ = ["ProjectList", "ProjectOut"]


class ProjectOut(_Camel):
    project_id: int
    organization_id: int
    name: str


class ProjectList(_Camel):
    items: list[ProjectOut]
    truncated: bool

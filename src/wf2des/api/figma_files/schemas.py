"""Figma-file bodies (camelCase on the wire)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from wf2des.api.code2wf.schemas import camel
from wf2des.integrations.docstore import FileRole, ProjectFigmaFileDocument

__all__ = [
    "FigmaFileDetail",
    "FigmaFileList",
    "FigmaFileOut",
    "FileRegistration",
    "RoleName",
    "StyleCaptureKey",
    "role_from_name",
]

RoleName = Literal["working", "library"]
_TO_NAME: dict[FileRole, RoleName] = {FileRole.WORKING: "working", FileRole.LIBRARY: "library"}
_FROM_NAME = {name: role for role, name in _TO_NAME.items()}


def role_from_name(name: RoleName) -> FileRole:
    return _FROM_NAME[name]


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=camel, populate_by_name=True)


class FileRegistration(_Camel):
    model_config = ConfigDict(alias_generator=camel, populate_by_name=True, extra="forbid")

    role: RoleName


class FigmaFileOut(_Camel):
    """A registered file with the sync state ``component_sweep`` keeps on it."""

    figma_file_key: str
    role: RoleName
    config_url: str | None
    components_synced_at: datetime | None
    sweep_error: str | None
    sweep_in_flight: bool
    style_capture_count: int
    active_component_count: int
    created_at: datetime
    updated_at: datetime

    @classmethod
    def fields_of(
        cls, doc: ProjectFigmaFileDocument, *, active_components: int, now: datetime
    ) -> dict[str, Any]:
        marker = doc.get("sweep_marker")
        expires_at = marker.get("expires_at") if marker else None
        return {
            "figma_file_key": doc["figma_file_key"],
            "role": _TO_NAME[FileRole(doc["role"])],
            "config_url": doc.get("config_url"),
            "components_synced_at": doc.get("components_synced_at"),
            "sweep_error": doc.get("sweep_error"),
            # A marker past expires_at belongs to a sweep that died: the next sweep takes it over.
            "sweep_in_flight": isinstance(expires_at, datetime) and expires_at > now,
            "style_capture_count": len(doc.get("style_captures") or {}),
            "active_component_count": active_components,
            "created_at": doc["created_at"],
            "updated_at": doc["updated_at"],
        }

    @classmethod
    def of(cls, doc: ProjectFigmaFileDocument, *, active_components: int, now: datetime) -> FigmaFileOut:
        return cls(**cls.fields_of(doc, active_components=active_components, now=now))


class StyleCaptureKey(_Camel):
    """What a library asset is imported by in another file (``importStyleByKeyAsync`` and friends)."""

    kind: Literal["text_style", "color_style", "color_variable"]
    key: str


class FigmaFileDetail(FigmaFileOut):
    """One file, with its captures: ``{token: Figma style or variable id}`` (see ``wf2des.assemble.tokens``),
    each token's kind and key, and whether colours came from variables or the colour-style fallback."""

    style_captures: dict[str, str]
    style_capture_keys: dict[str, StyleCaptureKey] = {}
    color_capture_source: Literal["variables", "color_styles"] | None = None

    @classmethod
    def of(cls, doc: ProjectFigmaFileDocument, *, active_components: int, now: datetime) -> FigmaFileDetail:
        return cls(
            **FigmaFileOut.fields_of(doc, active_components=active_components, now=now),
            style_captures=dict(doc.get("style_captures") or {}),
            style_capture_keys=dict(doc.get("style_capture_keys") or {}),
            color_capture_source=doc.get("color_capture_source"),
        )


class FigmaFileList(_Camel):
    items: list[FigmaFileOut]

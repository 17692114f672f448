"""The documents the repositories return, typed as what the ``$jsonSchema`` validators in ``schema`` allow.

``TypedDict`` rather than dataclasses: pymongo hands back plain dicts, so the repositories return them as they
are (no copy per document), and readers that take any ``Mapping`` (the assemble step's library) keep working.
Keys marked ``NotRequired`` belong to one writer and are absent until it first writes them: read them with
``.get``. A key's absence can mean something (a file swept before ``style_capture_keys`` existed is swept
again to gain them), which is why they are not defaulted here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal, NotRequired, TypedDict

__all__ = [
    "CaptureKind",
    "ColorCaptureSource",
    "DesignComponentDocument",
    "ProjectFigmaFileDocument",
    "StyleCaptureKeyDocument",
    "SweepMarkerDocument",
]

CaptureKind = Literal["text_style", "color_style", "color_variable"]
ColorCaptureSource = Literal["variables", "color_styles"]


class SweepMarkerDocument(TypedDict):
    token: str
    acquired_at: datetime
    expires_at: datetime


class StyleCaptureKeyDocument(TypedDict):
    kind: CaptureKind
    key: str


class ProjectFigmaFileDocument(TypedDict):
    """``project_figma_file``: identity and audit fields, then each writer's own fields."""

    _id: str
    organization_id: int
    project_id: int
    figma_file_key: str
    index_schema_version: int
    created_at: datetime
    updated_at: datetime
    # registration
    role: NotRequired[int]  # a FileRole
    config_url: NotRequired[str]
    # component_sweep
    sweep_marker: NotRequired[SweepMarkerDocument | None]
    style_captures: NotRequired[dict[str, str]]
    style_capture_keys: NotRequired[dict[str, StyleCaptureKeyDocument]]
    color_capture_source: NotRequired[ColorCaptureSource]
    sweep_error: NotRequired[str | None]
    components_synced_at: NotRequired[datetime]
    swept_version: NotRequired[str]


class DesignComponentDocument(TypedDict):
    """``design_component``: one component swept from a file, with the sweep's lineage envelope."""

    _id: str
    organization_id: int
    project_id: int
    figma_file_key: str
    component_key: str
    node_id: str
    name: str
    status: Literal["active", "removed"]
    run_id: str
    producer: str
    produced_at: datetime
    index_schema_version: int
    created_at: datetime
    updated_at: datetime
    description: NotRequired[str | None]
    component_set_id: NotRequired[str | None]
    component_set_name: NotRequired[str | None]
    # Absent on documents swept before these fields existed; null when the sweep could not read the node.
    variant_properties: NotRequired[dict[str, str] | None]
    width: NotRequired[float | None]
    height: NotRequired[float | None]
    text_layers: NotRequired[list[str] | None]
    removed_at: NotRequired[datetime | None]
    sweep_fence: NotRequired[datetime]

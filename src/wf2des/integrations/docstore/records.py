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

from wf2des.integrations.docstore.lineage import LineageEnvelope

__all__ = [
    "CaptureKind",
    "ColorCaptureSource",
    "ConfigInputDocument",
    "DesignAreaDocument",
    "DesignArtifactsDocument",
    "DesignComponentDocument",
    "DesignGenerationResultDocument",
    "DesignInputsDocument",
    "DesignPlacementDocument",
    "LibraryInputDocument",
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


class DesignComponentDocument(LineageEnvelope):
    """``design_component``: one component swept from a file, with the sweep's lineage envelope."""

    _id: str
    organization_id: int
    project_id: int
    figma_file_key: str
    component_key: str
    node_id: str
    name: str
    status: Literal["active", "removed"]
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


class LibraryInputDocument(TypedDict):
    """A library file a design generation read: its version then, and the sweep watermark it had."""

    figma_file_key: str
    version: str
    components_synced_at: datetime | None


class ConfigInputDocument(TypedDict):
    """The project config a design generation used: its blob key, version (None: the home key) and hash."""

    key: str
    version: str | None
    sha256: str


class DesignInputsDocument(TypedDict):
    wireframe_source: Literal["rest", "snapshot"]
    figma_file_version: str | None  # the working file's version as the worker read it (None: not read)
    libraries: list[LibraryInputDocument]
    config: ConfigInputDocument | None


class DesignAreaDocument(TypedDict):
    node_id: str
    name: str
    page: str
    x: float
    y: float
    width: float
    height: float


class DesignPlacementDocument(TypedDict):
    figma_file_key: str
    wireframe_node_id: str
    design_area: DesignAreaDocument | None  # resolved from the project config's designArea
    design_area_error: NotRequired[str | None]  # why it is None when a config asked for one


class DesignArtifactsDocument(TypedDict):
    spec_key: str
    spec_sha256: str
    report_key: str
    preview_key: str | None


class DesignGenerationResultDocument(LineageEnvelope):
    """``design_generation_result``: one design generation's run (written only by its worker)."""

    _id: str
    organization_id: int
    project_id: int
    design_generation_id: str
    attempt: int
    figma_file_key: str
    wireframe_node_id: str
    inputs: DesignInputsDocument
    placement: DesignPlacementDocument
    artifacts: DesignArtifactsDocument
    flag_count: int
    created_at: datetime
    updated_at: datetime

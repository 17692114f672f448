"""Pure inputs of the assemble phase: style bindings from the sweep's captures, and the DESIGN-area rectangle.

No I/O here: callers pass the captures (from ``project_figma_file.style_captures``), the project config and a
Figma document tree.
"""

from __future__ import annotations

from wf2des.assemble.binding_details import (
    CaptureFile,
    MergedCaptures,
    binding_details,
    capture_files,
    merge_captures,
)
from wf2des.assemble.bindings import BindingResult, apply_bindings, normalise_name, style_bindings
from wf2des.assemble.config import AreaSelector, ProjectConfig, TokenAliases
from wf2des.assemble.design_area import AreaNotFound, design_area, resolve_area, wf_area
from wf2des.assemble.tokens import CaptureToken, make_token, parse_token

__all__ = [
    "AreaNotFound",
    "AreaSelector",
    "BindingResult",
    "CaptureFile",
    "CaptureToken",
    "MergedCaptures",
    "ProjectConfig",
    "TokenAliases",
    "apply_bindings",
    "binding_details",
    "capture_files",
    "design_area",
    "make_token",
    "merge_captures",
    "normalise_name",
    "parse_token",
    "resolve_area",
    "style_bindings",
    "wf_area",
]

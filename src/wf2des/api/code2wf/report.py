"""The plugin's placement report (``POST …/materialization`` body): every field and list bounded."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["FailedImport", "MaterializationReport", "MissingFont"]


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


class _Strict(BaseModel):
    model_config = ConfigDict(alias_generator=_camel, populate_by_name=True, extra="forbid")


_Text = Annotated[str, Field(min_length=1, max_length=255)]


class MissingFont(_Strict):
    family: _Text
    style: _Text


class FailedImport(_Strict):
    """A library asset the plugin could not import by key (unpublished, no access, deleted)."""

    kind: Literal["text_style", "color_style", "color_variable", "component"]
    key: _Text
    token: Annotated[str, Field(max_length=500)] | None = None
    reason: Annotated[str, Field(max_length=500)] | None = None


class MaterializationReport(_Strict):
    """What the plugin built and what it could not do; all lists are bounded."""

    node_count: int = Field(ge=0, le=10_000_000, strict=True)
    missing_fonts: list[MissingFont] = Field(default_factory=list, max_length=200)
    unbound_tokens: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(
        default_factory=list, max_length=1000
    )
    failed_imports: list[FailedImport] = Field(default_factory=list, max_length=1000)
    duration_ms: int = Field(ge=0, le=24 * 3600 * 1000, strict=True)
    plugin_version: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[\x21-\x7e]+$")]

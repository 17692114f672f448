"""The per-project ingest config (``{org}/{proj}/wf2des/config.json``), as published in
``schemas/project-config.v1.json``. The Pydantic model and the JSON Schema describe the same document; a test
keeps them in step.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "AreaSelector",
    "ComponentRef",
    "ComponentRule",
    "ProjectConfig",
    "RuleCondition",
    "TokenAliases",
]

SCHEMA_ID = "https://wf2des.dev/schemas/project-config.v1.json"


class AreaSelector(BaseModel):
    """Where an area is: an explicit ``nodeId``, or a ``page`` plus a ``nodeNamePattern``.

    The pattern is a regular expression searched in the names of the page's top-level SECTION/FRAME nodes;
    the first match in layer order wins.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    page: str | None = Field(default=None, min_length=1)
    node_name_pattern: str | None = Field(default=None, alias="nodeNamePattern", min_length=1)
    node_id: str | None = Field(default=None, alias="nodeId", pattern=r"^[0-9]+:[0-9]+$")

    @field_validator("node_name_pattern")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                re.compile(value)
            except re.error as exc:
                raise ValueError(f"nodeNamePattern is not a valid regular expression: {exc}") from exc
        return value

    @model_validator(mode="after")
    def _one_way(self) -> AreaSelector:
        if self.node_id is None and (self.page is None or self.node_name_pattern is None):
            raise ValueError("give either nodeId, or both page and nodeNamePattern")
        return self


class TokenAliases(BaseModel):
    """Spec token name → Figma name (``h1``, ``Brand/primary`` for a variable) or a capture token."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: dict[str, str] = Field(default_factory=dict)
    color: dict[str, str] = Field(default_factory=dict)


ComponentRole = Literal[
    "button",
    "link-button",
    "input",
    "textarea",
    "select",
    "checkbox",
    "radio",
    "toggle",
    "avatar",
    "badge",
    "icon",
    "card",
    "navbar",
]


class RuleCondition(BaseModel):
    """When a rule applies, beyond its role: the element's look (``variant``, ``size``) or its icon name."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    variant: Literal["primary", "secondary", "outline", "link"] | None = None
    size: Literal["small", "medium", "large"] | None = None
    icon: str | None = Field(default=None, min_length=1, max_length=100)


class ComponentRef(BaseModel):
    """A library component: a component set by name, or a plain component by name (exactly one)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    set: str | None = Field(default=None, min_length=1, max_length=200)
    name: str | None = Field(default=None, min_length=1, max_length=200)

    @model_validator(mode="after")
    def _exactly_one(self) -> ComponentRef:
        if (self.set is None) == (self.name is None):
            raise ValueError("give exactly one of set or name")
        return self


class ComponentRule(BaseModel):
    """Elements of ``role`` (meeting ``when``) become ``component`` with ``properties``; or stay frames."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    role: ComponentRole
    when: RuleCondition | None = None
    component: ComponentRef | None = None
    properties: dict[str, str] = Field(default_factory=dict, max_length=20)
    keep_frame: bool = Field(default=False, alias="keepFrame")

    @model_validator(mode="after")
    def _one_outcome(self) -> ComponentRule:
        if self.keep_frame == (self.component is not None):
            raise ValueError("give either component or keepFrame: true")
        if self.keep_frame and self.properties:
            raise ValueError("properties need a component")
        return self


class ProjectConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    schema_ref: str | None = Field(default=None, alias="$schema")
    version: Literal[1] = 1
    wf_area: AreaSelector = Field(alias="wfArea")
    design_area: AreaSelector = Field(alias="designArea")
    memo_markers: list[str] = Field(default_factory=list, alias="memoMarkers", max_length=50)
    token_aliases: TokenAliases = Field(default_factory=TokenAliases, alias="tokenAliases")
    components: list[ComponentRule] = Field(default_factory=list, max_length=200)

    def to_json(self) -> dict[str, object]:
        out = self.model_dump(by_alias=True, exclude_none=True, mode="json")
        # Rules read back as they were written: no empty defaults added to what the user sent.
        rules = [
            {
                k: v
                for k, v in rule.items()
                if not (k == "keepFrame" and v is False) and not (k == "properties" and not v)
            }
            for rule in out.pop("components", [])
        ]
        if rules:
            out["components"] = rules
        return out

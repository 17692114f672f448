"""The small typed views of Figma responses that the sweep needs (raw JSON kept where shapes vary)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["FileIndex", "FileMeta", "LocalVariables"]

JSON = dict[str, Any]


@dataclass(frozen=True)
class FileMeta:
    """``GET /v1/files/:key/meta``: the cheap change detector."""

    key: str
    name: str
    version: str
    last_touched_at: str | None = None


@dataclass(frozen=True)
class FileIndex:
    """``GET /v1/files/:key?depth=N``: the document (pages, maybe top-level nodes) and the local maps."""

    key: str
    name: str
    version: str
    document: JSON
    components: dict[str, JSON] = field(default_factory=dict)
    component_sets: dict[str, JSON] = field(default_factory=dict)
    styles: dict[str, JSON] = field(default_factory=dict)

    @property
    def pages(self) -> list[JSON]:
        children = self.document.get("children") or []
        return [page for page in children if isinstance(page, dict)]


@dataclass(frozen=True)
class LocalVariables:
    """``GET /v1/files/:key/variables/local``: variables and their collections, keyed by id."""

    variables: dict[str, JSON]
    collections: dict[str, JSON]

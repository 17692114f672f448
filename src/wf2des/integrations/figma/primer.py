"""GitHub's Primer design system as one Figma library file: the generated REST responses, loaded once.

``scripts/primer-library/generate`` writes them into ``libraries/primer`` (package data, so an installed wheel
has them) from the pinned ``@primer/primitives`` and ``@primer/octicons`` packages; ``SOURCE.md`` there says
which versions. The fake Figma serves a file registered with ``library="primer"`` from them.

Layout of the file (what a consumer can rely on):

- pages ``0:1`` Foundations (text-style specimens, colour swatches), ``0:2`` Components (one COMPONENT_SET per
  Primer component, node ids ``<block>:0`` with its variants ``<block>:1…``), ``0:3`` Icons;
- icons are plain COMPONENTs named ``icon/<size>/<octicon>`` (every size Octicons ships: 12, 16, 24, 48, 96),
  description ``Keywords: …`` when Octicons lists keywords; the VECTOR child's ``fillGeometry`` holds the
  SVG path data and is only sent when the request asks for ``geometry=paths``, as Figma does;
- variables: Primer's Figma export collections (``mode`` with light/dark, ``base/color/light|dark``,
  ``base/size``, ``functional/size``, ``pattern/size``, ``base/typography``, ``typography``);
- styles: text styles ``1:1…`` (Display, Title/…, Body/…, Caption, Code/Block) and FILL styles ``1:100…``
  named like the semantic colour variables they mirror.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

__all__ = ["PRIMER_FILE_KEY", "PrimerLibrary", "primer_dir", "primer_library"]

JSON = dict[str, Any]
PRIMER_FILE_KEY = "PrimerLibrary1"  # the key the generator writes into the published-asset answers


def primer_dir() -> Path:
    """The generated responses inside the package (a wheel installs them unzipped, so a real path exists)."""
    return Path(str(files("wf2des.integrations.figma") / "libraries" / "primer"))


@dataclass(frozen=True)
class PrimerLibrary:
    """The seven generated REST responses, plus an index of every node of the file by id."""

    file: JSON
    style_nodes: JSON
    variables_local: JSON
    variables_published: JSON
    components: JSON
    component_sets: JSON
    styles: JSON
    nodes: dict[str, JSON]


def _read(base: Path, name: str) -> JSON:
    data = json.loads((base / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def primer_library(base: Path | None = None) -> PrimerLibrary:
    base = base or primer_dir()
    file = _read(base, "file.json")
    return PrimerLibrary(
        file=file,
        style_nodes=_read(base, "style-nodes.json"),
        variables_local=_read(base, "variables-local.json"),
        variables_published=_read(base, "variables-published.json"),
        components=_read(base, "components.json"),
        component_sets=_read(base, "component-sets.json"),
        styles=_read(base, "styles.json"),
        nodes=index_nodes(file["document"]),
    )


def index_nodes(root: JSON) -> dict[str, JSON]:
    """Every node under ``root`` (itself included) by id."""
    out: dict[str, JSON] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        out[str(node.get("id"))] = node
        stack.extend(c for c in node.get("children", []) if isinstance(c, dict))
    return out

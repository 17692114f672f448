"""Pure: Figma answers → ``style_captures``, their library keys and ``design_component`` records.

Ids of a library file's styles and variables mean nothing in another file: the plugin imports them by **key**
(``importStyleByKeyAsync``, ``variables.importVariableByKeyAsync``). So beside ``{token: id}`` (kept exactly
as seed 000 says) the sweep records ``{token: {kind, key}}`` and which colour source the file's captures came
from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from wf2des.assemble.library import parse_variant_name
from wf2des.assemble.tokens import TokenSource, make_token
from wf2des.integrations.docstore.design_components import ComponentRecord
from wf2des.integrations.figma import FileIndex, LocalVariables
from wf2des.workers.component_sweep.component_nodes import component_node

__all__ = [
    "CaptureKey",
    "Captures",
    "ColorSource",
    "build_captures",
    "component_records",
    "style_ids_to_fetch",
]

ColorSource = Literal["variables", "color_styles"]


@dataclass(frozen=True)
class CaptureKey:
    kind: TokenSource
    key: str

    def as_document(self) -> dict[str, str]:
        return {"kind": self.kind, "key": self.key}


@dataclass(frozen=True)
class Captures:
    tokens: dict[str, str]
    duplicates: int  # same token from two styles/variables with one name: the smaller id wins
    keys: dict[str, CaptureKey] = field(default_factory=dict)  # token → kind and Figma key (import by key)
    # "color_styles" when the Variables REST API was refused (Enterprise-only) and FILL styles stood in.
    color_source: ColorSource = "variables"


def style_ids_to_fetch(index: FileIndex, *, fallback: bool) -> list[str]:
    """Local TEXT styles, plus FILL styles when colour variables are unavailable (their paints decide)."""
    wanted = {"TEXT", "FILL"} if fallback else {"TEXT"}
    return sorted(
        sid for sid, s in index.styles.items() if s.get("styleType") in wanted and s.get("remote") is not True
    )


def build_captures(
    index: FileIndex, nodes: Mapping[str, Mapping[str, Any] | None], variables: LocalVariables | None
) -> Captures:
    pairs: list[tuple[str, str, CaptureKey | None]] = []
    for sid in sorted(index.styles):
        style = index.styles[sid]
        node = (nodes.get(sid) or {}).get("document")
        if style.get("remote") is True or not isinstance(node, Mapping):
            continue  # a style whose definition node Figma no longer returns cannot be bound
        if style.get("styleType") == "TEXT" and node.get("type") == "TEXT":
            pairs.append((make_token("text_style", str(style["name"])), sid, _key("text_style", style)))
        elif style.get("styleType") == "FILL" and variables is None and _one_solid_paint(node):
            pairs.append((make_token("color_style", str(style["name"])), sid, _key("color_style", style)))
    if variables is not None:
        for vid in sorted(variables.variables):
            var = variables.variables[vid]
            collection = variables.collections.get(str(var.get("variableCollectionId")))
            if (
                var.get("resolvedType") != "COLOR"
                or var.get("remote") is True
                or var.get("deletedButReferenced") is True
                or collection is None
            ):
                continue
            token = make_token("color_variable", str(var["name"]), str(collection["name"]))
            pairs.append((token, vid, _key("color_variable", var)))
    tokens: dict[str, str] = {}
    keys: dict[str, CaptureKey] = {}
    duplicates = 0
    for token, figma_id, key in pairs:
        if token in tokens:
            duplicates += 1
            continue
        tokens[token] = figma_id
        if key is not None:
            keys[token] = key
    return Captures(tokens, duplicates, keys, "variables" if variables is not None else "color_styles")


def _key(kind: TokenSource, entry: Mapping[str, Any]) -> CaptureKey | None:
    """Figma always sends a local style's or variable's ``key``; without one the asset cannot be imported."""
    key = entry.get("key")
    return CaptureKey(kind, key) if isinstance(key, str) and key else None


def _one_solid_paint(node: Mapping[str, Any]) -> bool:
    visible = [
        p for p in node.get("fills") or [] if isinstance(p, Mapping) and p.get("visible", True) is not False
    ]
    return len(visible) == 1 and visible[0].get("type") == "SOLID"


def component_records(
    index: FileIndex, nodes: Mapping[str, Mapping[str, Any] | None] | None = None
) -> list[ComponentRecord]:
    """The file's *local* components (``remote`` ones are instances of other files' components).

    ``nodes`` (the ``/nodes`` answer for :func:`node_ids_to_fetch`: sets and plain components) adds each
    component's size, text layers, property definitions and whether it is its set's default variant; a
    component whose node Figma did not return keeps them null (unknown).
    """
    nodes = nodes or {}
    records: list[ComponentRecord] = []
    for node_id in sorted(index.components):
        c = index.components[node_id]
        if c.get("remote") is True or not c.get("key"):
            continue
        set_id = c.get("componentSetId") or None
        component_set = index.component_sets.get(set_id, {}) if set_id else {}
        read = component_node(node_id, set_id, nodes)
        name = str(c.get("name", ""))
        records.append(
            ComponentRecord(
                component_key=str(c["key"]),
                node_id=node_id,
                name=name,
                description=c.get("description") or None,
                component_set_id=set_id,
                component_set_name=component_set.get("name") if set_id else None,
                variant_properties=parse_variant_name(name) if set_id else None,
                width=read.width,
                height=read.height,
                text_layers=read.text_layers,
                component_set_key=component_set.get("key") or None,
                property_definitions=read.property_definitions,
                default_variant=read.default_variant,
            )
        )
    return records

"""Pure: which nodes the sweep reads for its components, and what it reads from them.

A component set's node holds its variants (its children) *and* its ``componentPropertyDefinitions``, so the
sweep asks for each local set's node plus each plain component's node, never a variant's own: at most one id
per component, hence ⌈components ÷ 400⌉ ``GET /nodes`` requests at most (fewer when sets hold many variants).

From a component's node (a variant found inside its set's node): size, visible TEXT layer names, and per
property the layers that reference it (``componentPropertyReferences``: ``characters`` for TEXT,
``visible`` for BOOLEAN, ``mainComponent`` for INSTANCE_SWAP). From the set's (or plain component's)
definitions: every property with its type, default, VARIANT options and INSTANCE_SWAP preferred values, and
which variant is the default (the one whose values are every VARIANT property's ``defaultValue``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wf2des.assemble.library import parse_variant_name
from wf2des.integrations.docstore.records import PreferredValueDocument, PropertyDefinitionDocument
from wf2des.integrations.figma import FileIndex

__all__ = ["ComponentNode", "component_node", "node_ids_to_fetch"]

_PROPERTY_TYPES = ("VARIANT", "TEXT", "BOOLEAN", "INSTANCE_SWAP")
_REFERENCE_FIELDS = ("characters", "visible", "mainComponent")


def _local_sets(index: FileIndex) -> set[str]:
    return {sid for sid, s in index.component_sets.items() if s.get("remote") is not True}


def node_ids_to_fetch(index: FileIndex) -> list[str]:
    """Each local set's node, and each local component's outside a local set: ≤ one per component."""
    sets = _local_sets(index)
    ids: set[str] = set()
    for node_id, component in index.components.items():
        if component.get("remote") is True or not component.get("key"):
            continue
        set_id = component.get("componentSetId")
        ids.add(str(set_id) if set_id in sets else node_id)
    return sorted(ids)


@dataclass(frozen=True)
class ComponentNode:
    """What the sweep records from one component's node; every field ``None`` when Figma did not return it."""

    width: float | None = None
    height: float | None = None
    text_layers: list[str] | None = None
    property_definitions: list[PropertyDefinitionDocument] | None = None
    default_variant: bool | None = None


def component_node(
    node_id: str, set_id: str | None, nodes: Mapping[str, Mapping[str, Any] | None]
) -> ComponentNode:
    """The component's node (inside its set's node when it has one) and the definitions that apply to it."""
    set_node = _document(nodes, set_id) if set_id else None
    node = _find(set_node, node_id) if set_node is not None else None
    if node is None:
        node = _document(nodes, node_id)
    if node is None:
        return ComponentNode()
    owner = set_node if set_node is not None else node
    raw = owner.get("componentPropertyDefinitions")
    definitions = raw if isinstance(raw, Mapping) else {}
    references = _references(node)
    properties = [
        _definition(str(name), definition, references.get(str(name), []))
        for name, definition in definitions.items()
        if isinstance(definition, Mapping) and definition.get("type") in _PROPERTY_TYPES
    ]
    width, height = _size(node)
    return ComponentNode(
        width=width,
        height=height,
        text_layers=_text_layers(node),
        property_definitions=properties,
        default_variant=_is_default(node, set_node, definitions) if set_node is not None else None,
    )


def _document(nodes: Mapping[str, Mapping[str, Any] | None], node_id: str) -> Mapping[str, Any] | None:
    document = (nodes.get(node_id) or {}).get("document")
    return document if isinstance(document, Mapping) else None


def _find(root: Mapping[str, Any], node_id: str) -> Mapping[str, Any] | None:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.get("id") == node_id:
            return node
        stack.extend(c for c in node.get("children") or [] if isinstance(c, Mapping))
    return None


def _definition(name: str, definition: Mapping[str, Any], layers: list[str]) -> PropertyDefinitionDocument:
    kind = definition["type"]
    default = definition.get("defaultValue")
    out: PropertyDefinitionDocument = {
        "name": name,
        "type": kind,
        "default": default if isinstance(default, str | bool) else "",
        "layers": layers,
    }
    if kind == "VARIANT":
        out["options"] = [str(o) for o in definition.get("variantOptions") or []]
    if kind == "INSTANCE_SWAP":
        preferred: list[PreferredValueDocument] = []
        for value in definition.get("preferredValues") or []:
            if (
                isinstance(value, Mapping)
                and value.get("type") in ("COMPONENT", "COMPONENT_SET")
                and isinstance(value.get("key"), str)
            ):
                preferred.append({"type": value["type"], "key": value["key"]})
        out["preferred"] = preferred
    return out


def _references(node: Mapping[str, Any]) -> dict[str, list[str]]:
    """Property name → names of the layers under ``node`` that reference it, in layer order, each once."""
    out: dict[str, list[str]] = {}
    stack = list(reversed(node.get("children") or []))
    while stack:
        child = stack.pop()
        if not isinstance(child, Mapping):
            continue
        refs = child.get("componentPropertyReferences")
        if isinstance(refs, Mapping):
            for field in _REFERENCE_FIELDS:
                prop = refs.get(field)
                if isinstance(prop, str):
                    names = out.setdefault(prop, [])
                    if str(child.get("name", "")) not in names:
                        names.append(str(child.get("name", "")))
        if child.get("type") != "INSTANCE":  # an instance's insides belong to its own component
            stack.extend(reversed(child.get("children") or []))
    return out


def _is_default(node: Mapping[str, Any], set_node: Mapping[str, Any], definitions: Mapping[str, Any]) -> bool:
    """Figma's default variant: the one with every VARIANT property at its ``defaultValue``; a set whose
    definitions say nothing (an old file) defaults to its first variant, as Figma shows it."""
    defaults = {
        str(name): str(d.get("defaultValue"))
        for name, d in definitions.items()
        if isinstance(d, Mapping) and d.get("type") == "VARIANT"
    }
    if defaults:
        return parse_variant_name(str(node.get("name", ""))) == defaults
    first = next((c for c in set_node.get("children") or [] if isinstance(c, Mapping)), None)
    return first is not None and first.get("id") == node.get("id")


def _text_layers(node: Mapping[str, Any]) -> list[str]:
    """Names of the visible TEXT layers under a component, in layer order, each once."""
    names: list[str] = []
    stack = list(reversed(node.get("children") or []))
    while stack:
        child = stack.pop()
        if not isinstance(child, Mapping) or child.get("visible") is False:
            continue
        if child.get("type") == "TEXT" and str(child.get("name", "")) not in names:
            names.append(str(child.get("name", "")))
        stack.extend(reversed(child.get("children") or []))
    return names


def _size(node: Mapping[str, Any]) -> tuple[float | None, float | None]:
    box = node.get("absoluteBoundingBox")
    if not isinstance(box, Mapping):
        return None, None
    width, height = box.get("width"), box.get("height")
    return (
        float(width) if isinstance(width, int | float) else None,
        float(height) if isinstance(height, int | float) else None,
    )

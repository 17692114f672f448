"""The spec's TypedDicts (``wf2des.spec``) and its JSON Schema describe the same document.

Every object in the schema that lists its properties is matched to one TypedDict; the keys, the required keys
and the enums must agree both ways, so a property added to one side only fails here.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin

import pytest

from wf2des import spec
from wf2des.generator.model import WNodeType
from wf2des.generator.schema import load_schema

# JSON pointer of each schema object → the TypedDict that mirrors it.
OBJECTS: dict[str, type] = {
    "": spec.Spec,
    "/properties/source": spec.Source,
    "/properties/screens/items": spec.Screen,
    "/properties/screens/items/properties/viewport": spec.Viewport,
    "/properties/tokens": spec.Tokens,
    "/properties/tokens/properties/color/additionalProperties": spec.ColorToken,
    "/properties/tokens/properties/text/additionalProperties": spec.TextToken,
    "/properties/tokens/properties/text/additionalProperties/properties/lineHeight": spec.LineHeight,
    "/properties/outcomes/items": spec.Outcome,
    "/properties/placement": spec.Placement,
    "/properties/placement/properties/designArea/oneOf/1": spec.DesignArea,
    "/$defs/styleBindingDetail": spec.StyleBindingDetail,
    "/$defs/styleSource": spec.StyleSource,
    "/$defs/componentMapping": spec.ComponentMapping,
    "/$defs/componentMapping/properties/components/items": spec.ComponentSummary,
    "/$defs/box": spec.Box,
    "/$defs/node": spec.Node,
    "/$defs/node/properties/styleRuns/items": spec.StyleRun,
    "/$defs/node/properties/paragraphs/items": spec.Paragraph,
    "/$defs/node/properties/textOverrides/items": spec.TextOverride,
}


def _objects(node: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object with ``properties``, by JSON pointer."""
    if isinstance(node, dict):
        if "properties" in node:
            yield pointer, node
        for key, value in node.items():
            yield from _objects(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _objects(value, f"{pointer}/{index}")


def _literals(annotation: Any) -> set[Any] | None:
    """The values a ``Literal`` (possibly ``| None``, possibly behind ``Required``) allows, else None."""
    if get_origin(annotation) is typing.Required:
        (annotation,) = get_args(annotation)
    if get_origin(annotation) is Literal:
        return set(get_args(annotation))
    if get_origin(annotation) in (typing.Union, types.UnionType):
        values: set[Any] = set()
        for arm in get_args(annotation):
            if arm is type(None):
                values.add(None)
                continue
            inner = _literals(arm)
            if inner is None:
                return None
            values |= inner
        return values
    return None


def test_every_schema_object_has_a_typeddict() -> None:
    found = {pointer for pointer, _ in _objects(load_schema()) if "/allOf/" not in pointer}
    assert found == set(OBJECTS)


@pytest.mark.parametrize(("pointer", "typed"), OBJECTS.items(), ids=list(OBJECTS))
def test_typeddict_matches_its_schema_object(pointer: str, typed: type) -> None:
    schema = load_schema()
    obj: Any = schema
    for part in pointer.split("/")[1:]:
        obj = obj[int(part)] if isinstance(obj, list) else obj[part]
    hints = typing.get_type_hints(typed, include_extras=True)
    assert set(hints) == set(obj["properties"])
    assert set(typed.__required_keys__) == set(obj.get("required", ()))  # type: ignore[attr-defined]
    for name, prop in obj["properties"].items():
        if "enum" in prop:
            assert _literals(hints[name]) == set(prop["enum"]), name


def test_schema_versions_are_the_schemas_enum() -> None:
    assert set(get_args(spec.SchemaVersion)) == set(load_schema()["properties"]["schema"]["enum"])
    assert {spec.SPEC_SCHEMA_V1, spec.SPEC_SCHEMA_V1_1} == set(get_args(spec.SchemaVersion))


def test_node_role_is_the_schemas_enum() -> None:
    roles = load_schema()["$defs"]["node"]["properties"]["role"]["enum"]
    assert {*get_args(spec.Role), None} == set(roles)


def test_the_generator_draws_every_node_type_but_instance() -> None:
    assert set(get_args(WNodeType)) == set(get_args(spec.NodeType)) - {"INSTANCE"}


def test_outcome_builds_a_valid_entry() -> None:
    entry = spec.outcome("x:1", "kind", "message", flagged=False, screen_id="s", node_id="1:2")
    assert entry == {
        "id": "x:1",
        "kind": "kind",
        "message": "message",
        "flagged": False,
        "screenId": "s",
        "nodeId": "1:2",
    }

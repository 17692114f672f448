"""A team's design library as the design step sees it, read from the library files' REST responses (pure).

Inputs are what the Figma REST API answers for one library file: ``GET /v1/files/:key`` (components, component
sets with their ``componentPropertyDefinitions``, the ``styles`` map), ``GET /v1/files/:key/variables/local``
(Enterprise only: ``None`` when Figma answered 403, and colours then come from the file's colour styles) and
``GET /v1/files/:key/nodes?ids=<style node ids>`` (each style's own node: its paint, its type settings).

Nothing here knows a particular design system: roles come from words in names, scopes and code syntax
(:mod:`wf2des.design.semantics`), sizes from the variants' own boxes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from wf2des.assemble.library import parse_variant_name
from wf2des.assemble.naming import canonical_icon, normalise_component_name

__all__ = [
    "ColorToken",
    "ComponentProperty",
    "DesignLibrary",
    "FloatToken",
    "LibraryComponentSet",
    "LibraryFileRest",
    "LibraryVariant",
    "PlainComponent",
    "TextStyle",
]

PropertyType = Literal["VARIANT", "TEXT", "BOOLEAN", "INSTANCE_SWAP"]


@dataclass(frozen=True, slots=True)
class LibraryFileRest:
    """One library file as the REST API returned it (the caller did the I/O)."""

    file_key: str
    file: Mapping[str, Any]
    variables: Mapping[str, Any] | None = None  # variables/local; None when Figma answered 403
    style_nodes: Mapping[str, Any] | None = None  # GET /v1/files/:key/nodes for the styles' node ids


@dataclass(frozen=True, slots=True)
class ComponentProperty:
    name: str  # as Figma keys it, with its ``#id`` suffix for TEXT/BOOLEAN/INSTANCE_SWAP
    type: PropertyType
    default: str
    options: tuple[str, ...] = ()  # VARIANT options

    @property
    def label(self) -> str:
        """The name a designer sees (``Label#1:0`` → ``Label``)."""
        return self.name.split("#", 1)[0]


@dataclass(frozen=True, slots=True)
class LibraryVariant:
    key: str
    name: str
    values: Mapping[str, str]
    width: float
    height: float
    fill: str | None = None  # the variant's own first solid fill (``#rrggbb``), a cue for emphasis
    stroke: str | None = None


@dataclass(frozen=True, slots=True)
class LibraryComponentSet:
    key: str
    name: str
    description: str
    file_key: str
    properties: tuple[ComponentProperty, ...]
    variants: tuple[LibraryVariant, ...]

    def variant_properties(self) -> list[ComponentProperty]:
        return [p for p in self.properties if p.type == "VARIANT"]

    def of_type(self, kind: PropertyType) -> list[ComponentProperty]:
        return [p for p in self.properties if p.type == kind]


@dataclass(frozen=True, slots=True)
class PlainComponent:
    """A component outside any set (icons are usually these)."""

    key: str
    name: str
    description: str
    file_key: str
    width: float
    height: float
    properties: tuple[ComponentProperty, ...] = ()


@dataclass(frozen=True, slots=True)
class TextStyle:
    id: str  # the style's node id in its file
    key: str
    name: str
    file_key: str
    font_family: str
    font_style: str
    font_weight: int
    font_size: float
    line_height: float | None


@dataclass(frozen=True, slots=True)
class ColorToken:
    """A colour variable (preferred) or a colour style, with its default-mode value."""

    kind: Literal["color_variable", "color_style"]
    id: str
    key: str
    name: str  # the variable's or style's own name
    file_key: str
    hex: str
    alpha: float
    scopes: tuple[str, ...] = ()
    code_syntax: str = ""
    collection: str = ""  # a variable's collection


@dataclass(frozen=True, slots=True)
class FloatToken:
    id: str
    key: str
    name: str
    file_key: str
    value: float
    scopes: tuple[str, ...] = ()
    code_syntax: str = ""


@dataclass(frozen=True)
class DesignLibrary:
    """Every component set, plain component, text style, colour and number token of a project's libraries."""

    sets: tuple[LibraryComponentSet, ...] = ()
    components: tuple[PlainComponent, ...] = ()
    text_styles: tuple[TextStyle, ...] = ()
    colors: tuple[ColorToken, ...] = ()
    floats: tuple[FloatToken, ...] = ()
    file_keys: tuple[str, ...] = ()
    # Each component's own node in its file (by component key): what the design preview draws an instance
    # from. The REST dicts themselves, shared with the caller's copy of the file, not copied.
    component_nodes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False, compare=False)
    _by_set_name: dict[str, LibraryComponentSet] = field(default_factory=dict, repr=False, compare=False)
    _by_name: dict[str, PlainComponent] = field(default_factory=dict, repr=False, compare=False)
    _icons: dict[str, list[PlainComponent]] = field(default_factory=dict, repr=False, compare=False)
    # Indexes the design step builds once per library (its palette by role, its number scale).
    memo: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for component_set in self.sets:
            self._by_set_name.setdefault(normalise_component_name(component_set.name), component_set)
            last = component_set.name.rsplit("/", 1)[-1]
            self._by_set_name.setdefault(normalise_component_name(last), component_set)
        for component in self.components:
            self._by_name.setdefault(normalise_component_name(component.name), component)
            last = component.name.rsplit("/", 1)[-1]
            self._by_name.setdefault(normalise_component_name(last), component)
            self._icons.setdefault(canonical_icon(last), []).append(component)

    def find_set(self, name: str) -> LibraryComponentSet | None:
        return self._by_set_name.get(normalise_component_name(name))

    def find_component(self, name: str) -> PlainComponent | None:
        return self._by_name.get(normalise_component_name(name))

    def find_icon(self, canonical: str, size: float = 16.0) -> PlainComponent | None:
        """A plain component by its canonical icon name (``naming.canonical_icon`` of its last segment);
        of several sizes of one icon (12, 16, 24), the one nearest ``size``."""
        found = self._icons.get(canonical)
        if not found:
            return None
        return min(found, key=lambda c: (abs(c.height - size), c.name, c.key))

    @classmethod
    def from_rest(cls, files: Sequence[LibraryFileRest]) -> DesignLibrary:
        sets: list[LibraryComponentSet] = []
        components: list[PlainComponent] = []
        text_styles: list[TextStyle] = []
        colors: list[ColorToken] = []
        floats: list[FloatToken] = []
        nodes: dict[str, Mapping[str, Any]] = {}
        for rest in files:
            document = rest.file.get("document") or {}
            meta_components = rest.file.get("components") or {}
            meta_sets = rest.file.get("componentSets") or {}
            for node in _walk(document):
                kind = node.get("type")
                if kind == "COMPONENT_SET":
                    sets.append(_component_set(node, meta_sets, meta_components, rest.file_key))
                    for variant in node.get("children") or ():
                        if variant.get("type") == "COMPONENT":
                            nodes.setdefault(_component_key(variant, meta_components), variant)
                elif kind == "COMPONENT" and not _in_set(node, meta_components):
                    components.append(_plain(node, meta_components, rest.file_key))
                    nodes.setdefault(_component_key(node, meta_components), node)
            styles = rest.file.get("styles") or {}
            style_docs = _style_documents(rest.style_nodes)
            text_styles.extend(_text_styles(styles, style_docs, rest.file_key))
            variable_colors, variable_floats = _variables(rest.variables, rest.file_key)
            colors.extend(variable_colors or _color_styles(styles, style_docs, rest.file_key))
            floats.extend(variable_floats)
        return cls(
            tuple(sorted(sets, key=lambda s: (s.name, s.key))),
            tuple(sorted(components, key=lambda c: (c.name, c.key))),
            tuple(sorted(text_styles, key=lambda t: (t.name, t.id))),
            tuple(sorted(colors, key=lambda c: (c.name, c.id))),
            tuple(sorted(floats, key=lambda f: (f.name, f.id))),
            tuple(rest.file_key for rest in files),
            nodes,
        )


def _walk(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if current.get("type") in ("COMPONENT", "INSTANCE"):
            continue  # a component's inner layers are not library entries
        stack.extend(reversed(current.get("children") or []))


def _component_key(node: Mapping[str, Any], meta: Mapping[str, Any]) -> str:
    """The key a spec instance names its component by (the published key, else the node id)."""
    entry = meta.get(str(node.get("id"))) or {}
    return str(entry.get("key") or node.get("id"))


def _in_set(node: Mapping[str, Any], meta: Mapping[str, Any]) -> bool:
    entry = meta.get(str(node.get("id"))) or {}
    return bool(entry.get("componentSetId"))


def _box(node: Mapping[str, Any]) -> tuple[float, float]:
    box = node.get("absoluteBoundingBox") or {}
    return float(box.get("width") or 0.0), float(box.get("height") or 0.0)


def _solid(paints: Any) -> str | None:
    for paint in paints or ():
        if paint.get("type") == "SOLID" and paint.get("visible", True) and paint.get("color"):
            return hex_of(paint["color"])
    return None


def hex_of(color: Mapping[str, Any]) -> str:
    def channel(name: str) -> int:
        return max(0, min(255, round(float(color.get(name, 0.0)) * 255)))

    return f"#{channel('r'):02x}{channel('g'):02x}{channel('b'):02x}"


def _properties(definitions: Mapping[str, Any]) -> tuple[ComponentProperty, ...]:
    out: list[ComponentProperty] = []
    for name in sorted(definitions):
        definition = definitions[name]
        kind = definition.get("type")
        if kind not in ("VARIANT", "TEXT", "BOOLEAN", "INSTANCE_SWAP"):
            continue
        options = tuple(str(o) for o in definition.get("variantOptions") or ())
        out.append(ComponentProperty(name, kind, str(definition.get("defaultValue", "")), options))
    return tuple(out)


def _component_set(
    node: Mapping[str, Any], meta_sets: Mapping[str, Any], meta: Mapping[str, Any], file_key: str
) -> LibraryComponentSet:
    set_meta = meta_sets.get(str(node.get("id"))) or {}
    variants: list[LibraryVariant] = []
    for child in node.get("children") or ():
        if child.get("type") != "COMPONENT":
            continue
        width, height = _box(child)
        variants.append(
            LibraryVariant(
                key=_component_key(child, meta),
                name=str(child.get("name", "")),
                values=parse_variant_name(str(child.get("name", ""))),
                width=width,
                height=height,
                fill=_solid(child.get("fills")),
                stroke=_solid(child.get("strokes")),
            )
        )
    properties = _properties(node.get("componentPropertyDefinitions") or {})
    if not any(p.type == "VARIANT" for p in properties):  # older files: options only in variant names
        options: dict[str, list[str]] = {}
        for variant in variants:
            for prop, value in variant.values.items():
                options.setdefault(prop, [])
                if value not in options[prop]:
                    options[prop].append(value)
        first = variants[0].values if variants else {}
        properties += tuple(
            ComponentProperty(prop, "VARIANT", first.get(prop, values[0]), tuple(values))
            for prop, values in sorted(options.items())
        )
    return LibraryComponentSet(
        key=str(set_meta.get("key") or node.get("id")),
        name=str(node.get("name", "")),
        description=str(set_meta.get("description") or node.get("description") or ""),
        file_key=file_key,
        properties=properties,
        variants=tuple(variants),
    )


def _plain(node: Mapping[str, Any], meta: Mapping[str, Any], file_key: str) -> PlainComponent:
    entry = meta.get(str(node.get("id"))) or {}
    width, height = _box(node)
    return PlainComponent(
        key=str(entry.get("key") or node.get("id")),
        name=str(entry.get("name") or node.get("name", "")),
        description=str(entry.get("description") or node.get("description") or ""),
        file_key=file_key,
        width=width,
        height=height,
        properties=_properties(node.get("componentPropertyDefinitions") or {}),
    )


def _style_documents(style_nodes: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    out: dict[str, Mapping[str, Any]] = {}
    for node_id, entry in ((style_nodes or {}).get("nodes") or {}).items():
        if isinstance(entry, Mapping) and isinstance(entry.get("document"), Mapping):
            out[str(node_id)] = entry["document"]
    return out


def _text_styles(
    styles: Mapping[str, Any], docs: Mapping[str, Mapping[str, Any]], file_key: str
) -> list[TextStyle]:
    out = []
    for node_id, meta in styles.items():
        doc = docs.get(node_id)
        if meta.get("styleType") != "TEXT" or doc is None:
            continue
        style = doc.get("style") or {}
        if not style.get("fontSize"):
            continue
        out.append(
            TextStyle(
                id=node_id,
                key=str(meta.get("key") or ""),
                name=str(meta.get("name") or doc.get("name") or ""),
                file_key=file_key,
                font_family=str(style.get("fontFamily") or ""),
                font_style=str(style.get("fontPostScriptName") or style.get("fontStyle") or ""),
                font_weight=int(style.get("fontWeight") or 400),
                font_size=float(style["fontSize"]),
                line_height=float(style["lineHeightPx"]) if style.get("lineHeightPx") else None,
            )
        )
    return out


def _color_styles(
    styles: Mapping[str, Any], docs: Mapping[str, Mapping[str, Any]], file_key: str
) -> list[ColorToken]:
    out = []
    for node_id, meta in styles.items():
        doc = docs.get(node_id)
        if meta.get("styleType") != "FILL" or doc is None:
            continue
        paints = [p for p in doc.get("fills") or () if p.get("type") == "SOLID"]
        if len(paints) != 1:
            continue  # gradients and stacks are not one colour
        out.append(
            ColorToken(
                kind="color_style",
                id=node_id,
                key=str(meta.get("key") or ""),
                name=str(meta.get("name") or ""),
                file_key=file_key,
                hex=hex_of(paints[0]["color"]),
                alpha=float(paints[0].get("opacity", 1.0)) * float(paints[0]["color"].get("a", 1.0)),
            )
        )
    return out


def _variables(payload: Mapping[str, Any] | None, file_key: str) -> tuple[list[ColorToken], list[FloatToken]]:
    if not payload:
        return [], []
    meta = payload.get("meta") or {}
    variables: Mapping[str, Any] = meta.get("variables") or {}
    collections: Mapping[str, Any] = meta.get("variableCollections") or {}
    colors: list[ColorToken] = []
    floats: list[FloatToken] = []
    for variable_id, variable in variables.items():
        if variable.get("remote") or variable.get("deletedButReferenced"):
            continue
        collection = collections.get(str(variable.get("variableCollectionId"))) or {}
        value = _resolve(variable, variables, collections, depth=0)
        name = str(variable.get("name") or "")
        scopes = tuple(str(s) for s in variable.get("scopes") or ())
        code = str((variable.get("codeSyntax") or {}).get("WEB") or "")
        key = str(variable.get("key") or "")
        if variable.get("resolvedType") == "COLOR" and isinstance(value, Mapping):
            colors.append(
                ColorToken(
                    "color_variable",
                    variable_id,
                    key,
                    name,
                    file_key,
                    hex_of(value),
                    float(value.get("a", 1.0)),
                    scopes,
                    code,
                    str(collection.get("name") or ""),
                )
            )
        elif variable.get("resolvedType") == "FLOAT" and isinstance(value, int | float):
            floats.append(FloatToken(variable_id, key, name, file_key, float(value), scopes, code))
    return colors, floats


def _resolve(
    variable: Mapping[str, Any], variables: Mapping[str, Any], collections: Mapping[str, Any], depth: int
) -> Any:
    """The variable's value in its collection's default mode, following aliases (bounded: cycles exist)."""
    collection = collections.get(str(variable.get("variableCollectionId"))) or {}
    values: Mapping[str, Any] = variable.get("valuesByMode") or {}
    mode = collection.get("defaultModeId")
    value = values.get(str(mode)) if mode in values else next(iter(values.values()), None)
    if isinstance(value, Mapping) and value.get("type") == "VARIABLE_ALIAS":
        target = variables.get(str(value.get("id")))
        if target is None or depth > 8:
            return None
        return _resolve(target, variables, collections, depth + 1)
    return value

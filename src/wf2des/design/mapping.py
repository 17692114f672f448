"""One understood element → one library component and its properties, or a reason it stays a frame (pure).

Order: the project's ``components`` rules, then a memo naming a component, then a set the layer names, then
the role's synonyms among the library's set names (``naming.ROLE_SYNONYMS``). Variant properties come from
what was drawn and from memos: an emphasis property (Variant/Type/Kind/Style …) takes the option whose name
means the drawn emphasis, a size property (Size/Scale …) the option whose variants' height is nearest the
drawn height (or a memo's size word), a checked property on/off. TEXT properties receive the sketch's own
labels (a property left without one is set to "" rather than keep its default "Button"); an icon goes into an
INSTANCE_SWAP property, with the BOOLEAN that shows it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wf2des.assemble.config import ComponentRule
from wf2des.assemble.naming import ROLE_SYNONYMS, canonical_icon, icon_candidates, normalise_component_name
from wf2des.design.cues import Understood
from wf2des.design.library import (
    ComponentProperty,
    DesignLibrary,
    LibraryComponentSet,
    LibraryVariant,
    PlainComponent,
)

__all__ = ["Mapped", "NotMapped", "map_element"]

THRESHOLD = 0.6
_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    **ROLE_SYNONYMS,
    "link": ("link", "text-link", "anchor", "hyperlink"),
    "icon-button": ("icon-button", "iconbutton", "button-icon", "icon-btn"),
    "image": ("image", "img", "picture", "media", "image-placeholder"),
    "badge": ("badge", "tag", "chip", "pill", "label", "counter-label"),
    "checkbox": ("checkbox", "check-box", "check", "tick-box", "tickbox", "tick"),
}
_CONFIG_ROLE = {"link": "link-button"}
_EMPHASIS_PROPS = frozenset(
    {
        "variant",
        "type",
        "kind",
        "style",
        "appearance",
        "hierarchy",
        "emphasis",
        "priority",
        "scheme",
        "intent",
    }
)
_SIZE_PROPS = frozenset({"size", "scale", "density", "height"})
_CHECK_PROPS = frozenset(
    {"checked", "selected", "value", "on", "active", "toggled", "is-checked", "state", "ticked", "is-on"}
)
_EMPHASIS_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "primary": ("primary", "filled", "solid", "contained", "main", "brand", "accent"),
    "secondary": ("secondary", "default", "outline", "outlined", "neutral", "subtle", "bordered", "stroke"),
    "invisible": ("invisible", "ghost", "link", "text", "tertiary", "plain", "borderless", "transparent"),
    "danger": ("danger", "destructive", "critical", "error", "negative"),
}
_SIZE_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "small": ("small", "sm", "s", "compact", "xs"),
    "medium": ("medium", "md", "m", "default", "regular", "base"),
    "large": ("large", "lg", "l", "xl", "big"),
}
_ON = ("true", "on", "checked", "selected", "yes", "active")
_OFF = ("false", "off", "unchecked", "unselected", "no", "default", "rest", "inactive")
_MAIN_TEXT = ("label", "text", "title", "value", "placeholder", "button", "content", "name", "caption")
_CONFIG_VARIANT = {"primary": "primary", "secondary": "secondary", "invisible": "link"}


@dataclass(frozen=True, slots=True)
class Mapped:
    key: str
    name: str  # the variant's or component's name
    set_name: str | None
    variant: Mapping[str, str]
    properties: Mapping[str, str]  # TEXT/BOOLEAN/INSTANCE_SWAP, by Figma's property name
    confidence: float
    cue: str
    width: float
    height: float
    takes_side_label: bool = False
    icon_key: str | None = None


@dataclass(frozen=True, slots=True)
class NotMapped:
    reason: str
    keep_frame: bool = False  # a rule said so: not a failure
    cue: str = ""
    details: Mapping[str, str] = field(default_factory=dict)


def map_element(
    element: Understood,
    library: DesignLibrary,
    rules: Sequence[ComponentRule],
    memo: Mapping[str, str],
) -> Mapped | NotMapped:
    role = element.role
    if memo.get("kind"):
        element.emphasis = memo["kind"]
    if memo.get("state") in ("on", "off"):
        element.checked = memo["state"] == "on"
    if memo.get("icon"):
        element.icon = memo["icon"]
    component = memo.get("component")
    if component:
        named_set = library.find_set(component)
        if named_set is not None:
            return _from_set(element, named_set, library, {}, 0.95, f"memo: use {named_set.name}", memo)
        plain = library.find_component(component)
        if plain is not None:
            return _plain(element, plain, 0.95, f"memo: use {plain.name}")
        role = _role_of_word(component) or role
    for number, rule in enumerate(rules, start=1):
        if _applies(rule, role, element, memo):
            return _by_rule(element, rule, number, library, memo)
    if role == "icon" or (role == "button" and not element.texts and element.icon):
        icon = _icon(element.icon, library, element.node.height if role == "icon" else 16.0)
        if role == "icon":
            if icon is None:
                why = f"no library icon is named {element.icon!r}" if element.icon else "the icon has no name"
                return NotMapped(why, cue=element.cue)
            return _plain(element, icon, 0.9 * element.confidence / 0.95, f"icon: {icon.name}")
        role = "icon-button"
    if element.set_hint is not None:
        named = library.find_set(element.set_hint)
        if named is not None:
            return _from_set(element, named, library, {}, element.confidence, element.cue, memo)
    found = _set_for(role, library)
    if found is None and role == "icon-button":
        found = _set_for("button", library)
    if found is None:
        return NotMapped(f"no {role} component in the library", cue=element.cue)
    component_set, score = found
    return _from_set(
        element,
        component_set,
        library,
        {},
        score * element.confidence,
        f"{element.cue} → {component_set.name}",
        memo,
    )


def _role_of_word(word: str) -> str | None:
    wanted = normalise_component_name(word)
    for role, synonyms in _SYNONYMS.items():
        if wanted in synonyms or wanted == role:
            return role
    return None


def _set_for(role: str, library: DesignLibrary) -> tuple[LibraryComponentSet, float] | None:
    for rank, synonym in enumerate(_SYNONYMS.get(role, (role,))):
        found = library.find_set(synonym)
        if found is not None:
            return found, 1.0 if rank == 0 else 0.95
    return None


def _applies(rule: ComponentRule, role: str, element: Understood, memo: Mapping[str, str]) -> bool:
    if rule.role != _CONFIG_ROLE.get(role, role):
        return False
    when = rule.when
    if when is None:
        return True
    if when.variant is not None and when.variant != _CONFIG_VARIANT.get(element.emphasis or ""):
        return False
    if when.size is not None and when.size != (memo.get("size") or _size_word(element.node.height)):
        return False
    return not (when.icon is not None and canonical_icon(when.icon) != canonical_icon(element.icon or ""))


def _size_word(height: float) -> str:
    return "small" if height < 30 else "large" if height > 42 else "medium"


def _by_rule(
    element: Understood, rule: ComponentRule, number: int, library: DesignLibrary, memo: Mapping[str, str]
) -> Mapped | NotMapped:
    cue = f"rule {number}"
    ref = rule.component
    if rule.keep_frame or ref is None:
        return NotMapped(f"rule {number} keeps it a frame", keep_frame=True, cue=cue)
    if ref.set is not None:
        found = library.find_set(ref.set)
        if found is None:
            return NotMapped(f"rule {number}: component set {ref.set!r} is not in the library", cue=cue)
        return _from_set(element, found, library, rule.properties, 1.0, cue, memo)
    assert ref.name is not None
    plain = library.find_component(ref.name)
    if plain is None:
        return NotMapped(f"rule {number}: component {ref.name!r} is not in the library", cue=cue)
    return _plain(element, plain, 1.0, cue)


def _icon(name: str | None, library: DesignLibrary, size: float = 16.0) -> PlainComponent | None:
    if not name:
        return None
    for candidate, _ in [(canonical_icon(name), 1.0), *icon_candidates([name])]:
        found = library.find_icon(candidate, size)
        if found is not None:
            return found
    return None


def _plain(element: Understood, component: PlainComponent, confidence: float, cue: str) -> Mapped | NotMapped:
    properties = _text_properties(element, component.properties, take_side=False)
    if isinstance(properties, NotMapped):
        return properties
    return Mapped(
        component.key,
        component.name,
        None,
        {},
        properties,
        round(min(confidence, 1.0), 3),
        cue,
        component.width or element.node.width,
        component.height or element.node.height,
    )


def _from_set(
    element: Understood,
    component_set: LibraryComponentSet,
    library: DesignLibrary,
    fixed: Mapping[str, str],
    confidence: float,
    cue: str,
    memo: Mapping[str, str],
) -> Mapped | NotMapped:
    wanted: dict[str, str] = {}
    factor = 1.0
    sized: list[ComponentProperty] = []
    for prop in component_set.variant_properties():
        if prop.name in fixed:
            wanted[prop.name] = fixed[prop.name]
            continue
        name = normalise_component_name(prop.name)
        choice: str | None = None
        if name in _EMPHASIS_PROPS and element.emphasis:
            choice = _option(prop.options, _EMPHASIS_OPTIONS.get(element.emphasis, (element.emphasis,)))
            if choice is None and element.emphasis != "secondary":
                factor = min(factor, 0.8)  # the set cannot show the drawn emphasis
        elif name in _SIZE_PROPS:
            sized.append(prop)
            continue
        elif name in _CHECK_PROPS and element.checked is not None:
            choice = _option(prop.options, _ON if element.checked else _OFF)
        wanted[prop.name] = choice or prop.default
    for prop in sized:
        size_memo = memo.get("size")
        choice = _option(prop.options, _SIZE_OPTIONS.get(size_memo, (size_memo,))) if size_memo else None
        wanted[prop.name] = choice or _nearest_size(component_set, prop, wanted, element.node.height)
    variant, exact = _variant(component_set, wanted)
    if not exact:
        factor = min(factor, 0.8)
    take_side = element.side_label is not None and bool(component_set.of_type("TEXT"))
    properties = _text_properties(element, component_set.properties, take_side=take_side)
    if isinstance(properties, NotMapped):
        return properties
    for hidden in _hides_undrawn_text(component_set, library.component_nodes.get(variant.key), properties):
        properties[hidden] = "false"
    icon_key = None
    if element.icon:
        icon = _icon(element.icon, library)
        swaps = component_set.of_type("INSTANCE_SWAP")
        if icon is not None and swaps:
            slot = next((s for s in swaps if "lead" in s.name.lower()), swaps[0])
            properties[slot.name] = icon.key
            icon_key = icon.key
            shows = [p for p in component_set.of_type("BOOLEAN") if _same_slot(p, slot)]
            for boolean in shows[:1]:
                properties[boolean.name] = "true"
    score = round(min(confidence * factor, 1.0), 3)
    if score < THRESHOLD:
        return NotMapped(f"confidence {score:.2f} is below {THRESHOLD} for {component_set.name}", cue=cue)
    return Mapped(
        variant.key,
        variant.name,
        component_set.name,
        dict(variant.values),
        properties,
        score,
        cue,
        element.node.width,
        variant.height or element.node.height,
        take_side,
        icon_key,
    )


def _hides_undrawn_text(
    component_set: LibraryComponentSet, node: Mapping[str, Any] | None, properties: Mapping[str, str]
) -> list[str]:
    """BOOLEAN properties that show only text layers whose text no property sets (a toggle's "On"/"Off"
    status, a counter's default count): the sketch drew no such text, so the instance shows none."""
    if node is None:
        return []
    controlled: dict[str, list[Mapping[str, Any]]] = {}
    stack = [node]
    while stack:
        layer = stack.pop()
        refs = layer.get("componentPropertyReferences") or {}
        if isinstance(refs.get("visible"), str):
            controlled.setdefault(refs["visible"], []).append(layer)
        stack.extend(layer.get("children") or [])
    hidden = []
    for boolean in component_set.of_type("BOOLEAN"):
        layers = controlled.get(boolean.name, [])
        if boolean.name in properties or not layers:
            continue
        undrawn = all(
            layer.get("type") == "TEXT"
            and not (layer.get("componentPropertyReferences") or {}).get("characters")
            for layer in layers
        )
        if undrawn:
            hidden.append(boolean.name)
    return hidden


def _text_bound(layer: Mapping[str, Any]) -> bool:
    refs = layer.get("componentPropertyReferences") or {}
    return bool(refs.get("characters"))


def _same_slot(boolean: ComponentProperty, slot: ComponentProperty) -> bool:
    words = set(normalise_component_name(slot.label).split("-")) - {"icon", "visual"}
    own = set(normalise_component_name(boolean.label).split("-"))
    return bool(own & {"icon", "visual"}) and (not words or bool(own & words))


def _option(options: Sequence[str], synonyms: Sequence[str | None]) -> str | None:
    normal = {normalise_component_name(o): o for o in options}
    for synonym in synonyms:
        if synonym and normalise_component_name(synonym) in normal:
            return normal[normalise_component_name(synonym)]
    return None


def _nearest_size(
    component_set: LibraryComponentSet, prop: ComponentProperty, wanted: Mapping[str, str], height: float
) -> str:
    heights: dict[str, list[float]] = {}
    for variant in component_set.variants:
        others = all(variant.values.get(p) == v for p, v in wanted.items() if p != prop.name)
        value = variant.values.get(prop.name)
        if value is not None and variant.height and others:
            heights.setdefault(value, []).append(variant.height)
    if not heights:
        return prop.default
    means = {value: sum(hs) / len(hs) for value, hs in heights.items()}
    return min(sorted(means), key=lambda v: abs(means[v] - height))


def _variant(component_set: LibraryComponentSet, wanted: Mapping[str, str]) -> tuple[LibraryVariant, bool]:
    best = component_set.variants[0]
    best_score = -1
    for variant in component_set.variants:
        score = sum(1 for p, v in wanted.items() if variant.values.get(p) == v)
        if score > best_score:
            best, best_score = variant, score
    return best, best_score == len(wanted)


def _text_properties(
    element: Understood, properties: Sequence[ComponentProperty], *, take_side: bool
) -> dict[str, str] | NotMapped:
    texts = list(element.texts)
    if take_side and element.side_label is not None:
        texts.append(element.side_label.characters or "")
    slots = sorted(
        (p for p in properties if p.type == "TEXT"),
        key=lambda p: (0 if normalise_component_name(p.label) in _MAIN_TEXT else 1, p.name),
    )
    out: dict[str, str] = {}
    if not slots:
        if texts and element.role not in ("avatar", "image", "icon", "checkbox", "radio", "toggle"):
            if element.role in ("input", "select", "textarea"):
                return out  # a field without a text property shows the placeholder the library gives
            return NotMapped(f"the component has no text property for {texts[0]!r}", cue=element.cue)
        return out
    if len(texts) > len(slots):
        texts = [*texts[: len(slots) - 1], " ".join(texts[len(slots) - 1 :])]
    for index, slot in enumerate(slots):
        out[slot.name] = texts[index] if index < len(texts) else ""
    for boolean in properties:
        # "Show label" / "Has description": shown exactly when the text it shows was drawn.
        if boolean.type != "BOOLEAN":
            continue
        words = set(normalise_component_name(boolean.label).split("-"))
        for slot in slots:
            if normalise_component_name(slot.label) in words and words & {"show", "has", "with", "visible"}:
                out[boolean.name] = "true" if out[slot.name] else "false"
    return out

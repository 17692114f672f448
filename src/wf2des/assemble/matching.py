"""One element → one library component (or none), by the project's rules first, else by name.

Automatic matching, for an element's component role:

1. **Set or component by name.** The role's synonyms (``naming.ROLE_SYNONYMS``: Button/Btn/CTA, Input/Text
   field, Select/Dropdown, Toggle/Switch, Badge/Tag/Chip …), the role's own name first. A component set
   named exactly like the role scores 0.95, a synonym 0.9, a plain component 0.85; ``textarea`` may fall back
   to an input set (0.75).
2. **Icons by name**: the element's icon names (``fa-times``, ``bi-x``, an ``aria-label``, a file name)
   against the library's plain components, both canonicalised (``times``/``close`` → ``x``); a library
   description's ``keywords:`` count too, at 0.6 (shown for review, never placed).
3. **Variant from the look**: each property of the set gets a value: the style property (Type, Variant,
   Style, Kind …) from an option named like the element's semantic class (``btn-danger`` → Danger), else
   from filled/outline/link, Size from the element's size class when the set names its sizes
   (Small/Medium/Large), else the variants' recorded heights (nearest to the element's), State from
   ``disabled``, Checked/Selected from the control. A combination the set lacks
   takes the nearest variant at 0.8 of the confidence.
4. The score is the name score × the element's role certainty × the variant factor. Below
   :data:`THRESHOLD` the element keeps its frame and is reported (``component_low_confidence``, flagged).

A component whose text layers are known must receive the element's own text in every one of them
(a field's may be empty): otherwise it would show its default "Button"/"Label", and the element keeps its
frame instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from wf2des.assemble.config import ComponentRule
from wf2des.assemble.elements import Element
from wf2des.assemble.library import ComponentSet, Library, LibraryComponent
from wf2des.assemble.naming import (
    ROLE_SYNONYMS,
    VALUE_SYNONYMS,
    canonical_icon,
    icon_candidates,
    normalise_component_name,
)

__all__ = ["THRESHOLD", "Decision", "IconIndex", "icon_index", "match_element", "rule_problems"]

THRESHOLD = 0.7
_STYLE_PROPS = frozenset(
    {"type", "variant", "style", "kind", "appearance", "hierarchy", "emphasis", "priority"}
)
_STATE_PROPS = frozenset({"state", "status", "interaction"})
_CHECK_PROPS = frozenset(
    {"checked", "selected", "value", "on", "active", "toggled", "is-checked", "checked?"}
)
_DISABLED_PROPS = frozenset({"disabled", "is-disabled", "disabled?"})
_NEAREST_LOOK = {"secondary": "outline", "outline": "secondary"}
_FIELD_ROLES = frozenset({"input", "textarea", "select"})
# Controls whose label is a separate element on the page (<label for>): a label layer of the component is
# left empty rather than showing the kit's default "Label".
_LABELLED_CONTROLS = frozenset({"checkbox", "radio", "toggle"})
_MAIN_LAYERS = ("label", "text", "title", "value", "placeholder", "button", "content", "name", "caption")

Source = Literal["rule", "name", "icon", "keyword"]


@dataclass(frozen=True, slots=True)
class Decision:
    element: Element
    component: LibraryComponent | None
    confidence: float
    source: Source | None
    chosen_by: str  # "rule 2", "name: Button", "icon: x" — what the summary shows
    properties: Mapping[str, str] = field(default_factory=dict)
    overrides: tuple[tuple[str | None, str], ...] = ()
    problem: str | None = None  # why the element keeps its frame
    kind: Literal["instance", "low_confidence", "unmapped", "rule_unresolved", "kept"] = "instance"


class IconIndex:
    """Plain components by canonical icon name, and by their description's keywords."""

    def __init__(self, library: Library) -> None:
        self.by_name: dict[str, list[LibraryComponent]] = {}
        self.by_keyword: dict[str, list[LibraryComponent]] = {}
        for component in library.components:
            if component.set_name:
                continue
            last = component.name.rsplit("/", 1)[-1]
            self.by_name.setdefault(canonical_icon(last), []).append(component)
            description = component.description.strip()
            if description.lower().startswith("keywords:"):
                for word in description.split(":", 1)[1].split(","):
                    if word.strip():
                        self.by_keyword.setdefault(canonical_icon(word.strip()), []).append(component)


def match_element(element: Element, library: Library, rules: Sequence[ComponentRule]) -> Decision:
    for number, rule in enumerate(rules, start=1):
        if _applies(rule, element):
            return _by_rule(element, library, rule, number)
    if element.role == "icon":
        return _icon(element, icon_index(library))
    return _by_name(element, library)


def _applies(rule: ComponentRule, element: Element) -> bool:
    if rule.role != element.role:
        return False
    when = rule.when
    if when is None:
        return True
    if when.variant is not None and when.variant != element.variant:
        return False
    if when.size is not None and when.size != element.size:
        return False
    if when.icon is not None:
        # The rule may name the icon as the page does (bi-x) or as the library does (x).
        wanted = {canonical_icon(when.icon), *(name for name, _ in icon_candidates([when.icon]))}
        if wanted.isdisjoint(name for name, _ in icon_candidates(element.icon_names)):
            return False
    return True


def _by_rule(element: Element, library: Library, rule: ComponentRule, number: int) -> Decision:
    chosen_by = f"rule {number}"
    if rule.keep_frame or rule.component is None:
        return Decision(element, None, 1.0, "rule", chosen_by, kind="kept")
    ref = rule.component
    if ref.set is not None:
        component_set = library.find_set(ref.set)
        if component_set is None:
            return _unresolved(element, chosen_by, f"component set {ref.set!r} is not in the library")
        unknown = _unknown_properties(component_set, rule.properties)
        if unknown:
            return _unresolved(element, chosen_by, unknown)
        component, properties, fit = _variant(component_set, element, fixed=rule.properties)
        return _finish(element, component, fit, "rule", chosen_by, properties)
    assert ref.name is not None
    found = library.find_named(ref.name)
    if not found:
        return _unresolved(element, chosen_by, f"component {ref.name!r} is not in the library")
    return _finish(element, found[0], 1.0, "rule", chosen_by, {})


def rule_problems(rules: Sequence[ComponentRule], library: Library) -> list[str]:
    """What each rule names that the library lacks (``rule N: …``); empty when every rule resolves."""
    problems: list[str] = []
    for number, rule in enumerate(rules, start=1):
        ref = rule.component
        if ref is None:
            continue
        if ref.set is not None:
            component_set = library.find_set(ref.set)
            problem = (
                f"component set {ref.set!r} is not in the library"
                if component_set is None
                else _unknown_properties(component_set, rule.properties)
            )
        else:
            assert ref.name is not None
            problem = (
                None if library.find_named(ref.name) else f"component {ref.name!r} is not in the library"
            )
            if problem is None and rule.properties:
                problem = "properties need a component set, not a plain component"
        if problem is not None:
            problems.append(f"rule {number}: {problem}")
    return problems


def _unresolved(element: Element, chosen_by: str, problem: str) -> Decision:
    return Decision(element, None, 0.0, "rule", chosen_by, problem=problem, kind="rule_unresolved")


def _unknown_properties(component_set: ComponentSet, wanted: Mapping[str, str]) -> str | None:
    properties = component_set.properties
    for prop, value in wanted.items():
        if prop not in properties:
            return f"{component_set.name} has no property {prop!r}"
        if value not in properties[prop]:
            return f"{component_set.name} has no {prop}={value}"
    return None


def icon_index(library: Library) -> IconIndex:
    """The library's icon index, built once per library."""
    found = library.memo.get(IconIndex)
    if not isinstance(found, IconIndex):
        found = library.memo[IconIndex] = IconIndex(library)
    return found


def _by_name(element: Element, library: Library) -> Decision:
    key = ("by-name", element.role)
    if key not in library.memo:
        library.memo[key] = _best_by_name(element.role, library)
    best = library.memo[key]
    if best is None:
        return _unmapped(element, f"no {element.role} component in the library")
    assert isinstance(best, tuple)
    score, found, chosen_by = best
    certainty = min(1.0, element.role_confidence / 0.9)
    if isinstance(found, ComponentSet):
        component, properties, fit = _variant(found, element, fixed={})
        return _finish(element, component, score * certainty * fit, "name", chosen_by, properties)
    return _finish(element, found, score * certainty, "name", chosen_by, {})


def _best_by_name(role: str, library: Library) -> tuple[float, ComponentSet | LibraryComponent, str] | None:
    best: tuple[float, ComponentSet | LibraryComponent, str] | None = None
    for rank, synonym in enumerate(ROLE_SYNONYMS.get(role, ())):
        own = rank == 0 or normalise_component_name(synonym) == normalise_component_name(role)
        fallback = role == "textarea" and synonym not in ("textarea", "text-area", "multiline-input")
        component_set = library.find_set(synonym)
        if component_set is not None:
            score = 0.75 if fallback else 0.95 if own else 0.9
            if best is None or score > best[0]:
                best = (score, component_set, f"name: {component_set.name}")
        for plain in library.find_named(synonym):
            score = 0.7 if fallback else 0.85
            if best is None or score > best[0]:
                best = (score, plain, f"name: {plain.name}")
    return best


def _icon(element: Element, icons: IconIndex) -> Decision:
    candidates = icon_candidates(element.icon_names)
    if not candidates:
        return _unmapped(element, "the icon has no name in the page's code")
    for name, confidence in candidates:
        found = icons.by_name.get(name)
        if found:
            return _finish(element, _nearest_icon(found, element), confidence, "icon", f"icon: {name}", {})
    for name, _ in candidates:
        found = icons.by_keyword.get(name)
        if found:
            return _finish(element, found[0], 0.6, "keyword", f"keyword: {name}", {})
    return _unmapped(element, f"no library icon is named {candidates[0][0]!r}")


def _nearest_icon(found: Sequence[LibraryComponent], element: Element) -> LibraryComponent:
    """Of one icon drawn at several sizes (Octicons' 16 and 24 px), the size nearest the element's; icons
    of unknown size come after, in the library's order."""
    return min(found, key=lambda c: abs(c.height - element.height) if c.height is not None else float("inf"))


def _finish(
    element: Element,
    component: LibraryComponent,
    confidence: float,
    source: Source,
    chosen_by: str,
    properties: Mapping[str, str],
) -> Decision:
    confidence = round(confidence, 3)
    if element.role == "card" and not _card_fits(element, component):
        # A card is a container: only one that is exactly the component's texts can become it.
        layers = ", ".join(component.text_layers or ()) or "none"
        return _unmapped(
            element, f"its content does not fit {component.display_name} (text layers: {layers})"
        )
    overrides, problem = _overrides(element, component)
    if problem is None and source != "rule" and confidence < THRESHOLD:
        problem = f"confidence {confidence:.2f} is below {THRESHOLD}"
    if problem is not None:
        return Decision(
            element,
            component,
            confidence,
            source,
            chosen_by,
            properties,
            problem=problem,
            kind="low_confidence",
        )
    return Decision(element, component, confidence, source, chosen_by, properties, overrides)


def _unmapped(element: Element, problem: str) -> Decision:
    """The element keeps its frame: no component fits, and ``problem`` says why."""
    return Decision(element, None, 0.0, None, "", problem=problem, kind="unmapped")


def _card_fits(element: Element, component: LibraryComponent) -> bool:
    layers = component.text_layers
    return not element.nested and layers is not None and len(element.texts) == len(layers)


def _overrides(
    element: Element, component: LibraryComponent
) -> tuple[tuple[tuple[str | None, str], ...], str | None]:
    """Text overrides for every text layer, or why the instance would show placeholder text."""
    layers = component.text_layers
    texts = list(element.texts)
    if layers is None:  # unknown layers: the plugin puts the label into the component's first text layer
        return (((None, " ".join(texts)),) if texts else ()), None
    if not layers:
        return (), None
    ordered = sorted(layers, key=lambda name: 0 if normalise_component_name(name) in _MAIN_LAYERS else 1)
    if element.role in _FIELD_ROLES:
        # A field shows its value or placeholder, or nothing: an empty text is the element's own.
        texts = texts[:1] or [""]
        texts += [""] * (len(ordered) - len(texts))
    elif element.role in _LABELLED_CONTROLS:
        texts += [""] * (len(ordered) - len(texts))
    if len(texts) < len(ordered):
        return (), (
            f"{component.display_name} has {len(ordered)} text layer(s) and the element has "
            f"{len(texts)} text(s): {', '.join(ordered[len(texts) :])} would keep its default text"
        )
    if len(texts) > len(ordered):
        texts = [*texts[: len(ordered) - 1], " ".join(texts[len(ordered) - 1 :])]
    return tuple(zip(ordered, texts, strict=True)), None


def _variant(
    component_set: ComponentSet, element: Element, *, fixed: Mapping[str, str]
) -> tuple[LibraryComponent, dict[str, str], float]:
    """The set's variant for the element (``fixed`` properties as given, the others from its look), and how
    well it fits: 1.0, 0.8 when the set lacks that combination, 0.6 when it cannot show the element's style
    (a link-styled button in a set with no Link variant)."""
    wanted: dict[str, str] = {}
    factor = 1.0
    for prop, values in component_set.properties.items():
        if prop in fixed:
            wanted[prop] = fixed[prop]
            continue
        choice, expressible = _choose(prop, values, component_set, element)
        if not expressible:
            factor = min(factor, 0.6)
        wanted[prop] = choice if choice is not None else _default(prop, component_set)
    best, exact = _nearest_variant(component_set, wanted, fixed)
    if not exact:
        factor = min(factor, 0.8)
    return best, dict(best.variant), factor


def _nearest_variant(
    component_set: ComponentSet, wanted: Mapping[str, str], fixed: Mapping[str, str]
) -> tuple[LibraryComponent, bool]:
    memo_key = (*sorted(wanted.items()), ("", ""), *sorted(fixed.items()))
    if memo_key in component_set.chosen:
        return component_set.chosen[memo_key]
    best = component_set.default
    best_score = -1
    for variant in component_set.variants:
        score = sum(1 for prop, value in wanted.items() if variant.variant.get(prop) == value)
        if all(variant.variant.get(p) == v for p, v in fixed.items()) and score > best_score:
            best, best_score = variant, score
            if score == len(wanted):
                break
    component_set.chosen[memo_key] = (best, best_score == len(wanted))
    return component_set.chosen[memo_key]


def _default(prop: str, component_set: ComponentSet) -> str:
    """The default variant's value: what the designer sees on a new instance unless told otherwise."""
    return component_set.default.variant.get(prop, "")


def _pick(values: Sequence[str], meaning: str) -> str | None:
    synonyms = VALUE_SYNONYMS.get(meaning, (meaning,))
    normal = {normalise_component_name(v): v for v in values}
    for synonym in synonyms:
        if synonym in normal:
            return normal[synonym]
    return None


def _choose(
    prop: str, values: Sequence[str], component_set: ComponentSet, element: Element
) -> tuple[str | None, bool]:
    """A value for one property (``None``: the set's default), and whether the element's look fits it."""
    name = normalise_component_name(prop)
    if name in _STYLE_PROPS and element.intents:
        named = [v for v in values if normalise_component_name(v) in element.intents]
        if named:
            return named[0], True
    if name in _STYLE_PROPS and element.variant is not None:
        choice = _pick(values, element.variant)
        if choice is None and element.variant in _NEAREST_LOOK:
            # The nearest look a kit without it has: Secondary ↔ Outline (both quiet, bordered actions).
            choice = _pick(values, _NEAREST_LOOK[element.variant])
        return choice, choice is not None or element.variant == "primary"
    if name == "size":
        return _nearest_size(prop, values, component_set, element), True
    if element.checked is not None and (name in _CHECK_PROPS or name in _STATE_PROPS):
        # A checkbox's State may be Checked/Unchecked rather than Default/Disabled: its values tell.
        checked = _pick(values, "on" if element.checked else "off")
        if checked is not None or name in _CHECK_PROPS:
            return checked, True
    if name in _STATE_PROPS:
        return _pick(values, "disabled" if element.disabled else "enabled"), True
    if name in _DISABLED_PROPS:  # a boolean property named after the state: Disabled=True/False
        return _pick(values, "on" if element.disabled else "off"), True
    return None, True


def _nearest_size(
    prop: str, values: Sequence[str], component_set: ComponentSet, element: Element
) -> str | None:
    """The size the element plays (small, default, large) when the set names its sizes that way, else the
    variant whose recorded height is nearest: a design system's heights are its own density (a 38 px web
    button is a 32 px Medium in a dense product kit), but its Small/Medium/Large keep their roles."""
    named = _pick(values, element.size)
    if named is not None:
        return named
    heights = _heights(component_set, prop)
    if heights:
        return min(heights, key=lambda v: (abs(heights[v] - element.height), v))
    return None


def _heights(component_set: ComponentSet, prop: str) -> dict[str, float]:
    """Mean recorded height of the set's variants per value of ``prop`` (Size=Small → 32), memoised."""
    if prop in component_set.heights:
        return component_set.heights[prop]
    found: dict[str, list[float]] = {}
    for variant in component_set.variants:
        value = variant.variant.get(prop)
        if value is not None and variant.height:
            found.setdefault(value, []).append(variant.height)
    means = {value: sum(hs) / len(hs) for value, hs in found.items()}
    component_set.heights[prop] = means
    return means

"""The project's library components as the assemble step sees them (pure; read from ``design_component``).

A Figma variant is a COMPONENT inside a COMPONENT_SET whose name lists its property values
(``Type=Primary, Size=Large``); :func:`parse_variant_name` turns that into ``{Type: Primary, Size: Large}``.
The sweep uses the same parser when it writes ``variant_properties``, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wf2des.assemble.naming import normalise_component_name

__all__ = ["ComponentSet", "Library", "LibraryComponent", "parse_variant_name"]


def parse_variant_name(name: str) -> dict[str, str]:
    """``"Type=Primary, Size=Large"`` → ``{"Type": "Primary", "Size": "Large"}``; ``{}`` for a plain name.

    A name with any part that is not ``key=value`` is not a variant name (a component called ``a=b, c`` is
    just a name), so the result is all or nothing.
    """
    parts = [part.strip() for part in name.split(",")]
    out: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            return {}
        out[key.strip()] = value.strip()
    return out


@dataclass(frozen=True, slots=True)
class LibraryComponent:
    key: str
    name: str
    set_name: str | None = None
    variant: Mapping[str, str] = field(default_factory=dict)
    description: str = ""
    width: float | None = None
    height: float | None = None
    text_layers: tuple[str, ...] | None = None  # None: not known (the sweep could not read the node)
    figma_file_key: str = ""
    default_variant: bool = False  # the set's default variant, as the sweep read it from the definitions

    @property
    def display_name(self) -> str:
        return f"{self.set_name} / {self.name}" if self.set_name else self.name

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> LibraryComponent:
        """A ``design_component`` document (fields written by ``component_sweep``; older ones lack some)."""
        name = str(doc.get("name") or "")
        set_name = doc.get("component_set_name") or None
        variant = doc.get("variant_properties")
        if not isinstance(variant, Mapping):
            variant = parse_variant_name(name) if set_name else {}
        layers = doc.get("text_layers")
        return cls(
            key=str(doc["component_key"]),
            name=name,
            set_name=str(set_name) if set_name else None,
            variant={str(k): str(v) for k, v in variant.items()},
            description=str(doc.get("description") or ""),
            width=_number(doc.get("width")),
            height=_number(doc.get("height")),
            text_layers=tuple(str(t) for t in layers) if isinstance(layers, list) else None,
            figma_file_key=str(doc.get("figma_file_key") or ""),
            default_variant=doc.get("default_variant") is True,
        )


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


@dataclass(frozen=True, slots=True)
class ComponentSet:
    """A set's variants, and every value each property takes (for rules and variant choice)."""

    name: str
    variants: tuple[LibraryComponent, ...]
    properties: Mapping[str, list[str]] = field(default_factory=dict)
    # Filled lazily by the matcher: mean heights per property value, and the variant chosen per wish.
    heights: dict[str, dict[str, float]] = field(default_factory=dict)
    chosen: dict[tuple[tuple[str, str], ...], tuple[LibraryComponent, bool]] = field(default_factory=dict)

    @property
    def default(self) -> LibraryComponent:
        """Figma's default variant (the sweep read which from the set's definitions), else the first."""
        return next((v for v in self.variants if v.default_variant), self.variants[0])

    @classmethod
    def of(cls, name: str, variants: tuple[LibraryComponent, ...]) -> ComponentSet:
        values: dict[str, list[str]] = {}
        for variant in variants:
            for prop, value in variant.variant.items():
                seen = values.setdefault(prop, [])
                if value not in seen:
                    seen.append(value)
        return cls(name, variants, values)


class Library:
    """Components indexed by set and by plain name (normalised), built once per assemble."""

    def __init__(self, components: Iterable[LibraryComponent]) -> None:
        self.components = list(components)
        sets: dict[str, list[LibraryComponent]] = {}
        self.by_name: dict[str, list[LibraryComponent]] = {}
        for component in self.components:
            if component.set_name:
                sets.setdefault(normalise_component_name(component.set_name), []).append(component)
            else:
                full = normalise_component_name(component.name)
                last = normalise_component_name(component.name.rsplit("/", 1)[-1])
                for key in dict.fromkeys((full, last)):
                    self.by_name.setdefault(key, []).append(component)
        self.sets = {
            key: ComponentSet.of(items[0].set_name or key, tuple(items)) for key, items in sets.items()
        }
        # Per-library memo of the matcher (role → best set, icon index, chosen variants): a library is
        # matched against every element of a page, and those answers do not depend on the element.
        self.memo: dict[object, object] = {}

    def __len__(self) -> int:
        return len(self.components)

    def find_set(self, name: str) -> ComponentSet | None:
        return self.sets.get(normalise_component_name(name))

    def find_named(self, name: str) -> list[LibraryComponent]:
        """Plain components whose name (or whose last ``/`` segment) is ``name``."""
        return self.by_name.get(normalise_component_name(name), [])

"""Spec + the project's library components + rules → the spec with instances, outcomes and a summary (pure).

Each page element with a component role (buttons, fields, icons, …; see ``elements``) is matched
(``matching``). A confident match replaces the node by an ``INSTANCE`` node: the same id, box and layout
properties, the component's key, name, set name and variant properties, text overrides carrying the
element's own text, and the node it replaces as ``fallback`` (the plugin builds that if the import fails).
An instance is never looked into again: an icon inside a button that became an instance stays in the
button's fallback.

Outcomes (``nodeId`` = the element): ``component_low_confidence`` (flagged; the element keeps its frame),
``component_unmapped`` (not flagged: a role the library has no component for, or an unnamed icon),
``component_rule_unresolved`` (flagged: a rule names a component or property the library no longer has).

``componentMapping`` summarises what became which component, per library component (count, lowest and
highest confidence, what chose it), so a reviewer sees it before anything is placed and can turn a wrong
automatic match into a rule. A spec with a mapping declares ``wf2des.code2wf.spec/v1.1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import cast

from wf2des.assemble.config import ComponentRule
from wf2des.assemble.elements import describe
from wf2des.assemble.hints import ElementHint
from wf2des.assemble.library import Library, LibraryComponent
from wf2des.assemble.matching import THRESHOLD, Decision, match_element
from wf2des.spec import (
    SPEC_SCHEMA_V1_1,
    ComponentMapping,
    ComponentSummary,
    Node,
    Outcome,
    Screen,
    Spec,
    outcome,
)

__all__ = ["MappingResult", "map_components"]

_KEPT_KEYS = (
    "id",
    "role",
    "roleConfidence",
    "x",
    "y",
    "width",
    "height",
    "capturedBox",
    "layoutPositioning",
    "layoutSizingHorizontal",
    "layoutSizingVertical",
    "opacity",
)
_CANDIDATE_ROLES = frozenset(
    {"button", "input", "textarea", "select", "checkbox", "radio", "icon", "card", "nav", "image"}
)
_OUTCOME_KIND = {
    "low_confidence": ("component_low_confidence", True),
    "unmapped": ("component_unmapped", False),
    "rule_unresolved": ("component_rule_unresolved", True),
}


@dataclass
class MappingResult:
    spec: Spec
    decisions: list[Decision] = field(default_factory=list)

    @property
    def instances(self) -> list[Decision]:
        return [d for d in self.decisions if d.kind == "instance"]


def map_components(
    spec: Spec,
    components: Iterable[LibraryComponent] | Library,
    rules: Sequence[ComponentRule] = (),
    hints: Mapping[str, ElementHint] | None = None,
) -> MappingResult:
    """A new spec (the input is not changed) with instances, component outcomes and ``componentMapping``."""
    library = components if isinstance(components, Library) else Library(components)
    hints = hints or {}
    colors = (spec.get("tokens") or {}).get("color") or {}
    decisions: list[Decision] = []
    screens: list[Screen] = []
    for screen in spec.get("screens") or []:
        width = float((screen.get("viewport") or {}).get("width", 1440))
        screen_id = screen.get("screenId")

        def visit(node: Node, screen_id: str | None = screen_id, width: float = width) -> Node:
            """The node, or a new node when it or a descendant became an instance (unchanged subtrees are
            shared with the input, which is never modified)."""
            hint = hints.get(str(node.get("id")))
            if hint is not None or node.get("role") in _CANDIDATE_ROLES:
                element = describe(node, hint, screen_id=screen_id, screen_width=width, colors=colors)
                if element is not None:
                    decision = match_element(element, library, rules)
                    decisions.append(decision)
                    if decision.kind == "instance":
                        return _instance(node, decision)
            children = node.get("children")
            if not children:
                return node
            visited = [visit(child) for child in children]
            if all(new is old for new, old in zip(visited, children, strict=True)):
                return node
            changed = node.copy()
            changed["children"] = visited
            return changed

        mapped = screen.copy()
        mapped["root"] = visit(screen["root"])
        screens.append(mapped)
    outcomes = [*(spec.get("outcomes") or []), *_outcomes(decisions)]
    out = spec.copy()
    out["schema"] = SPEC_SCHEMA_V1_1
    out["screens"] = screens
    out["outcomes"] = outcomes
    out["flagCount"] = sum(1 for o in outcomes if o.get("flagged"))
    out["componentMapping"] = _summary(decisions, len(library))
    return MappingResult(out, decisions)


def _instance(node: Node, decision: Decision) -> Node:
    component = decision.component
    assert component is not None
    kept: Mapping[str, object] = node
    # Every required key of a node is among the kept ones, so the INSTANCE is a whole node.
    out = cast(Node, {key: kept[key] for key in _KEPT_KEYS if key in kept})
    out["type"] = "INSTANCE"
    out["name"] = component.set_name or component.name
    out["componentKey"] = component.key
    out["componentName"] = component.name
    out["componentSetName"] = component.set_name
    out["variantProperties"] = dict(decision.properties)
    out["textOverrides"] = [{"layer": layer, "characters": text} for layer, text in decision.overrides]
    out["mappingConfidence"] = decision.confidence
    out["mappingSource"] = decision.chosen_by
    out["fallback"] = node.copy()
    return out


def _outcomes(decisions: list[Decision]) -> list[Outcome]:
    out = []
    for decision in decisions:
        if decision.kind not in _OUTCOME_KIND:
            continue
        kind, flagged = _OUTCOME_KIND[decision.kind]
        element = decision.element
        if decision.kind == "low_confidence" and decision.component is not None:
            message = (
                f"{element.role} kept as a frame: {decision.component.display_name} "
                f"({decision.chosen_by}) {decision.problem}"
            )
        elif decision.kind == "rule_unresolved":
            message = f"{element.role} kept as a frame: {decision.chosen_by}: {decision.problem}"
        else:
            message = f"{element.role} kept as a frame: {decision.problem}"
        out.append(
            outcome(
                f"component:{element.node_id}",
                kind,
                message,
                flagged=flagged,
                screen_id=element.screen_id,
                node_id=element.node_id,
            )
        )
    return out


def _summary(decisions: list[Decision], library_size: int) -> ComponentMapping:
    per: dict[str, ComponentSummary] = {}
    for decision in decisions:
        if decision.kind != "instance" or decision.component is None:
            continue
        component = decision.component
        entry = per.setdefault(
            component.key,
            {
                "componentKey": component.key,
                "componentName": component.name,
                "componentSetName": component.set_name,
                "count": 0,
                "minConfidence": decision.confidence,
                "maxConfidence": decision.confidence,
                "chosenBy": [],
            },
        )
        entry["count"] += 1
        entry["minConfidence"] = min(entry["minConfidence"], decision.confidence)
        entry["maxConfidence"] = max(entry["maxConfidence"], decision.confidence)
        if decision.chosen_by not in entry["chosenBy"]:
            entry["chosenBy"].append(decision.chosen_by)
    kinds = [d.kind for d in decisions]
    return {
        "libraryComponents": library_size,
        "threshold": THRESHOLD,
        "instances": kinds.count("instance"),
        "lowConfidence": kinds.count("low_confidence"),
        "unmapped": kinds.count("unmapped"),
        "rulesUnresolved": kinds.count("rule_unresolved"),
        "keptByRule": kinds.count("kept"),
        "components": sorted(
            per.values(), key=lambda e: (-e["count"], e["componentSetName"] or "", e["componentName"])
        ),
    }

"""``style_bindings``: spec text/colour tokens → the Figma style/variable ids captured by ``component_sweep``.

Matching, per spec token (kinds never cross: a text token only binds text styles):

1. **Exact normalised name.** Names are compared after NFKC, case folding and collapsing runs of spaces,
   ``-`` and ``_`` into one ``-`` (``"Heading 1"`` = ``"heading-1"``). A colour token matches a colour
   variable by its name or by ``<collection>/<name>``, and a FILL-style fallback capture by its name.
2. **Aliases** from the project config (``tokenAliases.text`` / ``.color``): the alias value is either a
   capture token verbatim (``color/Brand/primary``) or a Figma name matched as in 1.

Spec tokens carry their kind as a prefix (``text/heading-1``, ``color/wf/grey-50``); the prefix is dropped
before matching, and for colours the generator's own palette namespace ``wf/`` is tried with and without.

When several captures match, a colour *variable* beats a colour *style* (variables are the newer source of
truth); if that still leaves more than one id the token is **ambiguous**. Every token left unbound (no match,
ambiguous) becomes a flagged outcome; nothing is guessed.

Output matches the published spec schema (``schemas/code2wf-spec.v1.json``): ``styleBindings`` is a flat
``{spec token: figma id}`` map (the token prefix already tells text from colour), and each unbound token is an
outcome::

    {id: "binding:<token>", kind: "unbound_style_token", message, flagged: true, screenId: null, nodeId: null}
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from wf2des.assemble.binding_details import (
    MergedCaptures,
    binding_details,
    style_sources,
)
from wf2des.assemble.config import TokenAliases
from wf2des.assemble.tokens import CaptureToken, parse_token
from wf2des.core.errors import InvalidInput
from wf2des.spec import SPEC_SCHEMA_V1_1, Outcome, Spec, outcome

__all__ = ["BindingResult", "apply_bindings", "normalise_name", "style_bindings"]

Kind = Literal["text", "color"]
_SEPARATORS = re.compile(r"[\s_-]+")


def normalise_name(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold().strip()
    return _SEPARATORS.sub("-", folded).strip("-")


UNBOUND_KIND = "unbound_style_token"


@dataclass(frozen=True)
class Unbound:
    kind: Kind
    token: str
    reason: str


@dataclass(frozen=True)
class BindingResult:
    bindings: dict[Kind, dict[str, str]]
    unbound: list[Unbound] = field(default_factory=list)
    # spec token → the capture token it was bound through (what ``binding_details`` reports on)
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def flag_count(self) -> int:
        return len(self.unbound)

    @property
    def outcomes(self) -> list[Outcome]:
        """The unbound tokens as spec outcomes (all flagged)."""
        return [
            outcome(
                f"binding:{u.token}",
                UNBOUND_KIND,
                f"{u.kind} token {u.token!r} has no Figma "
                f"{'text style' if u.kind == 'text' else 'colour variable or style'} ({u.reason})",
            )
            for u in self.unbound
        ]


def style_bindings(
    spec: Spec, captures: Mapping[str, str], aliases: TokenAliases | None = None
) -> BindingResult:
    """Bind the spec's text and colour tokens to ids in ``captures`` (``{token: id}``, all library files)."""
    aliases = aliases or TokenAliases()
    parsed: list[tuple[str, CaptureToken, str]] = []
    sources: dict[str, str] = {}
    for token, figma_id in captures.items():
        try:
            parsed.append((token, parse_token(token), figma_id))
        except InvalidInput:
            continue  # a malformed capture is not ours to bind; the sweep never writes one
    tokens = spec.get("tokens")
    result: dict[Kind, dict[str, str]] = {"text": {}, "color": {}}
    unbound: list[Unbound] = []
    kinds: tuple[Kind, ...] = ("text", "color")
    for kind in kinds:
        kind_aliases = aliases.text if kind == "text" else aliases.color
        for spec_token in sorted((tokens.get(kind) if tokens else None) or {}):
            bound, reason = _bind(kind, spec_token, parsed, kind_aliases)
            if bound is not None:
                result[kind][spec_token] = bound[0]
                sources[spec_token] = bound[1]
            else:
                unbound.append(Unbound(kind, spec_token, reason))
    return BindingResult(bindings=result, unbound=unbound, sources=sources)


def apply_bindings(spec: Spec, result: BindingResult, captures: MergedCaptures | None = None) -> Spec:
    """A new spec with ``styleBindings`` set, the binding outcomes appended and ``flagCount`` recomputed.

    Given where the captures came from (``captures``), the spec also gets what the plugin needs to bind each
    token — ``styleBindingDetails`` and ``styleSources`` — and declares schema version 1.1.
    """
    outcomes = [o for o in spec.get("outcomes") or [] if o.get("kind") != UNBOUND_KIND] + result.outcomes
    assembled = spec.copy()
    assembled["styleBindings"] = {
        token: figma_id for bound in result.bindings.values() for token, figma_id in bound.items()
    }
    assembled["outcomes"] = outcomes
    assembled["flagCount"] = sum(1 for o in outcomes if o.get("flagged"))
    if captures is not None:
        assembled["schema"] = SPEC_SCHEMA_V1_1
        assembled["styleBindingDetails"] = binding_details(result, captures)
        assembled["styleSources"] = style_sources(captures)
    return assembled


def _bind(
    kind: Kind, spec_token: str, captures: list[tuple[str, CaptureToken, str]], aliases: Mapping[str, str]
) -> tuple[tuple[str, str] | None, str]:
    """``((figma id, capture token), reason)``, or ``(None, why not)``."""
    for name in _spec_names(kind, spec_token):
        found = _match(kind, normalise_name(name), captures)
        if len(found) == 1:
            return found[0], "exact"
        if len(found) > 1:
            return None, "ambiguous: several captures match"
    alias = aliases.get(spec_token)
    if alias is None:
        return None, "no capture with this name and no alias"
    verbatim = [(figma_id, token) for token, _, figma_id in captures if token == alias]
    if verbatim:
        return verbatim[0], "alias"
    found = _match(kind, normalise_name(alias), captures)
    if len(found) == 1:
        return found[0], "alias"
    return None, "ambiguous alias" if found else f"alias {alias!r} matches no capture"


def _spec_names(kind: Kind, spec_token: str) -> list[str]:
    """``text/heading-1`` → ``heading-1``; ``color/wf/grey-50`` → ``wf/grey-50``, then ``grey-50``."""
    name = spec_token.removeprefix(f"{kind}/")
    names = [name]
    if kind == "color" and name.startswith("wf/"):
        names.append(name.removeprefix("wf/"))
    return names


def _match(kind: Kind, wanted: str, captures: list[tuple[str, CaptureToken, str]]) -> list[tuple[str, str]]:
    """Matching ``(figma id, capture token)`` pairs, one per distinct id (several ids = ambiguous)."""
    variables: dict[str, str] = {}
    styles: dict[str, str] = {}
    for token, capture, figma_id in sorted(captures):
        if capture.kind != kind:
            continue
        if capture.source == "color_variable":
            names = {normalise_name(capture.name), normalise_name(f"{capture.collection}/{capture.name}")}
            if wanted in names:
                variables.setdefault(figma_id, token)
        elif normalise_name(capture.name) == wanted:
            styles.setdefault(figma_id, token)
    return sorted((variables or styles).items())

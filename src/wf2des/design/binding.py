"""The library tokens one design uses: colours and text styles as spec tokens with their style bindings, and
padding, gap and radius snapped to the library's number variables (pure).

Every call records what it bound — or that nothing fitted — as a ``BindingReport`` in the caller's list, so
the report can say for each node which token it got, by which role, and how far the drawn value was.
"""

from __future__ import annotations

from typing import Literal

from wf2des.assemble.tokens import make_token
from wf2des.design.library import ColorToken, DesignLibrary, FloatToken, TextStyle
from wf2des.design.report import BindingReport
from wf2des.design.semantics import ColorRole, Palette, Scale, TextRole, choose_text_style
from wf2des.spec import Node, StyleBindingDetail, TextToken, Tokens

__all__ = ["Binder"]

_UNSTYLED = "text/unstyled"


def _upper(hex_value: str) -> str:
    return "#" + hex_value[1:].upper()


def unbound(field_name: str, role: str, drawn: str) -> BindingReport:
    return {"field": field_name, "token": None, "id": None, "role": role, "drawn": drawn, "distance": 0.0}


def _off_scale(value: float, distance: float) -> bool:
    """A spacing this far from every step of the scale (a 420 px page margin against a largest step of 80)
    is a structural measure, not a spacing decision: snapping it would move everything after it, so it
    stays the drawn value, reported unbound with its distance from the scale. So does a radius this far
    (a 45 px rounded blob against a largest step of 12 before "full"). Near means within 4 px, or a
    quarter of the value up to 16 px: a 164 px margin bound to 128 would move a whole page by 36."""
    return distance > max(4.0, min(16.0, 0.25 * value))


class Binder:
    """Binds one design's paints, texts and numbers; counts what it bound for the screen's totals."""

    def __init__(self, library: DesignLibrary) -> None:
        self.library = library
        # Built once per library (a worker generates many frames against one library).
        palette = library.memo.get("palette")
        if not isinstance(palette, Palette):
            palette = library.memo["palette"] = Palette(library.colors)
        scale = library.memo.get("scale")
        if not isinstance(scale, Scale):
            scale = library.memo["scale"] = Scale(library.floats)
        self.palette, self.scale = palette, scale
        self.color_tokens: dict[str, str] = {}
        self.text_tokens: dict[str, TextToken] = {}
        self.bindings: dict[str, str] = {}
        self.details: dict[str, StyleBindingDetail] = {}
        self.texts = self.texts_styled = self.paints = self.paints_bound = 0
        self.spacings = self.spacings_bound = 0
        self._steps: dict[tuple[str, float], list[FloatToken]] = {}

    def counts(self) -> tuple[int, int, int, int, int, int]:
        return (
            self.texts,
            self.texts_styled,
            self.paints,
            self.paints_bound,
            self.spacings,
            self.spacings_bound,
        )

    def restore(self, counts: tuple[int, int, int, int, int, int]) -> None:
        (
            self.texts,
            self.texts_styled,
            self.paints,
            self.paints_bound,
            self.spacings,
            self.spacings_bound,
        ) = counts

    # -- colours ------------------------------------------------------------------------------------------

    def paint(self, bindings: list[BindingReport], field_name: str, role: ColorRole, drawn: str) -> str:
        """The spec colour token for a drawn colour that asks for ``role``."""
        choice = self.palette.choose(role, drawn)
        self.paints += 1
        token = choice.token
        if token is None:
            name = f"color/unbound-{drawn[1:].lower()}"
            self.color_tokens[name] = _upper(drawn)
            bindings.append(unbound(field_name, str(role), drawn))
            return name
        self.paints_bound += 1
        bindings.append(
            {
                "field": field_name,
                "token": f"{token.collection}/{token.name}" if token.collection else token.name,
                "id": token.id,
                "role": choice.role,
                "drawn": drawn,
                "distance": choice.distance,
            }
        )
        return self._color_token(token)

    def _color_token(self, token: ColorToken) -> str:
        if token.kind == "color_variable":
            name = make_token("color_variable", token.name, token.collection or "Colors")
        else:
            name = make_token("color_style", token.name)
        if name not in self.color_tokens:
            self.color_tokens[name] = _upper(token.hex)
            self.bindings[name] = token.id
            self.details[name] = {
                "kind": token.kind,
                "id": token.id,
                "key": token.key or None,
                "origin": "library",
                "figmaFileKey": token.file_key,
                "captureToken": name,
            }
        return name

    # -- text ---------------------------------------------------------------------------------------------

    def text_style(self, bindings: list[BindingReport], role: TextRole, size: float, weight: int) -> str:
        """The spec text token of the library style for ``role`` nearest the drawn size and weight."""
        style, chosen_role = choose_text_style(self.library.text_styles, role, size, weight)
        self.texts += 1
        if style is None:
            self.text_tokens.setdefault(
                _UNSTYLED,
                {
                    "fontFamily": "Inter",
                    "fontStyle": "Regular",
                    "fontWeight": 400,
                    "fontSize": size or 14.0,
                    "lineHeight": {"unit": "AUTO", "value": 0},
                },
            )
            bindings.append(unbound("textStyle", chosen_role, f"{size:g}px"))
            return _UNSTYLED
        self.texts_styled += 1
        bindings.append(
            {
                "field": "textStyle",
                "token": style.name,
                "id": style.id,
                "role": chosen_role,
                "drawn": f"{size:g}px/{weight}",
                "distance": round(abs(style.font_size - size), 2),
            }
        )
        return self._text_token(style)

    def _text_token(self, style: TextStyle) -> str:
        name = make_token("text_style", style.name)
        if name not in self.text_tokens:
            self.text_tokens[name] = {
                "fontFamily": style.font_family,
                "fontStyle": style.font_style or "Regular",
                "fontWeight": max(1, min(1000, style.font_weight)),
                "fontSize": style.font_size,
                "lineHeight": (
                    {"unit": "PIXELS", "value": style.line_height}
                    if style.line_height
                    else {"unit": "AUTO", "value": 0}
                ),
            }
            self.bindings[name] = style.id
            self.details[name] = {
                "kind": "text_style",
                "id": style.id,
                "key": style.key or None,
                "origin": "library",
                "figmaFileKey": style.file_key,
                "captureToken": name,
            }
        return name

    # -- numbers ------------------------------------------------------------------------------------------

    def spacing(
        self,
        out: Node,
        bindings: list[BindingReport],
        field_name: str,
        value: float,
        aim: float | None = None,
    ) -> None:
        """Bind a drawn spacing to the scale step nearest ``aim`` (default: the value itself) among the steps
        close enough to the drawn value; the caller aims off the value to undo a shift that snapping a
        padding further out already made, so things stay where they were drawn."""
        if value <= 0:
            # No padding drawn: a small step only where it puts the children back (the frame moved).
            steps = [t for t in self.spacing_steps(0.0) if aim is not None and abs(t.value - aim) < aim]
            if not steps:
                out[field_name] = 0.0  # type: ignore[literal-required]
                return
        if aim is None or aim == value:
            self._snap(out, bindings, field_name, "spacing", value)
            return
        steps = self.spacing_steps(value)
        self.spacings += 1
        nearest = self.scale.snap("spacing", value)
        if not steps or nearest.token is None:
            out[field_name] = round(max(0.0, aim), 2)  # type: ignore[literal-required]
            bindings.append({**unbound(field_name, "spacing", f"{value:g}"), "distance": nearest.distance})
            return
        token = min(steps, key=lambda t: (abs(t.value - aim), abs(t.value - value), t.value))
        self.spacings_bound += 1
        out[field_name] = token.value  # type: ignore[literal-required]
        out.setdefault("boundVariables", {})[field_name] = token.key or token.id
        bindings.append(
            {
                "field": field_name,
                "token": token.name,
                "id": token.id,
                "role": "spacing",
                "drawn": f"{value:g}",
                "distance": round(abs(token.value - value), 2),
            }
        )

    def keep(self, out: Node, bindings: list[BindingReport], field_name: str, value: float) -> None:
        """A spacing kept as drawn (binding it would move things too far), reported with its distance."""
        self.spacings += 1
        out[field_name] = round(value, 2)  # type: ignore[literal-required]
        nearest = self.scale.snap("spacing", value)
        bindings.append({**unbound(field_name, "spacing", f"{value:g}"), "distance": nearest.distance})

    def spacing_steps(self, value: float) -> list[FloatToken]:
        """The scale's spacing steps a drawn ``value`` may bind to (one token per value), nearest first."""
        key = ("steps", value)
        found = self._steps.get(key)
        if found is None:
            steps: dict[float, FloatToken] = {}
            for token in self.scale.by_kind.get("spacing", []):
                distance = abs(token.value - value)
                if not _off_scale(value, distance) and token.value not in steps:
                    steps[token.value] = token  # the list is sorted: the first per value is the preferred
            found = self._steps[key] = sorted(steps.values(), key=lambda t: (abs(t.value - value), t.value))
        return found

    def on_scale(self, value: float) -> bool:
        """Whether a spacing would bind (0 needs no variable)."""
        if value <= 0:
            return True
        choice = self.scale.snap("spacing", value)
        return choice.token is not None and not _off_scale(value, choice.distance)

    def radius(self, out: Node, bindings: list[BindingReport], value: float, side: float = 0.0) -> None:
        """Bind a corner radius; one of (nearly) half the shorter ``side`` or more draws a circle or a pill,
        as does the library's largest radius (Figma caps a radius at half the side), so that is its step."""
        if value <= 0:
            return
        steps = self.scale.by_kind.get("radius", [])
        if side > 0 and value >= 0.45 * side and steps and steps[-1].value >= side / 2:
            full = steps[-1]
            self.spacings += 1
            self.spacings_bound += 1
            out["cornerRadius"] = full.value
            out.setdefault("boundVariables", {})["cornerRadius"] = full.key or full.id
            bindings.append(
                {
                    "field": "cornerRadius",
                    "token": full.name,
                    "id": full.id,
                    "role": "radius",
                    "drawn": f"{value:g}",
                    "distance": round(max(0.0, side / 2 - value), 2),  # as drawn: capped at half the side
                }
            )
            return
        self._snap(out, bindings, "cornerRadius", "radius", value)

    def _snap(
        self,
        out: Node,
        bindings: list[BindingReport],
        field_name: str,
        kind: Literal["spacing", "radius"],
        value: float,
    ) -> None:
        choice = self.scale.snap(kind, value)
        self.spacings += 1
        if choice.token is None or _off_scale(value, choice.distance):
            out[field_name] = round(value, 2)  # type: ignore[literal-required]
            bindings.append({**unbound(field_name, kind, f"{value:g}"), "distance": choice.distance})
            return
        self.spacings_bound += 1
        out[field_name] = choice.token.value  # type: ignore[literal-required]
        out.setdefault("boundVariables", {})[field_name] = choice.token.key or choice.token.id
        bindings.append(
            {
                "field": field_name,
                "token": choice.token.name,
                "id": choice.token.id,
                "role": kind,
                "drawn": f"{value:g}",
                "distance": choice.distance,
            }
        )

    # -- output -------------------------------------------------------------------------------------------

    def tokens(self) -> Tokens:
        return {
            "color": {name: {"hex": value} for name, value in sorted(self.color_tokens.items())},
            "text": dict(sorted(self.text_tokens.items())),
        }

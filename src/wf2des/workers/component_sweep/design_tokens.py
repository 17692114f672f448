"""Pure: Figma answers → ``project_figma_file.design_tokens`` (variables per mode, text and colour styles).

``style_captures`` stays what seed 000 says it is, one ``{token: id}`` set per file, and only names what a
wireframe binds. Generating a *design* needs the values too: which colour each variable has in light and
dark, the spacing and radius steps (FLOAT variables, with the scopes that say where each may be used and
the name code knows it by), and each text style's font, size, weight and line height. Those come from the
same three answers the captures come from (``variables/local`` and the style nodes), so they cost no
request of their own.

Aliases (``fgColor/default`` → ``base/color/neutral/13``) are resolved to a value, and the alias's name is
kept: a generated design should bind the semantic variable, and still know what it looks like. An alias
into another collection takes the mode of the same name there, else that collection's default mode.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wf2des.integrations.docstore.records import (
    ColorStyleDocument,
    DesignTokensDocument,
    ModeValueDocument,
    TextStyleDocument,
    VariableCollectionDocument,
    VariableDocument,
)
from wf2des.integrations.figma import FileIndex, LocalVariables

__all__ = ["design_tokens", "hex_color"]

_TOKEN_TYPES = ("COLOR", "FLOAT")
_MAX_ALIAS_DEPTH = 16  # Figma refuses cycles; this only bounds a malformed answer


def hex_color(color: Mapping[str, Any], opacity: float = 1.0) -> str | None:
    """Figma's ``{r, g, b, a}`` (0–1) → ``#RRGGBB``, or ``#RRGGBBAA`` when not opaque."""
    try:
        channels = [float(color[c]) for c in ("r", "g", "b")]
        alpha = float(color.get("a", 1.0)) * opacity
    except (KeyError, TypeError, ValueError):
        return None
    digits = "".join(f"{round(min(1.0, max(0.0, c)) * 255):02X}" for c in channels)
    if alpha < 1.0:
        digits += f"{round(min(1.0, max(0.0, alpha)) * 255):02X}"
    return f"#{digits}"


def design_tokens(
    index: FileIndex, nodes: Mapping[str, Mapping[str, Any] | None], variables: LocalVariables | None
) -> DesignTokensDocument:
    """The file's variables (when the API answered), its text styles and, without variables, its colour
    styles: every local one whose definition node Figma returned."""
    collections: list[VariableCollectionDocument] = []
    found: list[VariableDocument] = []
    if variables is not None:
        collections = _collections(variables)
        found = _variables(variables)
    text_styles: list[TextStyleDocument] = []
    color_styles: list[ColorStyleDocument] = []
    for sid in sorted(index.styles):
        style = index.styles[sid]
        node = (nodes.get(sid) or {}).get("document")
        if style.get("remote") is True or not isinstance(node, Mapping) or not style.get("key"):
            continue
        if style.get("styleType") == "TEXT" and node.get("type") == "TEXT":
            text = _text_style(sid, style, node)
            if text is not None:
                text_styles.append(text)
        elif style.get("styleType") == "FILL" and variables is None:
            value = _solid_color(node)
            if value is not None:
                color_styles.append(
                    {"id": sid, "key": str(style["key"]), "name": str(style["name"]), "value": value}
                )
    return {
        "collections": collections,
        "variables": found,
        "color_styles": color_styles,
        "text_styles": text_styles,
    }


def _local_collections(variables: LocalVariables) -> dict[str, Mapping[str, Any]]:
    return {
        cid: c
        for cid, c in variables.collections.items()
        if c.get("remote") is not True and isinstance(c.get("modes"), list)
    }


def _collections(variables: LocalVariables) -> list[VariableCollectionDocument]:
    out: list[VariableCollectionDocument] = []
    for cid, collection in sorted(_local_collections(variables).items()):
        modes = {str(m.get("modeId")): str(m.get("name", "")) for m in collection["modes"]}
        default = modes.get(str(collection.get("defaultModeId")), next(iter(modes.values()), ""))
        out.append(
            {
                "id": cid,
                "key": str(collection.get("key", "")),
                "name": str(collection.get("name", "")),
                "modes": list(modes.values()),
                "default_mode": default,
            }
        )
    return out


def _variables(variables: LocalVariables) -> list[VariableDocument]:
    collections = _local_collections(variables)
    out: list[VariableDocument] = []
    for vid in sorted(variables.variables):
        var = variables.variables[vid]
        collection = collections.get(str(var.get("variableCollectionId")))
        resolved_type = var.get("resolvedType")
        if (
            resolved_type not in _TOKEN_TYPES
            or collection is None
            or var.get("remote") is True
            or var.get("deletedButReferenced") is True
            or not var.get("key")
        ):
            continue
        values: list[ModeValueDocument] = []
        for mode in collection["modes"]:
            value, alias = _resolve(variables, collections, var, str(mode.get("modeId")), str(mode["name"]))
            values.append({"mode": str(mode["name"]), "value": value, "alias": alias})
        syntax = var.get("codeSyntax")
        out.append(
            {
                "id": vid,
                "key": str(var["key"]),
                "name": str(var.get("name", "")),
                "collection": str(collection.get("name", "")),
                "resolved_type": "COLOR" if resolved_type == "COLOR" else "FLOAT",
                "scopes": [str(s) for s in var.get("scopes") or []],
                "code_syntax": (
                    {str(k): str(v) for k, v in syntax.items() if isinstance(v, str)}
                    if isinstance(syntax, Mapping)
                    else {}
                ),
                "values": values,
            }
        )
    return out


def _resolve(
    variables: LocalVariables,
    collections: Mapping[str, Mapping[str, Any]],
    var: Mapping[str, Any],
    mode_id: str,
    mode_name: str,
) -> tuple[str | float | None, str | None]:
    """(value, the name of the variable it aliases): ``None`` for a value that does not resolve here
    (an alias of a remote library's variable, or a malformed answer)."""
    alias: str | None = None
    current, current_mode = var, mode_id
    for _ in range(_MAX_ALIAS_DEPTH):
        raw = (current.get("valuesByMode") or {}).get(current_mode)
        if not (isinstance(raw, Mapping) and raw.get("type") == "VARIABLE_ALIAS"):
            return _value(current.get("resolvedType"), raw), alias
        target = variables.variables.get(str(raw.get("id")))
        collection = collections.get(str(target.get("variableCollectionId"))) if target else None
        if target is None or collection is None:
            return None, alias
        if alias is None:
            alias = f"{collection.get('name', '')}/{target.get('name', '')}"
        current = target
        current_mode = next(
            (str(m.get("modeId")) for m in collection["modes"] if m.get("name") == mode_name),
            str(collection.get("defaultModeId")),
        )
    return None, alias


def _value(resolved_type: Any, raw: Any) -> str | float | None:
    if resolved_type == "COLOR" and isinstance(raw, Mapping):
        return hex_color(raw)
    if resolved_type == "FLOAT" and isinstance(raw, int | float) and not isinstance(raw, bool):
        return float(raw)
    return None


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _text_style(sid: str, style: Mapping[str, Any], node: Mapping[str, Any]) -> TextStyleDocument | None:
    type_style = node.get("style")
    if not isinstance(type_style, Mapping):
        return None
    size, weight = _number(type_style.get("fontSize")), _number(type_style.get("fontWeight"))
    family = type_style.get("fontFamily")
    if size is None or weight is None or not isinstance(family, str):
        return None
    font_style = type_style.get("fontStyle")
    return {
        "id": sid,
        "key": str(style["key"]),
        "name": str(style["name"]),
        "font_family": family,
        "font_style": font_style if isinstance(font_style, str) else None,
        "font_weight": weight,
        "font_size": size,
        "line_height_px": _number(type_style.get("lineHeightPx")),
        "letter_spacing": _number(type_style.get("letterSpacing")) or 0.0,
    }


def _solid_color(node: Mapping[str, Any]) -> str | None:
    """The one visible solid paint of a FILL style's node (the same rule as its capture), as hex."""
    visible = [
        p for p in node.get("fills") or [] if isinstance(p, Mapping) and p.get("visible", True) is not False
    ]
    if len(visible) != 1 or visible[0].get("type") != "SOLID":
        return None
    paint = visible[0]
    opacity = _number(paint.get("opacity"))
    color = paint.get("color")
    return hex_color(color, 1.0 if opacity is None else opacity) if isinstance(color, Mapping) else None

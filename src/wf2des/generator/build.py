"""Captured DOM → working tree: visibility, structure, text runs, controls, media, roles and names.

Inline content is merged: a run of text and inline elements (``<a>``, ``<b>``, ``<code>``, list markers)
becomes one TEXT node (an inline background such as ``<code>``'s is dropped) whose differently-styled ranges
are kept as style runs, which is what a designer would draw. Wrappers without paint collapse into their only
child, handing over their role.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from wf2des.generator.capture_model import CapturedElement, CapturedScreen, CapturedText, Rect
from wf2des.generator.checkpoint import Checkpoint
from wf2des.generator.css import is_transparent, parse_color, px, weight
from wf2des.generator.model import Control, Finding, TextRun, WNode, WNodeType
from wf2des.generator.roles import LOW_CONFIDENCE, element_role, frame_name
from wf2des.spec import Role, TextAlign

__all__ = ["Builder", "is_icon_text"]

_DROPPED = {
    "canvas": "Canvas",
    "video": "Video",
    "iframe": "Embedded frame",
    "embed": "Embed",
    "object": "Embed",
    "audio": "Audio",
}
_FIELD_ROLES: dict[str, Role] = {"select": "select", "textarea": "textarea"}
_TEXT_INPUTS = frozenset(
    {
        "",
        "text",
        "email",
        "password",
        "search",
        "tel",
        "url",
        "number",
        "date",
        "datetime-local",
        "month",
        "time",
        "week",
    }
)
_BUTTON_INPUTS = frozenset({"submit", "button", "reset"})
_NON_INLINE = frozenset(
    {
        "img",
        "svg",
        "input",
        "select",
        "textarea",
        "button",
        "video",
        "canvas",
        "iframe",
        "embed",
        "object",
        "picture",
        "audio",
    }
)
_CODE_LIKE = frozenset({"code", "kbd", "samp", "tt", "var", "mark"})
_PHRASING = frozenset(
    {"span", "em", "strong", "b", "i", "u", "s", "small", "sub", "sup", "abbr", "cite", "q", "time", "label"}
)
_ICON_MAX = 48.0
_WS = re.compile(r"[ \t\n\r\f]+")


def is_icon_text(text: str) -> bool:
    """Private Use Area glyphs are icon-font icons, not words."""
    stripped = text.strip()
    return bool(stripped) and all(
        0xE000 <= ord(ch) <= 0xF8FF or ord(ch) >= 0xF0000 for ch in stripped if not ch.isspace()
    )


def _text_of(item: CapturedElement | CapturedText) -> Iterator[str]:
    if isinstance(item, CapturedText):
        yield item.text
    else:
        for child in item.children:
            yield from _text_of(child)


def _fit_line_box(node: WNode, container: CapturedElement) -> None:
    """Give a text that is all of its block's content that block's content box.

    The browser's text boxes hug the glyphs; a Figma text layer is as tall as its lines (line height times
    lines) and as wide as the column it wraps in, which is the block's content box. Using that box keeps
    the gaps between paragraphs equal to their CSS margins, so a stack needs no spacing wrappers. Only when
    the block is not much taller than its text (a fixed-height, centred button keeps the glyph box).
    """
    style = container.style
    if style.get("display", "inline").startswith("inline") or container.tag in ("button", "select"):
        return
    rect = container.rect
    left = rect.x + px(style.get("padding-left")) + px(style.get("border-left-width"))
    top = rect.y + px(style.get("padding-top")) + px(style.get("border-top-width"))
    right = rect.right - px(style.get("padding-right")) - px(style.get("border-right-width"))
    bottom = rect.bottom - px(style.get("padding-bottom")) - px(style.get("border-bottom-width"))
    content = Rect(left, top, right - left, bottom - top)
    glyphs = node.box
    line = max((r.line_height for r in node.runs), default=0.0)
    if content.width <= 0 or content.height <= 0 or line <= 0:
        return
    if content.contains(glyphs, tolerance=1.0) and content.height - glyphs.height <= line * 0.75:
        node.box = content


def _paint_key(el: CapturedElement) -> tuple[float, int, int]:
    """Block boxes paint their backgrounds before inline-level content of the same layer (CSS 2 E.2)."""
    inline = el.style.get("display", "block").startswith("inline") or el.tag in _NON_INLINE
    return (el.paint_order, 1 if inline else 0, el.dom_order)


def _overlaps(a: Rect, b: Rect) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > 1 and min(a.bottom, b.bottom) - max(a.y, b.y) > 1


def _same_colour(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[3] >= 0.99 and all(abs(x - y) <= 1.5 / 255 for x, y in zip(a[:3], b[:3], strict=True))


_ALIGNS: dict[str, TextAlign] = {
    "center": "CENTER",
    "right": "RIGHT",
    "end": "RIGHT",
    "justify": "JUSTIFIED",
    "-webkit-center": "CENTER",
}


def _align(value: str) -> TextAlign:
    return _ALIGNS.get(value, "LEFT")


class Builder:
    def __init__(self, findings: list[Finding], checkpoint: Checkpoint | None = None) -> None:
        self.findings = findings
        self.checkpoint = checkpoint or Checkpoint()
        # The colour showing behind the element being built (the nearest fill above it); None when an
        # earlier sibling may be painted behind it instead (a card pulled up over a hero).
        self._backdrop: tuple[float, float, float, float] | None = (1.0, 1.0, 1.0, 1.0)
        self._inline_memo: dict[int, bool] = {}

    def flag(self, kind: str, message: str, node: WNode | None, *, flagged: bool = True) -> None:
        self.findings.append(Finding(kind=kind, message=message, flagged=flagged, node=node))

    # ---- entry point -------------------------------------------------------------------------------------
    def screen(self, screen: CapturedScreen) -> WNode:
        body = screen.root
        width = max(float(screen.viewport_width), screen.content_width)
        height = max(float(screen.viewport_height), screen.content_height, body.rect.bottom)
        root = WNode(
            type="FRAME", name=f"Page {screen.viewport_width}", box=Rect(0, 0, width, height), tag="body"
        )
        root.css = dict(body.style)
        background = parse_color(body.style.get("background-color"))
        page = (
            background if background is not None and not is_transparent(background) else (1.0, 1.0, 1.0, 1.0)
        )
        self._backdrop = root.fill = page
        root.clips = True
        root.children = self.children(body)
        return root

    # ---- structure -----------------------------------------------------------------------------------------
    def children(self, element: CapturedElement) -> list[WNode]:
        out: list[WNode] = []
        run: list[CapturedElement | CapturedText] = []
        bottom = float("-inf")
        for child in element.children:
            if self._inline_text(child):
                run.append(child)
                continue
            if run:
                out.extend(self._text_node(run, element))
                run = []
            if isinstance(child, CapturedElement):
                overlaps = child.rect.y < bottom - 1 and any(_overlaps(child.rect, n.box) for n in out)
                backdrop = self._backdrop
                if overlaps:
                    self._backdrop = None
                try:
                    built = self.element(child)
                finally:
                    self._backdrop = backdrop
                out.extend(built)
                bottom = max([bottom, *(n.box.bottom for n in built)])
        if run:
            whole = len(run) == len(element.children)
            texts = self._text_node(run, element)
            if whole and len(texts) == 1:
                _fit_line_box(texts[0], element)
            out.extend(texts)
        return out

    def _inline_text(self, item: CapturedElement | CapturedText) -> bool:
        # Asked again for each ancestor of a nested inline run: remembered, so a page stays linear.
        known = self._inline_memo.get(id(item))
        if known is None:
            known = self._inline_memo[id(item)] = self._inline_text_of(item)
        return known

    def _inline_text_of(self, item: CapturedElement | CapturedText) -> bool:
        if isinstance(item, CapturedText):
            return not is_icon_text(item.text)
        style = item.style
        if item.tag in ("br", "::marker"):
            # A list bullet joins its item's text ("• Item"), as a designer would type it.
            return True
        display = style.get("display")
        if display == "inline-block" and not self._word_box(item):
            return False
        if (
            display not in ("inline", "inline-block")
            or item.tag in _NON_INLINE
            or style.get("position") in ("absolute", "fixed")
        ):
            return False
        if is_icon_text("".join(_text_of(item))):
            return False
        return all(self._inline_text(child) for child in item.children)

    def _word_box(self, item: CapturedElement) -> bool:
        """An inline-block that is still a word of the sentence (``<code>``, ``<kbd>``, a plain span).

        Code-like tags keep their tint only as a style run (a wireframe drops it); any other inline-block
        with a fill or a border is a badge or a chip and stays a frame.
        """
        if item.tag in _CODE_LIKE:
            return True
        if item.tag not in _PHRASING:
            return False
        fill, stroke = self._paint_of(item)
        return fill is None and stroke is None

    def element(self, el: CapturedElement) -> list[WNode]:
        self.checkpoint.tick()
        style = el.style
        if style.get("visibility") in ("hidden", "collapse") or px(style.get("opacity"), 1.0) <= 0.01:
            return []
        rect = el.rect
        tag = el.tag
        has_area = rect.width > 0.5 and rect.height > 0.5
        if tag in _DROPPED:
            if not has_area:
                return []
            node = self._leaf("RECTANGLE", _DROPPED[tag], el)
            node.fill = (0.85, 0.85, 0.85, 1.0)
            node.label = _DROPPED[tag]
            self.flag("element_dropped", f"{_DROPPED[tag].lower()} replaced by a placeholder", node)
            return [node]
        if tag in ("img", "picture") or (tag == "input" and el.attrs.get("type") == "image"):
            return [self._image(el)] if has_area else []
        if tag == "svg":
            return [self._svg(el)] if has_area else []
        if tag in ("input", "textarea", "select"):
            return self._control(el) if has_area else []
        if tag == "hr":
            if not has_area:
                return []
            node = self._leaf("RECTANGLE", "Divider", el)
            node.fill = (0.8, 0.8, 0.8, 1.0)
            return [node]
        if not has_area:
            if style.get("overflow-x") != "visible" or style.get("overflow-y") != "visible":
                return []
            return self.children(el)
        if rect.width <= _ICON_MAX and rect.height <= _ICON_MAX and is_icon_text("".join(_text_of(el))):
            node = self._leaf("VECTOR", "Icon", el)
            node.role, node.confidence = "icon", 0.8
            return [node]
        return self._frame(el)

    def _frame(self, el: CapturedElement) -> list[WNode]:
        style = el.style
        node = WNode(type="FRAME", name="", box=el.rect, tag=el.tag, paint_order=_paint_key(el))
        node.css = {
            k: style.get(k, "")
            for k in (
                "display",
                "flex-direction",
                "justify-content",
                "align-items",
                "flex-wrap",
                "text-align",
            )
        }
        node.absolute = style.get("position") in ("absolute", "fixed")
        self._paint(node, el)
        if (
            node.fill is not None
            and not node.absolute
            and self._backdrop is not None
            and _same_colour(node.fill, self._backdrop)
        ):
            # White on white draws nothing: without the fill the frame can collapse or dissolve.
            node.fill = None
        backdrop = self._backdrop
        if node.fill is not None and node.fill[3] >= 0.99:
            self._backdrop = node.fill
        try:
            node.children = self.children(el)
        finally:
            self._backdrop = backdrop
        if node.clips and all(node.box.contains(child.box, tolerance=0.5) for child in node.children):
            # overflow: auto/hidden with nothing overflowing clips nothing; the frame may then collapse.
            node.clips = False
        role, confidence = element_role(
            el.tag,
            el.attrs,
            painted=node.painted,
            pointer=style.get("cursor") == "pointer",
        )
        node.role, node.confidence = role, confidence
        node.name = frame_name(el.tag, el.attrs, role)
        if not node.children and not node.painted:
            return []
        if not node.painted and len(node.children) == 1:
            only = node.children[0]
            only.absolute = only.absolute or node.absolute
            if role and not only.role:
                only.role, only.confidence = role, confidence
                if only.type == "FRAME":
                    only.name = node.name
            return [only]
        if not node.children:
            radius = node.corner_radius
            node.type = (
                "ELLIPSE"
                if radius >= min(node.box.width, node.box.height) / 2 - 0.5 and radius > 0
                else "RECTANGLE"
            )
        if role and confidence < LOW_CONFIDENCE:
            self.flag(
                "low_confidence_role",
                f"'{node.name}' looks like a {role} (confidence {confidence:.1f})",
                node,
            )
        return [node]

    # ---- paint ------------------------------------------------------------------------------------------
    @staticmethod
    def _paint_of(
        el: CapturedElement,
    ) -> tuple[tuple[float, float, float, float] | None, tuple[float, float, float, float] | None]:
        style = el.style
        fill = parse_color(style.get("background-color"))
        if is_transparent(fill):
            fill = None
        stroke = None
        if style.get("border-top-style", "none") not in ("none", "hidden") or any(
            px(style.get(f"border-{side}-width")) > 0 for side in ("right", "bottom", "left")
        ):
            widths = [px(style.get(f"border-{side}-width")) for side in ("top", "right", "bottom", "left")]
            if max(widths) > 0:
                stroke = parse_color(style.get("border-top-color")) or (0.8, 0.8, 0.8, 1.0)
                if is_transparent(stroke):
                    stroke = None
        return fill, stroke

    def _paint(self, node: WNode, el: CapturedElement) -> None:
        style = el.style
        node.fill, node.stroke = self._paint_of(el)
        if node.stroke is not None:
            node.stroke_weight = max(
                px(style.get(f"border-{side}-width")) for side in ("top", "right", "bottom", "left")
            )
        node.corner_radius = px(style.get("border-top-left-radius"))
        node.opacity = round(px(style.get("opacity"), 1.0), 3)
        node.clips = style.get("overflow-x") in ("hidden", "clip", "auto", "scroll") or style.get(
            "overflow-y"
        ) in (
            "hidden",
            "clip",
            "auto",
            "scroll",
        )
        node.shadow = style.get("box-shadow", "none") not in ("none", "")
        image = style.get("background-image", "none")
        if "gradient(" in image:
            node.fill = node.fill or (0.88, 0.88, 0.88, 1.0)
            self.flag("style_ignored", "gradient replaced by a flat fill", node)
        elif image.startswith("url("):
            node.fill_token = "color/wf/image"
        if style.get("transform", "none") != "none":
            self.flag("style_ignored", "CSS transform ignored", node)
        if style.get("filter", "none") != "none":
            self.flag("style_ignored", "CSS filter ignored", node)
        if style.get("mix-blend-mode", "normal") != "normal":
            self.flag("style_ignored", "blend mode ignored", node)

    # ---- leaves -----------------------------------------------------------------------------------------
    def _leaf(self, kind: WNodeType, name: str, el: CapturedElement) -> WNode:
        node = WNode(type=kind, name=name, box=el.rect, tag=el.tag, paint_order=_paint_key(el))
        node.absolute = el.style.get("position") in ("absolute", "fixed")
        node.opacity = round(px(el.style.get("opacity"), 1.0), 3)
        node.corner_radius = px(el.style.get("border-top-left-radius"))
        return node

    def _image(self, el: CapturedElement) -> WNode:
        node = self._leaf("IMAGE", "Image", el)
        node.role, node.confidence = "image", 0.95
        alt = el.attrs.get("alt", "").strip()
        node.label = alt or "Image"
        if alt:
            node.name = f"Image: {alt[:40]}"
        else:
            self.flag("image_without_alt", "image has no alt text; labelled 'Image'", node, flagged=False)
        return node

    def _svg(self, el: CapturedElement) -> WNode:
        rect = el.rect
        if rect.width <= _ICON_MAX and rect.height <= _ICON_MAX:
            node = self._leaf("VECTOR", "Icon", el)
            node.role, node.confidence = "icon", 0.85
            node.label = el.attrs.get("aria-label", "")
            return node
        node = self._leaf("IMAGE", "Illustration", el)
        node.role, node.confidence = "image", 0.7
        node.label = el.attrs.get("aria-label", "") or "Graphic"
        return node

    def _control(self, el: CapturedElement) -> list[WNode]:
        kind = el.attrs.get("type", "").lower() if el.tag == "input" else el.tag
        if kind == "hidden":
            return []
        if kind in ("checkbox", "radio"):
            role: Role = "checkbox" if kind == "checkbox" else "radio"
            node = self._leaf("RECTANGLE" if kind == "checkbox" else "ELLIPSE", kind.title(), el)
            node.role, node.confidence = role, 0.95
            node.stroke, node.stroke_weight = (0.5, 0.5, 0.5, 1.0), 1.0
            node.fill = (1.0, 1.0, 1.0, 1.0)
            node.control = Control(checked=bool(el.checked))
            return [node]
        if el.tag == "input" and kind not in _TEXT_INPUTS and kind not in _BUTTON_INPUTS:
            node = self._leaf("RECTANGLE", kind.title() or "Control", el)
            node.role, node.confidence = "input", 0.6
            node.stroke, node.stroke_weight = (0.6, 0.6, 0.6, 1.0), 1.0
            return [node]
        node = WNode(type="FRAME", name="", box=el.rect, tag=el.tag, paint_order=_paint_key(el))
        node.absolute = el.style.get("position") in ("absolute", "fixed")
        self._paint(node, el)
        if kind in _BUTTON_INPUTS:
            node.role, node.confidence, node.name = "button", 0.95, "Button"
            label, muted = (el.input_value or el.attrs.get("value") or kind.title()), False
        else:
            role = _FIELD_ROLES.get(el.tag, "input")
            node.role, node.confidence, node.name = role, 0.95, role.title()
            value = el.input_value or ""
            label, muted = (value, False) if value else (el.attrs.get("placeholder", ""), True)
            if node.stroke is None and node.fill is None:
                node.stroke, node.stroke_weight = (0.6, 0.6, 0.6, 1.0), 1.0
        if label.strip():
            node.children = [self._control_text(el, label.strip(), muted, centered=kind in _BUTTON_INPUTS)]
        return [node]

    def _control_text(self, el: CapturedElement, label: str, muted: bool, *, centered: bool) -> WNode:
        style = el.style
        rect = el.rect
        left = rect.x + px(style.get("padding-left")) + px(style.get("border-left-width"))
        right = rect.right - px(style.get("padding-right")) - px(style.get("border-right-width"))
        size = px(style.get("font-size"), 16)
        line = (
            px(style.get("line-height"), size * 1.2)
            if style.get("line-height", "normal") != "normal"
            else size * 1.2
        )
        line = min(line, rect.height)
        top = (
            rect.y + (rect.height - line) / 2
            if el.tag != "textarea"
            else rect.y + px(style.get("padding-top"))
        )
        node = WNode(
            type="TEXT", name=label[:40], box=Rect(left, top, max(1.0, right - left), line), tag=el.tag
        )
        node.characters = label
        color = (
            (0.55, 0.55, 0.55, 1.0) if muted else (parse_color(style.get("color")) or (0.1, 0.1, 0.1, 1.0))
        )
        node.runs = [TextRun(0, len(label), size, weight(style.get("font-weight")), line, color)]
        node.text_align = "CENTER" if centered else "LEFT"
        node.control = Control(placeholder=muted)
        node.paint_order = (el.paint_order + 0.5, 1, el.dom_order)
        return node

    # ---- text -------------------------------------------------------------------------------------------
    def _text_node(
        self, items: list[CapturedElement | CapturedText], container: CapturedElement
    ) -> list[WNode]:
        chars: list[str] = []
        runs: list[TextRun] = []
        boxes: list[Rect] = []
        in_link: list[bool] = []
        orders: list[float] = []
        preformatted = container.style.get("white-space", "normal").startswith("pre")

        def emit(text: str, style: dict[str, str] | None, link: bool) -> None:
            if not preformatted:
                text = _WS.sub(" ", text)
                if (chars and chars[-1].endswith((" ", "\n"))) or not chars:
                    text = text.lstrip(" ")
            if not text:
                return
            start = sum(len(c) for c in chars)
            chars.append(text)
            if style is not None:
                size = px(style.get("font-size"), 16)
                raw_line = style.get("line-height", "normal")
                line = size * 1.2 if raw_line == "normal" else px(raw_line, size * 1.2)
                color = parse_color(style.get("color")) or (0.0, 0.0, 0.0, 1.0)
                runs.append(
                    TextRun(
                        start,
                        start + len(text),
                        size,
                        weight(style.get("font-weight")),
                        line,
                        color,
                        italic=style.get("font-style") == "italic",
                        underline="underline" in style.get("text-decoration-line", ""),
                    )
                )
                in_link.append(link)

        def walk(item: CapturedElement | CapturedText, link: bool) -> None:
            if isinstance(item, CapturedText):
                boxes.extend(item.boxes)
                orders.append(item.paint_order)
                emit(item.text, dict(item.style), link)
                return
            if item.tag == "br":
                chars.append("\n")
                return
            for child in item.children:
                walk(child, link or item.tag == "a")

        for item in items:
            walk(item, False)
        text = "".join(chars).rstrip()
        if not any(ch.isprintable() and not ch.isspace() for ch in text) or not boxes:
            return []
        box = boxes[0]
        for other in boxes[1:]:
            box = box.union(other)
        node = WNode(
            type="TEXT",
            name=" ".join(text.split())[:40],
            box=box,
            tag="#text",
            paint_order=(min(orders, default=container.paint_order), 1, container.dom_order),
        )
        node.characters = text
        node.runs = [
            TextRun(
                r.start,
                min(r.end, len(text)),
                r.size,
                r.weight,
                r.line_height,
                r.color,
                r.italic,
                r.underline,
            )
            for r in runs
            if r.start < len(text)
        ]
        node.text_align = _align(container.style.get("text-align", "start"))
        if in_link and all(in_link):
            node.role, node.confidence = "link", 0.9
        if (
            container.style.get("text-overflow") == "ellipsis"
            and container.style.get("white-space") == "nowrap"
        ):
            node.truncated = True
        return [node]

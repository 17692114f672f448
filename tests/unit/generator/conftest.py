"""Hand-built captures: the generator is pure, so its unit tests need no browser."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from wf2des.generator.capture_model import CapturedElement, CapturedScreen, CapturedText, CaptureResult, Rect

BASE = {
    "display": "block",
    "position": "static",
    "visibility": "visible",
    "opacity": "1",
    "overflow-x": "visible",
    "overflow-y": "visible",
    "background-color": "rgba(0, 0, 0, 0)",
    "border-top-style": "none",
    "color": "rgb(0, 0, 0)",
    "font-size": "16px",
    "font-weight": "400",
    "line-height": "24px",
}


def el(
    tag: str, rect: tuple[float, float, float, float], *children: CapturedElement | CapturedText, **style: str
) -> CapturedElement:
    merged = dict(BASE)
    merged.update({k.replace("_", "-"): v for k, v in style.items()})
    return CapturedElement(tag=tag, rect=Rect(*rect), style=merged, children=children)


def text(value: str, rect: tuple[float, float, float, float], **style: str) -> CapturedText:
    merged = dict(BASE)
    merged.update({k.replace("_", "-"): v for k, v in style.items()})
    return CapturedText(text=value, boxes=(Rect(*rect),), style=merged)


def page(body: CapturedElement, *, blocked: tuple[str, ...] = ()) -> CaptureResult:
    screen = CapturedScreen(
        viewport_width=int(body.rect.width),
        viewport_height=600,
        content_width=body.rect.width,
        content_height=max(600.0, body.rect.height),
        root=body,
        title="Test",
    )
    return CaptureResult(entry="index.html", screens=(screen,), blocked_urls=blocked)


@pytest.fixture
def flex_page() -> CaptureResult:
    """A nav row (flex, gap 16, centred items) above a card stack with uneven gaps (8, then 20)."""
    nav = el(
        "nav",
        (0, 0, 800, 60),
        el("a", (20, 20, 60, 20), text("Home", (20, 20, 60, 20))),
        el("a", (96, 20, 60, 20), text("About", (96, 20, 60, 20))),
        el("button", (172, 10, 100, 40), text("Go", (200, 18, 44, 24)), background_color="rgb(20, 20, 20)"),
        display="flex",
        flex_direction="row",
        align_items="center",
        background_color="rgb(240, 240, 240)",
    )
    stack = el(
        "div",
        (0, 60, 800, 200),
        el(
            "h2",
            (20, 80, 760, 32),
            text("Title", (20, 80, 200, 32), font_size="28px", font_weight="700", line_height="32px"),
        ),
        el("p", (20, 120, 760, 24), text("Body text here", (20, 120, 300, 24))),
        el("img", (20, 164, 120, 80)),
    )
    body = el("body", (0, 0, 800, 600), nav, stack, background_color="rgb(255, 255, 255)")
    return page(body, blocked=("https://cdn.example.com/x.css",))


@pytest.fixture
def make_page() -> Callable[[CapturedElement], CaptureResult]:
    return page

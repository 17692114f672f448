"""Twelve-plus labelled wireframe screens, drawn both ways (named layers and unnamed shapes), with memos.

``python -m tests.design_kit.screens`` writes them to ``tests/data/wireframes/<slug>.json`` as
``{"name", "drawn", "frame": <REST node>, "labels": {node id: intent}}``; an intent is what a designer would
pick (``{"role": "button", "emphasis": "primary", "size": "medium"}``), turned into a library's own set and
variant names by the label tables in ``bench/design.py``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from tests.design_kit.draw import Screen

__all__ = ["SCREENS", "write_all"]

_GREY = "#57606a"


def _heading(s: Screen, parent: object, text: str, x: float, y: float, size: float = 24) -> None:
    s.text(parent, text, x, y, size=size, weight=600)  # type: ignore[arg-type]


def sign_in() -> Screen:
    s = Screen(101, "Sign in", 480, 520)
    card = s.rect(None, 40, 40, 400, 440, fill="#f6f8fa", stroke="#d0d7de", radius=8)
    del card
    _heading(s, None, "Sign in to Acme", 72, 72)
    s.field(None, 72, 150, 336, label="Email address", placeholder="you@example.com")
    s.field(None, 72, 226, 336, label="Password", placeholder="••••••••")
    s.checkbox(None, "Keep me signed in", 72, 274)
    s.button(None, "Sign in", 72, 314, w=336, emphasis="primary")
    s.button(None, "Forgot password?", 72, 362, w=336, emphasis="invisible", label_emphasis="invisible")
    s.memo(None, "ghost", 412, 366, w=60)
    s.text(None, "New here? Create an account", 72, 420, size=12, color=_GREY)
    return s


def sign_up() -> Screen:
    s = Screen(102, "Sign up", 480, 640)
    form = s.frame(None, 40, 40, 400, 560, name="Form", fill="#ffffff", stroke="#d0d7de", radius=8)
    _heading(s, form, "Create your account", 64, 64)
    s.field(form, 64, 140, 352, label="Full name", placeholder="Ada Lovelace", named="Name field")
    s.field(form, 64, 216, 352, label="Email", placeholder="you@example.com", named="Email field")
    s.field(form, 64, 292, 352, label="Password", placeholder="At least 8 characters", named="Password input")
    s.field(form, 64, 368, 352, label="Country", placeholder="Choose…", named="Select", chevron=True)
    s.checkbox(form, "I accept the terms", 64, 416, named="Checkbox")
    s.button(form, "Create account", 64, 460, w=352, h=40, emphasis="primary", named="Primary button")
    s.button(form, "Sign in instead", 64, 512, w=352, emphasis="secondary", named="btn/secondary")
    return s


def pricing() -> Screen:
    s = Screen(103, "Pricing", 1040, 560)
    _heading(s, None, "Choose a plan", 40, 32, size=32)
    s.text(None, "Simple pricing for teams of every size.", 40, 84, color=_GREY)
    for index, (plan, price, emphasis) in enumerate(
        (("Free", "$0", "secondary"), ("Team", "$4", "primary"), ("Enterprise", "$21", "secondary"))
    ):
        x = 40 + index * 328
        s.rect(None, x, 140, 304, 380, fill="#ffffff", stroke="#d0d7de", radius=12)
        _heading(s, None, plan, x + 24, 164, size=20)
        s.text(None, price, x + 24, 200, size=32, weight=700)
        s.text(None, "per user / month", x + 24, 250, size=12, color=_GREY)
        for line in range(3):
            s.text(None, f"Feature {line + 1} included", x + 24, 290 + line * 28)
        if index == 1:
            s.badge(None, "Popular", x + 220, 166)
        s.button(
            None, "Get started" if index < 2 else "Contact sales", x + 24, 456, w=256, h=40, emphasis=emphasis
        )
    s.memo(None, "size = large", 720, 526, w=100)
    return s


def settings() -> Screen:
    s = Screen(104, "Settings", 800, 600)
    side = s.frame(None, 0, 0, 200, 600, name="Sidebar", fill="#f6f8fa")
    for index, item in enumerate(("Profile", "Account", "Notifications", "Security")):
        s.text(side, item, 24, 32 + index * 36, weight=600 if index == 2 else 400)
    main = s.frame(None, 200, 0, 600, 600, name="Content")
    _heading(s, main, "Notifications", 232, 32)
    rows = (("Email me about mentions", True), ("Email me about reviews", False), ("Weekly digest", True))
    for index, (text, on) in enumerate(rows):
        row = s.frame(main, 232, 96 + index * 56, 536, 40, name="Setting row")
        s.text(row, text, 232, 106 + index * 56)
        s.toggle(row, 732, 106 + index * 56, on=on, named="Toggle")
    s.checkbox(main, "Also notify me on mobile", 232, 276, checked=True, named="Checkbox/checked")
    s.radio(main, "Instantly", 232, 316, checked=True, named="Radio")
    s.radio(main, "Once a day", 232, 348, named="Radio")
    s.button(main, "Save changes", 232, 400, emphasis="primary", named="Button")
    s.button(main, "Reset", 376, 400, emphasis="secondary", named="Button")
    return s


def dashboard() -> Screen:
    s = Screen(105, "Dashboard", 1200, 720)
    s.rect(None, 0, 0, 1200, 64, fill="#24292f")
    s.text(None, "Acme", 24, 20, size=20, weight=700, color="#ffffff")
    s.avatar(None, "JD", 1144, 16)
    _heading(s, None, "Overview", 24, 96)
    s.button(None, "New report", 1056, 96, emphasis="primary")
    for index, (title, value) in enumerate((("Revenue", "$12,400"), ("Users", "1,204"), ("Churn", "2.1%"))):
        x = 24 + index * 392
        s.rect(None, x, 152, 368, 112, fill="#ffffff", stroke="#d0d7de", radius=8)
        s.text(None, title, x + 20, 172, size=12, color=_GREY)
        s.text(None, value, x + 20, 200, size=28, weight=700)
    s.rect(None, 24, 296, 1152, 392, fill="#ffffff", stroke="#d0d7de", radius=8)
    s.field(None, 44, 316, 320, placeholder="Filter reports")
    for row in range(6):
        y = 368 + row * 48
        cells = (
            ("Name", "Owner", "Status", "Updated")
            if row == 0
            else (f"Report {row}", "Jane", "Draft", "2 days ago")
        )
        for col, cell in enumerate(cells):
            s.text(None, cell, 44 + col * 280, y, weight=600 if row == 0 else 400)
        if row:
            s.badge(None, "Draft" if row % 2 else "Live", 44 + 2 * 280 + 60, y)
    s.memo(None, "check copy with PM", 1060, 316, w=120)
    return s


def search_results() -> Screen:
    s = Screen(106, "Search results", 960, 640)
    bar = s.frame(None, 0, 0, 960, 72, name="Header", fill="#f6f8fa")
    s.field(bar, 24, 20, 560, placeholder="Search repositories", named="Search field")
    s.icon(bar, "search", 552, 28)
    s.button(bar, "Search", 600, 20, emphasis="primary", named="Button/primary")
    results = s.frame(None, 0, 72, 960, 568, name="Results")
    for index in range(4):
        y = 96 + index * 120
        item = s.frame(results, 24, y, 912, 104, name="Result", stroke="#d0d7de", radius=6)
        s.text(item, f"acme/project-{index + 1}", 44, y + 16, size=16, weight=600, color="#0969da")
        s.text(item, "A short description of what this repository does.", 44, y + 44, color=_GREY)
        s.badge(item, "Python", 44, y + 72, named="Tag")
        s.button(item, "Star", 848, y + 16, w=72, emphasis="secondary", named="Secondary button", icon="star")
    return s


def product() -> Screen:
    s = Screen(107, "Product", 1024, 600)
    s.image(None, 40, 40, 440, 440)
    _heading(s, None, "Trail running shoe", 520, 40, size=28)
    s.text(None, "$129.00", 520, 92, size=20, weight=600)
    s.text(None, "Lightweight, grippy and made for long days on the trail.", 520, 132, color=_GREY)
    s.field(None, 520, 200, 220, label="Size", placeholder="EU 42", chevron=True)
    s.field(None, 760, 200, 100, label="Quantity", placeholder="1")
    s.button(None, "Add to cart", 520, 260, w=340, h=40, emphasis="primary")
    s.button(None, "Save for later", 520, 316, w=340, h=40, emphasis="secondary")
    for index in range(3):
        s.image(None, 40 + index * 152, 500, 136, 80)
    return s


def checkout() -> Screen:
    s = Screen(108, "Checkout", 880, 640)
    _heading(s, None, "Checkout", 40, 32)
    shipping = s.frame(None, 40, 88, 480, 520, name="Shipping")
    s.field(shipping, 40, 120, 480, label="Address", placeholder="Street and number", named="Input")
    s.field(shipping, 40, 196, 228, label="City", placeholder="City", named="Input")
    s.field(shipping, 292, 196, 228, label="Postcode", placeholder="00000", named="Input")
    s.text(shipping, "Delivery", 40, 252, weight=600)
    s.radio(shipping, "Standard (free)", 40, 284, checked=True, named="Radio button")
    s.radio(shipping, "Express ($9)", 40, 316, named="Radio button")
    s.field(
        shipping,
        40,
        380,
        480,
        label="Notes",
        placeholder="Anything we should know?",
        named="Textarea",
        multiline=True,
    )
    summary = s.frame(None, 560, 88, 280, 240, name="Summary", fill="#f6f8fa", radius=8)
    s.text(summary, "Order summary", 580, 108, size=16, weight=600)
    s.text(summary, "2 items", 580, 144, color=_GREY)
    s.text(summary, "$258.00", 580, 172, size=20, weight=700)
    s.button(summary, "Pay now", 580, 264, w=240, h=40, emphasis="primary", named="CTA")
    s.memo(None, "make it large", 700, 336, w=90, sticky=True)
    return s


def mobile_profile() -> Screen:
    s = Screen(109, "Mobile profile", 375, 720)
    s.avatar(None, "AL", 147, 48, d=80)
    s.text(None, "Ada Lovelace", 112, 144, size=20, weight=600, align="CENTER", w=150)
    s.text(None, "@ada", 164, 176, size=12, color=_GREY, align="CENTER", w=46)
    s.button(None, "Edit profile", 24, 216, w=327, emphasis="secondary")
    for index, (text, on) in enumerate(
        (("Private account", False), ("Show activity", True), ("Dark mode", False))
    ):
        y = 280 + index * 52
        s.text(None, text, 24, y + 2)
        s.toggle(None, 315, y, on=on)
    s.rect(None, 24, 440, 327, 1, fill="#d0d7de")
    s.checkbox(None, "Email newsletter", 24, 460, checked=True)
    s.checkbox(None, "Product updates", 24, 492)
    s.button(None, "Log out", 24, 640, w=327, emphasis="danger")
    s.memo(None, "danger", 24, 690, w=60)
    return s


def modal() -> Screen:
    s = Screen(110, "Delete modal", 560, 320)
    dialog = s.frame(None, 40, 40, 480, 240, name="Dialog", fill="#ffffff", stroke="#d0d7de", radius=12)
    _heading(s, dialog, "Delete repository?", 64, 64, size=20)
    s.icon(dialog, "x", 480, 66)
    s.text(dialog, "This cannot be undone. Type the name to confirm.", 64, 104, color=_GREY)
    s.field(dialog, 64, 140, 432, placeholder="acme/project", named="Text field")
    s.button(dialog, "Cancel", 304, 212, w=88, emphasis="secondary", named="Button / Outline")
    s.button(dialog, "Delete", 408, 212, w=88, emphasis="danger", named="Danger button")
    return s


def notifications() -> Screen:
    s = Screen(111, "Notifications", 720, 560)
    _heading(s, None, "Inbox", 32, 24)
    s.button(None, "Mark all read", 576, 24, w=112, emphasis="secondary")
    for index in range(5):
        y = 88 + index * 88
        s.rect(None, 32, y, 656, 72, fill="#ffffff", stroke="#d0d7de", radius=6)
        s.avatar(None, "MK", 48, y + 20)
        s.text(None, f"Maria commented on issue #{40 + index}", 96, y + 14, weight=600)
        s.text(None, "“Looks good to me, merging.”", 96, y + 40, size=12, color=_GREY)
        s.icon(None, "bell", 656, y + 28, named=False)
        s.memo(None, "icon = bell", 692, y + 28, w=24)
    return s


def onboarding() -> Screen:
    """Drawn the way Code2WF places wireframes: generic role names, frames in auto layout."""
    s = Screen(112, "Onboarding", 640, 520)
    main = s.frame(None, 0, 0, 640, 520, name="Section")
    s.text(main, "Tell us about your team", 40, 40, size=24, weight=600)
    s.field(main, 40, 114, 560, label="Team name", placeholder="Acme", named="Input")
    s.field(main, 40, 190, 560, label="Team size", placeholder="2-10", named="Select", chevron=True)
    s.checkbox(main, "We work in open source", 40, 238, named="Checkbox")
    s.checkbox(main, "Send me tips", 40, 270, named="Checkbox", checked=True)
    row = s.frame(main, 40, 420, 560, 40, name="Frame")
    row["layoutMode"], row["itemSpacing"] = "HORIZONTAL", 20  # as drawn: Back ends at 104, Continue at 124
    s.button(row, "Back", 40, 424, emphasis="secondary", named="Button")
    s.button(row, "Continue", 124, 424, emphasis="primary", named="Button")
    return s


def team_list() -> Screen:
    s = Screen(113, "Team members", 800, 520)
    _heading(s, None, "Members", 32, 24)
    s.field(None, 32, 80, 280, placeholder="Find a member")
    s.field(None, 328, 80, 160, placeholder="Role: all", chevron=True)
    s.button(None, "Invite", 696, 80, w=72, emphasis="primary")
    s.memo(None, "icon = plus", 696, 118, w=72)
    for index in range(5):
        y = 144 + index * 64
        s.avatar(None, "AB", 32, y + 12, d=32)
        s.text(None, f"Member {index + 1}", 80, y + 18, weight=600)
        s.badge(None, "Admin" if index == 0 else "Member", 520, y + 20)
        s.button(None, "Remove", 688, y + 12, w=80, h=28, emphasis="invisible", label_size="small")
    s.memo(None, "these are ghost buttons, small", 600, 470, w=190)
    return s


SCREENS: tuple[Callable[[], Screen], ...] = (
    sign_in,
    sign_up,
    pricing,
    settings,
    dashboard,
    search_results,
    product,
    checkout,
    mobile_profile,
    modal,
    notifications,
    onboarding,
    team_list,
)


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for build in SCREENS:
        screen = build()
        drawn = (
            "named"
            if build in (sign_up, settings, search_results, checkout, modal, onboarding)
            else "unnamed"
        )
        path = folder / f"{build.__name__.replace('_', '-')}.json"
        payload = {"name": screen.name, "drawn": drawn, "frame": screen.root, "labels": screen.labels}
        path.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")
        out.append(path)
    return out


if __name__ == "__main__":
    target = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).resolve().parents[1] / "data" / "wireframes"
    )
    for written in write_all(target):
        print(written)  # noqa: T201

"""SVG path data (Figma's ``fillGeometry``/``strokeGeometry`` ``path``) traced onto a Cairo context (pure).

Every command of SVG 1.1 paths, absolute and relative: moves, lines, cubic and quadratic Béziers with their
smooth forms, elliptical arcs (converted from endpoints to a centre as SVG 1.1 F.6.5 describes, then drawn by
Cairo's circular arc on a scaled, rotated unit circle) and close. Minified data is read as written: numbers
run together (``.5.5``, ``1-2``) and arc flags without separators (``a1 1 0 011 1``).
"""

from __future__ import annotations

import math
import re

import cairocffi

__all__ = ["trace_path"]

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COMMANDS = "MmLlHhVvCcSsQqTtAaZz"
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class _Scanner:
    def __init__(self, data: str) -> None:
        self.data = data
        self.at = 0

    def skip(self) -> None:
        while self.at < len(self.data) and self.data[self.at] in " \t\r\n,":
            self.at += 1

    def command(self) -> str | None:
        self.skip()
        if self.at < len(self.data) and self.data[self.at] in _COMMANDS:
            self.at += 1
            return self.data[self.at - 1]
        return None

    def has_number(self) -> bool:
        self.skip()
        return self.at < len(self.data) and self.data[self.at] not in _COMMANDS

    def number(self) -> float:
        self.skip()
        found = _NUMBER.match(self.data, self.at)
        if found is None:
            raise ValueError(f"not a number at {self.at} of the path data")
        self.at = found.end()
        return float(found.group())

    def flag(self) -> float:
        self.skip()
        if self.at < len(self.data) and self.data[self.at] in "01":
            self.at += 1
            return float(self.data[self.at - 1])
        raise ValueError(f"not an arc flag at {self.at} of the path data")


def trace_path(ctx: cairocffi.Context, data: str) -> None:
    """Add the path ``data`` to ``ctx``'s current path, in the context's current user space."""
    scan = _Scanner(data)
    x = y = start_x = start_y = 0.0
    control: tuple[float, float] | None = None  # the last Bézier's second control point, for S and T
    last = ""
    command = scan.command()
    while command is not None:
        upper, relative = command.upper(), command.islower()
        repeat = True
        while repeat:
            dx, dy = (x, y) if relative else (0.0, 0.0)
            if upper == "Z":
                ctx.close_path()
                x, y = start_x, start_y
                control = None
            elif upper == "M":
                x, y = scan.number() + dx, scan.number() + dy
                start_x, start_y = x, y
                ctx.move_to(x, y)
                upper = "L"  # further pairs after a move are lines
            elif upper == "L":
                x, y = scan.number() + dx, scan.number() + dy
                ctx.line_to(x, y)
            elif upper == "H":
                x = scan.number() + dx
                ctx.line_to(x, y)
            elif upper == "V":
                y = scan.number() + dy
                ctx.line_to(x, y)
            elif upper in ("C", "S"):
                if upper == "C":
                    x1, y1 = scan.number() + dx, scan.number() + dy
                else:
                    x1, y1 = _mirror(control, x, y, last in "CS")
                x2, y2 = scan.number() + dx, scan.number() + dy
                x, y = scan.number() + dx, scan.number() + dy
                ctx.curve_to(x1, y1, x2, y2, x, y)
                control = (x2, y2)
            elif upper in ("Q", "T"):
                if upper == "Q":
                    qx, qy = scan.number() + dx, scan.number() + dy
                else:
                    qx, qy = _mirror(control, x, y, last in "QT")
                end_x, end_y = scan.number() + dx, scan.number() + dy
                ctx.curve_to(
                    x + 2 / 3 * (qx - x),
                    y + 2 / 3 * (qy - y),
                    end_x + 2 / 3 * (qx - end_x),
                    end_y + 2 / 3 * (qy - end_y),
                    end_x,
                    end_y,
                )
                x, y, control = end_x, end_y, (qx, qy)
            elif upper == "A":
                rx, ry, rotation = abs(scan.number()), abs(scan.number()), scan.number()
                large, sweep = scan.flag(), scan.flag()
                end_x, end_y = scan.number() + dx, scan.number() + dy
                _arc(ctx, x, y, rx, ry, rotation, bool(large), bool(sweep), end_x, end_y)
                x, y = end_x, end_y
            if upper not in "CSQT":
                control = None
            last = upper
            repeat = upper != "Z" and scan.has_number()
        command = scan.command()


def _mirror(control: tuple[float, float] | None, x: float, y: float, follows: bool) -> tuple[float, float]:
    """The reflected control point of a smooth curve (the current point when the last was not a curve)."""
    if control is None or not follows:
        return x, y
    return 2 * x - control[0], 2 * y - control[1]


def _arc(
    ctx: cairocffi.Context,
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    rotation: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> None:
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        ctx.line_to(x2, y2)
        return
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    hx, hy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * hx + sin * hy, -sin * hx + cos * hy
    scale = (px * px) / (rx * rx) + (py * py) / (ry * ry)
    if scale > 1:  # radii too small for the endpoints: grown just enough, as SVG says
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    denominator = rx * rx * py * py + ry * ry * px * px
    root = math.sqrt(max(0.0, numerator / denominator)) if denominator else 0.0
    if large == sweep:
        root = -root
    cxp, cyp = root * rx * py / ry, -root * ry * px / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((py - cyp) / ry, (px - cxp) / rx)
    end = math.atan2((-py - cyp) / ry, (-px - cxp) / rx)
    ctx.save()
    ctx.translate(cx, cy)
    ctx.rotate(phi)
    ctx.scale(rx, ry)
    if sweep:
        ctx.arc(0, 0, 1, start, end if end > start else end + 2 * math.pi)
    else:
        ctx.arc_negative(0, 0, 1, start, end if end < start else end - 2 * math.pi)
    ctx.restore()

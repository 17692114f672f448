"""The style-capture token rule: how a Figma text style, colour style or colour variable becomes a key.

A token is ``/``-separated *segments*, the first being the kind::

    text/<style name>                       a local TEXT style
    color/<collection name>/<variable name> a local COLOR variable
    color/<style name>                      a local FILL style with one solid paint (the fallback when the
                                            Enterprise-only variables API is not available)

Each name is one segment, escaped so that it can never contain the separator: ``%`` → ``%25``, ``/`` →
``%2F``, ``.`` → ``%2E``, ``$`` → ``%24`` (the last two because tokens are document-store field names, where
``.`` and ``$`` are not safe). Everything else — spaces, ``#``, unicode — stays readable.

Why this is collision-safe and reversible: after escaping, the *number of segments* says where a token came
from (text style: 2, colour style: 2 under ``color``, colour variable: 3), so a style named ``Brand/red``
gives ``color/Brand%2Fred`` while the variable ``red`` in collection ``Brand`` gives ``color/Brand/red`` —
never the same string. :func:`parse_token` inverts :func:`make_token` exactly (property-tested).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from wf2des.core.errors import InvalidInput

__all__ = ["CaptureToken", "TokenSource", "escape_segment", "make_token", "parse_token", "unescape_segment"]

TokenSource = Literal["text_style", "color_style", "color_variable"]

_ESCAPES = {"%": "%25", "/": "%2F", ".": "%2E", "$": "%24"}
_UNESCAPES = {v: k for k, v in _ESCAPES.items()}


def escape_segment(name: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in name)


def unescape_segment(segment: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(segment):
        chunk = segment[i : i + 3]
        if segment[i] == "%":
            if chunk.upper() not in _UNESCAPES:
                raise InvalidInput(
                    f"bad escape {chunk!r} in style token segment {segment!r}", code="bad_style_token"
                )
            out.append(_UNESCAPES[chunk.upper()])
            i += 3
        else:
            out.append(segment[i])
            i += 1
    return "".join(out)


@dataclass(frozen=True)
class CaptureToken:
    source: TokenSource
    name: str
    collection: str | None = None

    @property
    def kind(self) -> Literal["text", "color"]:
        return "text" if self.source == "text_style" else "color"

    def __str__(self) -> str:
        return make_token(self.source, self.name, self.collection)


def make_token(source: TokenSource, name: str, collection: str | None = None) -> str:
    if not name:
        raise InvalidInput("a style or variable name cannot be empty", code="bad_style_token")
    if source == "text_style":
        return f"text/{escape_segment(name)}"
    if source == "color_style":
        return f"color/{escape_segment(name)}"
    if collection is None or collection == "":
        raise InvalidInput("a colour variable token needs its collection name", code="bad_style_token")
    return f"color/{escape_segment(collection)}/{escape_segment(name)}"


def parse_token(token: str) -> CaptureToken:
    parts = token.split("/")
    if parts[0] == "text" and len(parts) == 2 and parts[1]:
        return CaptureToken("text_style", unescape_segment(parts[1]))
    if parts[0] == "color" and len(parts) == 2 and parts[1]:
        return CaptureToken("color_style", unescape_segment(parts[1]))
    if parts[0] == "color" and len(parts) == 3 and parts[1] and parts[2]:
        return CaptureToken("color_variable", unescape_segment(parts[2]), unescape_segment(parts[1]))
    raise InvalidInput(f"not a style capture token: {token!r}", code="bad_style_token")

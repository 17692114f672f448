"""Resource ids as the API accepts them, in paths and in bodies.

Our ids are UUIDv7 strings, but the API answers an unknown id with a 404 rather than a format error, so
the check is only what a stored id can never contain: control characters (PostgreSQL refuses NUL in
text, which used to surface as a 500), lone surrogates (they cannot be encoded for the driver) and
bidirectional-override characters. Such an id is a 422 ``invalid_input`` before any query runs.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator

__all__ = ["BIDI_CONTROLS", "ResourceId", "check_id", "unsafe_character"]

# Unicode Bidi_Control: they reorder how a name or id is displayed (U+202E turns "gpj.exe" into "exe.jpg").
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unsafe_character(value: str) -> str | None:
    """The first control, surrogate or bidi-control character of ``value``, if any."""
    for ch in value:
        if ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs"):
            return ch
    return None


def check_id(value: str) -> str:
    if unsafe_character(value) is not None:
        raise ValueError("must not contain control, surrogate or bidirectional-control characters")
    return value


ResourceId = Annotated[str, AfterValidator(check_id)]

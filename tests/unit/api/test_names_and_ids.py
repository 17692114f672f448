"""Uploaded file names and resource ids refuse what could disguise them."""

from __future__ import annotations

import pytest

from wf2des.api.ids import check_id
from wf2des.api.page_imports.files import normalise_path
from wf2des.core.errors import InvalidInput

# Every Unicode Bidi_Control character, and C1 controls (as invisible as C0 ones).
BIDI = [
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
]
C1 = ["\x80", "\x85", "\x9b", "\x9f"]


@pytest.mark.parametrize("ch", BIDI + C1)
def test_a_file_name_with_a_bidi_or_c1_control_is_refused(ch: str) -> None:
    with pytest.raises(InvalidInput) as info:
        normalise_path(f"img/photo{ch}gpj.html")
    assert info.value.code == "invalid_path"
    assert ch not in info.value.detail  # the message shows it escaped, never live


@pytest.mark.parametrize(
    "name", ["日本語/ページ.html", "emoji-\U0001f600.png", "arabic-\u0627\u0644.css", "zwj-\u200d.svg"]
)
def test_ordinary_unicode_names_are_kept(name: str) -> None:
    assert normalise_path(name) == name


@pytest.mark.parametrize("bad", ["a\x00b", "a\x1fb", "a\x7fb", "a\x85b", "\ud800", "a\u202eb", "a\u2066b"])
def test_ids_refuse_controls_surrogates_and_bidi(bad: str) -> None:
    with pytest.raises(ValueError, match="must not contain"):
        check_id(bad)


def test_ids_keep_uuids() -> None:
    uid = "0190a8e0-0000-7000-8000-000000000000"
    assert check_id(uid) == uid

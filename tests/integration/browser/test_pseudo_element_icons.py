"""An icon drawn by a labelled element's ``::before``, as in
``<a class="icon solid fa-home"><span>Home</span></a>``, is named from that element's icon-font classes,
so it becomes a library icon as an ``<i class="fa …">`` does."""

from __future__ import annotations

from wf2des.assemble.components import map_components
from wf2des.assemble.hints import element_hints
from wf2des.assemble.library import LibraryComponent
from wf2des.generator import convert
from wf2des.generator.metrics import iter_nodes
from wf2des.integrations.browser import BrowserCapturer

from .conftest import FIXTURES, read_folder

ICONS = [LibraryComponent(key=f"key-{n}", name=n) for n in ("home", "mail", "gear", "circle", "link")]


async def test_pseudo_element_glyphs_of_labelled_links_are_named_from_the_links_classes(
    capturer: BrowserCapturer,
) -> None:
    captured = await capturer.capture(read_folder(FIXTURES / "pseudo-icons"), "index.html", [1440])
    spec = convert(captured, source_entry="index.html")
    icons = [n for n in iter_nodes(spec["screens"][0]["root"]) if n.get("role") == "icon"]
    assert len(icons) == 4  # one ::before glyph per link
    hints = element_hints(spec, captured)
    names = [hints[str(n["id"])].icon_names for n in icons]
    assert names[:3] == [("fa-home",), ("fa-envelope",), ("fa-cog",)]
    assert names[3] == ()  # a link's own classes (nav-link) are not an icon's name
    mapped = map_components(spec, ICONS, [], hints).spec
    placed = [n["componentName"] for n in iter_nodes(mapped["screens"][0]["root"]) if n["type"] == "INSTANCE"]
    assert placed == ["home", "mail", "gear"]  # envelope → mail, cog → gear, through the icon synonyms
    labels = [n["characters"] for n in iter_nodes(mapped["screens"][0]["root"]) if n["type"] == "TEXT"]
    assert labels == ["Home", "Contact", "Settings", "Unnamed"]  # the links keep their own text

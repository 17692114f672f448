"""One file swept against the fake Figma over HTTP and a real SecantusDB."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pymongo.database import Database

from wf2des.assemble import parse_token
from wf2des.integrations.docstore import DESIGN_COMPONENT, PROJECT_FIGMA_FILE
from wf2des.integrations.figma import FigmaClient, RetryPolicy
from wf2des.integrations.figma.fake import FakeFigma, Fault
from wf2des.integrations.figma.primer import primer_library
from wf2des.workers.component_sweep.run import sweep_project

from .conftest import SCOPE


def _doc(db: Database[Any], key: str) -> dict[str, Any]:
    found: dict[str, Any] | None = db[PROJECT_FIGMA_FILE].find_one({"figma_file_key": key})
    assert found is not None
    return found


async def _sweep(
    db: Database[Any], client: FigmaClient, key: str | None = None, run_id: str = "run-1"
) -> list[Any]:
    async with client:
        return await sweep_project(SCOPE, db=db, figma=client, run_id=run_id, figma_file_key=key)


async def test_first_sweep_writes_components_captures_and_watermark_last(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("LIB1")
    [summary] = await _sweep(docstore, make_client())
    # meta, file, variables, style nodes, component nodes: 3 + ⌈30 styles ÷ 400⌉ + ⌈205 components ÷ 400⌉
    assert (summary.status, summary.requests, summary.components_written) == ("synced", 5, 205)
    doc = _doc(docstore, "LIB1")
    assert doc["sweep_marker"] is None
    assert doc["sweep_error"] is None
    assert doc["components_synced_at"] is not None
    assert doc["swept_version"] == "442862168"
    assert doc["role"] == 1
    captures = doc["style_captures"]
    assert captures["text/h1"] == "122:14"
    kinds = {parse_token(t).source for t in captures}
    assert kinds == {"text_style", "color_variable"}
    assert "color/Brand%2FCore #1/purple%2Fwith%2Fspecial#characters" not in captures  # not in the styles map
    assert "color/Brand%2FCore #1/color-2" in captures
    components = list(docstore[DESIGN_COMPONENT].find({"figma_file_key": "LIB1"}))
    assert len(components) == 205
    assert {c["run_id"] for c in components} == {"run-1"}
    assert {c["producer"] for c in components} == {"wf2des.component_sweep"}
    assert {c["status"] for c in components} == {"active"}


async def test_unchanged_version_costs_one_request(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1")
    await _sweep(docstore, make_client())
    first = _doc(docstore, "LIB1")["components_synced_at"]
    fake_figma.reset_counts()
    [summary] = await _sweep(docstore, make_client(), run_id="run-2")
    assert (summary.status, summary.requests) == ("unchanged", 1)
    assert fake_figma.total_requests == 1
    assert _doc(docstore, "LIB1")["components_synced_at"] > first
    assert docstore[DESIGN_COMPONENT].count_documents({"run_id": "run-2"}) == 0


async def test_removed_components_are_marked_not_deleted_and_renames_follow(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1")
    await _sweep(docstore, make_client())
    lib = fake_figma.files["LIB1"]
    lib.removed.add("56:6")
    lib.renamed["101:0"] = "arrow/renamed"
    lib.bump()
    [summary] = await _sweep(docstore, make_client(), run_id="run-2")
    assert (summary.status, summary.components_removed) == ("synced", 1)
    removed = docstore[DESIGN_COMPONENT].find_one({"node_id": "56:6"})
    assert removed is not None
    assert (removed["status"], removed["run_id"]) == ("removed", "run-2")
    assert docstore[DESIGN_COMPONENT].find_one({"node_id": "101:0"})["name"] == "arrow/renamed"  # type: ignore[index]
    assert docstore[DESIGN_COMPONENT].count_documents({}) == 205
    lib.removed.clear()
    lib.bump()
    await _sweep(docstore, make_client(), run_id="run-3")
    assert docstore[DESIGN_COMPONENT].find_one({"node_id": "56:6"})["status"] == "active"  # type: ignore[index]


async def test_enterprise_403_falls_back_to_solid_fill_styles(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("ENT1", variables_forbidden=True)
    [summary] = await _sweep(docstore, make_client())
    assert (summary.status, summary.variables_fallback, summary.requests) == ("synced", True, 5)
    captures = _doc(docstore, "ENT1")["style_captures"]
    assert captures["color/color-2"] == "121:16"
    assert "color/color-linear-gradient" not in captures  # a gradient is not a colour
    assert "color/color-multi-gradient" not in captures
    assert {parse_token(t).source for t in captures} == {"text_style", "color_style"}
    assert _doc(docstore, "ENT1")["sweep_error"] is None


async def test_429_within_the_cap_is_honoured(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1")
    fake_figma.inject("file", Fault(status=429, retry_after=1))
    [summary] = await _sweep(docstore, make_client())
    assert (summary.status, summary.requests) == ("synced", 6)


async def test_429_beyond_the_cap_records_sweep_error_and_keeps_the_watermark(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1")
    await _sweep(docstore, make_client())
    before = _doc(docstore, "LIB1")
    fake_figma.files["LIB1"].bump()
    fake_figma.inject("file", Fault(status=429, retry_after=7200))
    [summary] = await _sweep(docstore, make_client(RetryPolicy(retry_after_cap=3600)), run_id="run-2")
    after = _doc(docstore, "LIB1")
    assert summary.status == "failed"
    assert "rate limited until" in after["sweep_error"]
    assert after["components_synced_at"] == before["components_synced_at"]
    assert after["swept_version"] == before["swept_version"]
    assert after["sweep_marker"] is None
    fake_figma.clear_faults()
    [again] = await _sweep(docstore, make_client(), run_id="run-3")
    assert again.status == "synced"
    assert _doc(docstore, "LIB1")["sweep_error"] is None


async def test_5xx_is_retried_inside_a_sweep(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1")
    fake_figma.inject("nodes", Fault(status=503), times=2)
    fake_figma.inject("meta", Fault(status=500))
    [summary] = await _sweep(docstore, make_client())
    assert (summary.status, summary.requests) == ("synced", 8)


async def test_every_registered_file_is_walked_working_and_library(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    from wf2des.integrations.docstore import FileRole

    register("WORK1", FileRole.WORKING, components=3)
    register("LIB1", components=10)
    summaries = await _sweep(docstore, make_client())
    assert [(s.figma_file_key, s.role, s.status) for s in summaries] == [
        ("LIB1", "library", "synced"),
        ("WORK1", "working", "synced"),
    ]


async def test_a_design_system_is_read_fully_within_the_request_bound(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    """Primer, served as Figma serves a library file: every set with its variants, properties and default,
    every component's size and text layers, and the file's variables per mode and text styles."""
    register("PRIM1", library="primer")
    library = primer_library()
    [summary] = await _sweep(docstore, make_client())
    assert summary.status == "synced"
    text_styles = sum(1 for s in library.file["styles"].values() if s["styleType"] == "TEXT")
    components = len(library.file["components"])
    assert summary.requests <= 3 + math.ceil(text_styles / 400) + math.ceil(components / 400)
    assert summary.component_sets == len(library.file["componentSets"])
    docs = list(docstore[DESIGN_COMPONENT].find({"figma_file_key": "PRIM1"}))
    assert len(docs) == components
    button = next(d for d in docs if d["name"] == "Variant=Primary, Size=Small, State=Rest")
    set_id = button["component_set_id"]
    assert button["component_set_name"] == "Button"
    assert button["component_set_key"] == library.file["componentSets"][set_id]["key"]
    assert button["variant_properties"] == {"Variant": "Primary", "Size": "Small", "State": "Rest"}
    assert button["height"] == 28  # Primer's control/small/size
    assert button["text_layers"] == ["Label"]  # the hidden leading/trailing visuals carry no text
    definitions = {d["name"].split("#")[0]: d for d in button["property_definitions"]}
    figma = library.nodes[set_id]["componentPropertyDefinitions"]
    assert len(definitions) == len(figma)
    assert definitions["Variant"]["options"] == figma["Variant"]["variantOptions"]
    assert (definitions["Label"]["type"], definitions["Label"]["layers"]) == ("TEXT", ["Label"])
    assert (definitions["Leading visual"]["type"], definitions["Leading visual"]["default"]) == (
        "BOOLEAN",
        False,
    )
    swap = definitions["Leading icon"]
    assert swap["type"] == "INSTANCE_SWAP"
    assert swap["preferred"]
    icon_keys = {c["key"] for c in library.file["components"].values() if c["name"].startswith("icon/")}
    assert {p["key"] for p in swap["preferred"]} <= icon_keys
    defaults = [d for d in docs if d.get("component_set_id") == set_id and d["default_variant"]]
    expected = {n: d["defaultValue"] for n, d in figma.items() if d["type"] == "VARIANT"}
    assert [d["variant_properties"] for d in defaults] == [expected]
    per_set = {d["component_set_id"] for d in docs if d["default_variant"]}
    assert per_set == set(library.file["componentSets"])  # one default per set

    tokens = _doc(docstore, "PRIM1")["design_tokens"]
    modes = {c["name"]: c["modes"] for c in tokens["collections"]}
    assert {"light", "dark"} <= set(modes["mode"])
    by_name = {(v["collection"], v["name"]): v for v in tokens["variables"]}
    fg = by_name["mode", "fgColor/default"]
    assert [v["mode"] for v in fg["values"]] == modes["mode"]
    light, dark = (next(v for v in fg["values"] if v["mode"] == m) for m in ("light", "dark"))
    assert light["value"] != dark["value"]  # a theme, not one palette twice
    assert all(str(v["value"]).startswith("#") for v in fg["values"])
    assert fg["code_syntax"]["WEB"].startswith("var(--")
    floats = [v for v in tokens["variables"] if v["resolved_type"] == "FLOAT"]
    assert {s for v in floats for s in v["scopes"]} >= {"GAP", "CORNER_RADIUS"}
    assert all(isinstance(value["value"], float) for v in floats for value in v["values"])
    title = next(t for t in tokens["text_styles"] if t["name"] == "Title/Large")
    node_style = library.style_nodes["nodes"][title["id"]]["document"]["style"]
    assert (title["font_family"], title["font_size"], title["font_weight"], title["line_height_px"]) == (
        node_style["fontFamily"],
        node_style["fontSize"],
        node_style["fontWeight"],
        node_style["lineHeightPx"],
    )
    assert tokens["color_styles"] == []


async def test_a_design_system_without_the_variables_api_falls_back_to_its_colour_styles(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("PRIM403", library="primer", variables_forbidden=True)
    [summary] = await _sweep(docstore, make_client())
    assert (summary.status, summary.variables_fallback) == ("synced", True)
    doc = _doc(docstore, "PRIM403")
    assert doc["color_capture_source"] == "color_styles"
    tokens = doc["design_tokens"]
    assert (tokens["collections"], tokens["variables"]) == ([], [])
    fill_styles = {sid for sid, s in primer_library().file["styles"].items() if s["styleType"] == "FILL"}
    assert {s["id"] for s in tokens["color_styles"]} == fill_styles
    assert next(s for s in tokens["color_styles"] if s["name"] == "fgColor/default")["value"].startswith("#")
    assert "color/fgColor%2Fdefault" in doc["style_captures"]


async def test_icons_have_no_variant_properties_and_their_recorded_size(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("LIB1")
    await _sweep(docstore, make_client())
    icon = docstore[DESIGN_COMPONENT].find_one({"figma_file_key": "LIB1", "name": "x"})
    assert icon is not None
    assert icon["variant_properties"] is None
    assert icon["width"] > 0
    assert icon["height"] > 0
    assert icon["text_layers"] == []


async def test_design_tokens_hold_variable_values_per_mode_and_text_styles(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    """Beside the captures' ids: each colour variable's value per mode and each text style's font, for
    design generation; written in the same update as ``style_captures``, so they describe the same set."""
    register("LIB1")
    await _sweep(docstore, make_client())
    doc = _doc(docstore, "LIB1")
    tokens = doc["design_tokens"]
    assert tokens["collections"] == [
        {
            "id": "VariableCollectionId:1:0",
            "key": "fakecollectionkey",
            "name": "Brand/Core #1",
            "modes": ["Light"],
            "default_mode": "Light",
        }
    ]
    by_id = {v["id"]: v for v in tokens["variables"]}
    captured_variables = {
        i for t, i in doc["style_captures"].items() if parse_token(t).source == "color_variable"
    }
    assert set(by_id) == captured_variables
    colour = by_id[doc["style_captures"]["color/Brand%2FCore #1/color-2"]]
    assert colour["resolved_type"] == "COLOR"
    assert [(v["mode"], v["alias"]) for v in colour["values"]] == [("Light", None)]
    assert colour["values"][0]["value"].startswith("#")
    assert tokens["color_styles"] == []  # variables answered: colour styles are not the source
    h1 = next(t for t in tokens["text_styles"] if t["id"] == doc["style_captures"]["text/h1"])
    assert h1["font_size"] > 0
    assert h1["font_weight"] >= 100
    assert h1["font_family"]
    text_captures = {i for t, i in doc["style_captures"].items() if parse_token(t).source == "text_style"}
    assert {t["id"] for t in tokens["text_styles"]} == text_captures


async def test_enterprise_403_design_tokens_carry_colour_styles_instead_of_variables(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("ENT1", variables_forbidden=True)
    await _sweep(docstore, make_client())
    doc = _doc(docstore, "ENT1")
    tokens = doc["design_tokens"]
    assert (tokens["collections"], tokens["variables"]) == ([], [])
    styles = {s["id"]: s for s in tokens["color_styles"]}
    assert set(styles) == {
        i for t, i in doc["style_captures"].items() if parse_token(t).source == "color_style"
    }
    assert styles["121:16"]["value"].startswith("#")
    assert doc["color_capture_source"] == "color_styles"


async def test_a_file_swept_before_design_tokens_is_swept_once_more(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient]
) -> None:
    register("LIB1")
    await _sweep(docstore, make_client())
    docstore[PROJECT_FIGMA_FILE].update_one({"figma_file_key": "LIB1"}, {"$unset": {"design_tokens": ""}})
    [again] = await _sweep(docstore, make_client(), run_id="run-2")
    assert again.status == "synced"
    assert "design_tokens" in _doc(docstore, "LIB1")
    [third] = await _sweep(docstore, make_client(), run_id="run-3")
    assert (third.status, third.requests) == ("unchanged", 1)

"""Library keys: every captured text style, colour style and colour variable is recorded with its kind and
Figma key beside ``style_captures`` (which stays ``{token: id}``), under the two-writer rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pymongo.database import Database
from pymongo.errors import WriteError

from wf2des.assemble import parse_token
from wf2des.integrations.docstore import PROJECT_FIGMA_FILE, FileRole, ProjectFileRegistrations
from wf2des.integrations.docstore.project_files import REGISTRATION_FIELDS
from wf2des.integrations.docstore.sweep_writer import SWEEP_FIELDS
from wf2des.integrations.figma import FigmaClient
from wf2des.integrations.figma.fake import FakeFigma
from wf2des.spec import Spec
from wf2des.workers.component_sweep.run import sweep_project

from .conftest import ORG, PROJECT, SCOPE


def _doc(db: Database[Any], key: str) -> dict[str, Any]:
    found: dict[str, Any] | None = db[PROJECT_FIGMA_FILE].find_one({"figma_file_key": key})
    assert found is not None
    return found


async def _sweep(db: Database[Any], client: FigmaClient, key: str) -> Any:
    async with client:
        [summary] = await sweep_project(SCOPE, db=db, figma=client, run_id="keys", figma_file_key=key)
    return summary


def _figma_keys(fake: FakeFigma, key: str) -> tuple[dict[str, str], dict[str, str]]:
    """What Figma itself says: style id → key, variable id → key."""
    f = fake.files[key]
    styles = {sid: entry["key"] for sid, (entry, _node) in fake.styles_of(f).items()}
    variables = {vid: v["key"] for vid, v in fake.variables_body(f)["meta"]["variables"].items()}
    return styles, variables


async def test_every_captured_token_has_its_key_and_kind(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("LIB1")
    assert (await _sweep(docstore, make_client(), "LIB1")).status == "synced"
    doc = _doc(docstore, "LIB1")
    captures, keys = doc["style_captures"], doc["style_capture_keys"]
    assert all(isinstance(v, str) for v in captures.values())  # still exactly {token: id}
    assert set(keys) == set(captures)
    styles, variables = _figma_keys(fake_figma, "LIB1")
    for token, figma_id in captures.items():
        kind = parse_token(token).source
        assert keys[token]["kind"] == kind
        expected = variables[figma_id] if kind == "color_variable" else styles[figma_id]
        assert keys[token]["key"] == expected, token
    assert {k["kind"] for k in keys.values()} == {"text_style", "color_variable"}
    assert keys["text/h1"]["key"] == styles["122:14"]
    assert doc["color_capture_source"] == "variables"


async def test_enterprise_refused_records_colour_styles_with_their_keys(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    register("ENT1", variables_forbidden=True)
    assert (await _sweep(docstore, make_client(), "ENT1")).variables_fallback is True
    doc = _doc(docstore, "ENT1")
    styles, _ = _figma_keys(fake_figma, "ENT1")
    assert doc["color_capture_source"] == "color_styles"
    assert doc["style_capture_keys"]["color/color-2"] == {"kind": "color_style", "key": styles["121:16"]}
    assert {k["kind"] for k in doc["style_capture_keys"].values()} == {"text_style", "color_style"}


async def test_a_file_swept_before_keys_existed_is_swept_again_once(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
) -> None:
    register("OLD1")
    await _sweep(docstore, make_client(), "OLD1")
    docstore[PROJECT_FIGMA_FILE].update_one(
        {"figma_file_key": "OLD1"}, {"$unset": {"style_capture_keys": "", "color_capture_source": ""}}
    )
    again = await _sweep(docstore, make_client(), "OLD1")
    assert again.status == "synced"
    assert "text/h1" in _doc(docstore, "OLD1")["style_capture_keys"]
    assert (await _sweep(docstore, make_client(), "OLD1")).status == "unchanged"


async def test_registration_never_touches_the_keys(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
) -> None:
    assert not (SWEEP_FIELDS & REGISTRATION_FIELDS)
    assert {"style_capture_keys", "color_capture_source"} <= SWEEP_FIELDS
    register("LIB2")
    await _sweep(docstore, make_client(), "LIB2")
    before = _doc(docstore, "LIB2")
    ProjectFileRegistrations(docstore).register(SCOPE, "LIB2", FileRole.WORKING)
    after = _doc(docstore, "LIB2")
    assert after["role"] == int(FileRole.WORKING)
    assert after["style_capture_keys"] == before["style_capture_keys"]
    assert after["color_capture_source"] == before["color_capture_source"]


@pytest.mark.parametrize(
    "update",
    [
        {"style_capture_keys": {"text/h1": {"kind": "component", "key": "abc"}}},
        {"style_capture_keys": {"text/h1": {"kind": "text_style"}}},
        {"style_capture_keys": {"text/h1": {"kind": "text_style", "key": ""}}},
        {"style_capture_keys": {"text/h1": "abc"}},
        {"color_capture_source": "guess"},
    ],
    ids=["bad-kind", "no-key", "empty-key", "not-an-object", "bad-source"],
)
def test_the_validator_refuses_malformed_keys(
    docstore: Database[Any], register: Callable[..., Any], update: dict[str, Any]
) -> None:
    register("VAL1")
    with pytest.raises(WriteError):
        docstore[PROJECT_FIGMA_FILE].update_one({"figma_file_key": "VAL1"}, {"$set": update})


def _spec_with_tokens(text_names: list[str], color_names: list[str]) -> Spec:
    """A real converted spec whose token names are the library's (as a project's aliases would make them)."""
    from tests.unit.generator.conftest import el, page, text
    from wf2des.generator import convert

    body = el("body", (0, 0, 400, 60), el("h1", (0, 0, 400, 40), text("Hello", (0, 0, 100, 40))))
    spec = convert(page(body), source_entry="index.html")
    text_value = next(iter(spec["tokens"]["text"].values()))
    color_value = next(iter(spec["tokens"]["color"].values()))
    spec["tokens"] = {
        "text": {f"text/{n}": text_value for n in text_names},
        "color": {f"color/{n}": color_value for n in color_names},
    }
    return spec


async def test_assembled_bindings_carry_keys_and_validate(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    from wf2des.assemble import apply_bindings, capture_files, merge_captures, style_bindings
    from wf2des.generator.schema import validate_spec

    register("LIB1")
    register("ENT1", variables_forbidden=True)
    register("WORK1", FileRole.WORKING)
    async with make_client() as client:
        await sweep_project(SCOPE, db=docstore, figma=client, run_id="assemble")
    docs = list(docstore[PROJECT_FIGMA_FILE].find({"organization_id": ORG, "project_id": PROJECT}))
    spec = _spec_with_tokens(["h1", "h2"], ["color-2", "color-1"])

    # Working file WORK1 captured the same styles locally: they win, bound by id.
    local = merge_captures(capture_files(docs, "WORK1"))
    assembled = apply_bindings(spec, style_bindings(spec, local.ids), local)
    validate_spec(assembled)
    assert assembled["schema"] == "wf2des.code2wf.spec/v1.1"
    styles, variables = _figma_keys(fake_figma, "WORK1")
    h1 = assembled["styleBindingDetails"]["text/h1"]
    assert h1 == {
        "kind": "text_style",
        "id": "122:14",
        "key": styles["122:14"],
        "origin": "local",
        "figmaFileKey": "WORK1",
        "captureToken": "text/h1",
    }
    colour = assembled["styleBindingDetails"]["color/color-2"]
    assert colour["kind"] == "color_variable"
    assert colour["key"] == variables[colour["id"]]
    assert [s["origin"] for s in assembled["styleSources"]] == ["local", "library", "library"]

    # Without the working file's captures: library bindings, every one with a key to import it by.
    libraries = merge_captures(capture_files([d for d in docs if d["figma_file_key"] != "WORK1"], "OTHER1"))
    assembled = apply_bindings(spec, style_bindings(spec, libraries.ids), libraries)
    validate_spec(assembled)
    details = assembled["styleBindingDetails"]
    assert (
        set(details)
        == set(assembled["styleBindings"])
        == {"text/h1", "text/h2", "color/color-2", "color/color-1"}
    )
    assert {d["origin"] for d in details.values()} == {"library"}
    assert all(d["key"] for d in details.values())
    # ENT1 (Variables API refused) contributes colour *styles*; a variable beats a style of the same name.
    sources = {s["figmaFileKey"]: s["colorSource"] for s in assembled["styleSources"]}
    assert sources == {"ENT1": "color_styles", "LIB1": "variables"}
    assert details["color/color-2"]["kind"] == "color_variable"


async def test_enterprise_only_library_binds_colour_styles(
    docstore: Database[Any],
    register: Callable[..., Any],
    make_client: Callable[..., FigmaClient],
    fake_figma: FakeFigma,
) -> None:
    from wf2des.assemble import apply_bindings, capture_files, merge_captures, style_bindings
    from wf2des.generator.schema import validate_spec

    register("ENT1", variables_forbidden=True)
    async with make_client() as client:
        await sweep_project(SCOPE, db=docstore, figma=client, run_id="ent")
    docs = list(docstore[PROJECT_FIGMA_FILE].find({"organization_id": ORG, "project_id": PROJECT}))
    spec = _spec_with_tokens(["h1"], ["color-2"])
    captures = merge_captures(capture_files(docs, "WORK9"))
    assembled = apply_bindings(spec, style_bindings(spec, captures.ids), captures)
    validate_spec(assembled)
    styles, _ = _figma_keys(fake_figma, "ENT1")
    assert assembled["styleBindingDetails"]["color/color-2"] == {
        "kind": "color_style",
        "id": "121:16",
        "key": styles["121:16"],
        "origin": "library",
        "figmaFileKey": "ENT1",
        "captureToken": "color/color-2",
    }
    assert assembled["styleSources"] == [
        {"figmaFileKey": "ENT1", "origin": "library", "colorSource": "color_styles"}
    ]

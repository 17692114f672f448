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
from wf2des.sweep import sweep_project

from .conftest import ORG, PROJECT


def _doc(db: Database[Any], key: str) -> dict[str, Any]:
    found = db[PROJECT_FIGMA_FILE].find_one({"figma_file_key": key})
    assert found is not None
    return found


async def _sweep(db: Database[Any], client: FigmaClient, key: str) -> Any:
    async with client:
        [summary] = await sweep_project(ORG, PROJECT, db=db, figma=client, run_id="keys", figma_file_key=key)
    return summary


def _figma_keys(fake: FakeFigma, key: str) -> tuple[dict[str, str], dict[str, str]]:
    """What Figma itself says: style id → key, variable id → key."""
    f = fake.files[key]
    styles = {sid: entry["key"] for sid, (entry, _node) in fake.styles_of(f).items()}
    variables = {vid: v["key"] for vid, v in fake.variables_body(f)["meta"]["variables"].items()}
    return styles, variables


async def test_every_captured_token_has_its_key_and_kind(
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient],
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
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient],
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
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient],
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
    docstore: Database[Any], register: Callable[..., Any], make_client: Callable[..., FigmaClient],
) -> None:
    assert not (SWEEP_FIELDS & REGISTRATION_FIELDS)
    assert {"style_capture_keys", "color_capture_source"} <= SWEEP_FIELDS
    register("LIB2")
    await _sweep(docstore, make_client(), "LIB2")
    before = _doc(docstore, "LIB2")
    ProjectFileRegistrations(docstore).register(ORG, PROJECT, "LIB2", FileRole.WORKING)
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

"""Pure pieces of the plugin routes: session keys, the report parser, OpenAPI ``$defs`` inlining."""

from __future__ import annotations

import base64
import json

import pytest
from pydantic import BaseModel

from wf2des.api.code2wf.materialization import MAX_REPORT_BYTES, parse_report
from wf2des.api.openapi_schema import inline_defs
from wf2des.api.plugin_sessions.keys import key_hash, new_key
from wf2des.core.errors import InvalidInput


def test_keys_are_128_random_bits_and_only_their_hash_is_kept() -> None:
    keys = {new_key() for _ in range(1000)}
    assert len(keys) == 1000
    for key in list(keys)[:50]:
        assert len(base64.urlsafe_b64decode(key + "==")) == 16
        digest = key_hash(key)
        assert len(digest) == 64
        assert key not in digest


def test_an_empty_body_is_no_report_and_a_full_one_parses() -> None:
    assert parse_report(b"") is None
    assert parse_report(b"  \n") is None
    report = parse_report(
        json.dumps({"nodeCount": 3, "durationMs": 10, "pluginVersion": "1.0.0", "missingFonts": []}).encode()
    )
    assert report is not None
    assert report.node_count == 3
    assert report.unbound_tokens == []


@pytest.mark.parametrize(
    "body",
    [
        {"durationMs": 10, "pluginVersion": "1"},  # nodeCount missing
        {"nodeCount": 1, "durationMs": 10, "pluginVersion": "has space"},
        {
            "nodeCount": 1,
            "durationMs": 10,
            "pluginVersion": "1",
            "failedImports": [{"kind": "x", "key": "k"}],
        },
        {"nodeCount": 1, "durationMs": 10, "pluginVersion": "1", "unboundTokens": ["t"] * 1001},
        [],
        # integers are strict: a JSON boolean, a float or a string is not a count
        {"nodeCount": 1, "durationMs": False, "pluginVersion": "1"},
        {"nodeCount": True, "durationMs": 10, "pluginVersion": "1"},
        {"nodeCount": 1, "durationMs": 10.0, "pluginVersion": "1"},
        {"nodeCount": 1, "durationMs": "10", "pluginVersion": "1"},
    ],
)
def test_malformed_reports_are_invalid_input(body: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_report(json.dumps(body).encode())
    assert caught.value.code == "invalid_report"
    assert MAX_REPORT_BYTES == 64 * 1024


def test_inline_defs_leaves_no_local_reference() -> None:
    class Leaf(BaseModel):
        value: int

    class Tree(BaseModel):
        left: Leaf
        right: Leaf | None = None

    schema = inline_defs(Tree.model_json_schema())
    assert "$defs" not in json.dumps(schema)
    assert schema["properties"]["left"]["properties"]["value"]["type"] == "integer"

"""Figma's OpenAPI description as compiled validators, one per response (jsonschema-rs: the Primer file is
megabytes of nested nodes, which the pure-Python validator takes minutes over)."""

from __future__ import annotations

from functools import cache
from typing import Any

import jsonschema_rs
import yaml

from tests.data_paths import FIGMA_OPENAPI


@cache
def _components() -> Any:
    return yaml.safe_load(FIGMA_OPENAPI.read_text(encoding="utf-8"))["components"]


@cache
def _validator(response_name: str) -> Any:
    # The spec's references are document-local (#/components/…): keep them resolvable beside the entry point.
    pointer = f"#/components/responses/{response_name}/content/application~1json/schema"
    return jsonschema_rs.validator_for({"$ref": pointer, "components": _components()})


def openapi_errors(response_name: str, body: Any) -> list[str]:
    """The first few ways ``body`` breaks the schema of ``response_name`` (empty when it conforms)."""
    errors = _validator(response_name).iter_errors(body)
    return [f"{list(e.instance_path)[:8]}: {e.message[:200]}" for _, e in zip(range(5), errors, strict=False)]


def openapi_valid(response_name: str, body: Any) -> bool:
    """Whether ``body`` conforms; stops at the first error (describing errors deep in a big tree is slow)."""
    return bool(_validator(response_name).is_valid(body))

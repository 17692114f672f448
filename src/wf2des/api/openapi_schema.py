"""Helpers for schemas placed into the OpenAPI document by hand (``openapi_extra``)."""

from __future__ import annotations

from typing import Any

__all__ = ["inline_defs"]


def inline_defs(schema: dict[str, Any]) -> dict[str, Any]:
    """Resolve a pydantic JSON Schema's local ``#/$defs/…`` references in place.

    Inside an OpenAPI document ``#/$defs`` would point at the document's root, where nothing lives, and
    generators (``openapi-typescript``) refuse such a document. A discriminator mapping is made of such
    references too, so it is dropped; the ``oneOf`` of inlined variants still says exactly the same.
    """
    defs: dict[str, Any] = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return walk(defs[ref.removeprefix("#/$defs/")])
            return {k: walk(v) for k, v in node.items() if k not in ("$defs", "discriminator")}
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    result: dict[str, Any] = walk(schema)
    return result

"""Which route a method and path reach, read from the app's own OpenAPI document.

Used before routing (the body limits need the route template and whether it authenticates) and after it
(a 405 names every method of the path, not only those of the first route that matched it). The document is
the public, stable description of the routes (FastAPI's router internals are not); an operation that
declares an HTTP bearer security scheme is exactly one that authenticates its caller. Routes left out of
the schema are unknown here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Operation", "RouteTable"]

_METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")


@dataclass(frozen=True, slots=True)
class Operation:
    template: str
    bearer: bool


class RouteTable:
    def __init__(self, openapi: Mapping[str, Any]) -> None:
        schemes = openapi.get("components", {}).get("securitySchemes", {})
        bearer_names = {
            name
            for name, scheme in schemes.items()
            if scheme.get("type") == "http" and str(scheme.get("scheme", "")).lower() == "bearer"
        }
        self._paths: list[tuple[re.Pattern[str], dict[str, Operation]]] = []
        for template, item in openapi.get("paths", {}).items():
            pattern = re.compile("^" + re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(template)) + "$")
            operations = {
                method.upper(): Operation(
                    template, any(bearer_names & set(req) for req in item[method].get("security", []))
                )
                for method in _METHODS
                if method in item
            }
            self._paths.append((pattern, operations))

    def find(self, method: str, path: str) -> Operation | None:
        wanted = "GET" if method == "HEAD" else method
        for pattern, operations in self._paths:
            if wanted in operations and pattern.match(path):
                return operations[wanted]
        return None

    def allowed(self, path: str) -> list[str]:
        """Every method some route accepts on ``path`` (HEAD wherever GET is), in a stable order."""
        methods: set[str] = set()
        for pattern, operations in self._paths:
            if pattern.match(path):
                methods.update(operations)
        if "GET" in methods:
            methods.add("HEAD")
        return [m.upper() for m in _METHODS if m.upper() in methods]

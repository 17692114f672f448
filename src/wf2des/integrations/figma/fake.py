"""A fake Figma REST API for tests, benchmarks and the demo: real recorded responses, transformed in code.

It replays the two recorded responses shipped in ``wf2des/integrations/figma/recordings`` (a full
``GET /v1/files/:key`` and a ``GET /v1/files/:key/nodes`` of every style) and serves the endpoints a library
sweep uses (``/nodes`` answers style nodes and component nodes; a file registered with
``library="primer"`` serves GitHub's Primer design system instead of the recorded icons, generated into
:mod:`wf2des.integrations.figma.primer`, where ``/nodes`` answers any node of the file)::

    GET /v1/files/:key/meta            GET /v1/files/:key?depth=N[&geometry=paths]
    GET /v1/files/:key/nodes?ids=…     GET /v1/files/:key/variables/local
    GET /v1/files/:key/components      GET /v1/files/:key/variables/published
    GET /v1/files/:key/component_sets  GET /v1/files/:key/styles

Each registered file is a :class:`FakeFile` whose transformations are applied when answering: scale the
component (or style) count, rename or remove components, bump ``version``, or serve a working file's own
document (``document=``, e.g. the sketched wireframe of :mod:`wf2des.integrations.figma.wireframes`). Colour
*variables* are not in the recordings, so they are derived from the solid FILL styles (one collection); the
Primer file has its own. Faults are queued per endpoint kind (``_KINDS``): 429 with ``Retry-After`` (and the
``X-Figma-Plan-Tier`` / ``X-Figma-Rate-Limit-Type`` headers), 5xx, a slow answer (for client timeouts);
``variables_forbidden`` answers 403 on both variables endpoints (the Enterprise-only API).

Two quirks of the 2020 recording are normalised so answers match today's OpenAPI description: it lacks
``editorType`` and ``componentSets``. ``requests`` counts every request, per endpoint kind.

Run it in-process with ``with FakeFigma(...) as fake: fake.url`` (a ``ThreadingHTTPServer`` on 127.0.0.1:0).

Figma's OAuth 2 provider is mounted with ``fake.oauth = FakeFigmaOAuth(...)`` (:mod:`.fake_oauth`): it then
serves ``/oauth`` and ``/v1/oauth/…``, and its access tokens read only their own account's files.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from types import TracebackType
from typing import Any, Literal
from urllib.parse import parse_qs, urlsplit

from wf2des.integrations.figma.fake_oauth import FakeFigmaOAuth
from wf2des.integrations.figma.primer import primer_library

__all__ = ["FAKE_TOKEN", "ExtraStyle", "FakeFigma", "FakeFile", "Fault", "default_fixtures_dir"]

FAKE_TOKEN = "figd_fake-local-token"  # the fake's own, public token

JSON = dict[str, Any]
FILE_FIXTURE = "get-file.figma-export-2020.json"
NODES_FIXTURE = "get-file-nodes.figma-export-2025.json"
_KINDS = (
    "meta",
    "file",
    "nodes",
    "variables",
    "variables_published",
    "components",
    "component_sets",
    "styles",
)
_ROUTES = {
    (): "file",
    ("meta",): "meta",
    ("nodes",): "nodes",
    ("variables", "local"): "variables",
    ("variables", "published"): "variables_published",
    ("components",): "components",
    ("component_sets",): "component_sets",
    ("styles",): "styles",
}
_PUBLISHED_AT = "2025-01-01T00:00:00Z"  # the fake's published assets all date from this instant


def default_fixtures_dir() -> Path:
    """``WF2DES_FIGMA_FIXTURES``, else the recordings shipped inside the package."""
    env = os.environ.get("WF2DES_FIGMA_FIXTURES")
    if env:
        return Path(env)
    # The recordings are plain files in the package (a wheel installs them unzipped), so a real path exists.
    return Path(str(files("wf2des.integrations.figma") / "recordings"))


def _solid_fills(node: JSON) -> list[JSON]:
    return [p for p in node["document"].get("fills", []) if p.get("type") == "SOLID"]


@cache
def _load(path: Path) -> JSON:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@dataclass
class Fault:
    """One injected failure, consumed by the next request of its endpoint kind."""

    status: int = 500
    retry_after: float | None = None
    delay: float = 0.0  # seconds to stall before answering (a client timeout shorter than this fires)
    error_shape: str = "err"  # "err" → {status, err}; "message" → {status, error: true, message}


@dataclass(frozen=True)
class ExtraStyle:
    """A style added to a served file, made by transforming a recorded style of the same type.

    FILL: a solid ``hex`` colour (it also becomes a colour variable). TEXT: a type size and weight.
    """

    name: str
    style_type: Literal["FILL", "TEXT"]
    hex: str = "#000000"
    font_size: float = 16.0
    font_weight: int = 400


@dataclass
class FakeFile:
    """A recorded file plus the transformations applied when it is served."""

    key: str
    name: str = "Figma Export"
    version: str = "442862168"
    components: int | None = None  # None → as recorded (205); N → exactly N local components
    styles: int | None = None  # None → as recorded (30); N → the recorded ones plus copies up to N
    renamed: dict[str, str] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)
    variables_forbidden: bool = False
    collection_name: str = "Brand/Core #1"
    extra_styles: list[ExtraStyle] = field(default_factory=list)
    # "recorded": the 205 recorded icons; "primer": GitHub's Primer design system
    # (``components``/``styles`` scaling does not apply to it; renames, removals and extra styles do).
    library: str = "recorded"
    # A working file's own document (a DOCUMENT node, e.g. ``wireframes.sample_working_document()``): served
    # instead of the recording, with no components or styles, and its nodes answered by ``/nodes``.
    document: JSON | None = None

    def __post_init__(self) -> None:
        if self.library == "primer" and self.name == "Figma Export":
            self.name = "Primer Web (wf2des)"

    def bump(self) -> str:
        """A new version, as Figma does on every saved edit."""
        self.version = str(int(self.version) + 1)
        return self.version


class FakeFigma:
    """The fake server. ``token`` (if set) is required as ``X-Figma-Token`` or ``Authorization: Bearer``."""

    def __init__(self, *, fixtures: Path | None = None, token: str | None = None) -> None:
        base = fixtures or default_fixtures_dir()
        self._file = _load(base / FILE_FIXTURE)
        self._style_nodes = _load(base / NODES_FIXTURE)["nodes"]
        self._recorded_nodes = _index_nodes(self._file["document"])
        self.token = token
        self.oauth: FakeFigmaOAuth | None = None
        self.files: dict[str, FakeFile] = {}
        self.requests: Counter[str] = Counter()
        self.seen_auth: list[tuple[str, str]] = []
        self._faults: dict[str, list[Fault]] = {kind: [] for kind in _KINDS}
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- control ------------------------------------------------------------------------------------------

    def add_file(self, key: str, **changes: Any) -> FakeFile:
        self.files[key] = FakeFile(key=key, **changes)
        return self.files[key]

    def inject(self, kind: str, fault: Fault, times: int = 1) -> None:
        with self._lock:
            self._faults[kind].extend(copy.copy(fault) for _ in range(times))

    def clear_faults(self) -> None:
        with self._lock:
            for faults in self._faults.values():
                faults.clear()

    def reset_counts(self) -> None:
        with self._lock:
            self.requests.clear()

    @property
    def total_requests(self) -> int:
        return sum(self.requests.values())

    # -- the answers (pure: also used directly by the OpenAPI conformance test) -----------------------------

    def file_body(self, f: FakeFile, depth: int | None, *, paths: bool = False) -> JSON:
        """``GET /v1/files/:key``; ``paths`` is ``geometry=paths`` (vector path data, Primer's icons only)."""
        if f.library == "primer":
            lib = primer_library()
            body = {k: v for k, v in lib.file.items() if k not in ("document", "components", "styles")}
            body = copy.deepcopy(body)
            body.update(name=f.name, version=f.version)
            body["document"] = _subtree(lib.file["document"], depth, paths)
            body["components"] = self.components_of(f)
            body["styles"] = {sid: entry for sid, (entry, _node) in self.styles_of(f).items()}
            return body
        body = {
            k: copy.deepcopy(v)
            for k, v in self._file.items()
            if k not in ("document", "components", "styles")
        }
        body.update(name=f.name, version=f.version, editorType="figma", componentSets={})
        body["document"] = _trim(self._file["document"], depth)
        if f.document is not None:
            body.update(document=_trim(f.document, depth), components={}, styles={})
            return body
        body["components"] = self.components_of(f)
        body["styles"] = {sid: entry for sid, (entry, _node) in self.styles_of(f).items()}
        return body

    def meta_body(self, f: FakeFile) -> JSON:
        last_touched = self._file["lastModified"]
        if f.library == "primer":
            last_touched = primer_library().file["lastModified"]
        return {
            "file": {
                "name": f.name,
                "folder_name": "Fake project",
                "last_touched_at": last_touched,
                "creator": {"id": "1", "handle": "fake", "img_url": "https://example.invalid/u.png"},
                "editorType": "figma",
                "role": "owner",
                "thumbnail_url": self._file.get("thumbnailUrl", ""),
                "version": f.version,
            }
        }

    def nodes_body(
        self, f: FakeFile, ids: list[str], *, depth: int | None = None, paths: bool = False
    ) -> JSON:
        if f.library == "primer":
            return self._primer_nodes_body(f, ids, depth, paths)
        styles = self.styles_of(f) if f.document is None else {}
        nodes: dict[str, JSON | None] = {}
        components = self.component_nodes(f) if f.document is None else _index_nodes(f.document)
        for node_id in ids:
            found = styles.get(node_id)
            if found:
                nodes[node_id] = copy.deepcopy(found[1])
            elif node_id in components:
                nodes[node_id] = {
                    "document": _trim(components[node_id], None),
                    "components": {},
                    "componentSets": {},
                    "styles": {},
                    "schemaVersion": 0,
                }
            else:
                nodes[node_id] = None
        return {
            "name": f.name,
            "role": "owner",
            "lastModified": self._file["lastModified"],
            "editorType": "figma",
            "thumbnailUrl": self._file.get("thumbnailUrl", ""),
            "version": f.version,
            "nodes": nodes,
        }

    def _primer_nodes_body(self, f: FakeFile, ids: list[str], depth: int | None, paths: bool) -> JSON:
        """Any node of the Primer file (with the components, sets and styles it uses), or a style node."""
        lib = primer_library()
        styles = self.styles_of(f)
        components = self.components_of(f)
        nodes: dict[str, JSON | None] = {}
        for node_id in ids:
            found = styles.get(node_id)
            node = lib.nodes.get(node_id)
            if found:
                nodes[node_id] = copy.deepcopy(found[1])
            elif node is not None and not _removed_component(node, f):
                document = _subtree(node, depth, paths)
                used = _used(document)
                used.component_sets.update(
                    components[i]["componentSetId"]
                    for i in used.components
                    if "componentSetId" in components.get(i, {})
                )
                nodes[node_id] = {
                    "document": document,
                    "components": {i: components[i] for i in sorted(used.components) if i in components},
                    "componentSets": {
                        i: copy.deepcopy(lib.file["componentSets"][i])
                        for i in sorted(used.component_sets)
                        if i in lib.file["componentSets"]
                    },
                    "styles": {i: styles[i][0] for i in sorted(used.styles) if i in styles},
                    "schemaVersion": 0,
                }
            else:
                nodes[node_id] = None
        return {
            "name": f.name,
            "role": "owner",
            "lastModified": lib.file["lastModified"],
            "editorType": "figma",
            "thumbnailUrl": lib.file["thumbnailUrl"],
            "version": f.version,
            "nodes": nodes,
        }

    def variables_body(self, f: FakeFile) -> JSON:
        if f.library == "primer":
            return copy.deepcopy(primer_library().variables_local)
        collection_id = "VariableCollectionId:1:0"
        mode_id = "1:0"
        variables: dict[str, JSON] = {}
        for sid, (entry, node) in self.styles_of(f).items():
            if entry["styleType"] != "FILL":
                continue
            fills = _solid_fills(node)
            if not fills:
                continue
            vid = f"VariableID:{sid}"
            variables[vid] = {
                "id": vid,
                "name": entry["name"],
                # A variable's key is its own (not the style's): derived, so it is stable across answers.
                "key": hashlib.sha1(f"variable:{entry['key']}".encode()).hexdigest(),
                "variableCollectionId": collection_id,
                "resolvedType": "COLOR",
                "valuesByMode": {mode_id: {**fills[0]["color"]}},
                "remote": False,
                "description": "",
                "hiddenFromPublishing": False,
                "scopes": ["ALL_SCOPES"],
                "codeSyntax": {},
            }
        collection = {
            "id": collection_id,
            "name": f.collection_name,
            "key": "fakecollectionkey",
            "modes": [{"modeId": mode_id, "name": "Light"}],
            "defaultModeId": mode_id,
            "remote": False,
            "hiddenFromPublishing": False,
            "variableIds": list(variables),
        }
        return {
            "status": 200,
            "error": False,
            "meta": {"variables": variables, "variableCollections": {collection_id: collection}},
        }

    def published_variables_body(self, f: FakeFile) -> JSON:
        """``GET /v1/files/:key/variables/published``: the local variables as a subscriber sees them."""
        if f.library == "primer":
            return copy.deepcopy(primer_library().variables_published)
        local = self.variables_body(f)["meta"]
        variables = {
            vid: {
                "id": vid,
                "subscribed_id": f"{v['key']}/{f.version}",
                "name": v["name"],
                "key": v["key"],
                "variableCollectionId": v["variableCollectionId"],
                "resolvedDataType": v["resolvedType"],
                "updatedAt": _PUBLISHED_AT,
            }
            for vid, v in local["variables"].items()
        }
        collections = {
            cid: {
                "id": cid,
                "subscribed_id": f"{c['key']}/{f.version}",
                "name": c["name"],
                "key": c["key"],
                "updatedAt": _PUBLISHED_AT,
            }
            for cid, c in local["variableCollections"].items()
        }
        return _ok({"variables": variables, "variableCollections": collections})

    def published_components_body(self, f: FakeFile) -> JSON:
        """``GET /v1/files/:key/components``: every published component of the file, with its page."""
        sets = self.file_body(f, 1)["componentSets"] if f.library != "primer" else {}
        if f.library == "primer":
            listed = {c["node_id"]: c for c in primer_library().components["meta"]["components"]}
        out = []
        for cid, entry in self.components_of(f).items():
            if f.library == "primer":
                item = {**copy.deepcopy(listed[cid]), "name": entry["name"], "file_key": f.key}
            else:
                frame: JSON = {**self._page_of(cid)}
                set_id = entry.get("componentSetId")
                if set_id:
                    frame["containingComponentSet"] = {"nodeId": set_id, "name": sets[set_id]["name"]}
                item = _published(f, cid, entry, containing_frame=frame)
            out.append(item)
        return _ok({"components": out})

    def published_component_sets_body(self, f: FakeFile) -> JSON:
        if f.library == "primer":
            listed = copy.deepcopy(primer_library().component_sets["meta"]["component_sets"])
            return _ok({"component_sets": [{**s, "file_key": f.key} for s in listed]})
        sets = self.file_body(f, 1)["componentSets"]
        return _ok(
            {
                "component_sets": [
                    _published(f, sid, entry, containing_frame=self._page_of(sid))
                    for sid, entry in sets.items()
                ]
            }
        )

    def published_styles_body(self, f: FakeFile) -> JSON:
        out = []
        for i, (sid, (entry, _node)) in enumerate(self.styles_of(f).items()):
            item = _published(f, sid, entry)
            item.update(style_type=entry["styleType"], sort_position=f"{i:04d}")
            out.append(item)
        return _ok({"styles": out})

    def _page_of(self, node_id: str) -> JSON:
        """The page (canvas) holding ``node_id``: Figma's ``containing_frame`` of a published asset."""
        pages = self._file["document"]["children"]
        page = next((p for p in pages if node_id in _index_nodes(p)), pages[0])
        return {"pageId": page["id"], "pageName": page["name"]}

    def component_nodes(self, f: FakeFile) -> dict[str, JSON]:
        """Component id → its node (with children), for the components the file currently has."""
        if f.library == "primer":
            nodes = primer_library().nodes
            return {cid: nodes[cid] for cid in self.components_of(f)}
        recorded = list(self._file["components"])
        out: dict[str, JSON] = {}
        for cid in self.components_of(f):
            source = self._recorded_nodes.get(cid)
            if source is None and cid.startswith("9"):  # a copy made by scaling: the recorded one it copies
                number = int(cid.split(":")[0][1:])
                source = self._recorded_nodes.get(recorded[number % len(recorded)])
                if source is not None:
                    source = {**source, "id": cid}
            if source is not None:
                out[cid] = source
        return out

    def components_of(self, f: FakeFile) -> dict[str, JSON]:
        if f.library == "primer":
            generated = primer_library().file["components"]
            return {
                cid: {**copy.deepcopy(entry), "name": f.renamed.get(cid, entry["name"])}
                for cid, entry in generated.items()
                if cid not in f.removed
            }
        recorded = list(self._file["components"].items())
        wanted = f.components if f.components is not None else len(recorded)
        out: dict[str, JSON] = {}
        for i in range(wanted):
            cid, entry = recorded[i] if i < len(recorded) else (f"9{i:05d}:1", recorded[i % len(recorded)][1])
            entry = dict(entry)
            if i >= len(recorded):
                entry["key"] = f"{entry['key'][:30]}{i:010d}"
                entry["name"] = f"{entry['name']} {i}"
            if cid in f.removed:
                continue
            entry["name"] = f.renamed.get(cid, entry["name"])
            out[cid] = _modern(entry)
        return out

    def styles_of(self, f: FakeFile) -> dict[str, tuple[JSON, JSON]]:
        """style id → (styles-map entry, /nodes entry); only styles whose definition node was recorded."""
        if f.library == "primer":
            return self._primer_styles(f)
        recorded = [(sid, e) for sid, e in self._file["styles"].items() if sid in self._style_nodes]
        wanted = f.styles if f.styles is not None else len(recorded)
        out: dict[str, tuple[JSON, JSON]] = {}
        for i in range(wanted):
            sid, entry = recorded[i % len(recorded)]
            node = self._style_nodes[sid]
            if i >= len(recorded):
                sid = f"8{i:05d}:1"
                entry = {**entry, "name": f"{entry['name']} {i}", "key": f"{entry['key'][:30]}{i:010d}"}
                node = copy.deepcopy(node)
                node["document"] = {**node["document"], "id": sid, "name": entry["name"]}
            out[sid] = (_modern(entry), node)
        for i, extra in enumerate(f.extra_styles):
            sid = f"7{i:05d}:1"
            out[sid] = self._extra_style(sid, extra)
        return out

    def _primer_styles(self, f: FakeFile) -> dict[str, tuple[JSON, JSON]]:
        lib = primer_library()
        nodes = lib.style_nodes["nodes"]
        out: dict[str, tuple[JSON, JSON]] = {
            sid: ({**entry, "name": f.renamed.get(sid, entry["name"])}, nodes[sid])
            for sid, entry in lib.file["styles"].items()
            if sid not in f.removed
        }
        for i, extra in enumerate(f.extra_styles):
            sid = f"7{i:05d}:1"
            out[sid] = self._extra_style(sid, extra)
        return out

    def _extra_style(self, sid: str, extra: ExtraStyle) -> tuple[JSON, JSON]:
        """A recorded style of ``extra.style_type`` renamed, re-keyed and given the extra's values."""
        template_id = next(
            i
            for i, e in self._file["styles"].items()
            if e["styleType"] == extra.style_type
            and i in self._style_nodes
            and (extra.style_type == "TEXT" or _solid_fills(self._style_nodes[i]))
        )
        entry = {
            **self._file["styles"][template_id],
            "name": extra.name,
            "key": f"extra{sid.replace(':', '')}",
        }
        node = copy.deepcopy(self._style_nodes[template_id])
        document = node["document"]
        document.update(id=sid, name=extra.name)
        if extra.style_type == "FILL":
            rgb = [int(extra.hex[k : k + 2], 16) / 255 for k in (1, 3, 5)]
            document["fills"] = [
                {
                    "blendMode": "NORMAL",
                    "type": "SOLID",
                    "color": {"r": rgb[0], "g": rgb[1], "b": rgb[2], "a": 1.0},
                }
            ]
        else:
            document["style"] = {
                **document.get("style", {}),
                "fontFamily": "Inter",
                "fontSize": extra.font_size,
                "fontWeight": extra.font_weight,
            }
        return _modern(entry), node

    # -- HTTP ------------------------------------------------------------------------------------------------

    def handle(
        self, path: str, query: dict[str, list[str]], headers: dict[str, str]
    ) -> tuple[int, JSON, dict[str, str]]:
        kind, key = _route(path)
        with self._lock:
            self.requests[kind or "unknown"] += 1
            self.seen_auth.append(_auth_of(headers))
            queue = self._faults.get(kind or "", [])
            fault = queue.pop(0) if queue else None
        if kind is None:
            return 404, {"status": 404, "err": "Not found"}, {}
        shape = "message" if kind.startswith("variables") else "err"
        given = _auth_of(headers)[1]
        account = self.oauth.account_of(given) if self.oauth is not None else None
        if account is None and (self.token is not None or self.oauth is not None) and given != self.token:
            return _error(403, "Invalid token", shape)
        if fault is not None:
            if fault.delay:
                time.sleep(fault.delay)
            if fault.status >= 400:
                status, body, extra = _error(fault.status, "injected fault", fault.error_shape)
                if fault.retry_after is not None:
                    extra = {
                        "Retry-After": f"{fault.retry_after:g}",
                        "X-Figma-Plan-Tier": "enterprise",
                        "X-Figma-Rate-Limit-Type": "low",
                    }
                return status, body, extra
        f = self.files.get(key)
        if f is None or (
            account is not None and self.oauth is not None and not self.oauth.can_read(account, key)
        ):
            return _error(404, "Not found", shape)
        depth_param = query.get("depth")
        depth = int(depth_param[0]) if depth_param else None
        paths = query.get("geometry", [""])[0] == "paths"
        if kind == "meta":
            return 200, self.meta_body(f), {}
        if kind == "nodes":
            ids = [i for i in ",".join(query.get("ids", [])).split(",") if i]
            if not ids:
                return _error(400, "ids is required", "err")
            return 200, self.nodes_body(f, ids, depth=depth, paths=paths), {}
        if kind.startswith("variables") and f.variables_forbidden:
            return _error(403, "Limited by Figma plan", "message")
        answers = {
            "variables": self.variables_body,
            "variables_published": self.published_variables_body,
            "components": self.published_components_body,
            "component_sets": self.published_component_sets_body,
            "styles": self.published_styles_body,
        }
        if kind in answers:
            return 200, answers[kind](f), {}
        return 200, self.file_body(f, depth, paths=paths), {}

    def start(self, port: int = 0, host: str = "127.0.0.1") -> FakeFigma:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                split = urlsplit(self.path)
                if fake.oauth is not None and split.path == "/oauth":
                    status, location = fake.oauth.authorize(parse_qs(split.query))
                    self._send(status, {}, location)
                    return
                status, body, extra = fake.handle(
                    split.path, parse_qs(split.query), dict(self.headers.items())
                )
                self._send(status, body, extra)

            def do_POST(self) -> None:
                split = urlsplit(self.path)
                data = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if fake.oauth is not None and split.path.startswith("/v1/oauth/"):
                    self._send(*fake.oauth.post(split.path, data, dict(self.headers.items())), {})
                else:
                    self._send(404, {"status": 404, "err": "Not found"}, {})

            def _send(self, status: int, body: JSON, extra: dict[str, str]) -> None:
                payload = json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in extra.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

            def log_message(self, format: str, *args: Any) -> None:  # noqa: ARG002 - stdlib signature, kept quiet
                return

        self._server = ThreadingHTTPServer((host, port), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-figma", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> FakeFigma:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def _modern(entry: JSON) -> JSON:
    """Component/style map entries: today's API always sends ``remote`` and ``documentationLinks``."""
    return {"remote": False, "documentationLinks": [], **entry}


def _route(path: str) -> tuple[str | None, str]:
    parts = [p for p in path.split("/") if p]
    if len(parts) < 3 or parts[:2] != ["v1", "files"]:
        return None, ""
    key, rest = parts[2], parts[3:]
    return _ROUTES.get(tuple(rest)), key


def _auth_of(headers: dict[str, str]) -> tuple[str, str]:
    lowered = {k.lower(): v for k, v in headers.items()}
    if "x-figma-token" in lowered:
        return "personal", lowered["x-figma-token"]
    bearer = lowered.get("authorization", "")
    if bearer.lower().startswith("bearer "):
        return "oauth", bearer[7:]
    return "none", ""


def _error(status: int, text: str, shape: str) -> tuple[int, JSON, dict[str, str]]:
    if shape == "message":
        return status, {"status": status, "error": True, "message": text}, {}
    return status, {"status": status, "err": text}, {}


def _index_nodes(root: JSON) -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        out[str(node.get("id"))] = node
        stack.extend(c for c in node.get("children", []) if isinstance(c, dict))
    return out


def _trim(node: JSON, depth: int | None) -> JSON:
    """Figma's ``depth``: 1 returns the document and its pages, 2 adds each page's top-level nodes, …

    Fields today's API always sends but the 2020 recording predates are filled in on the way out.
    """
    out = {k: v for k, v in node.items() if k != "children"}
    out.setdefault("scrollBehavior", "SCROLLS")
    if node.get("type") == "CANVAS":
        out.setdefault("flowStartingPoints", [])
    if "absoluteBoundingBox" in node:
        out.setdefault("absoluteRenderBounds", node["absoluteBoundingBox"])
    if "children" in node:
        if depth is not None and depth <= 0:
            out["children"] = []
        else:
            out["children"] = [_trim(c, None if depth is None else depth - 1) for c in node["children"]]
    return copy.deepcopy(out)


def _ok(meta: JSON) -> JSON:
    return {"status": 200, "error": False, "meta": meta}


def _published(f: FakeFile, node_id: str, entry: JSON, *, containing_frame: JSON | None = None) -> JSON:
    """A file-level entry (component, set or style) as the published-assets endpoints list it."""
    out: JSON = {
        "key": entry["key"],
        "file_key": f.key,
        "node_id": node_id,
        "thumbnail_url": f"https://example.invalid/thumbnails/{node_id.replace(':', '-')}.png",
        "name": entry["name"],
        "description": entry.get("description", ""),
        "created_at": _PUBLISHED_AT,
        "updated_at": _PUBLISHED_AT,
        "user": {"id": "1", "handle": "fake", "img_url": "https://example.invalid/u.png"},
    }
    if containing_frame is not None:
        out["containing_frame"] = containing_frame
    return out


def _subtree(node: JSON, depth: int | None, paths: bool) -> JSON:
    """A copy of ``node`` down to ``depth`` levels (Figma's ``depth``); vector paths only if asked for."""
    out = {
        k: copy.deepcopy(v) if isinstance(v, (dict, list)) else v
        for k, v in node.items()
        if k != "children" and (paths or k != "fillGeometry")
    }
    if "children" in node:
        if depth is not None and depth <= 0:
            out["children"] = []
        else:
            nested = None if depth is None else depth - 1
            out["children"] = [_subtree(c, nested, paths) for c in node["children"]]
    return out


@dataclass
class _Used:
    components: set[str] = field(default_factory=set)
    component_sets: set[str] = field(default_factory=set)
    styles: set[str] = field(default_factory=set)


def _used(root: JSON) -> _Used:
    """The components, component sets and styles a subtree is or uses (a /nodes entry lists them)."""
    used = _Used()
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.get("type")
        if kind == "COMPONENT":
            used.components.add(node["id"])
        elif kind == "COMPONENT_SET":
            used.component_sets.add(node["id"])
        elif kind == "INSTANCE":
            used.components.add(node["componentId"])
        used.styles.update(node.get("styles", {}).values())
        stack.extend(node.get("children", []))
    return used


def _removed_component(node: JSON, f: FakeFile) -> bool:
    return node.get("type") == "COMPONENT" and node["id"] in f.removed

"""The demo's API steps against a running compose stack (deploy/compose-smoke pipes this into the API's
container: `python3 - TOKEN < deploy/compose_smoke.py`).

Registers the Primer library and a working file, saves the demo's project config, sweeps the library,
uploads the sample landing page, creates a Code2WF generation, waits until the worker's signed webhook
marked it completed, fetches the spec and the preview and reports placement. Exits 1 on any other outcome.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import httpx

from wf2des.samples import demo_config, landing_page_dir

API = "http://127.0.0.1:8000"
PROJECT = f"{API}/v1/projects/1"


def expect(response: httpx.Response, *codes: int) -> dict[str, Any]:
    if response.status_code not in codes:
        sys.exit(f"smoke: {response.request.method} {response.request.url.path} → {response.status_code}: "
                 f"{response.text[:400]}")
    return response.json() if response.content else {}


def poll(http: httpx.Client, url: str, done: Any, what: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = expect(http.get(url), 200)
        if done(body):
            return body
        time.sleep(0.5)
    sys.exit(f"smoke: {what} did not finish within {timeout:.0f} s")


def main(token: str) -> None:
    started = time.monotonic()
    with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=60) as http:
        before = {}
        for key, role in (("PrimerLibrary1", "library"), ("DemoWorkingFile", "working")):
            before[key] = expect(http.put(f"{PROJECT}/figma-files/{key}", json={"role": role}), 200, 201)
        expect(http.put(f"{PROJECT}/wf2des/config", json=demo_config()), 200, 201)
        expect(http.post(f"{PROJECT}/component-sweeps"), 202)
        library = poll(
            http,
            f"{PROJECT}/figma-files/PrimerLibrary1",
            lambda f: f["componentsSyncedAt"] != before["PrimerLibrary1"]["componentsSyncedAt"]
            or bool(f["sweepError"]),
            "the component sweep",
            180,
        )
        if library["sweepError"]:
            sys.exit(f"smoke: the sweep failed: {library['sweepError']}")
        print(f"smoke: swept PrimerLibrary1: {library['activeComponentCount']} components, "
              f"{library['styleCaptureCount']} style captures")
        root = landing_page_dir()
        files = [p for p in sorted(root.rglob("*")) if p.is_file()]
        page = expect(
            http.post(
                f"{PROJECT}/page-imports",
                data={"entry": "index.html"},
                files=[("files", (str(p.relative_to(root)), p.read_bytes())) for p in files],
            ),
            201,
        )
        print(f"smoke: uploaded the landing page ({len(files)} files): {page['pageImportId']}")
        created = expect(
            http.post(
                f"{PROJECT}/code2wf",
                json={"pageImportId": page["pageImportId"], "figmaFileKey": "DemoWorkingFile"},
            ),
            202,
        )
        code2wf_id = created["code2wfId"]
        row = poll(http, f"{PROJECT}/code2wf/{code2wf_id}", lambda r: r["status"] != "processing",
                   "the generation", 240)
        if row["status"] != "completed":
            sys.exit(f"smoke: the generation ended {row['status']}: {row.get('errorMessage')}")
        spec = expect(http.get(f"{PROJECT}/code2wf/{code2wf_id}/result"), 200)
        placed = expect(http.post(f"{PROJECT}/code2wf/{code2wf_id}/materialization"), 200)
        mapping = spec.get("componentMapping") or {}
        print(f"smoke: generation {code2wf_id} completed (signed webhook accepted): "
              f"flagCount {row['flagCount']}, {len(spec['screens'])} screen(s), "
              f"{sum(c['count'] for c in mapping.get('components', []))} library instances, "
              f"materializedAt {placed['materializedAt']}")
        print(f"smoke: API steps took {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1])

"""Generator benchmark over the shared corpus: quality and speed, per page and in total.

Targets are the constants below (from issue 4). Run: .venv/bin/python bench/generator.py [CORPUS_DIR]
"""

from __future__ import annotations

import asyncio
import json
import resource
import statistics
import sys
import time
from pathlib import Path

from wf2des.generator import convert, replay_layout
from wf2des.generator.metrics import editability, layer_economy, replay_iou, text_coverage
from wf2des.integrations.browser import BrowserCapturer

TARGET_TEXT_COVERAGE = 1.0
TARGET_REPLAY_IOU = 0.95
TARGET_AUTO_LAYOUT = 0.8
TARGET_LAYER_ECONOMY = 0.6
TARGET_CAPTURE_MS = 600.0
TARGET_CONVERT_MS = 150.0
TARGET_PEAK_RSS_MB = 300.0

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pages"


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


async def main(corpus: Path) -> int:
    rows = []
    async with BrowserCapturer() as capturer:
        await capturer.capture({"index.html": b"<p>warm</p>"}, "index.html", [1440])
        for folder in sorted(p for p in corpus.iterdir() if (p / "SOURCE.json").is_file()):
            entry = json.loads((folder / "SOURCE.json").read_text(encoding="utf-8"))["local_entry"]
            files = _files(folder)
            await capturer.capture(files, entry, [1440])  # warm this page's fonts and scripts in the OS cache
            started = time.perf_counter()
            captured = await capturer.capture(files, entry, [1440])
            capture_ms = (time.perf_counter() - started) * 1000
            convert_runs = []
            for _ in range(3):
                started = time.perf_counter()
                spec = convert(captured, source_entry=entry)
                convert_runs.append((time.perf_counter() - started) * 1000)
            root = spec["screens"][0]["root"]
            auto, absolute = editability(root)
            rows.append(
                {
                    "page": folder.name,
                    "elements": captured.element_count,
                    "coverage": text_coverage(captured.screens[0], root),
                    "iou": replay_iou(root, replay_layout(spec)),
                    "auto": auto,
                    "absolute": absolute,
                    "economy": layer_economy(captured.screens[0], root),
                    "nodes": spec["stats"]["nodeCount"],
                    "capture_ms": capture_ms,
                    "convert_ms": statistics.median(convert_runs),
                    "flags": spec["flagCount"],
                }
            )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    header = f"{'page':26s} {'elems':>5s} {'text':>6s} {'IoU':>6s} {'auto':>5s} {'abs':>5s} {'econ':>5s} {'nodes':>5s} {'cap ms':>7s} {'conv ms':>7s} {'flags':>5s}"
    print(header)
    for r in rows:
        print(
            f"{r['page']:26s} {r['elements']:5d} {r['coverage']:6.3f} {r['iou']:6.3f} {r['auto']:5.2f} {r['absolute']:5.2f} "
            f"{r['economy']:5.2f} {r['nodes']:5d} {r['capture_ms']:7.0f} {r['convert_ms']:7.1f} {r['flags']:5d}"
        )

    def mean(key: str) -> float:
        return statistics.fmean(r[key] for r in rows)

    print(
        f"{'TOTAL (mean)':26s} {'':5s} {mean('coverage'):6.3f} {mean('iou'):6.3f} {mean('auto'):5.2f} {mean('absolute'):5.2f} "
        f"{mean('economy'):5.2f} {'':5s} {mean('capture_ms'):7.0f} {mean('convert_ms'):7.1f}"
    )
    checks = {
        f"text coverage {TARGET_TEXT_COVERAGE:.0%} on every page": all(
            r["coverage"] >= TARGET_TEXT_COVERAGE for r in rows
        ),
        f"replay IoU >= {TARGET_REPLAY_IOU} (mean)": mean("iou") >= TARGET_REPLAY_IOU,
        f"auto layout share >= {TARGET_AUTO_LAYOUT} (mean)": mean("auto") >= TARGET_AUTO_LAYOUT,
        f"layer economy <= {TARGET_LAYER_ECONOMY} (mean)": mean("economy") <= TARGET_LAYER_ECONOMY,
        f"capture <= {TARGET_CAPTURE_MS:.0f} ms (pages <= 3,000 elements)": all(
            r["capture_ms"] <= TARGET_CAPTURE_MS for r in rows if r["elements"] <= 3000
        ),
        f"convert <= {TARGET_CONVERT_MS:.0f} ms (pages <= 3,000 elements)": all(
            r["convert_ms"] <= TARGET_CONVERT_MS for r in rows if r["elements"] <= 3000
        ),
        f"peak RSS <= {TARGET_PEAK_RSS_MB:.0f} MB (now {peak_mb:.0f} MB)": peak_mb <= TARGET_PEAK_RSS_MB,
    }
    for name, ok in checks.items():
        print(f"{'MET ' if ok else 'MISS'} {name}")
    print("peer @builder.io/html-to-figma: not run (not wired up yet)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS)))

"""Generator benchmark over the shared corpus: quality and speed, per page and in total.

Targets are the constants below. Run: .venv/bin/python bench/generator.py [CORPUS_DIR]

What the designer sees, measured on the spec as Figma draws it (replayed boxes, paint order):
word coverage (the page's innerText against the spec's characters, whole words, so a lost line break or
space is a miss; characters are the second column), hidden text (TEXT nodes under a later-painted fill),
contrast (share of TEXT nodes at WCAG 2.x 4.5:1, 3:1 for large text, against the fill behind them) and
redundant frames (one child, nothing of their own), with layer economy beside it.

The peer, ``@builder.io/html-to-figma`` (MIT), runs in the same Chromium on the same offline page when it
is installed: ``cd bench/peer && npm install`` (node_modules is not committed). Its time is the in-page
conversion only (inject + ``htmlToFigma(document.body)``), next to ours from loaded page to spec
(snapshot + parse + convert); page load is common to both and excluded from both.
"""

from __future__ import annotations

import asyncio
import json
import resource
import statistics
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wf2des.generator import convert, replay_layout
from wf2des.generator.metrics import editability, layer_economy, replay_iou, text_coverage
from wf2des.generator.seen import contrast_failures, hidden_texts, redundant_frames, word_coverage
from wf2des.integrations.browser import BrowserCapturer

TARGET_TEXT_COVERAGE = 1.0
TARGET_WORD_COVERAGE = 1.0
TARGET_HIDDEN_TEXT = 0
TARGET_CONTRAST = 0.99
TARGET_REDUNDANT_FRAMES = 0
TARGET_REPLAY_IOU = 0.95
TARGET_AUTO_LAYOUT = 0.8
TARGET_LAYER_ECONOMY = 0.6
TARGET_CAPTURE_MS = 600.0
TARGET_CONVERT_MS = 150.0
TARGET_PEAK_RSS_MB = 300.0

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus" / "pages"
PEER_BUNDLE = Path(__file__).resolve().parent / "peer/node_modules/@builder.io/html-to-figma/dist/browser.js"
PHASES = ("context", "page", "load", "settle", "snapshot", "parse")
# The bundle defines a global ``htmlToFigma`` module object; its ``htmlToFigma`` export walks the live DOM.
_PEER_JS = """() => {
  const started = performance.now();
  const layers = window.htmlToFigma.htmlToFigma(document.body);
  const ms = performance.now() - started;
  const count = (list) => list.reduce((n, layer) => n + 1 + count(layer.children || []), 0);
  return {layers: count(layers), ms: ms};
}"""


class _LastPhases:
    """The phase timings of the capturer's last capture (its ``on_phases`` observer)."""

    def __init__(self) -> None:
        self.phases: dict[str, float] = {}

    def __call__(self, phases: Mapping[str, float], /) -> None:
        self.phases = dict(phases)


async def _peer(
    capturer: BrowserCapturer, files: dict[str, bytes], entry: str, bundle: str
) -> tuple[int, float]:
    """(layer count, ms) of the peer converter on the same page, offline, in the same browser."""
    async with capturer.rendered(files, entry, 1440) as page:
        started = time.perf_counter()
        await page.add_script_tag(content=bundle)
        result = await page.evaluate(_PEER_JS)
        total_ms = (time.perf_counter() - started) * 1000
    return int(result["layers"]), total_ms


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


async def main(corpus: Path) -> int:
    rows: list[dict[str, Any]] = []
    bundle = PEER_BUNDLE.read_text(encoding="utf-8") if PEER_BUNDLE.is_file() else None
    last = _LastPhases()
    async with BrowserCapturer(on_phases=last) as capturer:
        await capturer.capture({"index.html": b"<p>warm</p>"}, "index.html", [1440])
        for folder in sorted(p for p in corpus.iterdir() if (p / "SOURCE.json").is_file()):
            entry = json.loads((folder / "SOURCE.json").read_text(encoding="utf-8"))["local_entry"]
            files = _files(folder)
            await capturer.capture(files, entry, [1440])  # warm this page's fonts and scripts in the OS cache
            # A worker does other work between jobs; here that is the convert below. Let the background
            # preparation of the next context finish, as it would between two jobs.
            # Median of three warm captures: one capture on a shared machine is mostly scheduler noise.
            timed = []
            for _ in range(3):
                await asyncio.sleep(0.3)
                started = time.perf_counter()
                captured = await capturer.capture(files, entry, [1440])
                timed.append(((time.perf_counter() - started) * 1000, last.phases))
            capture_ms, phases = sorted(timed, key=lambda t: t[0])[1]
            # The page's innerText is read in a capture of its own, so it never weighs on the timings.
            seen_screen = (await capturer.capture(files, entry, [1440], page_text=True)).screens[0]
            convert_runs = []
            convert_cpu = []
            for _ in range(5):
                started, cpu = time.perf_counter(), time.process_time()
                spec = convert(captured, source_entry=entry)
                convert_runs.append((time.perf_counter() - started) * 1000)
                convert_cpu.append((time.process_time() - cpu) * 1000)
            root = spec["screens"][0]["root"]
            auto, absolute = editability(root)
            boxes = replay_layout(spec)
            words, missing = word_coverage(seen_screen.page_text or "", root, seen_screen.unseen_text)
            hidden = hidden_texts(root, boxes)
            checked, unreadable = contrast_failures(spec, root, boxes)
            peer_layers, peer_ms = await _peer(capturer, files, entry, bundle) if bundle else (-1, 0.0)
            rows.append(
                {
                    "page": folder.name,
                    "elements": captured.element_count,
                    "coverage": text_coverage(captured.screens[0], root),
                    "words": words,
                    "missing": missing,
                    "hidden": [str(n["characters"])[:40] for n in hidden],
                    "contrast": 1 - len(unreadable) / checked if checked else 1.0,
                    "redundant": len(redundant_frames(root)),
                    "iou": replay_iou(root, boxes),
                    "auto": auto,
                    "absolute": absolute,
                    "economy": layer_economy(captured.screens[0], root),
                    "nodes": spec["stats"]["nodeCount"],
                    "capture_ms": capture_ms,
                    "convert_ms": statistics.median(convert_runs),
                    # CPU time is what the conversion costs; wall time adds the machine's other work.
                    "convert_cpu_ms": statistics.median(convert_cpu),
                    "flags": spec["flagCount"],
                    "phases": phases,
                    "ours_ms": phases.get("snapshot", 0.0)
                    + phases.get("parse", 0.0)
                    + statistics.median(convert_runs),
                    "peer_layers": peer_layers,
                    "peer_ms": peer_ms,
                }
            )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    load = (
        Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3]
        if Path("/proc/loadavg").is_file()
        else []
    )
    print(f"capture: median of 3 warm captures; convert: median of 5; machine load average {' '.join(load)}")
    header = (
        f"{'page':26s} {'elems':>5s} {'words':>6s} {'chars':>6s} {'hidden':>6s} {'contr':>6s} {'redund':>6s} "
        f"{'econ':>5s} {'IoU':>6s} {'auto':>5s} {'abs':>5s} {'nodes':>5s} "
        f"{'cap ms':>7s} {'conv ms':>7s} {'flags':>5s}"
    )
    print(header)
    for r in rows:
        print(
            f"{r['page']:26s} {r['elements']:5d} {r['words']:6.3f} {r['coverage']:6.3f} "
            f"{len(r['hidden']):6d} {r['contrast']:6.3f} {r['redundant']:6d} {r['economy']:5.2f} "
            f"{r['iou']:6.3f} {r['auto']:5.2f} {r['absolute']:5.2f} {r['nodes']:5d} "
            f"{r['capture_ms']:7.0f} {r['convert_ms']:7.1f} {r['flags']:5d}"
        )

    def mean(key: str) -> float:
        return statistics.fmean(r[key] for r in rows)

    print(
        f"{'TOTAL (mean; hidden sum)':26s} {'':5s} {mean('words'):6.3f} {mean('coverage'):6.3f} "
        f"{sum(len(r['hidden']) for r in rows):6d} {mean('contrast'):6.3f} "
        f"{sum(r['redundant'] for r in rows):6d} "
        f"{mean('economy'):5.2f} {mean('iou'):6.3f} {mean('auto'):5.2f} {mean('absolute'):5.2f} {'':5s} "
        f"{mean('capture_ms'):7.0f} {mean('convert_ms'):7.1f}"
    )
    print(f"capture median of all pages: {statistics.median(r['capture_ms'] for r in rows):.0f} ms")
    print(
        f"convert CPU time (mean; max): {mean('convert_cpu_ms'):.1f} ms; "
        f"{max(r['convert_cpu_ms'] for r in rows):.1f} ms "
        f"({max(rows, key=lambda r: r['convert_cpu_ms'])['page']})"
    )
    for r in rows:
        if r["missing"]:
            print(f"  {r['page']}: words missing {r['missing'][:12]}")
        if r["hidden"]:
            print(f"  {r['page']}: hidden text {r['hidden'][:6]} (a page that hides text behind an overlay)")
    checks = {
        f"word coverage {TARGET_WORD_COVERAGE:.0%} on every page": all(
            r["words"] >= TARGET_WORD_COVERAGE for r in rows
        ),
        f"text (character) coverage {TARGET_TEXT_COVERAGE:.0%} on every page": all(
            r["coverage"] >= TARGET_TEXT_COVERAGE for r in rows
        ),
        f"hidden text {TARGET_HIDDEN_TEXT} on every page": all(
            len(r["hidden"]) <= TARGET_HIDDEN_TEXT for r in rows
        ),
        f"contrast share >= {TARGET_CONTRAST:.0%} on every page": all(
            r["contrast"] >= TARGET_CONTRAST for r in rows
        ),
        f"redundant frames {TARGET_REDUNDANT_FRAMES} on every page": all(
            r["redundant"] <= TARGET_REDUNDANT_FRAMES for r in rows
        ),
        f"replay IoU >= {TARGET_REPLAY_IOU} (mean)": mean("iou") >= TARGET_REPLAY_IOU,
        f"auto layout share >= {TARGET_AUTO_LAYOUT} (mean)": mean("auto") >= TARGET_AUTO_LAYOUT,
        f"layer economy <= {TARGET_LAYER_ECONOMY} (mean)": mean("economy") <= TARGET_LAYER_ECONOMY,
        f"capture <= {TARGET_CAPTURE_MS:.0f} ms (median over pages)": statistics.median(
            r["capture_ms"] for r in rows
        )
        <= TARGET_CAPTURE_MS,
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
    print("\ncapture phases, ms (context = wait for the pre-opened context; page = new page/viewport)")
    print(f"{'page':26s} " + " ".join(f"{p:>8s}" for p in PHASES))
    for r in rows:
        print(f"{r['page']:26s} " + " ".join(f"{r['phases'].get(p, 0.0):8.0f}" for p in PHASES))
    print(
        f"{'TOTAL (mean)':26s} "
        + " ".join(f"{statistics.fmean(r['phases'].get(p, 0.0) for r in rows):8.0f}" for p in PHASES)
    )
    if bundle is None:
        print(
            f"\npeer @builder.io/html-to-figma: not run ({PEER_BUNDLE} missing: cd bench/peer && npm install)"
        )
        return 0
    print(
        "\npeer @builder.io/html-to-figma 0.0.3, same Chromium, same offline page (load excluded from both)"
    )
    print(
        f"{'page':26s} {'elems':>5s} {'ours':>6s} {'peer':>6s} {'ours ms':>8s} {'peer ms':>8s}"
        "   (layers; ms from loaded page)"
    )
    for r in rows:
        print(
            f"{r['page']:26s} {r['elements']:5d} {r['nodes']:6d} {r['peer_layers']:6d} "
            f"{r['ours_ms']:8.1f} {r['peer_ms']:8.1f}"
        )
    print(
        f"{'TOTAL (sum / mean)':26s} {'':5s} {sum(r['nodes'] for r in rows):6d} "
        f"{sum(r['peer_layers'] for r in rows):6d} "
        f"{mean('ours_ms'):8.1f} {mean('peer_ms'):8.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS)))

import path from "node:path";

import { OCTICONS, readJSON } from "./common.mjs";
import { Ids, Recorder, emit, frame, measure, place, vector } from "./nodes.mjs";
import { register } from "./registry.mjs";

// ---------------------------------------------------------------------------------------------------------
// Icons: every Octicon at every size Primer ships, each a plain COMPONENT named `icon/<size>/<name>` (the
// last path segment is the icon's name) with one VECTOR whose fill is bound to fgColor/default and whose
// `fillGeometry` carries Octicons' own SVG path data (served with `geometry=paths`, as Figma does).
// ---------------------------------------------------------------------------------------------------------

const ICONS = new Map(); // `${size}/${name}` → component id

export function buildIcons(page, top) {
  const data = readJSON(path.join(OCTICONS, "build/data.json"));
  const nodes = [];
  let x = 0;
  let y = top;
  let rowHeight = 0;
  const names = Object.keys(data).sort();
  names.forEach((name, i) => {
    const icon = data[name];
    const ids = new Ids(1000 + i);
    for (const size of Object.keys(icon.heights).sort((a, b) => Number(a) - Number(b))) {
      const h = icon.heights[size];
      const width = h.width;
      const height = Number(size);
      const geometry = h.ast.children.map((c) => ({
        path: c.attributes.d,
        windingRule:
          c.attributes.fillRule === "evenodd" || c.attributes["fill-rule"] === "evenodd"
            ? "EVENODD"
            : "NONZERO",
      }));
      const draw = () =>
        frame(`icon/${size}/${name}`, { w: width, h: height }, [
          vector("Vector", width, height, { fill: "fgColor/default", geometry }),
        ]);
      const proto = draw();
      measure(proto);
      if (x + width > 2400) {
        x = 0;
        y += rowHeight + 24;
        rowHeight = 0;
      }
      place(proto, x, y, width, height);
      x += width + 24;
      rowHeight = Math.max(rowHeight, height);
      const recorder = new Recorder(ids);
      const node = emit(proto, recorder, "COMPONENT");
      const keywords = icon.keywords ?? [];
      const description = keywords.length ? `Keywords: ${keywords.join(", ")}` : "";
      node.componentPropertyDefinitions = {};
      register(node, { description, page, setId: null, redraw: draw, sequence: recorder.seen });
      ICONS.set(`${size}/${name}`, node.id);
      nodes.push(node);
    }
  });
  return nodes;
}

export const icon = (name, size = 16) => {
  const id = ICONS.get(`${size}/${name}`);
  if (!id) throw new Error(`Octicons has no ${name} at ${size}`);
  return id;
};

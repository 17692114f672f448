// Turns GitHub's Primer design system (the pinned @primer/primitives and @primer/octicons packages) into the
// REST responses of ONE Figma library file, for wf2des's fake Figma. Deterministic: the same packages give
// the same bytes (sorted keys, ids and keys derived from names, no clock).
//
//   node generate.mjs [OUT_DIR]      (default: src/wf2des/integrations/figma/libraries/primer)
//
// Every colour, size, padding, gap and radius below is a Primer variable looked up by name (`v("…")`): a name
// Primer does not ship stops the generator, so nothing is guessed. Layout widths that Primer leaves to the
// page (a text field's width, a banner's width) are plain numbers, documented where they are set.
//
// lib/: common.mjs (paths, constants), variables.mjs (Primer's Figma variables), styles.mjs (text and colour
// styles), nodes.mjs (the node builder: auto layout, variable bindings, instances), registry.mjs (components
// made so far), icons.mjs (the Octicons), sets.mjs (the component sets). This file assembles the responses.

import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import {
  FILE_KEY,
  FILE_NAME,
  HERE,
  OCTICONS,
  PRIMITIVES,
  STAMP,
  USER,
  VERSION,
  readJSON,
} from "./lib/common.mjs";
import { buildIcons } from "./lib/icons.mjs";
import { CONSTRAINTS, Ids, emit, frame, measure, place, paint, text } from "./lib/nodes.mjs";
import { COMPONENTS, SETS_BY_ID } from "./lib/registry.mjs";
import { SET_INFO, buildSets } from "./lib/sets.mjs";
import { COLOR_STYLES, STYLES } from "./lib/styles.mjs";
import { VARS, v } from "./lib/variables.mjs";

const OUT = path.resolve(
  process.argv[2] ?? path.join(HERE, "../../src/wf2des/integrations/figma/libraries/primer"),
);

// ---------------------------------------------------------------------------------------------------------
// Assembling the file
// ---------------------------------------------------------------------------------------------------------

function foundations(page) {
  const ids = new Ids(2);
  const nodes = [];
  let y = 0;
  for (const s of STYLES.values()) {
    const proto = frame(
      `Text style / ${s.name}`,
      { layout: "VERTICAL", padding: ["base/size/8", "base/size/8"] },
      [text(s.name, s.name, s.name, "fgColor/default")],
    );
    measure(proto);
    place(proto, 0, y, proto.size[0], proto.size[1]);
    y += proto.size[1] + 16;
    nodes.push(emit(proto, ids));
  }
  let x = 600;
  let row = 0;
  for (const c of COLOR_STYLES) {
    const proto = frame(`Colour / ${c.name}`, {
      w: "base/size/48",
      h: "base/size/48",
      radius: "borderRadius/medium",
      fill: c.name,
      stroke: "borderColor/default",
    });
    measure(proto);
    place(proto, x, row, 48, 48);
    const node = emit(proto, ids);
    node.styles = { fill: c.id };
    nodes.push(node);
    x += 64;
    if (x > 1600) {
      x = 600;
      row += 64;
    }
  }
  return nodes;
}

function styleNodes() {
  const nodes = {};
  for (const s of STYLES.values()) {
    const box = { height: s.style.lineHeightPx, width: 100, x: 0, y: 0 };
    nodes[s.id] = nodeEntry(
      {
        absoluteBoundingBox: box,
        absoluteRenderBounds: box,
        blendMode: "PASS_THROUGH",
        characterStyleOverrides: [],
        characters: s.name,
        constraints: CONSTRAINTS,
        effects: [],
        fills: [paint(v("fgColor/default"))],
        id: s.id,
        lineIndentations: [0],
        lineTypes: ["NONE"],
        name: s.name,
        scrollBehavior: "SCROLLS",
        strokes: [],
        strokeAlign: "INSIDE",
        strokeWeight: 0,
        style: s.style,
        styleOverrideTable: {},
        type: "TEXT",
      },
      s,
    );
  }
  for (const c of COLOR_STYLES) {
    const box = { height: 100, width: 100, x: 0, y: 0 };
    nodes[c.id] = nodeEntry(
      {
        absoluteBoundingBox: box,
        absoluteRenderBounds: box,
        blendMode: "PASS_THROUGH",
        constraints: CONSTRAINTS,
        effects: [],
        fills: [paint(c.variable)],
        id: c.id,
        name: c.name,
        scrollBehavior: "SCROLLS",
        strokes: [],
        strokeAlign: "INSIDE",
        strokeWeight: 0,
        type: "RECTANGLE",
      },
      c,
    );
  }
  return nodes;
}

function nodeEntry(document, style) {
  return {
    components: {},
    componentSets: {},
    document,
    schemaVersion: 0,
    styles: { [style.id]: styleEntry(style) },
  };
}

function styleEntry(s) {
  return {
    description: s.description ?? "",
    key: s.key,
    name: s.name,
    remote: false,
    styleType: s.style ? "TEXT" : "FILL",
  };
}

function main() {
  const iconsPage = { id: "0:3", name: "Icons" };
  const componentsPage = { id: "0:2", name: "Components" };
  const foundationsPage = { id: "0:1", name: "Foundations" };
  const iconNodes = buildIcons(iconsPage, 0);
  const setNodes = buildSets(componentsPage, 0);
  const foundationNodes = foundations(foundationsPage);
  const canvas = (page, children) => ({
    backgroundColor: { a: 1, b: 0.9607843137254902, g: 0.9607843137254902, r: 0.9607843137254902 },
    children,
    flowStartingPoints: [],
    id: page.id,
    name: page.name,
    prototypeDevice: { rotation: "NONE", type: "NONE" },
    prototypeStartNodeID: null,
    scrollBehavior: "SCROLLS",
    type: "CANVAS",
  });
  const document = {
    children: [
      canvas(foundationsPage, foundationNodes),
      canvas(componentsPage, setNodes),
      canvas(iconsPage, iconNodes),
    ],
    id: "0:0",
    name: "Document",
    scrollBehavior: "SCROLLS",
    type: "DOCUMENT",
  };

  const components = {};
  for (const [id, c] of [...COMPONENTS.entries()].sort(byNodeId)) {
    components[id] = {
      description: c.description,
      documentationLinks: [],
      key: c.key,
      name: c.name,
      remote: false,
    };
    if (c.setId) components[id].componentSetId = c.setId;
  }
  const componentSets = {};
  for (const [id, s] of [...SET_INFO.entries()].sort(byNodeId)) {
    componentSets[id] = {
      description: s.description,
      documentationLinks: [],
      key: s.key,
      name: s.name,
      remote: false,
    };
  }
  const styles = {};
  for (const s of [...STYLES.values(), ...COLOR_STYLES]) styles[s.id] = styleEntry(s);

  const file = {
    components,
    componentSets,
    document,
    editorType: "figma",
    lastModified: STAMP,
    linkAccess: "view",
    name: FILE_NAME,
    role: "owner",
    schemaVersion: 0,
    styles,
    thumbnailUrl: "https://example.invalid/primer-thumbnail.png",
    version: VERSION,
  };

  const published = (id, entry, page, extra = {}) => ({
    containing_frame: { name: page.name, nodeId: page.id, pageId: page.id, pageName: page.name, ...extra },
    created_at: STAMP,
    description: entry.description,
    file_key: FILE_KEY,
    key: entry.key,
    name: entry.name,
    node_id: id,
    thumbnail_url: `https://example.invalid/primer/${id.replace(":", "-")}.png`,
    updated_at: STAMP,
    user: USER,
  });
  const componentList = [...COMPONENTS.entries()].sort(byNodeId).map(([id, c]) =>
    published(
      id,
      c,
      c.page,
      c.setId
        ? {
            containingComponentSet: { name: SETS_BY_ID.get(c.setId), nodeId: c.setId },
            name: SETS_BY_ID.get(c.setId),
            nodeId: c.setId,
          }
        : {},
    ),
  );
  const setList = [...SET_INFO.entries()].sort(byNodeId).map(([id, s]) => published(id, s, s.page));
  const styleList = [...STYLES.values(), ...COLOR_STYLES].map((s, i) => ({
    ...published(s.id, s, foundationsPage),
    containing_frame: undefined,
    sort_position: String(i).padStart(4, "0"),
    style_type: s.style ? "TEXT" : "FILL",
  }));

  const ok = (meta) => ({ error: false, meta, status: 200 });
  const outputs = {
    "file.json": file,
    "style-nodes.json": {
      editorType: "figma",
      lastModified: STAMP,
      linkAccess: "view",
      name: FILE_NAME,
      nodes: styleNodes(),
      role: "owner",
      thumbnailUrl: file.thumbnailUrl,
      version: VERSION,
    },
    "variables-local.json": ok({ variableCollections: VARS.localCollections, variables: VARS.variables }),
    "variables-published.json": ok({
      variableCollections: VARS.publishedCollections,
      variables: VARS.published,
    }),
    "components.json": ok({ components: componentList }),
    "component-sets.json": ok({ component_sets: setList }),
    "styles.json": ok({ styles: styleList }),
  };
  mkdirSync(OUT, { recursive: true });
  let total = 0;
  for (const [name, body] of Object.entries(outputs)) {
    const text = `${JSON.stringify(sortKeys(body))}\n`;
    writeFileSync(path.join(OUT, name), text);
    total += Buffer.byteLength(text);
    console.log(`${name.padEnd(24)} ${(Buffer.byteLength(text) / 1024).toFixed(0).padStart(7)} KiB`);
  }
  copyFileSync(path.join(PRIMITIVES, "LICENSE"), path.join(OUT, "LICENSE.primer-primitives"));
  copyFileSync(path.join(OCTICONS, "LICENSE"), path.join(OUT, "LICENSE.octicons"));
  writeFileSync(path.join(OUT, "SOURCE.md"), sourceNote());
  const iconCount = [...COMPONENTS.values()].filter((c) => !c.setId).length;
  console.log(
    `total ${(total / 1024 / 1024).toFixed(2)} MiB: ${SET_INFO.size} component sets, ${COMPONENTS.size - iconCount} variants, ${iconCount} icon components, ${Object.keys(VARS.variables).length} variables, ${STYLES.size} text styles, ${COLOR_STYLES.length} colour styles`,
  );
}

function byNodeId([a], [b]) {
  const [a1, a2] = a.split(":").map(Number);
  const [b1, b2] = b.split(":").map(Number);
  return a1 - b1 || a2 - b2;
}

/** Keys sorted at every depth, arrays kept in order; undefined members dropped (JSON.stringify does too). */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => value[k] !== undefined)
        .map((k) => [k, sortKeys(value[k])]),
    );
  }
  return value;
}

function sourceNote() {
  const version = (dir) => readJSON(path.join(dir, "package.json")).version;
  return `# Primer as one Figma library file

Generated by \`scripts/primer-library/generate\` (runs \`npm ci\` and \`node generate.mjs\`) from
\`@primer/primitives\` ${version(PRIMITIVES)} and \`@primer/octicons\` ${version(OCTICONS)} (both MIT, GitHub Inc.:
\`LICENSE.primer-primitives\`, \`LICENSE.octicons\`), pinned in \`scripts/primer-library/package-lock.json\`.
Do not edit these files by hand: change the generator and run it again. Output is byte-identical across runs.

| file | REST response |
|---|---|
| \`file.json\` | \`GET /v1/files/${FILE_KEY}\` (pages Foundations, Components, Icons) |
| \`style-nodes.json\` | \`GET /v1/files/${FILE_KEY}/nodes?ids=<every style id>\` |
| \`variables-local.json\` | \`GET /v1/files/${FILE_KEY}/variables/local\` |
| \`variables-published.json\` | \`GET /v1/files/${FILE_KEY}/variables/published\` |
| \`components.json\`, \`component-sets.json\`, \`styles.json\` | \`GET /v1/files/${FILE_KEY}/components\`, \`/component_sets\`, \`/styles\` |

Variables are Primer's own Figma export (\`dist/figma\`): collection \`mode\` (semantic and component colours,
modes light and dark) aliasing the scale collections \`base/color/light\` and \`base/color/dark\`; \`base/size\`,
\`functional/size\` (border widths and radii), \`pattern/size\` (control sizes, paddings, gaps), and the
typography collections. Text styles come from Primer's typography tokens; icons are every Octicon at every
size Octicons ships, as components named \`icon/<size>/<name>\`. Ids, keys and the timestamp
${STAMP} are derived, not recorded: this is a generated library, not a recording of GitHub's Figma file.
`;
}

main();

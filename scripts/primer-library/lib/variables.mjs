import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { PRIMITIVES, STAMP, THEMES, VERSION, keyOf, readJSON } from "./common.mjs";

// ---------------------------------------------------------------------------------------------------------
// Variables: Primer's own Figma export (dist/figma), in its own collections. The "mode" collection holds the
// semantic and component colours with one mode per theme (light, dark); its aliases point into the per-theme
// scale collections ("base/color/light", "base/color/dark"), as Primer's Figma library does.
// ---------------------------------------------------------------------------------------------------------

const VALID_SCOPES = {
  COLOR: new Set([
    "ALL_SCOPES",
    "ALL_FILLS",
    "FRAME_FILL",
    "SHAPE_FILL",
    "TEXT_FILL",
    "STROKE_COLOR",
    "EFFECT_COLOR",
  ]),
  FLOAT: new Set([
    "ALL_SCOPES",
    "TEXT_CONTENT",
    "WIDTH_HEIGHT",
    "GAP",
    "STROKE_FLOAT",
    "EFFECT_FLOAT",
    "OPACITY",
    "COLOR_OPACITY",
    "FONT_WEIGHT",
    "FONT_SIZE",
    "LINE_HEIGHT",
    "LETTER_SPACING",
    "PARAGRAPH_SPACING",
    "PARAGRAPH_INDENT",
    "CORNER_RADIUS",
  ]),
  STRING: new Set(["ALL_SCOPES", "TEXT_CONTENT", "FONT_FAMILY", "FONT_STYLE"]),
};

function cssCustomProperties() {
  const found = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".css")) {
        for (const m of readFileSync(full, "utf8").matchAll(/(--[\w-]+)\s*:/g)) found.add(m[1]);
      }
    }
  };
  walk(path.join(PRIMITIVES, "dist/css"));
  return found;
}

function buildVariables() {
  const figma = path.join(PRIMITIVES, "dist/figma");
  const entries = [];
  for (const theme of THEMES) {
    // A scale file may carry a stray entry of another theme's collection: each theme's own file is its truth.
    entries.push(
      ...readJSON(path.join(figma, `scales/${theme}.json`)).filter(
        (e) => e.collection === `base/color/${theme}`,
      ),
    );
  }
  entries.push(...readJSON(path.join(figma, "dimension/dimension.json")));
  // Entries without a collection in Primer's typography export are helper values, not Figma variables.
  entries.push(...readJSON(path.join(figma, "typography/typography.json")).filter((e) => e.collection));
  for (const theme of THEMES) entries.push(...readJSON(path.join(figma, `themes/${theme}.json`)));

  const css = cssCustomProperties();
  const collections = new Map(); // name → {name, modes: [], vars: Map(name → {entryByMode})}
  for (const e of entries) {
    if (!collections.has(e.collection))
      collections.set(e.collection, { name: e.collection, modes: [], vars: new Map() });
    const c = collections.get(e.collection);
    if (!c.modes.includes(e.mode)) c.modes.push(e.mode);
    if (!c.vars.has(e.name)) c.vars.set(e.name, { name: e.name, byMode: {} });
    const slot = c.vars.get(e.name);
    if (!(e.mode in slot.byMode)) slot.byMode[e.mode] = e;
  }
  const order = [
    "base/color/light",
    "base/color/dark",
    "base/size",
    "functional/size",
    "pattern/size",
    "base/typography",
    "typography",
    "mode",
  ];
  const names = [...collections.keys()];
  for (const n of names) if (!order.includes(n)) throw new Error(`unexpected Primer collection ${n}`);

  const variables = {};
  const published = {};
  const localCollections = {};
  const publishedCollections = {};
  const byRefId = new Map();
  const pending = [];
  order.forEach((cname, ci) => {
    const c = collections.get(cname);
    if (!c) throw new Error(`Primer collection ${cname} missing`);
    const cid = `VariableCollectionId:${ci + 1}:0`;
    const modes = c.modes.map((m, mi) => ({ modeId: `${ci + 1}:${mi}`, name: m }));
    const ids = [];
    [...c.vars.values()].forEach((slot, vi) => {
      const id = `VariableID:${ci + 1}:${vi + 1}`;
      const first = slot.byMode[c.modes[0]];
      const type = first.type;
      let scopes = (first.scopes ?? []).filter((s) => VALID_SCOPES[type].has(s));
      if (scopes.length === 0 || scopes.includes("ALL_SCOPES")) scopes = ["ALL_SCOPES"];
      const cssName = `--${slot.name.replaceAll("/", "-")}`;
      const web =
        first.codeSyntax?.web?.split("/*")[0].trim() ?? (css.has(cssName) ? `var(${cssName})` : null);
      const key = keyOf("variable", `${cname}/${slot.name}`);
      variables[id] = {
        codeSyntax: web ? { WEB: web } : {},
        description: first.description ?? "",
        hiddenFromPublishing: false,
        id,
        key,
        name: slot.name,
        remote: false,
        resolvedType: type,
        scopes,
        valuesByMode: {},
        variableCollectionId: cid,
      };
      published[id] = {
        id,
        key,
        name: slot.name,
        resolvedDataType: type,
        subscribed_id: `${key}/${VERSION}`,
        updatedAt: STAMP,
        variableCollectionId: cid,
      };
      for (const e of Object.values(slot.byMode)) byRefId.set(e.refId, id);
      modes.forEach(({ modeId, name }) => pending.push([id, modeId, slot.byMode[name]]));
      ids.push(id);
    });
    const ckey = keyOf("collection", cname);
    localCollections[cid] = {
      defaultModeId: modes[0].modeId,
      hiddenFromPublishing: false,
      id: cid,
      key: ckey,
      modes,
      name: cname,
      remote: false,
      variableIds: ids,
    };
    publishedCollections[cid] = {
      id: cid,
      key: ckey,
      name: cname,
      subscribed_id: `${ckey}/${VERSION}`,
      updatedAt: STAMP,
    };
  });
  for (const [id, modeId, e] of pending) {
    const target = e.reference ? byRefId.get(e.reference) : undefined;
    variables[id].valuesByMode[modeId] = target
      ? { id: target, type: "VARIABLE_ALIAS" }
      : plainValue(e.value);
  }
  const byName = new Map();
  for (const v of Object.values(variables)) {
    const seen = byName.get(v.name);
    // Component drawing resolves a name to one variable: the themed "mode" collection wins over scales.
    if (!seen || localCollections[v.variableCollectionId].name === "mode") byName.set(v.name, v);
  }
  return { variables, localCollections, published, publishedCollections, byName };
}

function plainValue(value) {
  if (value && typeof value === "object") return { a: value.a, b: value.b, g: value.g, r: value.r };
  return value;
}

export const VARS = buildVariables();
const LIGHT = new Map(Object.values(VARS.localCollections).map((c) => [c.id, c.modes[0].modeId]));

/** A Primer variable by name; throws if Primer does not ship it (nothing is guessed). */
export function v(name) {
  const found = VARS.byName.get(name);
  if (!found) throw new Error(`Primer has no variable named ${name}`);
  return found;
}

/** The first of several names Primer ships (Primer omits some per-variant tokens, e.g. a danger rest border). */
export function vFirst(...names) {
  for (const n of names) if (VARS.byName.has(n)) return VARS.byName.get(n);
  throw new Error(`Primer has none of ${names.join(", ")}`);
}

/** A variable's value in its collection's first mode (light), aliases followed. */
export function resolve(variable) {
  let value = variable.valuesByMode[LIGHT.get(variable.variableCollectionId)];
  while (value && value.type === "VARIABLE_ALIAS") {
    const target = VARS.variables[value.id];
    value = target.valuesByMode[LIGHT.get(target.variableCollectionId)];
  }
  return value;
}

export const alias = (variable) => ({ id: variable.id, type: "VARIABLE_ALIAS" });
export const num = (name) => resolve(v(name));

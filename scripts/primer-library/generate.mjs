// Turns GitHub's Primer design system (the pinned @primer/primitives and @primer/octicons packages) into the
// REST responses of ONE Figma library file, for wf2des's fake Figma. Deterministic: the same packages give
// the same bytes (sorted keys, ids and keys derived from names, no clock).
//
//   node generate.mjs [OUT_DIR]      (default: src/wf2des/integrations/figma/libraries/primer)
//
// Every colour, size, padding, gap and radius below is a Primer variable looked up by name (`v("…")`): a name
// Primer does not ship stops the generator, so nothing is guessed. Layout widths that Primer leaves to the
// page (a text field's width, a banner's width) are plain numbers, documented where they are set.

import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(process.argv[2] ?? path.join(HERE, "../../src/wf2des/integrations/figma/libraries/primer"));
const PRIMITIVES = path.join(HERE, "node_modules/@primer/primitives");
const OCTICONS = path.join(HERE, "node_modules/@primer/octicons");

export const FILE_KEY = "PrimerLibrary1";
const FILE_NAME = "Primer Web (wf2des)";
// A fixed instant: the output must not depend on the clock. Figma sends these fields; their value is ours.
const STAMP = "2025-01-01T00:00:00Z";
const VERSION = "1";
const THEMES = ["light", "dark"];
const USER = { id: "0", handle: "wf2des-primer-generator", img_url: "https://example.invalid/primer.png" };

const readJSON = (p) => JSON.parse(readFileSync(p, "utf8"));
const sha1 = (text) => createHash("sha1").update(text).digest("hex");
const keyOf = (kind, name) => sha1(`wf2des-primer:${kind}:${name}`);
const round = (x) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------------------------------------------------
// Variables: Primer's own Figma export (dist/figma), in its own collections. The "mode" collection holds the
// semantic and component colours with one mode per theme (light, dark); its aliases point into the per-theme
// scale collections ("base/color/light", "base/color/dark"), as Primer's Figma library does.
// ---------------------------------------------------------------------------------------------------------

const VALID_SCOPES = {
  COLOR: new Set(["ALL_SCOPES", "ALL_FILLS", "FRAME_FILL", "SHAPE_FILL", "TEXT_FILL", "STROKE_COLOR", "EFFECT_COLOR"]),
  FLOAT: new Set([
    "ALL_SCOPES", "TEXT_CONTENT", "WIDTH_HEIGHT", "GAP", "STROKE_FLOAT", "EFFECT_FLOAT", "OPACITY",
    "COLOR_OPACITY", "FONT_WEIGHT", "FONT_SIZE", "LINE_HEIGHT", "LETTER_SPACING", "PARAGRAPH_SPACING",
    "PARAGRAPH_INDENT", "CORNER_RADIUS",
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
    entries.push(...readJSON(path.join(figma, `scales/${theme}.json`)).filter((e) => e.collection === `base/color/${theme}`));
  }
  entries.push(...readJSON(path.join(figma, "dimension/dimension.json")));
  // Entries without a collection in Primer's typography export are helper values, not Figma variables.
  entries.push(...readJSON(path.join(figma, "typography/typography.json")).filter((e) => e.collection));
  for (const theme of THEMES) entries.push(...readJSON(path.join(figma, `themes/${theme}.json`)));

  const css = cssCustomProperties();
  const collections = new Map(); // name → {name, modes: [], vars: Map(name → {entryByMode})}
  for (const e of entries) {
    if (!collections.has(e.collection)) collections.set(e.collection, { name: e.collection, modes: [], vars: new Map() });
    const c = collections.get(e.collection);
    if (!c.modes.includes(e.mode)) c.modes.push(e.mode);
    if (!c.vars.has(e.name)) c.vars.set(e.name, { name: e.name, byMode: {} });
    const slot = c.vars.get(e.name);
    if (!(e.mode in slot.byMode)) slot.byMode[e.mode] = e;
  }
  const order = ["base/color/light", "base/color/dark", "base/size", "functional/size", "pattern/size", "base/typography", "typography", "mode"];
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
      const web = first.codeSyntax?.web?.split("/*")[0].trim() ?? (css.has(cssName) ? `var(${cssName})` : null);
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
    publishedCollections[cid] = { id: cid, key: ckey, name: cname, subscribed_id: `${ckey}/${VERSION}`, updatedAt: STAMP };
  });
  for (const [id, modeId, e] of pending) {
    const target = e.reference ? byRefId.get(e.reference) : undefined;
    variables[id].valuesByMode[modeId] = target ? { id: target, type: "VARIABLE_ALIAS" } : plainValue(e.value);
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

const VARS = buildVariables();
const LIGHT = new Map(Object.values(VARS.localCollections).map((c) => [c.id, c.modes[0].modeId]));

/** A Primer variable by name; throws if Primer does not ship it (nothing is guessed). */
function v(name) {
  const found = VARS.byName.get(name);
  if (!found) throw new Error(`Primer has no variable named ${name}`);
  return found;
}

/** The first of several names Primer ships (Primer omits some per-variant tokens, e.g. a danger rest border). */
function vFirst(...names) {
  for (const n of names) if (VARS.byName.has(n)) return VARS.byName.get(n);
  throw new Error(`Primer has none of ${names.join(", ")}`);
}

/** A variable's value in its collection's first mode (light), aliases followed. */
function resolve(variable) {
  let value = variable.valuesByMode[LIGHT.get(variable.variableCollectionId)];
  while (value && value.type === "VARIABLE_ALIAS") {
    const target = VARS.variables[value.id];
    value = target.valuesByMode[LIGHT.get(target.variableCollectionId)];
  }
  return value;
}

const alias = (variable) => ({ id: variable.id, type: "VARIABLE_ALIAS" });
const num = (name) => resolve(v(name));

// ---------------------------------------------------------------------------------------------------------
// Text styles: Primer's typography tokens (dist/docs/functional/typography), with the font families Primer's
// own Figma export names (fontStack/* in dist/figma/typography).
// ---------------------------------------------------------------------------------------------------------

const TEXT_STYLES = [
  ["Display", "display", "", "sansSerifDisplay"],
  ["Title/Large", "title", "-large", "sansSerifDisplay"],
  ["Title/Medium", "title", "-medium", "sansSerifDisplay"],
  ["Title/Small", "title", "-small", "sansSerif"],
  ["Subtitle", "subtitle", "", "sansSerifDisplay"],
  ["Body/Large", "body", "-large", "sansSerif"],
  ["Body/Medium", "body", "-medium", "sansSerif"],
  ["Body/Small", "body", "-small", "sansSerif"],
  ["Caption", "caption", "", "sansSerif"],
  ["Code/Block", "codeBlock", "", "monospace"],
];
const FONT_STYLE = { 300: "Light", 400: "Regular", 500: "Medium", 600: "Semibold", 700: "Bold" };
const POSTSCRIPT = { "SF Pro Text": "SFProText", "SF Pro Display": "SFProDisplay", "SF Mono": "SFMono" };

function buildTextStyles() {
  const docs = readJSON(path.join(PRIMITIVES, "dist/docs/functional/typography/typography.json"));
  const tok = (k) => {
    if (!(k in docs)) throw new Error(`Primer has no typography token ${k}`);
    return docs[k];
  };
  const rem = (value) => {
    const m = /^([\d.]+)rem$/.exec(value);
    if (!m) throw new Error(`not a rem size: ${value}`);
    return Number(m[1]) * 16;
  };
  const out = new Map();
  TEXT_STYLES.forEach(([name, group, suffix, stack], i) => {
    const description = tok(`text-${group}-shorthand${suffix}`).description ?? "";
    const weightKey = `text-${group}-weight${group === "title" ? suffix : ""}`;
    const fontSize = rem(tok(`text-${group}-size${suffix}`).value);
    const lineHeight = tok(`text-${group}-lineHeight${suffix}`).value;
    const family = resolve(v(`fontStack/${stack}`));
    const weight = tok(weightKey).value;
    out.set(name, {
      id: `1:${i + 1}`,
      name,
      key: keyOf("style", name),
      description,
      style: {
        fontFamily: family,
        fontPostScriptName: `${POSTSCRIPT[family]}-${FONT_STYLE[weight]}`,
        fontSize,
        fontStyle: FONT_STYLE[weight],
        fontWeight: weight,
        letterSpacing: 0,
        lineHeightPercentFontSize: round(lineHeight * 100),
        lineHeightPx: round(fontSize * lineHeight),
        lineHeightUnit: "FONT_SIZE_%",
        textAlignHorizontal: "LEFT",
        textAlignVertical: "TOP",
        textAutoResize: "WIDTH_AND_HEIGHT",
      },
    });
  });
  return out;
}

const STYLES = buildTextStyles();
const textStyle = (name) => {
  const s = STYLES.get(name);
  if (!s) throw new Error(`no text style ${name}`);
  return s;
};

// Colour styles: Primer's semantic colours (light values) published as FILL styles too, so a consumer that
// cannot read variables (the REST variables API is Enterprise-only) still finds the palette.
const COLOR_STYLE_GROUPS = ["fgColor/", "bgColor/", "borderColor/"];
const COLOR_STYLES = Object.values(VARS.variables)
  .filter((x) => VARS.localCollections[x.variableCollectionId].name === "mode" && x.resolvedType === "COLOR")
  .filter((x) => COLOR_STYLE_GROUPS.some((g) => x.name.startsWith(g)))
  .map((x, i) => ({ id: `1:${100 + i}`, name: x.name, key: keyOf("style", x.name), description: x.description, variable: x }));

// ---------------------------------------------------------------------------------------------------------
// Nodes. A small builder: frames with auto layout measured and placed like Figma does (hug, fixed, fill).
// ---------------------------------------------------------------------------------------------------------

const paint = (variable) => ({
  blendMode: "NORMAL",
  boundVariables: { color: alias(variable) },
  color: resolve(variable),
  type: "SOLID",
});

function frame(name, opts = {}, children = []) {
  return { kind: "FRAME", name, opts, children };
}
function text(name, characters, style, fill, opts = {}) {
  return { kind: "TEXT", name, characters, style, fill, opts };
}
function instance(name, componentId, opts = {}) {
  return { kind: "INSTANCE", name, componentId, opts };
}
function rect(name, w, h, opts = {}) {
  return { kind: "RECTANGLE", name, opts: { w, h, ...opts } };
}
function vector(name, w, h, opts = {}) {
  return { kind: "VECTOR", name, opts: { w, h, ...opts } };
}

const sizeOf = (x) => (typeof x === "string" ? num(x) : x ?? 0);

/** The proto's natural (hug) size, caching it on the proto. */
function measure(p) {
  const o = p.opts;
  if (p.kind === "TEXT") {
    const s = textStyle(p.style).style;
    // An estimate of the rendered width (Figma measures glyphs; the sweep never relies on text widths).
    const w = o.w ?? round(Math.max(1, p.characters.length) * s.fontSize * 0.56);
    return (p.size = [w, s.lineHeightPx]);
  }
  if (p.kind === "INSTANCE") {
    p.proto ??= instanceProto(p);
    return (p.size = measure(p.proto));
  }
  if (p.kind === "RECTANGLE" || p.kind === "VECTOR") return (p.size = [sizeOf(o.w), sizeOf(o.h)]);
  const kids = p.children.filter((c) => c.opts.visible !== false);
  kids.forEach(measure);
  const [pt, pr, pb, pl] = padding(o);
  const gap = sizeOf(o.gap);
  let w;
  let h;
  if (o.layout === "HORIZONTAL") {
    w = pl + pr + kids.reduce((s, c) => s + c.size[0], 0) + gap * Math.max(0, kids.length - 1);
    h = pt + pb + Math.max(0, ...kids.map((c) => c.size[1]));
  } else if (o.layout === "VERTICAL") {
    w = pl + pr + Math.max(0, ...kids.map((c) => c.size[0]));
    h = pt + pb + kids.reduce((s, c) => s + c.size[1], 0) + gap * Math.max(0, kids.length - 1);
  } else {
    w = Math.max(0, ...kids.map((c) => (c.opts.x ?? 0) + c.size[0]));
    h = Math.max(0, ...kids.map((c) => (c.opts.y ?? 0) + c.size[1]));
  }
  if (o.w !== undefined) w = sizeOf(o.w);
  if (o.h !== undefined) h = sizeOf(o.h);
  if (o.minW !== undefined) w = Math.max(w, sizeOf(o.minW));
  return (p.size = [round(w), round(h)]);
}

function padding(o) {
  const p = o.padding ?? [0, 0, 0, 0];
  const [t, r, b, l] = p.length === 2 ? [p[0], p[1], p[0], p[1]] : p;
  return [sizeOf(t), sizeOf(r), sizeOf(b), sizeOf(l)];
}
function paddingVars(o) {
  const p = o.padding ?? [0, 0, 0, 0];
  return p.length === 2 ? [p[0], p[1], p[0], p[1]] : p;
}

/** Assigns absolute boxes: (x, y) is the proto's top-left, (w, h) its final size. */
function place(p, x, y, w, h) {
  p.box = { height: round(h), width: round(w), x: round(x), y: round(y) };
  if (p.kind === "INSTANCE") place(p.proto, x, y, w, h);
  if (!p.children) return;
  const o = p.opts;
  const kids = p.children.filter((c) => c.opts.visible !== false);
  for (const c of p.children) if (c.opts.visible === false) place(c, x, y, measure(c)[0], measure(c)[1]);
  const [pt, pr, pb, pl] = padding(o);
  const gap = sizeOf(o.gap);
  if (o.layout !== "HORIZONTAL" && o.layout !== "VERTICAL") {
    for (const c of kids) place(c, x + (c.opts.x ?? 0), y + (c.opts.y ?? 0), c.size[0], c.size[1]);
    return;
  }
  const horizontal = o.layout === "HORIZONTAL";
  const main = horizontal ? w - pl - pr : h - pt - pb;
  const cross = horizontal ? h - pt - pb : w - pl - pr;
  const fills = kids.filter((c) => (horizontal ? c.opts.fillW : c.opts.fillH));
  const fixed = kids.filter((c) => !fills.includes(c)).reduce((s, c) => s + c.size[horizontal ? 0 : 1], 0);
  const gaps = gap * Math.max(0, kids.length - 1);
  const share = fills.length ? Math.max(0, (main - fixed - gaps) / fills.length) : 0;
  const used = fixed + gaps + share * fills.length;
  const align = o.align ?? "MIN";
  let cursor = align === "CENTER" ? (main - used) / 2 : align === "MAX" ? main - used : 0;
  const between = align === "SPACE_BETWEEN" && kids.length > 1 ? (main - fixed) / (kids.length - 1) : gap;
  for (const c of kids) {
    const along = fills.includes(c) ? share : c.size[horizontal ? 0 : 1];
    const stretch = horizontal ? c.opts.fillH : c.opts.fillW;
    const across = stretch ? cross : c.size[horizontal ? 1 : 0];
    const counter = o.counter ?? "MIN";
    const offset = counter === "CENTER" ? (cross - across) / 2 : counter === "MAX" ? cross - across : 0;
    if (horizontal) place(c, x + pl + cursor, y + pt + offset, along, across);
    else place(c, x + pl + offset, y + pt + cursor, across, along);
    cursor += along + (align === "SPACE_BETWEEN" ? between : gap);
  }
}

class Ids {
  constructor(block) {
    this.block = block;
    this.n = 0;
  }
  next() {
    return `${this.block}:${this.n++}`;
  }
}

const CONSTRAINTS = { horizontal: "LEFT", vertical: "TOP" };

/** The REST node of a placed proto. `type` overrides FRAME (COMPONENT, COMPONENT_SET). */
function emit(p, ids, type) {
  const o = p.opts;
  const node = {
    absoluteBoundingBox: p.box,
    absoluteRenderBounds: o.visible === false ? null : p.box,
    blendMode: "PASS_THROUGH",
    constraints: CONSTRAINTS,
    effects: [],
    id: ids.next(),
    name: p.name,
    scrollBehavior: "SCROLLS",
    type: type ?? p.kind,
  };
  if (o.visible === false) node.visible = false;
  if (o.refs) node.componentPropertyReferences = o.refs;
  if (o.fillW) node.layoutSizingHorizontal = "FILL";
  if (o.fillH) node.layoutSizingVertical = "FILL";
  const bound = {};
  const fills = p.kind === "TEXT" ? [p.fill] : o.fill ? [o.fill] : [];
  node.fills = fills.map((name) => paint(v(name)));
  if (fills.length) bound.fills = fills.map((name) => alias(v(name)));
  node.strokes = o.stroke ? [paint(v(o.stroke))] : [];
  if (o.stroke) bound.strokes = [alias(v(o.stroke))];
  node.strokeWeight = o.stroke ? sizeOf(o.strokeWeight ?? "borderWidth/default") : 0;
  node.strokeAlign = "INSIDE";
  if (o.stroke && o.strokeSides) {
    const weight = node.strokeWeight;
    node.individualStrokeWeights = Object.fromEntries(
      ["top", "right", "bottom", "left"].map((side) => [side, o.strokeSides.includes(side) ? weight : 0]),
    );
  }
  if (o.radius !== undefined) {
    node.cornerRadius = sizeOf(o.radius);
    if (typeof o.radius === "string") {
      for (const corner of ["topLeftRadius", "topRightRadius", "bottomLeftRadius", "bottomRightRadius"]) {
        bound[corner] = alias(v(o.radius));
      }
    }
  }
  for (const [axis, key] of [["x", "w"], ["y", "h"]]) {
    if (typeof o[key] === "string") (bound.size ??= {})[axis] = alias(v(o[key]));
  }
  if (p.kind === "TEXT") {
    const s = textStyle(p.style);
    node.characters = p.characters;
    node.characterStyleOverrides = [];
    node.lineIndentations = [0];
    node.lineTypes = ["NONE"];
    node.style = o.underline ? { ...s.style, textDecoration: "UNDERLINE" } : s.style;
    node.styleOverrideTable = {};
    node.styles = { text: s.id };
    node.layoutSizingHorizontal = "HUG";
    node.layoutSizingVertical = "HUG";
  } else if (p.kind === "VECTOR") {
    if (o.geometry) node.fillGeometry = o.geometry;
    if (o.stroke) node.strokeCap = "ROUND";
  } else if (p.kind === "INSTANCE") {
    return emitInstance(p, node, ids);
  } else if (p.kind === "FRAME") {
    node.clipsContent = false;
    if (o.layout === "HORIZONTAL" || o.layout === "VERTICAL") {
      node.layoutMode = o.layout;
      const [t, r, b, l] = paddingVars(o);
      const sides = { paddingTop: t, paddingRight: r, paddingBottom: b, paddingLeft: l };
      for (const [field, value] of Object.entries(sides)) {
        node[field] = sizeOf(value);
        if (typeof value === "string") bound[field] = alias(v(value));
      }
      node.itemSpacing = sizeOf(o.gap);
      if (typeof o.gap === "string") bound.itemSpacing = alias(v(o.gap));
      node.primaryAxisAlignItems = o.align ?? "MIN";
      node.counterAxisAlignItems = o.counter ?? "MIN";
      const horizontal = o.layout === "HORIZONTAL";
      const hugW = o.w === undefined;
      const hugH = o.h === undefined;
      node.primaryAxisSizingMode = (horizontal ? hugW : hugH) ? "AUTO" : "FIXED";
      node.counterAxisSizingMode = (horizontal ? hugH : hugW) ? "AUTO" : "FIXED";
      node.layoutSizingHorizontal = o.fillW ? "FILL" : hugW ? "HUG" : "FIXED";
      node.layoutSizingVertical = o.fillH ? "FILL" : hugH ? "HUG" : "FIXED";
    }
    node.children = p.children.map((c) => emit(c, ids));
  }
  if (Object.keys(bound).length) node.boundVariables = bound;
  return node;
}

/**
 * An instance is drawn again from its component's drawing, with the instance's property values applied
 * (text, visibility, icon colour), so a layer an override shows is laid out as Figma lays it out.
 */
function instanceProto(p) {
  const c = COMPONENTS.get(p.componentId);
  const proto = c.redraw();
  const values = p.opts.values ?? {};
  const walk = (n) => {
    const r = n.opts.refs ?? {};
    if (n.kind === "TEXT" && r.characters in values) n.characters = values[r.characters];
    if (r.visible in values) n.opts = { ...n.opts, visible: values[r.visible] ? undefined : false };
    if (n.kind === "VECTOR" && p.opts.iconFill) n.opts = { ...n.opts, fill: p.opts.iconFill };
    (n.children ?? []).forEach(walk);
  };
  walk(proto);
  return proto;
}

/** Figma's ids inside an instance: `I<instance>;<component node>`, nested instances chaining the path. */
class InstanceIds {
  constructor(instanceId, sequence) {
    this.prefix = instanceId.startsWith("I") ? instanceId : `I${instanceId}`;
    this.instanceId = instanceId;
    this.sequence = sequence;
    this.n = 0;
  }
  next() {
    const own = this.sequence[this.n++];
    if (own === undefined) throw new Error(`instance of a different shape than its component (${this.instanceId})`);
    return this.n === 1 ? this.instanceId : `${this.prefix};${own}`;
  }
}

/** Records the ids an emission used, in order (an instance replays them). */
class Recorder {
  constructor(ids) {
    this.ids = ids;
    this.seen = [];
  }
  next() {
    const id = this.ids.next();
    this.seen.push(id);
    return id;
  }
}

function emitInstance(p, node, ids) {
  const c = COMPONENTS.get(p.componentId);
  const out = emit(p.proto, new InstanceIds(node.id, c.sequence), "FRAME");
  delete out.componentPropertyReferences;
  delete out.visible;
  out.absoluteRenderBounds = node.absoluteRenderBounds;
  out.name = p.name;
  out.type = "INSTANCE";
  out.componentId = p.componentId;
  out.overrides = [];
  if (p.opts.properties) out.componentProperties = p.opts.properties;
  if (p.opts.refs) out.componentPropertyReferences = p.opts.refs;
  if (p.opts.visible === false) out.visible = false;
  if (p.opts.fillW) out.layoutSizingHorizontal = "FILL";
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Icons: every Octicon at every size Primer ships, each a plain COMPONENT named `icon/<size>/<name>` (the
// last path segment is the icon's name) with one VECTOR whose fill is bound to fgColor/default and whose
// `fillGeometry` carries Octicons' own SVG path data (served with `geometry=paths`, as Figma does).
// ---------------------------------------------------------------------------------------------------------

const COMPONENTS = new Map(); // component id → {node, bbox, name, key, description, setId, page}
const ICONS = new Map(); // `${size}/${name}` → component id

function buildIcons(page, top) {
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
        windingRule: c.attributes.fillRule === "evenodd" || c.attributes["fill-rule"] === "evenodd" ? "EVENODD" : "NONZERO",
      }));
      const draw = () => frame(`icon/${size}/${name}`, { w: width, h: height }, [
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

function register(node, { description, page, setId, redraw, sequence }) {
  COMPONENTS.set(node.id, {
    redraw,
    sequence,
    bbox: node.absoluteBoundingBox,
    description,
    key: keyOf("component", `${setId ? `${SETS_BY_ID.get(setId)}/` : ""}${node.name}`),
    name: node.name,
    node,
    page,
    setId,
  });
}

const icon = (name, size = 16) => {
  const id = ICONS.get(`${size}/${name}`);
  if (!id) throw new Error(`Octicons has no ${name} at ${size}`);
  return id;
};

const VARIANTS = new Map(); // `${set}|${variant name}` → component id
const SET_DEFS = new Map(); // set name → componentPropertyDefinitions

/**
 * An instance of a variant of an earlier set: `values` picks the variant (`{Variant: "Primary"}`, the rest
 * defaults) and overrides properties by their short name (`{Label: "Save"}`).
 */
function variantInstance(layer, setName, values = {}, opts = {}) {
  const defs = SET_DEFS.get(setName);
  if (!defs) throw new Error(`set ${setName} is not defined yet`);
  const properties = {};
  const overrides = {};
  const variant = [];
  for (const [full, def] of Object.entries(defs)) {
    const short = full.split("#")[0];
    const value = short in values ? values[short] : def.defaultValue;
    if (def.type === "VARIANT" && !def.variantOptions.includes(value)) throw new Error(`${setName} has no ${short}=${value}`);
    properties[full] = { type: def.type, value };
    if (def.type === "VARIANT") variant.push(`${short}=${value}`);
    else if (short in values) overrides[full] = value;
  }
  const id = VARIANTS.get(`${setName}|${variant.join(", ")}`);
  if (!id) throw new Error(`${setName} has no variant ${variant.join(", ")}`);
  return instance(layer, id, { ...opts, properties, values: overrides });
}

// ---------------------------------------------------------------------------------------------------------
// Component sets. Each set: variant axes, extra component properties, and a drawing of one variant.
// ---------------------------------------------------------------------------------------------------------

const SETS = [];
const SETS_BY_ID = new Map(); // set node id → name
const SET_INFO = new Map(); // set node id → {key, name, description, page}

/** A component-property name as Figma writes it: `Label#12:34`. */
class Props {
  constructor(block) {
    this.block = block;
    this.n = 100;
    this.defs = {};
  }
  add(name, type, defaultValue, extra = {}) {
    const full = `${name}#${this.block}:${this.n++}`;
    this.defs[full] = { defaultValue, type, ...extra };
    return full;
  }
}

function defineSet(spec) {
  SETS.push(spec);
}

const CONTROL = { Small: "small", Medium: "medium", Large: "large" };
const swapPreferred = (names) => names.map((n) => ({ key: COMPONENTS.get(icon(n)).key, type: "COMPONENT" }));
const ACTION_ICONS = ["plus", "pencil", "trash", "search", "gear", "download", "upload", "star", "heart", "x", "check", "triangle-down", "kebab-horizontal", "copy", "link-external"];

defineSet({
  name: "Button",
  description: "Button: starts an action (Primer Button). Variants primary, secondary, invisible and danger; sizes small, medium, large; optional leading and trailing Octicons.",
  axes: [
    ["Variant", ["Secondary", "Primary", "Invisible", "Danger"]],
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Disabled"]],
  ],
  props(p) {
    return {
      label: p.add("Label", "TEXT", "Button"),
      leading: p.add("Leading visual", "BOOLEAN", false),
      leadingIcon: p.add("Leading icon", "INSTANCE_SWAP", icon("plus"), { preferredValues: swapPreferred(ACTION_ICONS) }),
      trailing: p.add("Trailing visual", "BOOLEAN", false),
      trailingIcon: p.add("Trailing icon", "INSTANCE_SWAP", icon("triangle-down"), { preferredValues: swapPreferred(ACTION_ICONS) }),
    };
  },
  draw({ Variant, Size, State }, refs) {
    const token = { Secondary: "default", Primary: "primary", Invisible: "invisible", Danger: "danger" }[Variant];
    const size = CONTROL[Size];
    const disabled = State === "Disabled";
    const fg = `button/${token}/fgColor/${disabled ? "disabled" : "rest"}`;
    const iconColour = vFirst(`button/${token}/iconColor/${disabled ? "disabled" : "rest"}`, fg).name;
    return frame("Button", {
      layout: "HORIZONTAL",
      h: `control/${size}/size`,
      padding: [`control/${size}/paddingBlock`, `control/${size}/paddingInline/normal`],
      gap: `control/${size}/gap`,
      align: "CENTER",
      counter: "CENTER",
      radius: "borderRadius/medium",
      fill: vFirst(`button/${token}/bgColor/${disabled ? "disabled" : "rest"}`, `button/${token}/bgColor/rest`).name,
      stroke: vFirst(`button/${token}/borderColor/${disabled ? "disabled" : "rest"}`, `button/${token}/borderColor/rest`, "button/default/borderColor/rest").name,
    }, [
      instance("Leading visual", icon("plus"), { visible: false, iconFill: iconColour, refs: { mainComponent: refs.leadingIcon, visible: refs.leading } }),
      text("Label", "Button", Size === "Small" ? "Body/Small" : "Body/Medium", fg, { refs: { characters: refs.label } }),
      instance("Trailing visual", icon("triangle-down"), { visible: false, iconFill: iconColour, refs: { mainComponent: refs.trailingIcon, visible: refs.trailing } }),
    ]);
  },
});

defineSet({
  name: "TextInput",
  description: "Text input: a single-line form field (Primer TextInput), with an optional leading Octicon. Width follows the form; the drawn 256 px is the layout's, not a token.",
  axes: [
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Focused", "Disabled", "Error"]],
  ],
  props(p) {
    return {
      text: p.add("Placeholder", "TEXT", "Placeholder"),
      leading: p.add("Leading visual", "BOOLEAN", false),
      leadingIcon: p.add("Leading icon", "INSTANCE_SWAP", icon("search"), { preferredValues: swapPreferred(["search", "mail", "person", "lock", "link", "calendar"]) }),
    };
  },
  draw({ Size, State }, refs) {
    const size = CONTROL[Size];
    const border = { Rest: "control/borderColor/rest", Focused: "focus/outlineColor", Disabled: "control/borderColor/disabled", Error: "control/borderColor/danger" }[State];
    return frame("TextInput", {
      layout: "HORIZONTAL",
      w: 256,
      h: `control/${size}/size`,
      padding: [`control/${size}/paddingBlock`, `control/${size}/paddingInline/normal`],
      gap: `control/${size}/gap`,
      counter: "CENTER",
      radius: "borderRadius/medium",
      fill: State === "Disabled" ? "control/bgColor/disabled" : "control/bgColor/rest",
      stroke: border,
      strokeWeight: State === "Focused" ? "borderWidth/thick" : "borderWidth/default",
    }, [
      instance("Leading visual", icon("search"), { visible: false, iconFill: "fgColor/muted", refs: { mainComponent: refs.leadingIcon, visible: refs.leading } }),
      text("Placeholder", "Placeholder", Size === "Small" ? "Body/Small" : "Body/Medium", State === "Disabled" ? "control/fgColor/disabled" : "control/fgColor/placeholder", { refs: { characters: refs.text } }),
    ]);
  },
});

defineSet({
  name: "Select",
  description: "Select: a dropdown form field choosing one option (Primer Select), with its triangle-down chevron. Width follows the form; the drawn 256 px is the layout's, not a token.",
  axes: [
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Focused", "Disabled"]],
  ],
  props(p) {
    return { value: p.add("Value", "TEXT", "Choose an option") };
  },
  draw({ Size, State }, refs) {
    const size = CONTROL[Size];
    const disabled = State === "Disabled";
    return frame("Select", {
      layout: "HORIZONTAL",
      w: 256,
      h: `control/${size}/size`,
      padding: [`control/${size}/paddingBlock`, `control/${size}/paddingInline/normal`],
      gap: `control/${size}/gap`,
      align: "SPACE_BETWEEN",
      counter: "CENTER",
      radius: "borderRadius/medium",
      fill: disabled ? "control/bgColor/disabled" : "control/bgColor/rest",
      stroke: { Rest: "control/borderColor/rest", Focused: "focus/outlineColor", Disabled: "control/borderColor/disabled" }[State],
      strokeWeight: State === "Focused" ? "borderWidth/thick" : "borderWidth/default",
    }, [
      text("Value", "Choose an option", Size === "Small" ? "Body/Small" : "Body/Medium", disabled ? "control/fgColor/disabled" : "fgColor/default", { refs: { characters: refs.value } }),
      instance("Chevron", icon("triangle-down"), { iconFill: disabled ? "control/fgColor/disabled" : "fgColor/muted" }),
    ]);
  },
});

function checkable(name, { round }) {
  return ({ State, Disabled }, refs) => {
    const checked = State !== "Unchecked";
    const disabled = Disabled === "True";
    const boxFill = checked
      ? disabled ? "control/checked/bgColor/disabled" : "control/checked/bgColor/rest"
      : disabled ? "control/bgColor/disabled" : "control/bgColor/rest";
    const boxStroke = checked
      ? disabled ? "control/checked/borderColor/disabled" : "control/checked/borderColor/rest"
      : disabled ? "control/borderColor/disabled" : "control/borderColor/emphasis";
    const mark = round
      ? frame("Dot", { w: "base/size/6", h: "base/size/6", radius: "borderRadius/full", fill: disabled ? "control/checked/fgColor/disabled" : "control/checked/fgColor/rest", visible: checked })
      : State === "Indeterminate"
        ? rect("Dash", "base/size/8", "base/size/2", { fill: disabled ? "control/checked/fgColor/disabled" : "control/checked/fgColor/rest" })
        : instance("Check", icon("check"), { iconFill: disabled ? "control/checked/fgColor/disabled" : "control/checked/fgColor/rest", visible: checked });
    return frame(name, { layout: "HORIZONTAL", gap: "control/small/gap", counter: "CENTER" }, [
      frame(round ? "Circle" : "Box", {
        layout: "HORIZONTAL", w: "base/size/16", h: "base/size/16", align: "CENTER", counter: "CENTER",
        radius: round ? "borderRadius/full" : "borderRadius/small", fill: boxFill, stroke: boxStroke,
      }, [mark]),
      text("Label", "Label", "Body/Medium", disabled ? "fgColor/disabled" : "fgColor/default", { refs: { characters: refs.label, visible: refs.showLabel } }),
    ]);
  };
}

defineSet({
  name: "Checkbox",
  description: "Checkbox: toggles one option on or off in a form (Primer Checkbox), unchecked, checked or indeterminate, with its label.",
  axes: [
    ["State", ["Unchecked", "Checked", "Indeterminate"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return { label: p.add("Label", "TEXT", "Label"), showLabel: p.add("Show label", "BOOLEAN", true) };
  },
  draw: checkable("Checkbox", { round: false }),
});

defineSet({
  name: "IconButton",
  description: "Icon button: an action shown as an Octicon alone, square, with the same variants and sizes as Button (Primer IconButton). Its accessible label is the icon's meaning.",
  axes: [
    ["Variant", ["Secondary", "Primary", "Invisible", "Danger"]],
    ["Size", ["Medium", "Small", "Large"]],
    ["State", ["Rest", "Disabled"]],
  ],
  props(p) {
    return { icon: p.add("Icon", "INSTANCE_SWAP", icon("kebab-horizontal"), { preferredValues: swapPreferred(ACTION_ICONS) }) };
  },
  draw({ Variant, Size, State }, refs) {
    const token = { Secondary: "default", Primary: "primary", Invisible: "invisible", Danger: "danger" }[Variant];
    const size = CONTROL[Size];
    const disabled = State === "Disabled";
    const fg = `button/${token}/fgColor/${disabled ? "disabled" : "rest"}`;
    return frame("IconButton", {
      layout: "HORIZONTAL",
      w: `control/${size}/size`,
      h: `control/${size}/size`,
      align: "CENTER",
      counter: "CENTER",
      radius: "borderRadius/medium",
      fill: vFirst(`button/${token}/bgColor/${disabled ? "disabled" : "rest"}`, `button/${token}/bgColor/rest`).name,
      stroke: vFirst(`button/${token}/borderColor/${disabled ? "disabled" : "rest"}`, `button/${token}/borderColor/rest`, "button/default/borderColor/rest").name,
    }, [
      instance("Icon", icon("kebab-horizontal"), { iconFill: vFirst(`button/${token}/iconColor/${disabled ? "disabled" : "rest"}`, fg).name, refs: { mainComponent: refs.icon } }),
    ]);
  },
});

defineSet({
  name: "Textarea",
  description: "Textarea: a multi-line text field (Primer Textarea). Three lines tall at rest; the width follows the form (the drawn 320 px is the layout's, not a token).",
  axes: [["State", ["Rest", "Focused", "Disabled", "Error"]]],
  props(p) {
    return { text: p.add("Placeholder", "TEXT", "Write a comment") };
  },
  draw({ State }, refs) {
    const body = textStyle("Body/Medium").style;
    const border = { Rest: "control/borderColor/rest", Focused: "focus/outlineColor", Disabled: "control/borderColor/disabled", Error: "control/borderColor/danger" }[State];
    return frame("Textarea", {
      layout: "VERTICAL",
      w: 320,
      h: round(2 * num("control/medium/paddingBlock") + 3 * body.lineHeightPx),
      padding: ["control/medium/paddingBlock", "control/medium/paddingInline/normal"],
      radius: "borderRadius/medium",
      fill: State === "Disabled" ? "control/bgColor/disabled" : "control/bgColor/rest",
      stroke: border,
      strokeWeight: State === "Focused" ? "borderWidth/thick" : "borderWidth/default",
    }, [
      text("Placeholder", "Write a comment", "Body/Medium", State === "Disabled" ? "control/fgColor/disabled" : "control/fgColor/placeholder", { refs: { characters: refs.text } }),
    ]);
  },
});

defineSet({
  name: "Radio",
  description: "Radio: picks exactly one option of a group in a form (Primer Radio), selected or not, with its label.",
  axes: [
    ["State", ["Unchecked", "Checked"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return { label: p.add("Label", "TEXT", "Label"), showLabel: p.add("Show label", "BOOLEAN", true) };
  },
  draw: checkable("Radio", { round: true }),
});

defineSet({
  name: "ToggleSwitch",
  description: "Toggle switch: turns a setting on or off immediately (Primer ToggleSwitch), with its On/Off status text.",
  axes: [
    ["Checked", ["False", "True"]],
    ["Size", ["Medium", "Small"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return { status: p.add("Show status", "BOOLEAN", true) };
  },
  draw({ Checked, Size, Disabled }, refs) {
    const on = Checked === "True";
    const disabled = Disabled === "True";
    const height = `control/${CONTROL[Size]}/size`;
    const width = 2 * num(height);
    const knob = frame("Knob", {
      w: height, h: height, radius: "borderRadius/medium",
      fill: disabled ? "controlKnob/bgColor/disabled" : on ? "controlKnob/bgColor/checked" : "controlKnob/bgColor/rest",
      stroke: disabled ? "controlKnob/borderColor/disabled" : on ? "controlKnob/borderColor/checked" : "controlKnob/borderColor/rest",
      x: on ? width - num(height) : 0, y: 0,
    });
    const track = frame("Track", {
      w: width, h: height, radius: "borderRadius/medium",
      fill: disabled ? "controlTrack/bgColor/disabled" : on ? "control/checked/bgColor/rest" : "controlTrack/bgColor/rest",
      stroke: disabled ? "controlTrack/borderColor/disabled" : on ? "control/checked/borderColor/rest" : "controlTrack/borderColor/rest",
    }, [knob]);
    return frame("ToggleSwitch", { layout: "HORIZONTAL", gap: `control/${CONTROL[Size]}/gap`, counter: "CENTER" }, [
      text("Status", on ? "On" : "Off", Size === "Small" ? "Body/Small" : "Body/Medium", disabled ? "fgColor/disabled" : "fgColor/default", { refs: { visible: refs.status } }),
      track,
    ]);
  },
});

defineSet({
  name: "SegmentedControl",
  description: "Segmented control: switches between a few views or modes of the same content (Primer SegmentedControl); one segment is selected.",
  axes: [
    ["Selected", ["1", "2", "3"]],
    ["Size", ["Medium", "Small"]],
  ],
  props(p) {
    return { labels: [1, 2, 3].map((i) => p.add(`Segment ${i}`, "TEXT", ["Preview", "Code", "Blame"][i - 1])) };
  },
  draw({ Selected, Size }, refs) {
    const size = CONTROL[Size];
    const segments = [1, 2, 3].map((i) => {
      const selected = String(i) === Selected;
      return frame(`Segment ${i}`, {
        layout: "HORIZONTAL", h: `control/${size}/size`, padding: [0, `control/${size}/paddingInline/normal`],
        counter: "CENTER", radius: "borderRadius/medium",
        fill: selected ? "controlKnob/bgColor/rest" : "control/transparent/bgColor/rest",
        stroke: selected ? "controlKnob/borderColor/rest" : undefined,
      }, [text("Label", ["Preview", "Code", "Blame"][i - 1], Size === "Small" ? "Body/Small" : "Body/Medium", "fgColor/default", { refs: { characters: refs.labels[i - 1] } })]);
    });
    return frame("SegmentedControl", { layout: "HORIZONTAL", radius: "borderRadius/medium", fill: "controlTrack/bgColor/rest", stroke: "controlTrack/borderColor/rest" }, segments);
  },
});

const LABEL_VARIANTS = {
  Default: ["borderColor/default", "fgColor/muted"],
  Primary: ["borderColor/emphasis", "fgColor/default"],
  Secondary: ["borderColor/muted", "fgColor/muted"],
  Accent: ["borderColor/accent-emphasis", "fgColor/accent"],
  Success: ["borderColor/success-emphasis", "fgColor/success"],
  Attention: ["borderColor/attention-emphasis", "fgColor/attention"],
  Severe: ["borderColor/severe-emphasis", "fgColor/severe"],
  Danger: ["borderColor/danger-emphasis", "fgColor/danger"],
  Done: ["borderColor/done-emphasis", "fgColor/done"],
  Sponsors: ["borderColor/sponsors-emphasis", "fgColor/sponsors"],
};

defineSet({
  name: "Label",
  description: "Label: a small outlined tag naming a status or category (Primer Label); not a form label.",
  axes: [
    ["Variant", Object.keys(LABEL_VARIANTS)],
    ["Size", ["Small", "Large"]],
  ],
  props(p) {
    return { text: p.add("Text", "TEXT", "Label") };
  },
  draw({ Variant, Size }, refs) {
    const [border, fg] = LABEL_VARIANTS[Variant];
    return frame("Label", {
      layout: "HORIZONTAL", h: Size === "Small" ? "base/size/20" : "base/size/24", padding: [0, "base/size/8"],
      counter: "CENTER", radius: "borderRadius/full", fill: "bgColor/transparent", stroke: border,
    }, [text("Text", "Label", "Caption", fg, { refs: { characters: refs.text } })]);
  },
});

defineSet({
  name: "CounterLabel",
  description: "Counter label: a count shown next to a tab, button or heading (Primer CounterLabel).",
  axes: [["Scheme", ["Secondary", "Primary"]]],
  props(p) {
    return { count: p.add("Count", "TEXT", "12") };
  },
  draw({ Scheme }, refs) {
    const primary = Scheme === "Primary";
    return frame("CounterLabel", {
      layout: "HORIZONTAL", h: "base/size/20", minW: "base/size/20", padding: [0, "base/size/6"], align: "CENTER", counter: "CENTER",
      radius: "borderRadius/full", fill: primary ? "counter/bgColor/emphasis" : "counter/bgColor/muted", stroke: "counter/borderColor",
    }, [text("Count", "12", "Caption", primary ? "fgColor/onEmphasis" : "fgColor/default", { refs: { characters: refs.count } })]);
  },
});

defineSet({
  name: "Avatar",
  description: "Avatar: a user's or organization's picture (Primer Avatar); circle for people, square for organizations and bots.",
  axes: [
    ["Size", ["32", "16", "20", "24", "40", "48", "64"]],
    ["Shape", ["Circle", "Square"]],
  ],
  draw({ Size, Shape }) {
    const side = `base/size/${Size}`;
    return frame("Avatar", {
      layout: "HORIZONTAL", w: side, h: side, align: "CENTER", counter: "CENTER",
      radius: Shape === "Circle" ? "borderRadius/full" : "borderRadius/medium", fill: "avatar/bgColor", stroke: "avatar/borderColor",
    }, [instance("Placeholder", icon("person", Number(Size) >= 24 ? 24 : 16), { iconFill: "fgColor/muted" })]);
  },
});

defineSet({
  name: "Link",
  description: "Link: inline text that navigates to another page (Primer Link); muted links are for secondary navigation.",
  axes: [
    ["Variant", ["Default", "Muted"]],
    ["Underline", ["False", "True"]],
  ],
  props(p) {
    return { text: p.add("Text", "TEXT", "Link") };
  },
  draw({ Variant, Underline }, refs) {
    return frame("Link", { layout: "HORIZONTAL" }, [
      text("Text", "Link", "Body/Medium", Variant === "Muted" ? "fgColor/muted" : "fgColor/link", { refs: { characters: refs.text }, underline: Underline === "True" }),
    ]);
  },
});

const BANNER = {
  Info: ["accent", "info"],
  Success: ["success", "check-circle"],
  Warning: ["attention", "alert"],
  Critical: ["danger", "stop"],
  Upsell: ["upsell", "rocket"],
};

defineSet({
  name: "Banner",
  description: "Banner (flash): a message about the page or the user's task (Primer Banner): info, success, warning, critical or upsell, with a title, a description and an optional dismiss button. Width follows the page; the drawn 480 px is the layout's.",
  axes: [["Variant", Object.keys(BANNER)]],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Banner title"),
      description: p.add("Description", "TEXT", "A short message about what happened and what to do next."),
      dismiss: p.add("Dismissible", "BOOLEAN", true),
    };
  },
  draw({ Variant }, refs) {
    const [scheme, glyph] = BANNER[Variant];
    return frame("Banner", {
      layout: "HORIZONTAL", w: 480, padding: ["stack/padding/condensed", "stack/padding/normal"], gap: "stack/gap/condensed",
      radius: "borderRadius/medium", fill: `bgColor/${scheme}-muted`, stroke: `borderColor/${scheme}-muted`,
    }, [
      instance("Icon", icon(glyph), { iconFill: `fgColor/${scheme}` }),
      frame("Content", { layout: "VERTICAL", gap: "base/size/4", fillW: true }, [
        text("Title", "Banner title", "Title/Small", "fgColor/default", { refs: { characters: refs.title } }),
        text("Description", "A short message about what happened and what to do next.", "Body/Medium", "fgColor/default", { refs: { characters: refs.description } }),
      ]),
      instance("Dismiss", icon("x"), { iconFill: "fgColor/muted", refs: { visible: refs.dismiss } }),
    ]);
  },
});

defineSet({
  name: "Box",
  description: "Box (card): a bordered container grouping related content, with a title and body text (Primer Box / card). Width follows the layout; the drawn 320 px is the layout's.",
  axes: [
    ["Padding", ["Normal", "Condensed", "Spacious"]],
    ["Background", ["Default", "Muted"]],
  ],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Card title"),
      body: p.add("Body", "TEXT", "Supporting text about this card's content."),
      showTitle: p.add("Show title", "BOOLEAN", true),
    };
  },
  draw({ Padding, Background }, refs) {
    const pad = `stack/padding/${Padding.toLowerCase()}`;
    return frame("Box", {
      layout: "VERTICAL", w: 320, padding: [pad, pad], gap: `stack/gap/${Padding === "Spacious" ? "normal" : "condensed"}`,
      radius: "borderRadius/medium", fill: Background === "Muted" ? "bgColor/muted" : "card/bgColor", stroke: "borderColor/default",
    }, [
      text("Title", "Card title", "Title/Small", "fgColor/default", { refs: { characters: refs.title, visible: refs.showTitle } }),
      text("Body", "Supporting text about this card's content.", "Body/Medium", "fgColor/muted", { refs: { characters: refs.body } }),
    ]);
  },
});

const TABS = ["Code", "Issues", "Pull requests", "Actions"];
defineSet({
  name: "UnderlineNav",
  description: "Underline nav (tabs): the horizontal navigation between a page's top-level views, the current one underlined (Primer UnderlineNav).",
  axes: [["Selected", ["1", "2", "3", "4"]]],
  props(p) {
    return { labels: TABS.map((t, i) => p.add(`Tab ${i + 1}`, "TEXT", t)) };
  },
  draw({ Selected }, refs) {
    const items = TABS.map((t, i) => {
      const selected = String(i + 1) === Selected;
      return frame(`Tab ${i + 1}`, { layout: "VERTICAL", gap: "base/size/6", counter: "CENTER" }, [
        frame("Item", { layout: "HORIZONTAL", h: "control/medium/size", padding: [0, "control/medium/paddingInline/condensed"], counter: "CENTER", radius: "borderRadius/medium" }, [
          text("Label", t, selected ? "Title/Small" : "Body/Medium", "fgColor/default", { refs: { characters: refs.labels[i] } }),
        ]),
        rect("Underline", 0, "borderWidth/thick", { fill: "underlineNav/borderColor/active", visible: selected, fillW: true }),
      ]);
    });
    return frame("UnderlineNav", {
      layout: "HORIZONTAL", gap: "base/size/8", padding: [0, "base/size/16", 0, "base/size/16"], counter: "MAX",
      stroke: "borderColor/muted", strokeSides: ["bottom"],
    }, items);
  },
});

const CRUMBS = ["Home", "Projects", "Primer", "Settings"];
defineSet({
  name: "Breadcrumbs",
  description: "Breadcrumbs: the path from the site's root to the current page, each level a link (Primer Breadcrumbs).",
  axes: [["Items", ["3", "2", "4"]]],
  props(p) {
    return { labels: CRUMBS.map((c, i) => p.add(`Item ${i + 1}`, "TEXT", c)) };
  },
  draw({ Items }, refs) {
    const n = Number(Items);
    const children = [];
    for (let i = 0; i < n; i++) {
      const last = i === n - 1;
      if (i > 0) children.push(text(`Separator ${i}`, "/", "Body/Medium", "fgColor/muted"));
      children.push(text(`Item ${i + 1}`, CRUMBS[i], last ? "Title/Small" : "Body/Medium", last ? "fgColor/default" : "fgColor/link", { refs: { characters: refs.labels[i] } }));
    }
    return frame("Breadcrumbs", { layout: "HORIZONTAL", gap: "base/size/8", counter: "CENTER" }, children);
  },
});

defineSet({
  name: "Pagination",
  description: "Pagination: moves between the pages of a long list, previous/next and page numbers, the current one highlighted (Primer Pagination).",
  axes: [["Current page", ["1", "2", "3"]]],
  draw(values) {
    const current = values["Current page"];
    const page = (label, selected, glyph, trailing) => frame(label, {
      layout: "HORIZONTAL", h: "control/medium/size", minW: "control/medium/size", padding: [0, "control/medium/paddingInline/condensed"],
      gap: "base/size/4", align: "CENTER", counter: "CENTER", radius: "borderRadius/medium",
      fill: selected ? "bgColor/accent-emphasis" : "bgColor/transparent",
    }, [
      ...(glyph && !trailing ? [instance("Icon", icon(glyph), { iconFill: "fgColor/link" })] : []),
      text("Label", label, "Body/Medium", selected ? "fgColor/onEmphasis" : glyph ? "fgColor/link" : "fgColor/default"),
      ...(glyph && trailing ? [instance("Icon", icon(glyph), { iconFill: "fgColor/link" })] : []),
    ]);
    return frame("Pagination", { layout: "HORIZONTAL", gap: "base/size/4", counter: "CENTER" }, [
      page("Previous", false, "chevron-left", false),
      ...["1", "2", "3"].map((n) => page(n, n === current)),
      page("Next", false, "chevron-right", true),
    ]);
  },
});

defineSet({
  name: "PageHeader",
  description: "Page header: the title area at the top of a page, with an optional description and actions (Primer PageHeader). Width follows the page; the drawn 720 px is the layout's.",
  axes: [["Size", ["Medium", "Large"]]],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Page title"),
      description: p.add("Description", "TEXT", "What this page is for, in one sentence."),
      showDescription: p.add("Show description", "BOOLEAN", true),
      actions: p.add("Show actions", "BOOLEAN", true),
    };
  },
  draw({ Size }, refs) {
    return frame("PageHeader", { layout: "VERTICAL", w: 720, gap: "stack/gap/condensed", padding: ["stack/padding/normal", 0], fill: "page/header/bgColor" }, [
      frame("Title bar", { layout: "HORIZONTAL", gap: "stack/gap/condensed", align: "SPACE_BETWEEN", counter: "CENTER", fillW: true }, [
        text("Title", "Page title", Size === "Large" ? "Title/Large" : "Title/Medium", "fgColor/default", { refs: { characters: refs.title } }),
        frame("Actions", { layout: "HORIZONTAL", gap: "base/size/8", counter: "CENTER", refs: { visible: refs.actions } }, [
          variantInstance("Secondary action", "Button", { Label: "Edit" }),
          variantInstance("Primary action", "Button", { Variant: "Primary", Label: "New" }),
        ]),
      ]),
      text("Description", "What this page is for, in one sentence.", "Body/Medium", "fgColor/muted", { refs: { characters: refs.description, visible: refs.showDescription } }),
    ]);
  },
});

const NAV_ITEMS = [["Overview", "home"], ["Repositories", "repo"], ["Projects", "project"], ["Settings", "gear"]];
defineSet({
  name: "NavList",
  description: "Nav list: vertical side navigation between the sections of a page or settings area, the current item highlighted (Primer NavList). Width follows the sidebar; the drawn 256 px is the layout's.",
  axes: [["Selected", ["1", "2", "3", "4"]]],
  props(p) {
    return { labels: NAV_ITEMS.map(([label], i) => p.add(`Item ${i + 1}`, "TEXT", label)) };
  },
  draw({ Selected }, refs) {
    const items = NAV_ITEMS.map(([label, glyph], i) => {
      const selected = String(i + 1) === Selected;
      return frame(`Item ${i + 1}`, {
        layout: "HORIZONTAL", h: "control/medium/size", padding: [0, "control/medium/paddingInline/condensed"], gap: "control/medium/gap",
        counter: "CENTER", radius: "borderRadius/medium", fill: selected ? "sideNav/bgColor/selected" : "control/transparent/bgColor/rest", fillW: true,
      }, [
        instance("Leading visual", icon(glyph), { iconFill: "fgColor/muted" }),
        text("Label", label, selected ? "Title/Small" : "Body/Medium", "fgColor/default", { refs: { characters: refs.labels[i] } }),
      ]);
    });
    return frame("NavList", { layout: "VERTICAL", w: 256, gap: "base/size/2", padding: ["base/size/8", "base/size/8"] }, items);
  },
});

defineSet({
  name: "ActionList item",
  description: "Action list item: one row of an ActionList or ActionMenu, an action or a choice with an optional leading Octicon and description (Primer ActionList.Item). Width follows the list; the drawn 256 px is the layout's.",
  axes: [
    ["Variant", ["Default", "Danger"]],
    ["Selected", ["False", "True"]],
    ["Disabled", ["False", "True"]],
  ],
  props(p) {
    return {
      label: p.add("Label", "TEXT", "Item"),
      leading: p.add("Leading visual", "BOOLEAN", true),
      leadingIcon: p.add("Leading icon", "INSTANCE_SWAP", icon("pencil"), { preferredValues: swapPreferred(ACTION_ICONS) }),
      description: p.add("Description", "TEXT", "Description"),
      showDescription: p.add("Show description", "BOOLEAN", false),
    };
  },
  draw({ Variant, Selected, Disabled }, refs) {
    const danger = Variant === "Danger";
    const disabled = Disabled === "True";
    const fg = disabled ? "fgColor/disabled" : danger ? "fgColor/danger" : "fgColor/default";
    return frame("ActionList item", {
      layout: "HORIZONTAL", w: 256, padding: ["control/medium/paddingBlock", "control/medium/paddingInline/condensed"], gap: "control/medium/gap",
      counter: "CENTER", radius: "borderRadius/medium", fill: Selected === "True" ? "control/transparent/bgColor/selected" : "control/transparent/bgColor/rest",
    }, [
      instance("Leading visual", icon("pencil"), { iconFill: disabled ? "fgColor/disabled" : danger ? "fgColor/danger" : "fgColor/muted", refs: { mainComponent: refs.leadingIcon, visible: refs.leading } }),
      frame("Content", { layout: "VERTICAL", fillW: true }, [
        text("Label", "Item", "Body/Medium", fg, { refs: { characters: refs.label } }),
        text("Description", "Description", "Body/Small", disabled ? "fgColor/disabled" : "fgColor/muted", { visible: false, refs: { characters: refs.description, visible: refs.showDescription } }),
      ]),
      instance("Check", icon("check"), { iconFill: fg, visible: Selected === "True" }),
    ]);
  },
});

const MENU_ITEMS = ["Edit", "Duplicate", "Archive"];
defineSet({
  name: "ActionMenu",
  description: "Action menu: a button that opens an overlay listing actions or choices (Primer ActionMenu with its ActionList).",
  axes: [["Open", ["False", "True"]]],
  props(p) {
    return { button: p.add("Button label", "TEXT", "Options") };
  },
  draw({ Open }) {
    const menu = frame("Overlay", {
      layout: "VERTICAL", w: "overlay/width/small", padding: ["base/size/8", "base/size/8"], gap: "base/size/2",
      radius: "overlay/borderRadius", fill: "overlay/bgColor", stroke: "overlay/borderColor",
    }, [
      ...MENU_ITEMS.map((label, i) => variantInstance(`Item ${i + 1}`, "ActionList item", { Label: label, "Leading visual": false }, { fillW: true })),
      variantInstance("Item 4", "ActionList item", { Variant: "Danger", Label: "Delete", "Leading visual": false }, { fillW: true }),
    ]);
    return frame("ActionMenu", { layout: "VERTICAL", gap: "overlay/offset" }, [
      variantInstance("Anchor", "Button", { Label: "Options", "Trailing visual": true }),
      ...(Open === "True" ? [menu] : []),
    ]);
  },
});

defineSet({
  name: "Dialog",
  description: "Dialog: a modal overlay asking the user to confirm or complete a focused task, with a title, body and footer buttons (Primer Dialog).",
  axes: [["Size", ["Medium", "Small", "Large"]]],
  props(p) {
    return {
      title: p.add("Title", "TEXT", "Dialog title"),
      body: p.add("Body", "TEXT", "Explain what will happen and what the user decides here."),
      footer: p.add("Show footer", "BOOLEAN", true),
    };
  },
  draw({ Size }, refs) {
    return frame("Dialog", {
      layout: "VERTICAL", w: `overlay/width/${Size.toLowerCase()}`, radius: "overlay/borderRadius", fill: "overlay/bgColor", stroke: "overlay/borderColor",
    }, [
      frame("Header", { layout: "HORIZONTAL", padding: ["overlay/paddingBlock/normal", "overlay/padding/normal"], gap: "base/size/8", align: "SPACE_BETWEEN", counter: "CENTER", fillW: true }, [
        text("Title", "Dialog title", "Title/Small", "fgColor/default", { refs: { characters: refs.title } }),
        variantInstance("Close", "IconButton", { Variant: "Invisible", Size: "Small" }),
      ]),
      frame("Body", { layout: "VERTICAL", padding: [0, "overlay/padding/normal", "overlay/padding/normal", "overlay/padding/normal"], fillW: true }, [
        text("Body", "Explain what will happen and what the user decides here.", "Body/Medium", "fgColor/default", { refs: { characters: refs.body } }),
      ]),
      frame("Footer", {
        layout: "HORIZONTAL", padding: ["overlay/padding/normal", "overlay/padding/normal"], gap: "base/size/8", align: "MAX", fillW: true,
        stroke: "borderColor/muted", strokeSides: ["top"], refs: { visible: refs.footer },
      }, [
        variantInstance("Cancel", "Button", { Label: "Cancel" }),
        variantInstance("Confirm", "Button", { Variant: "Primary", Label: "Confirm" }),
      ]),
    ]);
  },
});

defineSet({
  name: "Spinner",
  description: "Spinner: shows that content is loading for an unknown time (Primer Spinner): a muted ring with an accent arc.",
  axes: [["Size", ["Medium", "Small", "Large"]]],
  draw({ Size }) {
    const side = `spinner/size/${Size.toLowerCase()}`;
    return frame("Spinner", { w: side, h: side }, [
      vector("Track", side, side, { stroke: "borderColor/default", strokeWeight: "borderWidth/thick", x: 0, y: 0 }),
      vector("Arc", side, side, { stroke: "fgColor/accent", strokeWeight: "borderWidth/thick", x: 0, y: 0 }),
    ]);
  },
});

const PROGRESS = { Small: "base/size/4", Medium: "base/size/8", Large: "base/size/12" };
defineSet({
  name: "ProgressBar",
  description: "Progress bar: how much of a task is done (Primer ProgressBar); the filled part's width is the progress. Width follows the layout; the drawn 256 px is the layout's.",
  axes: [
    ["Size", ["Medium", "Small", "Large"]],
    ["Color", ["Accent", "Success", "Attention", "Danger", "Done"]],
  ],
  draw({ Size, Color }) {
    return frame("ProgressBar", {
      layout: "HORIZONTAL", w: 256, h: PROGRESS[Size], radius: "borderRadius/full", fill: "progressBar/track/bgColor",
    }, [rect("Progress", 128, PROGRESS[Size], { fill: `progressBar/bgColor/${Color.toLowerCase()}`, radius: "borderRadius/full" })]);
  },
});

// ---------------------------------------------------------------------------------------------------------
// Assembling the file
// ---------------------------------------------------------------------------------------------------------

function buildSets(page, top) {
  const nodes = [];
  let y = top;
  SETS.forEach((spec, si) => {
    const block = 10 + si;
    const setId = `${block}:0`;
    SETS_BY_ID.set(setId, spec.name);
    const ids = new Ids(block);
    ids.next(); // the set's own id
    const props = new Props(block);
    const refs = spec.props ? spec.props(props) : {};
    const combos = spec.axes.reduce((acc, [axis, values]) => acc.flatMap((c) => values.map((value) => ({ ...c, [axis]: value }))), [{}]);
    const variants = [];
    let x = 16;
    let rowY = y + 16;
    let rowHeight = 0;
    let rowKey = null;
    let right = 0;
    for (const combo of combos) {
      const proto = spec.draw(combo, refs);
      measure(proto);
      const key = spec.axes.length > 1 ? combo[spec.axes[0][0]] : null;
      if (rowKey !== null && key !== rowKey) {
        x = 16;
        rowY += rowHeight + 16;
        rowHeight = 0;
      }
      rowKey = key;
      place(proto, x, rowY, proto.size[0], proto.size[1]);
      x += proto.size[0] + 16;
      right = Math.max(right, x);
      rowHeight = Math.max(rowHeight, proto.size[1]);
      proto.name = spec.axes.map(([axis]) => `${axis}=${combo[axis]}`).join(", ");
      const recorder = new Recorder(ids);
      const node = emit(proto, recorder, "COMPONENT");
      register(node, { description: spec.description, page, setId, redraw: () => spec.draw(combo, refs), sequence: recorder.seen });
      VARIANTS.set(`${spec.name}|${node.name}`, node.id);
      variants.push(node);
    }
    const bottom = rowY + rowHeight + 16;
    const box = { height: round(bottom - y), width: round(right), x: 0, y: round(y) };
    const definitions = { ...props.defs };
    for (const [axis, values] of spec.axes) definitions[axis] = { defaultValue: values[0], type: "VARIANT", variantOptions: values };
    SET_DEFS.set(spec.name, definitions);
    const set = {
      absoluteBoundingBox: box,
      absoluteRenderBounds: box,
      blendMode: "PASS_THROUGH",
      children: variants,
      clipsContent: true,
      componentPropertyDefinitions: definitions,
      constraints: CONSTRAINTS,
      effects: [],
      fills: [],
      id: setId,
      name: spec.name,
      scrollBehavior: "SCROLLS",
      strokes: [],
      type: "COMPONENT_SET",
    };
    SET_INFO.set(setId, { description: spec.description, key: keyOf("component-set", spec.name), name: spec.name, page });
    nodes.push(set);
    y = bottom + 80;
  });
  return nodes;
}

function foundations(page) {
  const ids = new Ids(2);
  const nodes = [];
  let y = 0;
  for (const s of STYLES.values()) {
    const proto = frame(`Text style / ${s.name}`, { layout: "VERTICAL", padding: ["base/size/8", "base/size/8"] }, [
      text(s.name, s.name, s.name, "fgColor/default"),
    ]);
    measure(proto);
    place(proto, 0, y, proto.size[0], proto.size[1]);
    y += proto.size[1] + 16;
    nodes.push(emit(proto, ids));
  }
  let x = 600;
  let row = 0;
  for (const c of COLOR_STYLES) {
    const proto = frame(`Colour / ${c.name}`, { w: "base/size/48", h: "base/size/48", radius: "borderRadius/medium", fill: c.name, stroke: "borderColor/default" });
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
    nodes[s.id] = nodeEntry({
      absoluteBoundingBox: box, absoluteRenderBounds: box, blendMode: "PASS_THROUGH", characterStyleOverrides: [],
      characters: s.name, constraints: CONSTRAINTS, effects: [], fills: [paint(v("fgColor/default"))], id: s.id,
      lineIndentations: [0], lineTypes: ["NONE"], name: s.name, scrollBehavior: "SCROLLS", strokes: [],
      strokeAlign: "INSIDE", strokeWeight: 0, style: s.style, styleOverrideTable: {}, type: "TEXT",
    }, s);
  }
  for (const c of COLOR_STYLES) {
    const box = { height: 100, width: 100, x: 0, y: 0 };
    nodes[c.id] = nodeEntry({
      absoluteBoundingBox: box, absoluteRenderBounds: box, blendMode: "PASS_THROUGH", constraints: CONSTRAINTS,
      effects: [], fills: [paint(c.variable)], id: c.id, name: c.name, scrollBehavior: "SCROLLS", strokes: [],
      strokeAlign: "INSIDE", strokeWeight: 0, type: "RECTANGLE",
    }, c);
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
  return { description: s.description ?? "", key: s.key, name: s.name, remote: false, styleType: s.style ? "TEXT" : "FILL" };
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
    children: [canvas(foundationsPage, foundationNodes), canvas(componentsPage, setNodes), canvas(iconsPage, iconNodes)],
    id: "0:0",
    name: "Document",
    scrollBehavior: "SCROLLS",
    type: "DOCUMENT",
  };

  const components = {};
  for (const [id, c] of [...COMPONENTS.entries()].sort(byNodeId)) {
    components[id] = { description: c.description, documentationLinks: [], key: c.key, name: c.name, remote: false };
    if (c.setId) components[id].componentSetId = c.setId;
  }
  const componentSets = {};
  for (const [id, s] of [...SET_INFO.entries()].sort(byNodeId)) {
    componentSets[id] = { description: s.description, documentationLinks: [], key: s.key, name: s.name, remote: false };
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
    published(id, c, c.page, c.setId ? { containingComponentSet: { name: SETS_BY_ID.get(c.setId), nodeId: c.setId }, name: SETS_BY_ID.get(c.setId), nodeId: c.setId } : {}));
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
    "variables-published.json": ok({ variableCollections: VARS.publishedCollections, variables: VARS.published }),
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
  console.log(`total ${(total / 1024 / 1024).toFixed(2)} MiB: ${SET_INFO.size} component sets, ${COMPONENTS.size - iconCount} variants, ${iconCount} icon components, ${Object.keys(VARS.variables).length} variables, ${STYLES.size} text styles, ${COLOR_STYLES.length} colour styles`);
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
    return Object.fromEntries(Object.keys(value).sort().filter((k) => value[k] !== undefined).map((k) => [k, sortKeys(value[k])]));
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

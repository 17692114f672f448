import { round } from "./common.mjs";
import { COMPONENTS } from "./registry.mjs";
import { textStyle } from "./styles.mjs";
import { alias, num, resolve, v } from "./variables.mjs";

// ---------------------------------------------------------------------------------------------------------
// Nodes. A small builder: frames with auto layout measured and placed like Figma does (hug, fixed, fill).
// ---------------------------------------------------------------------------------------------------------

export const paint = (variable) => ({
  blendMode: "NORMAL",
  boundVariables: { color: alias(variable) },
  color: resolve(variable),
  type: "SOLID",
});

export function frame(name, opts = {}, children = []) {
  return { kind: "FRAME", name, opts, children };
}
export function text(name, characters, style, fill, opts = {}) {
  return { kind: "TEXT", name, characters, style, fill, opts };
}
export function instance(name, componentId, opts = {}) {
  return { kind: "INSTANCE", name, componentId, opts };
}
export function rect(name, w, h, opts = {}) {
  return { kind: "RECTANGLE", name, opts: { w, h, ...opts } };
}
export function vector(name, w, h, opts = {}) {
  return { kind: "VECTOR", name, opts: { w, h, ...opts } };
}

const sizeOf = (x) => (typeof x === "string" ? num(x) : (x ?? 0));

/** The proto's natural (hug) size, caching it on the proto. */
export function measure(p) {
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
export function place(p, x, y, w, h) {
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

export class Ids {
  constructor(block) {
    this.block = block;
    this.n = 0;
  }
  next() {
    return `${this.block}:${this.n++}`;
  }
}

export const CONSTRAINTS = { horizontal: "LEFT", vertical: "TOP" };

/** The REST node of a placed proto. `type` overrides FRAME (COMPONENT, COMPONENT_SET). */
export function emit(p, ids, type) {
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
  for (const [axis, key] of [
    ["x", "w"],
    ["y", "h"],
  ]) {
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
    if (own === undefined)
      throw new Error(`instance of a different shape than its component (${this.instanceId})`);
    return this.n === 1 ? this.instanceId : `${this.prefix};${own}`;
  }
}

/** Records the ids an emission used, in order (an instance replays them). */
export class Recorder {
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

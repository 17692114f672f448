import path from "node:path";

import { PRIMITIVES, keyOf, readJSON, round } from "./common.mjs";
import { VARS, resolve, v } from "./variables.mjs";

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

export const STYLES = buildTextStyles();
export const textStyle = (name) => {
  const s = STYLES.get(name);
  if (!s) throw new Error(`no text style ${name}`);
  return s;
};

// Colour styles: Primer's semantic colours (light values) published as FILL styles too, so a consumer that
// cannot read variables (the REST variables API is Enterprise-only) still finds the palette.
const COLOR_STYLE_GROUPS = ["fgColor/", "bgColor/", "borderColor/"];
export const COLOR_STYLES = Object.values(VARS.variables)
  .filter((x) => VARS.localCollections[x.variableCollectionId].name === "mode" && x.resolvedType === "COLOR")
  .filter((x) => COLOR_STYLE_GROUPS.some((g) => x.name.startsWith(g)))
  .map((x, i) => ({
    id: `1:${100 + i}`,
    name: x.name,
    key: keyOf("style", x.name),
    description: x.description,
    variable: x,
  }));

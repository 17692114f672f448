// Paths, constants and small helpers shared by the generator's modules.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PRIMITIVES = path.join(HERE, "node_modules/@primer/primitives");
export const OCTICONS = path.join(HERE, "node_modules/@primer/octicons");

export const FILE_KEY = "PrimerLibrary1";
export const FILE_NAME = "Primer Web (wf2des)";
// A fixed instant: the output must not depend on the clock. Figma sends these fields; their value is ours.
export const STAMP = "2025-01-01T00:00:00Z";
export const VERSION = "1";
export const THEMES = ["light", "dark"];
export const USER = {
  id: "0",
  handle: "wf2des-primer-generator",
  img_url: "https://example.invalid/primer.png",
};

export const readJSON = (p) => JSON.parse(readFileSync(p, "utf8"));
const sha1 = (text) => createHash("sha1").update(text).digest("hex");
export const keyOf = (kind, name) => sha1(`wf2des-primer:${kind}:${name}`);
export const round = (x) => Math.round(x * 100) / 100;

// The components made so far, by node id: what instances are drawn from and what the file's maps list.

import { keyOf } from "./common.mjs";

export const COMPONENTS = new Map(); // component id → {node, bbox, name, key, description, setId, page, redraw, sequence}
export const SETS_BY_ID = new Map(); // set node id → name

/** Records a component; `redraw` and `sequence` let an instance be drawn again with Figma's ids. */
export function register(node, { description, page, setId, redraw, sequence }) {
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

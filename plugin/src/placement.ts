// Pure: where the generated screens go on the page.
import type { DesignArea } from './spec';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PlacementSource = 'replaced' | 'target' | 'designArea' | 'rightOfContent' | 'emptyPage';

export interface Origin {
  x: number;
  y: number;
  source: PlacementSource;
}

/** Gap between existing content and the new screens, and between screens. */
export const GAP = 120;

export function placementOrigin(opts: {
  replaced: Box[];
  target: Box | null;
  designArea: DesignArea | null;
  content: Box[];
}): Origin {
  const first = opts.replaced[0];
  if (first) {
    const x = Math.min(...opts.replaced.map((b) => b.x));
    const y = Math.min(...opts.replaced.map((b) => b.y));
    return { x, y, source: 'replaced' };
  }
  if (opts.target) return { x: opts.target.x, y: opts.target.y, source: 'target' };
  if (opts.designArea) return { x: opts.designArea.x, y: opts.designArea.y, source: 'designArea' };
  if (opts.content.length === 0) return { x: 0, y: 0, source: 'emptyPage' };
  const right = Math.max(...opts.content.map((b) => b.x + b.width));
  const top = Math.min(...opts.content.map((b) => b.y));
  return { x: Math.round(right + GAP), y: Math.round(top), source: 'rightOfContent' };
}

/** Screens side by side from the origin, each `GAP` apart. */
export function screenPositions(origin: Origin, widths: number[]): { x: number; y: number }[] {
  let x = origin.x;
  return widths.map((w) => {
    const at = { x, y: origin.y };
    x += w + GAP;
    return at;
  });
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

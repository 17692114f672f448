// What the plugin sends to make designs from wireframes: each chosen frame exported as Figma's REST JSON
// (exportAsync JSON_REST_V1, the same shape the worker reads over REST) and the annotation labels on the
// nodes inside it, which the design step reads as the designer's notes.
import type { DesignSnapshot } from './routes';

/** The frames a designer points at: what `exportAsync` and `annotations` need of them. */
export interface SnapshotNode {
  readonly id: string;
  readonly type: string;
  readonly annotations?: ReadonlyArray<Pick<Annotation, 'label' | 'labelMarkdown'>>;
  readonly children?: readonly SnapshotNode[];
}

export interface SnapshotFrame extends SnapshotNode {
  exportAsync(settings: { format: 'JSON_REST_V1' }): Promise<object>;
}

/**
 * The wireframe screens a selection stands for: selected frames, and the frames of a selected section (the
 * whole WF area at once). Other layers are not screens.
 */
export function wireframeFrames<T extends { type: string }>(selection: readonly T[]): T[] {
  return selection.flatMap((n) => {
    if (n.type === 'FRAME') return [n];
    const kids = (n as { children?: readonly T[] }).children;
    return n.type === 'SECTION' && kids ? kids.filter((c) => c.type === 'FRAME') : [];
  });
}

function collectAnnotations(node: SnapshotNode, out: Record<string, string[]>): void {
  const labels = (node.annotations ?? []).map((a) => a.label ?? a.labelMarkdown ?? '').filter((l) => l.trim() !== '');
  if (labels.length) out[node.id] = labels;
  for (const c of node.children ?? []) collectAnnotations(c, out);
}

export async function snapshot(figmaFileKey: string, frames: readonly SnapshotFrame[]): Promise<DesignSnapshot> {
  const annotations: Record<string, string[]> = {};
  const exported: string[] = [];
  for (const f of frames) {
    exported.push(JSON.stringify(await f.exportAsync({ format: 'JSON_REST_V1' })));
    collectAnnotations(f, annotations);
  }
  return { figmaFileKey, frames: exported, annotations };
}

/** The multipart body of the snapshot upload (Figma's fetch has no FormData): one `frames` part per frame. */
export function multipart(s: DesignSnapshot, boundary: string): string {
  // A frame goes as a file part (with a filename): the API reads each export as an upload, bounded in size.
  const part = (name: string, value: string, type: string, filename?: string): string =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\nContent-Type: ${type}\r\n\r\n${value}\r\n`;
  return [
    part('figmaFileKey', s.figmaFileKey, 'text/plain; charset=utf-8'),
    ...s.frames.map((f, i) => part('frames', f, 'application/json', `frame-${i}.json`)),
    part('annotations', JSON.stringify(s.annotations), 'application/json'),
    `--${boundary}--\r\n`,
  ].join('');
}

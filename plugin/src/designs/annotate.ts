// A design's report on the canvas: each element the design step could not map, or snapped to the nearest
// library token, becomes a Figma annotation in a "wf2des" category on the placed node it concerns (an
// unmapped element has none: its note goes on the design's screen). Each node keeps the annotations others
// made; only wf2des's own are replaced, so annotating again does not pile them up.
import type { DesignElement, DesignReport } from './routes';

export const CATEGORY_LABEL = 'wf2des';

export interface AnnotatableNode {
  readonly id: string;
  readonly name: string;
  annotations: ReadonlyArray<Annotation>;
}

export interface AnnotationPort {
  readonly annotations: Pick<AnnotationsAPI, 'getAnnotationCategoriesAsync' | 'addAnnotationCategoryAsync'>;
}

/** One line of the report to show in the plugin (a click selects `specId`'s placed node). */
export interface DesignNote {
  specId: string | null;
  name: string;
  kind: 'not mapped' | 'snapped';
  text: string;
}

export function notesOf(report: DesignReport): DesignNote[] {
  const notes: DesignNote[] = [];
  for (const e of report.elements) {
    if (e.outcome === 'not_mapped') notes.push({ specId: null, name: e.name, kind: 'not mapped', text: `${e.name}: not mapped${e.reason ? ` (${e.reason})` : ''}` });
    for (const b of snapped(e)) {
      notes.push({ specId: e.designNodeId, name: e.name, kind: 'snapped', text: `${b.field} ${b.drawn} snapped to ${b.token ?? 'no token'} (${b.role}, off by ${Math.round(b.distance * 10) / 10})` });
    }
  }
  return notes;
}

function snapped(e: DesignElement): NonNullable<DesignElement['bindings']> {
  return (e.bindings ?? []).filter((b) => b.distance > 0);
}

async function categoryId(port: AnnotationPort): Promise<string> {
  const existing = (await port.annotations.getAnnotationCategoriesAsync()).find((c) => c.label === CATEGORY_LABEL);
  return (existing ?? (await port.annotations.addAnnotationCategoryAsync({ label: CATEGORY_LABEL, color: 'orange' }))).id;
}

/**
 * Writes the notes as annotations: on the node with the note's spec id, else on the screen. Returns the notes
 * that could not be written (a node type without annotations, a node the designer deleted) with the reason.
 */
export async function annotate(
  port: AnnotationPort,
  notes: readonly DesignNote[],
  placed: (specId: string) => AnnotatableNode | undefined,
  screen: AnnotatableNode | undefined,
): Promise<{ written: number; failed: { note: DesignNote; reason: string }[] }> {
  const id = await categoryId(port);
  const byNode = new Map<AnnotatableNode, string[]>();
  const failed: { note: DesignNote; reason: string }[] = [];
  for (const note of notes) {
    const node = (note.specId ? placed(note.specId) : undefined) ?? screen;
    if (!node) {
      failed.push({ note, reason: 'no placed node to annotate' });
      continue;
    }
    byNode.set(node, [...(byNode.get(node) ?? []), note.text]);
  }
  let written = 0;
  for (const [node, texts] of byNode) {
    try {
      const others = node.annotations.filter((a) => a.categoryId !== id);
      node.annotations = [...others, { label: texts.join('\n'), categoryId: id }];
      written += texts.length;
    } catch (e) {
      for (const text of texts) failed.push({ note: notes.find((n) => n.text === text) as DesignNote, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return { written, failed };
}

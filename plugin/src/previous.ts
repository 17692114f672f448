// An earlier placement of the same generation, wherever the designer moved it (sections, frames, other
// pages), and what placing again does to each of its layers. Every placed node carries its generation, its
// spec node id and a fingerprint of how it was placed; a node whose fingerprint no longer matches was changed
// by the designer and is kept. Frames also record which children they got, so a deleted layer is told apart
// from one the spec adds.
import type { FigmaPort, PortChild, PortPage } from './port';

/** Plugin data key that ties every created node to its generation. */
export const GENERATION_KEY = 'wf2desGeneration';
/** Plugin data key holding the spec node id (the source id), so a node can be matched on re-placing. */
export const SPEC_NODE_KEY = 'wf2desNode';
/** Plugin data key holding the fingerprint of what was placed. */
export const FINGERPRINT_KEY = 'wf2desFingerprint';
/** Plugin data key on placed frames: the spec ids of the children placed in them. */
export const CHILDREN_KEY = 'wf2desChildren';
/** Plugin data key on the document: the spec ids of a generation's placed screens. */
export const rootsKey = (generationId: string): string => `wf2desRoots:${generationId}`;

export type Fate = 'new' | 'update' | 'keep' | 'deleted';

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** FNV-1a, 32 bits: enough to tell an edited node from an untouched one. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * What a designer can change of a placed node, read from the node itself (so the same function serves at
 * placing and at checking). Position and size are left out where auto layout or the screen's place on the
 * canvas decide them, so an edit in a child does not mark its hugging parent as edited.
 */
/** An object's entries in key order: what Figma returns is not promised to keep one order. */
function sortedEntries(o: object): [string, unknown][] {
  return Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function fingerprint(n: PortChild, isRoot: boolean): string {
  const inAutoLayout = !isRoot && n.parent?.layoutMode !== undefined && n.parent.layoutMode !== 'NONE' && n.layoutPositioning !== 'ABSOLUTE';
  const autoWidth = n.layoutSizingHorizontal !== 'FIXED' || n.textAutoResize === 'WIDTH_AND_HEIGHT';
  const autoHeight = n.layoutSizingVertical !== 'FIXED' || n.textAutoResize === 'WIDTH_AND_HEIGHT' || n.textAutoResize === 'HEIGHT';
  const parts: unknown[] = [
    n.type,
    n.name,
    n.visible,
    round(n.opacity ?? 1),
    isRoot || inAutoLayout ? null : [round(n.x), round(n.y)],
    autoWidth ? null : round(n.width),
    autoHeight ? null : round(n.height),
    n.fills === undefined ? null : typeof n.fills === 'symbol' ? 'mixed' : n.fills,
    n.strokes ?? null,
    typeof n.cornerRadius === 'number' ? n.cornerRadius : null,
    n.layoutMode ?? null,
    n.itemSpacing ?? null,
    n.paddingTop ?? null,
    n.paddingLeft ?? null,
    n.characters ?? null,
    typeof n.fontSize === 'number' ? n.fontSize : null,
    n.fontName === undefined ? null : typeof n.fontName === 'symbol' ? 'mixed' : n.fontName,
    n.type === 'INSTANCE' && n.findAllWithCriteria ? n.findAllWithCriteria({ types: ['TEXT'] }).map((t) => t.characters) : null,
    n.boundVariables ? sortedEntries(n.boundVariables) : null,
    n.type === 'INSTANCE' && n.componentProperties ? sortedEntries(n.componentProperties) : null,
  ];
  return hash(JSON.stringify(parts));
}

export function pageOf(n: PortChild): PortPage | null {
  let p: unknown = n.parent;
  while (p && (p as { type: string }).type !== 'PAGE') p = (p as PortChild).parent;
  return (p as PortPage | null) ?? null;
}

export class Previous {
  private readonly childIds = new Map<string, Set<string>>();

  constructor(
    readonly nodes: ReadonlyMap<string, PortChild>,
    readonly roots: ReadonlySet<string>,
  ) {}

  static empty(): Previous {
    return new Previous(new Map(), new Set());
  }

  /**
   * Finds the generation's nodes. A generation placed by this version records its screens on the document:
   * then every page is searched (loaded first, as dynamic-page requires); otherwise only the current page.
   */
  static async find(figma: Pick<FigmaPort, 'root' | 'currentPage'>, generationId: string): Promise<Previous> {
    const recorded = figma.root.getPluginData(rootsKey(generationId));
    const roots = new Set<string>(recorded ? (JSON.parse(recorded) as string[]) : []);
    const pages = recorded ? figma.root.children : [figma.currentPage];
    const nodes = new Map<string, PortChild>();
    for (const page of pages) {
      await page.loadAsync();
      for (const n of page.findAllWithCriteria({ pluginData: { keys: [GENERATION_KEY] } })) {
        if (n.getPluginData(GENERATION_KEY) !== generationId) continue;
        const id = n.getPluginData(SPEC_NODE_KEY);
        // A designer's duplicate carries the same data: the first one found is the placed one.
        if (id && !nodes.has(id)) nodes.set(id, n);
      }
    }
    if (!recorded) for (const [id, n] of nodes) if (n.parent?.type === 'PAGE') roots.add(id);
    return new Previous(nodes, roots);
  }

  get found(): boolean {
    return this.nodes.size > 0;
  }

  /** Changed since placed; a node placed before fingerprints existed counts as untouched (it was replaced then). */
  edited(n: PortChild, isRoot: boolean): boolean {
    const placed = n.getPluginData(FINGERPRINT_KEY);
    return placed !== '' && fingerprint(n, isRoot) !== placed;
  }

  private placedIn(parentId: string): Set<string> {
    let ids = this.childIds.get(parentId);
    if (!ids) {
      const raw = this.nodes.get(parentId)?.getPluginData(CHILDREN_KEY);
      ids = new Set(raw ? (JSON.parse(raw) as string[]) : []);
      this.childIds.set(parentId, ids);
    }
    return ids;
  }

  /**
   * What becomes of one spec node: `update` an untouched node, `keep` one the designer changed or moved
   * elsewhere, not re-add a `deleted` one, build a `new` one. Children are asked only under an updated or new
   * parent (a kept node is kept with everything in it).
   */
  fate(specId: string, parentId: string | null, parentFate: Fate | null): Fate {
    const old = this.nodes.get(specId);
    if (old) {
      const moved = parentId !== null && old.parent?.getPluginData(SPEC_NODE_KEY) !== parentId;
      return moved || this.edited(old, parentId === null) ? 'keep' : 'update';
    }
    if (parentId === null) return this.roots.has(specId) ? 'deleted' : 'new';
    if (parentFate === 'new') return 'new';
    return this.placedIn(parentId).has(specId) ? 'deleted' : 'new';
  }
}

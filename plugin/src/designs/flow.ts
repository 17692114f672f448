// Designs from wireframes, end to end on the plugin's side: the designer's selected wireframe frames go up as
// a snapshot; a finished design is built beside its wireframe with the same builder as Code2WF wireframes (so
// fallbacks, Cancel and placing again work the same), its report's unmapped and snapped elements become
// annotations on the placed nodes, and the placement is reported back.
import { reportBody } from '../api/client';
import { Builder, type BuildOptions } from '../builder';
import { bindingsOf, planSpec } from '../plan';
import type { FigmaPort, PortChild } from '../port';
import { Previous } from '../previous';
import type { PlacementReport } from '../report';
import { annotate, notesOf, type AnnotatableNode, type AnnotationPort, type DesignNote } from './annotate';
import type { DesignApi } from './api';
import type { DesignGeneration } from './routes';
import { snapshot, wireframeFrames, type SnapshotFrame } from './snapshot';

export type DesignFigma = FigmaPort & AnnotationPort;

export interface DesignPlacement {
  report: PlacementReport;
  notes: DesignNote[];
  annotated: number;
  notAnnotated: { name: string; reason: string }[];
  reported: boolean;
}

export class NothingSelected extends Error {
  override name = 'NothingSelected';
  constructor() {
    super('Select one or more wireframe frames first.');
  }
}

function annotatable(n: PortChild | undefined): AnnotatableNode | undefined {
  return n && 'annotations' in n ? (n as unknown as AnnotatableNode) : undefined;
}

export class Designs {
  constructor(
    private readonly api: DesignApi,
    private readonly figma: DesignFigma,
  ) {}

  /** Uploads the selected wireframe frames; one design generation comes back per frame. */
  async start(projectId: number, figmaFileKey: string): Promise<DesignGeneration[]> {
    const frames = wireframeFrames(this.figma.currentPage.selection).filter((n): n is PortChild & SnapshotFrame => typeof n.exportAsync === 'function');
    if (frames.length === 0) throw new NothingSelected();
    return this.api.fromSnapshot(projectId, await snapshot(figmaFileKey, frames));
  }

  /** Builds the design beside its wireframe, annotates what its report flags, and reports the placement. */
  async place(projectId: number, designGenerationId: string, opts: Partial<BuildOptions> = {}, onBuilder?: (b: Builder) => void): Promise<DesignPlacement> {
    const [generation, spec, designReport] = await Promise.all([
      this.api.get(projectId, designGenerationId),
      this.api.result(projectId, designGenerationId),
      this.api.report(projectId, designGenerationId),
    ]);
    const builder = new Builder(this.figma, {
      generationId: designGenerationId,
      placementTarget: generation.wireframeNodeId,
      besideTarget: true,
      designArea: spec.placement?.designArea ?? null,
      ...opts,
    });
    onBuilder?.(builder);
    const report = await builder.build(planSpec(spec));
    const placed = await Previous.find(this.figma, designGenerationId);
    const screen = spec.screens[0] ? annotatable(placed.nodes.get(spec.screens[0].root.id)) : undefined;
    const notes = notesOf(designReport);
    const written = await annotate(this.figma, notes, (id) => annotatable(placed.nodes.get(id)), screen);
    let reported = true;
    try {
      await this.api.materialize(projectId, designGenerationId, reportBody(report, bindingsOf(spec)));
    } catch {
      reported = false;
    }
    return { report, notes, annotated: written.written, notAnnotated: written.failed.map((f) => ({ name: f.note.name, reason: f.reason })), reported };
  }
}

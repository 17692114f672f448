// Corpus specs whose buttons and fields became library instances, in the shape the assemble step writes
// (spec v1.1: same id, variant properties, label overrides, the wireframe node as fallback).
import type { Spec, SpecNode } from '../src/spec';
import { walkSpec } from './specs';

export const COMPONENT_ROLES: Record<string, string> = { button: 'Button', input: 'Input', select: 'Select', checkbox: 'Checkbox', radio: 'Radio', textarea: 'Textarea' };
export const PUBLISHED = new Set(['Button', 'Checkbox', 'Select']);

function firstText(node: SpecNode): string | null {
  for (const n of walkSpec(node)) if (n.type === 'TEXT' && n.characters) return n.characters;
  return null;
}

export function withInstances(spec: Spec): { spec: Spec; instances: SpecNode[] } {
  const instances: SpecNode[] = [];
  const map = (node: SpecNode): SpecNode => {
    const set = node.role ? COMPONENT_ROLES[node.role] : undefined;
    if (node.type === 'FRAME' && set) {
      const label = firstText(node);
      const inst: SpecNode = {
        id: node.id, type: 'INSTANCE', name: set, role: node.role, x: node.x, y: node.y, width: node.width, height: node.height, capturedBox: node.capturedBox,
        layoutPositioning: node.layoutPositioning, layoutSizingHorizontal: node.layoutSizingHorizontal, layoutSizingVertical: node.layoutSizingVertical,
        componentKey: `key-${set}`, componentName: 'Type=Primary', componentSetName: set, variantProperties: { Type: 'Primary' },
        textOverrides: label ? [{ layer: null, characters: label }] : [], mappingConfidence: 0.9, mappingSource: `name: ${set}`, fallback: node,
      };
      instances.push(inst);
      return inst;
    }
    return node.children ? { ...node, children: node.children.map(map) } : node;
  };
  return { spec: { ...spec, schema: 'wf2des.code2wf.spec/v1.1', screens: spec.screens.map((s) => ({ ...s, root: map(s.root) })) }, instances };
}


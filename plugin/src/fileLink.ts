// A public plugin cannot read the key of the file it runs in: the user pastes the file's link once.

export interface FileLink {
  fileKey: string;
  nodeId: string | null;
}

const LINK = /^https:\/\/(?:www\.)?figma\.com\/(?:file|design)\/([A-Za-z0-9]+)(?:\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/;

/** The file key (and the linked node, if any) of a figma.com/file/… or figma.com/design/… link; null otherwise. */
export function parseFileLink(link: string): FileLink | null {
  const m = LINK.exec(link.trim());
  if (!m?.[1]) return null;
  let nodeId: string | null = null;
  for (const part of (m[2] ?? '').split('&')) {
    const [k, v] = part.split('=');
    if (k === 'node-id' && v) nodeId = decodeURIComponent(v).replace('-', ':');
  }
  return { fileKey: m[1], nodeId };
}

export function checkManifest(manifest: unknown, opts?: { apiUrl?: string; requireBuilt?: boolean }): string[];

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found by walking up from this module: the same answer whether
 * the server runs from its sources or from a compiled bundle in another folder.
 */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json non trovato sopra ${from}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACE_SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'packages/casa/src',
  'packages/ml/src',
].map((dir) => path.join(repoRoot, dir));

describe('import circles', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'sarm-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a circle through a type-only import and ignores dynamic imports', () => {
    mkdirSync(path.join(scratch, 'src'));
    const write = (name, text) => writeFileSync(path.join(scratch, 'src', name), text);
    write('a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    write('b.ts', "import type { C } from './c.js';\nexport const b = 1 as C;\n");
    write('c.ts', "import { a } from './a.js';\nexport type C = typeof a;\n");
    write('lazy.ts', "export const page = () => import('./d.js');\n");
    write('d.ts', "import { page } from './lazy.js';\nexport const d = page;\n");
    const cycles = importCycles(importGraph([path.join(scratch, 'src')]));
    expect(cycles.map((group) => group.map((file) => path.basename(file)))).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
    ]);
  });

  it('the workspace sources have none: shared types live one floor down', () => {
    const cycles = importCycles(importGraph(WORKSPACE_SOURCES));
    expect(cycles.map((group) => group.map((file) => path.relative(repoRoot, file)))).toEqual([]);
  });
});

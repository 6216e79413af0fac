import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Static `import … from` / `export … from` of a relative module (type-only ones count too). */
const RELATIVE_IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

function sourceFiles(root) {
  const files = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

function resolveImport(from, specifier, known) {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((c) => known.has(c));
}

/** The import graph of the source files under `roots`: file -> files it imports. */
export function importGraph(roots) {
  const files = roots.flatMap((root) => sourceFiles(path.resolve(root)));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(RELATIVE_IMPORT)]
      .map((match) => resolveImport(file, match[1], known))
      .filter((target) => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * Groups of modules that import each other, directly or around a longer circle (strongly
 * connected components of more than one file, Tarjan's algorithm). Dynamic `import()` is not an
 * edge: a lazily loaded page does not tie its loader into a circle.
 */
export function importCycles(graph) {
  let counter = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    order.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), order.get(next)));
    }
    if (low.get(file) !== order.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

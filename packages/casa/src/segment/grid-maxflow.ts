/**
 * Boykov-Kolmogorov min-cut / max-flow on a 4-connected pixel grid (Boykov & Kolmogorov, PAMI
 * 2004). Edges are stored per pixel and direction (0 +x, 1 -x, 2 +y, 3 -y); the reverse of
 * direction d is d ^ 1. Terminal links are folded into one signed residual per pixel: > 0 means
 * residual capacity from the source, < 0 to the sink.
 */

const FREE = 0;
const SOURCE = 1;
const SINK = 2;

const NO_PARENT = -1;
const TERMINAL = -2;
const ORPHAN = -3;

const EPS = 1e-9;

export interface GridGraph {
  readonly width: number;
  readonly height: number;
  /** Residual capacity of the edge from pixel p in direction d, at p * 4 + d. */
  readonly edges: Float64Array;
  /** Signed terminal residual per pixel (source capacity minus sink capacity). */
  readonly terminal: Float64Array;
}

export function createGridGraph(width: number, height: number): GridGraph {
  return {
    width,
    height,
    edges: new Float64Array(width * height * 4),
    terminal: new Float64Array(width * height),
  };
}

/**
 * Runs max-flow and returns 1 for pixels on the source side of the minimum cut. The graph's
 * capacities are consumed (left as residuals).
 */
export function minCutSourceSide(graph: GridGraph): Uint8Array {
  const { width, height, edges, terminal } = graph;
  const n = width * height;
  const offset = [1, -1, width, -width];
  const tree = new Uint8Array(n);
  const parent = new Int8Array(n).fill(NO_PARENT);
  // Active FIFO (a node can appear more than once; stale entries are skipped).
  const queue = new Int32Array(n * 2);
  let head = 0;
  let tail = 0;
  const inQueue = new Uint8Array(n);
  const push = (p: number): void => {
    if (inQueue[p] === 1) return;
    if (tail >= queue.length) {
      // At most n nodes are live at once and the buffer holds 2n, so compaction always fits.
      queue.copyWithin(0, head, tail);
      tail -= head;
      head = 0;
    }
    inQueue[p] = 1;
    queue[tail++] = p;
  };
  const hasNeighbour = (p: number, d: number): boolean => {
    const x = p % width;
    switch (d) {
      case 0:
        return x < width - 1;
      case 1:
        return x > 0;
      case 2:
        return p + width < n;
      default:
        return p >= width;
    }
  };

  for (let p = 0; p < n; p++) {
    const t = terminal[p] ?? 0;
    if (t > EPS) {
      tree[p] = SOURCE;
      parent[p] = TERMINAL;
      push(p);
    } else if (t < -EPS) {
      tree[p] = SINK;
      parent[p] = TERMINAL;
      push(p);
    }
  }

  const orphans: number[] = [];
  // Origin check: walks up to the root; valid when it ends at a terminal link.
  const rootedAtTerminal = (start: number): boolean => {
    let p = start;
    for (let steps = 0; steps <= n; steps++) {
      const par = parent[p] ?? NO_PARENT;
      if (par === TERMINAL) return true;
      if (par < 0) return false;
      p += offset[par] ?? 0;
    }
    return false;
  };

  for (;;) {
    // Growth: find an edge joining the two trees.
    let meetS = -1;
    let meetT = -1;
    let meetDir = -1;
    while (head < tail && meetS < 0) {
      const p = queue[head] ?? 0;
      const tp = tree[p] ?? FREE;
      if (tp === FREE) {
        inQueue[p] = 0;
        head++;
        continue;
      }
      for (let d = 0; d < 4; d++) {
        if (!hasNeighbour(p, d)) continue;
        const q = p + (offset[d] ?? 0);
        const cap = tp === SOURCE ? (edges[p * 4 + d] ?? 0) : (edges[q * 4 + (d ^ 1)] ?? 0);
        if (cap <= EPS) continue;
        const tq = tree[q] ?? FREE;
        if (tq === FREE) {
          tree[q] = tp;
          parent[q] = d ^ 1;
          push(q);
        } else if (tq !== tp) {
          if (tp === SOURCE) {
            meetS = p;
            meetT = q;
            meetDir = d;
          } else {
            meetS = q;
            meetT = p;
            meetDir = d ^ 1;
          }
          break;
        }
      }
      if (meetS < 0) {
        inQueue[p] = 0;
        head++;
      }
    }
    if (meetS < 0) break;

    // Augmentation: bottleneck along source root -> meetS -> meetT -> sink root.
    let bottleneck = edges[meetS * 4 + meetDir] ?? 0;
    for (let p = meetS; ;) {
      const par = parent[p] ?? NO_PARENT;
      if (par === TERMINAL) {
        bottleneck = Math.min(bottleneck, terminal[p] ?? 0);
        break;
      }
      const q = p + (offset[par] ?? 0);
      bottleneck = Math.min(bottleneck, edges[q * 4 + (par ^ 1)] ?? 0);
      p = q;
    }
    for (let p = meetT; ;) {
      const par = parent[p] ?? NO_PARENT;
      if (par === TERMINAL) {
        bottleneck = Math.min(bottleneck, -(terminal[p] ?? 0));
        break;
      }
      bottleneck = Math.min(bottleneck, edges[p * 4 + par] ?? 0);
      p += offset[par] ?? 0;
    }

    edges[meetS * 4 + meetDir] = (edges[meetS * 4 + meetDir] ?? 0) - bottleneck;
    edges[meetT * 4 + (meetDir ^ 1)] = (edges[meetT * 4 + (meetDir ^ 1)] ?? 0) + bottleneck;
    for (let p = meetS; ;) {
      const par = parent[p] ?? NO_PARENT;
      if (par === TERMINAL) {
        terminal[p] = (terminal[p] ?? 0) - bottleneck;
        if ((terminal[p] ?? 0) <= EPS) {
          parent[p] = ORPHAN;
          orphans.push(p);
        }
        break;
      }
      const q = p + (offset[par] ?? 0);
      const fwd = q * 4 + (par ^ 1);
      edges[fwd] = (edges[fwd] ?? 0) - bottleneck;
      edges[p * 4 + par] = (edges[p * 4 + par] ?? 0) + bottleneck;
      if ((edges[fwd] ?? 0) <= EPS) {
        parent[p] = ORPHAN;
        orphans.push(p);
      }
      p = q;
    }
    for (let p = meetT; ;) {
      const par = parent[p] ?? NO_PARENT;
      if (par === TERMINAL) {
        terminal[p] = (terminal[p] ?? 0) + bottleneck;
        if ((terminal[p] ?? 0) >= -EPS) {
          parent[p] = ORPHAN;
          orphans.push(p);
        }
        break;
      }
      const q = p + (offset[par] ?? 0);
      const fwd = p * 4 + par;
      edges[fwd] = (edges[fwd] ?? 0) - bottleneck;
      edges[q * 4 + (par ^ 1)] = (edges[q * 4 + (par ^ 1)] ?? 0) + bottleneck;
      if ((edges[fwd] ?? 0) <= EPS) {
        parent[p] = ORPHAN;
        orphans.push(p);
      }
      p = q;
    }

    // Adoption.
    while (orphans.length > 0) {
      const o = orphans.pop() ?? 0;
      const to = tree[o] ?? FREE;
      let adopted = false;
      for (let d = 0; d < 4 && !adopted; d++) {
        if (!hasNeighbour(o, d)) continue;
        const q = o + (offset[d] ?? 0);
        if (tree[q] !== to) continue;
        const cap = to === SOURCE ? (edges[q * 4 + (d ^ 1)] ?? 0) : (edges[o * 4 + d] ?? 0);
        if (cap <= EPS) continue;
        if (rootedAtTerminal(q)) {
          parent[o] = d;
          adopted = true;
        }
      }
      if (adopted) continue;
      for (let d = 0; d < 4; d++) {
        if (!hasNeighbour(o, d)) continue;
        const q = o + (offset[d] ?? 0);
        if (tree[q] !== to) continue;
        const cap = to === SOURCE ? (edges[q * 4 + (d ^ 1)] ?? 0) : (edges[o * 4 + d] ?? 0);
        if (cap > EPS) push(q);
        if (parent[q] === (d ^ 1)) {
          parent[q] = ORPHAN;
          orphans.push(q);
        }
      }
      tree[o] = FREE;
      parent[o] = NO_PARENT;
    }
  }

  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (tree[p] === SOURCE) out[p] = 1;
  return out;
}

/**
 * Minimum-cost assignment of rows to columns (Hungarian method with potentials, shortest augmenting
 * paths; O(n² m)). `cost` is row-major n x m with n <= m. Returns, for each row, its column.
 */
export function solveAssignment(cost: Float64Array, n: number, m: number): Int32Array {
  if (n > m) throw new Error('solveAssignment needs rows <= columns');
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const match = new Int32Array(m + 1); // match[j] = row (1-based) assigned to column j, 0 = none
  const way = new Int32Array(m + 1);
  const minv = new Float64Array(m + 1);
  const used = new Uint8Array(m + 1);
  for (let i = 1; i <= n; i++) {
    match[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = match[j0] ?? 0;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = (cost[(i0 - 1) * m + (j - 1)] ?? Infinity) - (u[i0] ?? 0) - (v[j] ?? 0);
        if (cur < (minv[j] ?? Infinity)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] ?? Infinity) < delta) {
          delta = minv[j] ?? Infinity;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          const row = match[j] ?? 0;
          u[row] = (u[row] ?? 0) + delta;
          v[j] = (v[j] ?? 0) - delta;
        } else {
          minv[j] = (minv[j] ?? 0) - delta;
        }
      }
      j0 = j1;
    } while ((match[j0] ?? 0) !== 0);
    do {
      const j1 = way[j0] ?? 0;
      match[j0] = match[j1] ?? 0;
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowToColumn = new Int32Array(n).fill(-1);
  for (let j = 1; j <= m; j++) {
    const row = match[j] ?? 0;
    if (row > 0) rowToColumn[row - 1] = j - 1;
  }
  return rowToColumn;
}

/**
 * A generated stained smear: light background (220) with slight noise, dark elliptic heads (60,
 * about 4.5 x 3 µm at 0.25 µm/px) at the given centres, each with a thin tail to its right.
 */
export function drawSmear(width: number, height: number, centres: readonly [number, number][]) {
  const data = new Uint8Array(width * height);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 6;
  };
  for (let i = 0; i < data.length; i++) data[i] = Math.round(220 + noise());
  for (const [cx, cy] of centres)
    for (let y = Math.floor(cy - 8); y <= cy + 8; y++)
      for (let x = Math.floor(cx - 12); x <= cx + 40; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const head = ((x - cx) / 9) ** 2 + ((y - cy) / 6) ** 2 <= 1;
        const tail = x > cx + 9 && Math.abs(y - cy) < 1;
        if (head) data[y * width + x] = 60;
        else if (tail) data[y * width + x] = 150;
      }
  return { width, height, data };
}

/**
 * Benchmark of the point-prompted segmenter on synthetic 128x128 crops: mean IoU with the true head
 * mask from 1 and 3 prompt points, confidence, and time per prompt, for the tuning seeds and the
 * held-out seeds separately. Also compares the graph cut with the marker watershed alternative.
 * Run: cd packages/casa && npx tsc -b && node dist/bench/segment-bench.js
 */
import { maskIoU } from '../segment/mask.js';
import {
  HELD_OUT_SEEDS,
  TUNING_SEEDS,
  onePointPrompt,
  threePointPrompt,
} from '../segment/prompts.js';
import { segmentFromPoints, segmentMaskWith } from '../segment/segment.js';
import { suggestPoints } from '../segment/suggest.js';
import { syntheticCrop, type SyntheticCrop } from '../segment/synthetic-crop.js';

const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
const p95 = (v: number[]): number => {
  const sorted = [...v].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
};

/** Within `radius` px of a pixel set to 1 in `mask`. */
function near(mask: Uint8Array, width: number, x: number, y: number, radius: number): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (mask[(y + dy) * width + (x + dx)] === 1) return true;
    }
  }
  return false;
}

/**
 * Suggested points against the truth: the head point inside the head, tail points within 2 px of
 * the tail line, background points off the cell (head and tail, 2 px margin).
 */
function suggestionFigures(crops: readonly SyntheticCrop[]) {
  let head = 0;
  let tail = 0;
  let tailTotal = 0;
  let background = 0;
  let backgroundTotal = 0;
  for (const c of crops) {
    const width = c.image.width;
    const [first, ...rest] = suggestPoints(c.image, c.headBox);
    if (first !== undefined && c.headMask[first.y * width + first.x] === 1) head++;
    for (const p of rest) {
      if (p.label === 1) {
        tailTotal++;
        if (near(c.tailMask, width, p.x, p.y, 2)) tail++;
      } else {
        backgroundTotal++;
        if (!near(c.tailMask, width, p.x, p.y, 2) && !near(c.headMask, width, p.x, p.y, 2))
          background++;
      }
    }
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
  return `head point in head ${pct(head, crops.length)}, tail points on tail ${pct(tail, tailTotal)} (${tailTotal}), background points off the cell ${pct(background, backgroundTotal)} (${backgroundTotal})`;
}

function run(name: string, seeds: readonly number[]): void {
  const crops = seeds.map((s) => syntheticCrop(s));
  const iou1: number[] = [];
  const iou3: number[] = [];
  const conf: number[] = [];
  const times: number[] = [];
  const ws1: number[] = [];
  for (const c of crops) {
    for (const [prompt, out] of [
      [onePointPrompt(c), iou1],
      [threePointPrompt(c), iou3],
    ] as const) {
      const t0 = performance.now();
      const result = segmentFromPoints(c.image, prompt);
      times.push(performance.now() - t0);
      out.push(maskIoU(result.mask, c.headMask));
      if (out === iou1) conf.push(result.confidence);
    }
    ws1.push(maskIoU(segmentMaskWith(c.image, onePointPrompt(c), 'watershed'), c.headMask));
  }
  const hard = seeds.map((s) => syntheticCrop(s, { noiseSigma: 22, blurSigma: 2.5 }));
  const hardConf = hard.map((c) => segmentFromPoints(c.image, onePointPrompt(c)).confidence);
  const hardIou = hard.map((c) =>
    maskIoU(segmentFromPoints(c.image, onePointPrompt(c)).mask, c.headMask),
  );
  console.log(`${name} (${seeds.length} crops, 128x128)`);
  console.log(`  graph cut  mean IoU 1 point : ${mean(iou1).toFixed(3)}`);
  console.log(`  graph cut  mean IoU 3 points: ${mean(iou3).toFixed(3)}`);
  console.log(`  watershed  mean IoU 1 point : ${mean(ws1).toFixed(3)}`);
  console.log(
    `  time per prompt (incl. confidence): mean ${mean(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms`,
  );
  console.log(`  auto-suggest: ${suggestionFigures(crops)}`);
  console.log(
    `  confidence clean ${mean(conf).toFixed(2)}; blur 2.5 + noise 22: ${mean(hardConf).toFixed(2)} (IoU ${mean(hardIou).toFixed(3)})`,
  );
}

// Warm up the JIT so the timings describe steady state.
for (let s = 1; s <= 15; s++) {
  const c = syntheticCrop(s);
  segmentFromPoints(c.image, onePointPrompt(c));
}
run('tuning seeds', TUNING_SEEDS);
run('held-out seeds', HELD_OUT_SEEDS);

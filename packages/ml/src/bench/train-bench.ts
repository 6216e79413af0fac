/**
 * Training benchmark: trains the head detector on generated data and prints epochs, time per
 * epoch, throughput and the F1 on data from seeds it never saw.
 * Usage: npm run bench -w packages/ml -- [epochs=20] [videos=6] [data=sim|ellipses]
 *   sim: frames of the CASA simulator (192x160, every 5th of 100 frames per video, 20 per video);
 *   ellipses: 32 frames of 128x128 generated ellipses per "video".
 */
import { initBackend } from '../backend.js';
import { detectHeads } from '../detector/infer.js';
import { f1Score, matchCentres } from '../detector/metrics.js';
import { trainHeadDetector } from '../detector/train.js';
import { generateEllipseSamples } from '../synthetic.js';
import type { DetectionSample } from '../types.js';
import { simulatedSamples } from './simulated.js';

const epochs = Number(process.argv[2] ?? 20);
const videos = Number(process.argv[3] ?? 6);
const data = process.argv[4] === 'ellipses' ? 'ellipses' : 'sim';

function samplesOf(seed: number): DetectionSample[] {
  return data === 'sim'
    ? simulatedSamples({ width: 192, height: 160, frames: 100, sperm: 8, debris: 10, seed }, 5)
    : generateEllipseSamples({
        width: 128,
        height: 128,
        heads: [4, 14],
        debris: [0, 6],
        count: 32,
        seed,
      });
}

const info = await initBackend();
console.log(`backend ${info.backend}, SIMD ${info.simd}, threads ${info.threads}, data ${data}`);
const samples = Array.from({ length: videos }, (_, i) => samplesOf(i + 1)).flat();
const started = performance.now();
const { model, history } = await trainHeadDetector(
  samples,
  { epochs, batchSize: 16, learningRate: 0.003, seed: 1 },
  (m) => {
    console.log(
      `epoch ${m.epoch}/${m.epochs}  ${m.seconds.toFixed(2)} s  loss ${m.loss.toFixed(4)}  ` +
        `val_loss ${m.valLoss.toFixed(4)}  f1 ${m.f1.toFixed(3)}  val_f1 ${m.valF1.toFixed(3)}`,
    );
  },
);
const seconds = (performance.now() - started) / 1000;
const trainFrames = samples.length - Math.round(samples.length * 0.2);
const best = history.reduce((a, b) => (b.valF1 > a.valF1 ? b : a));

const heldOut = [101, 102, 103].flatMap(samplesOf);
const inferStart = performance.now();
const total = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
for (const sample of heldOut) {
  const c = matchCentres(detectHeads(model, sample.frame), sample.boxes, 5);
  total.truePositives += c.truePositives;
  total.falsePositives += c.falsePositives;
  total.falseNegatives += c.falseNegatives;
}
const inferSeconds = (performance.now() - inferStart) / 1000;

// Inference speed on full 640x480 frames of the default simulation.
const full = simulatedSamples({ frames: 20, seed: 201 }, 1).map((s) => s.frame);
detectHeads(model, full[0] ?? { width: 640, height: 480, data: new Uint8Array(640 * 480) });
const fullStart = performance.now();
for (const frame of full) detectHeads(model, frame);
const fullFps = full.length / ((performance.now() - fullStart) / 1000);
model.dispose();

console.log(
  JSON.stringify(
    {
      data,
      epochs: history.length,
      frames: samples.length,
      frame_size: `${samples[0]?.frame.width}x${samples[0]?.frame.height}`,
      seconds_per_epoch: +(seconds / Math.max(history.length, 1)).toFixed(3),
      train_samples_per_second: +((trainFrames * history.length) / seconds).toFixed(1),
      final_val_f1: +(history.at(-1)?.valF1 ?? Number.NaN).toFixed(4),
      best_val_f1: +best.valF1.toFixed(4),
      best_epoch: best.epoch,
      held_out_f1: +f1Score(total).toFixed(4),
      held_out_frames_per_second: +(heldOut.length / inferSeconds).toFixed(1),
      frames_per_second_640x480: +fullFps.toFixed(1),
    },
    null,
    2,
  ),
);

import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { evaluateClassifier, scorePredictions } from './evaluate.js';
import { classifyCrops } from './infer.js';
import { classifierArchitecture, createMorphologyClassifier } from './model.js';
import { generateMorphologyCrops, SYNTHETIC_MORPHOLOGY_CLASSES } from './synthetic.js';

beforeAll(async () => {
  await initBackend();
});

describe('scorePredictions', () => {
  it('counts true classes in rows and predictions in columns', () => {
    const score = scorePredictions([0, 0, 1, 2, 2, 2], [0, 1, 1, 2, 2, 0], ['a', 'b', 'c']);
    expect(score.confusion).toEqual([
      [1, 1, 0],
      [0, 1, 0],
      [1, 0, 2],
    ]);
    expect(score.accuracy).toBeCloseTo(4 / 6);
    expect(score.perClass).toEqual([
      { class: 'a', accuracy: 0.5, count: 2 },
      { class: 'b', accuracy: 1, count: 1 },
      { class: 'c', accuracy: 2 / 3, count: 3 },
    ]);
  });

  it('answers NaN for a class without samples', () => {
    expect(scorePredictions([0], [0], ['a', 'b']).perClass[1]?.accuracy).toBeNaN();
  });
});

describe('evaluateClassifier', () => {
  it('has a confusion matrix that sums to the sample count and agrees with classifyCrops', () => {
    const samples = generateMorphologyCrops({ count: 23, seed: 8 });
    const model = createMorphologyClassifier(
      classifierArchitecture(SYNTHETIC_MORPHOLOGY_CLASSES),
      5,
    );
    const result = evaluateClassifier(model, samples);
    const predictions = classifyCrops(model, samples, 7);
    model.dispose();
    const total = result.confusion.flat().reduce((a, b) => a + b, 0);
    expect(total).toBe(23);
    expect(result.perClass.map((c) => c.count)).toEqual([5, 5, 5, 4, 4]);
    const right = predictions.filter((p, i) => p.classIndex === samples[i]?.label).length;
    expect(result.accuracy).toBeCloseTo(right / 23);
    for (const p of predictions) {
      expect(p.className).toBe(SYNTHETIC_MORPHOLOGY_CLASSES[p.classIndex]);
      expect(p.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      expect(p.confidence).toBe(Math.max(...p.probabilities));
    }
  });

  it('rejects a label outside the classes', () => {
    const model = createMorphologyClassifier(classifierArchitecture(['a', 'b']), 1);
    const [sample] = generateMorphologyCrops({ count: 1 });
    expect(sample).toBeDefined();
    if (sample === undefined) return;
    expect(() => evaluateClassifier(model, [{ ...sample, label: 2 }])).toThrow(/label 2/);
    model.dispose();
  });
});

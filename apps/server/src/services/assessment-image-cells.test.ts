import type { MorphologyCellProposal } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { drawSmear } from '../test/smear-image.js';
import {
  defectsOfModelClass,
  findStainedHeads,
  judgeConfirmations,
  labelClassesOfDefects,
} from './assessment-image-cells.js';

describe('findStainedHeads', () => {
  it('finds each dark head on a light smear, in reading order', () => {
    const centres: [number, number][] = [
      [150, 40],
      [40, 40],
      [90, 120],
    ];
    const boxes = findStainedHeads(drawSmear(240, 180, centres), 0.25);
    expect(boxes).toHaveLength(3);
    const [first, second, third] = boxes;
    // Reading order: the two top heads left to right, then the lower one.
    expect(first !== undefined && first.x1 < 40 && first.x2 > 40 && first.y1 < 40).toBe(true);
    expect(second !== undefined && second.x1 < 150 && second.x2 > 150).toBe(true);
    expect(third !== undefined && third.y1 < 120 && third.y2 > 120).toBe(true);
  });

  it('finds nothing on a blank slide', () => {
    expect(findStainedHeads(drawSmear(200, 150, []), 0.25)).toEqual([]);
  });
});

describe('class mapping', () => {
  it('maps the classifier classes of both technical lists to bench defects', () => {
    expect(defectsOfModelClass('normal')).toEqual([]);
    expect(defectsOfModelClass('head_defect')).toEqual(['head']);
    expect(defectsOfModelClass('abnormal_head')).toEqual(['head']);
    expect(defectsOfModelClass('midpiece_defect')).toEqual(['midpiece']);
    expect(defectsOfModelClass('abnormal_tail')).toEqual(['tail']);
    expect(defectsOfModelClass('cytoplasmic_droplet')).toEqual(['erc']);
    expect(defectsOfModelClass('multiple_defects')).toEqual(['head', 'midpiece', 'tail']);
    expect(defectsOfModelClass('something else')).toEqual([]);
  });

  it('names the labelling and review classes of a technician class for the technical side', () => {
    expect(labelClassesOfDefects([])).toEqual({ className: 'normal', morphologyClass: 'normal' });
    expect(labelClassesOfDefects(['tail'])).toEqual({
      className: 'abnormal_tail',
      morphologyClass: 'tail_defect',
    });
    expect(labelClassesOfDefects(['erc'])).toEqual({
      className: 'cytoplasmic_droplet',
      morphologyClass: 'midpiece_defect',
    });
    // Several defects: the first in head, midpiece, tail, erc order, whatever order they came in.
    expect(labelClassesOfDefects(['erc', 'tail', 'midpiece'])).toEqual({
      className: 'abnormal_midpiece',
      morphologyClass: 'multiple_defects',
    });
  });
});

describe('judgeConfirmations', () => {
  const proposal = (defects: MorphologyCellProposal['defects']): MorphologyCellProposal => ({
    x: 0,
    y: 0,
    width: 10,
    height: 10,
    defects,
    modelClass: 'x',
    confidence: 0.5,
  });
  const proposals = [proposal([]), proposal(['head']), proposal(['head', 'tail'])];

  it('counts the same defects in any order as confirmed and others as corrected', () => {
    const judged = judgeConfirmations(proposals, [
      { proposal: 0, defects: [] },
      { proposal: 1, defects: ['tail'] },
      { proposal: 2, defects: ['tail', 'head'] },
    ]);
    if ('invalidProposal' in judged) throw new Error('unexpected');
    expect(judged.confirmed.map((c) => c.proposal)).toEqual([0, 2]);
    expect(judged.corrected.map((c) => c.proposal)).toEqual([1]);
    expect(judged.corrected[0]?.defects).toEqual(['tail']);
  });

  it('names an unknown or repeated proposal', () => {
    expect(judgeConfirmations(proposals, [{ proposal: 3, defects: [] }])).toEqual({
      invalidProposal: 3,
    });
    expect(
      judgeConfirmations(proposals, [
        { proposal: 1, defects: [] },
        { proposal: 1, defects: ['head'] },
      ]),
    ).toEqual({ invalidProposal: 1 });
  });
});

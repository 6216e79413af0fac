import type { SegmentationModel } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  byteSize,
  chooseLabel,
  initialMaskModel,
  maskSummary,
  missingIdKey,
  pageCount,
  suggestedLabelName,
} from './maskExtractionLogic';

const model = (id: string, isDefault = false): Pick<SegmentationModel, 'id' | 'default'> => ({
  id,
  default: isDefault,
});

describe('initialMaskModel', () => {
  it('starts on sam2.1_hiera_large when the server lists it, even if another is flagged default', () => {
    expect(initialMaskModel([model('sarm-pointcut-v1', true), model('sam2.1_hiera_large')])).toBe(
      'sam2.1_hiera_large',
    );
  });
  it('falls back to the default-flagged model, then the first, then none', () => {
    expect(initialMaskModel([model('a'), model('b', true)])).toBe('b');
    expect(initialMaskModel([model('a'), model('b')])).toBe('a');
    expect(initialMaskModel([])).toBeNull();
  });
});

describe('maskSummary', () => {
  it('bands confidence above 0.8 High, above 0.6 Medium, else Low; quality Good above 0.7', () => {
    expect(maskSummary(0.81)).toEqual({ percent: 81, band: 'High', quality: 'Good' });
    expect(maskSummary(0.8)).toEqual({ percent: 80, band: 'Medium', quality: 'Good' });
    expect(maskSummary(0.7)).toEqual({ percent: 70, band: 'Medium', quality: 'Fair' });
    expect(maskSummary(0.6)).toEqual({ percent: 60, band: 'Low', quality: 'Fair' });
  });
});

describe('missingIdKey', () => {
  it('names the video first, then the dataset, and nothing when both are given', () => {
    expect(missingIdKey('', '')).toBe('videoRequired');
    expect(missingIdKey('v', ' ')).toBe('datasetRequired');
    expect(missingIdKey('v', 'd')).toBeNull();
  });
});

describe('pageCount', () => {
  it('counts pages of 20 and never fewer than one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('suggestedLabelName', () => {
  it("offers the spec's name, or the first free numbered variant when it is taken", () => {
    expect(suggestedLabelName('u', 'd', [])).toBe('u_d_morphology');
    expect(
      suggestedLabelName('u', 'd', [{ name: 'u_d_morphology' }, { name: 'u_d_morphology_2' }]),
    ).toBe('u_d_morphology_3');
  });
});

describe('chooseLabel', () => {
  const labels = [
    { id: '1', name: 'other' },
    { id: '2', name: 'u_d_morphology' },
  ];
  it('keeps a choice that still exists', () => {
    expect(chooseLabel(labels, '1', 'u_d_morphology')).toBe('1');
  });
  it("prefers the user's conventional label, then the first, then none", () => {
    expect(chooseLabel(labels, 'gone', 'u_d_morphology')).toBe('2');
    expect(chooseLabel(labels, null, 'x')).toBe('1');
    expect(chooseLabel([], null, 'x')).toBeNull();
  });
});

describe('attachmentName and byteSize', () => {
  it('reads the file name of the download, or uses the fallback', () => {
    expect(attachmentName('attachment; filename="label_coco.zip"', 'x.zip')).toBe('label_coco.zip');
    expect(attachmentName(null, 'x.zip')).toBe('x.zip');
  });
  it('shows KB under a megabyte and MB above', () => {
    expect(byteSize(10)).toEqual({ value: '1', unit: 'KB' });
    expect(byteSize(2048)).toEqual({ value: '2', unit: 'KB' });
    expect(byteSize(3.25 * 1024 * 1024)).toEqual({ value: '3.3', unit: 'MB' });
  });
});

import { NAME_MAX } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { defaultVideoName, uploadFormFields } from './uploadVideo';

describe('upload helpers', () => {
  it('names a video after its file without the extension', () => {
    expect(defaultVideoName('Sample A.mp4')).toBe('Sample A');
    expect(defaultVideoName('clip.v2.webm')).toBe('clip.v2');
    expect(defaultVideoName('noext')).toBe('noext');
  });

  it('cuts a long file name to the longest video name the server accepts', () => {
    expect(defaultVideoName(`${'v'.repeat(NAME_MAX + 50)}.mp4`)).toBe('v'.repeat(NAME_MAX));
  });
});

describe('upload form fields', () => {
  const base = {
    datasetId: 'd1',
    name: 'Clip',
    description: '',
    captureDate: '2026-11-24',
    patientId: null,
    tags: [],
    source: ' ',
  };
  it('sends patient, capture date, tags (JSON) and source as the API takes them', () => {
    expect(
      uploadFormFields({ ...base, patientId: 'p1', tags: ['a', 'b'], source: ' Olympus ' }),
    ).toEqual([
      ['dataset_id', 'd1'],
      ['name', 'Clip'],
      ['description', ''],
      ['captureDate', '2026-11-24'],
      ['patientId', 'p1'],
      ['tags', '["a","b"]'],
      ['source', 'Olympus'],
    ]);
  });
  it('leaves out an empty patient, tags and source', () => {
    expect(uploadFormFields(base).map(([key]) => key)).toEqual([
      'dataset_id',
      'name',
      'description',
      'captureDate',
    ]);
  });
});

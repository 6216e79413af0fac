import { describe, expect, it } from 'vitest';
import type { Dataset } from '@sarm/contracts';
import {
  datasetFormOf,
  datasetStatusColour,
  metadataObject,
  validateDatasetForm,
} from './datasetFormLogic';

const form = {
  name: 'Heads',
  description: 'Boxes of heads',
  projectId: 'p',
  type: 'detection' as const,
  status: 'draft' as const,
  metadata: [],
};

describe('dataset form', () => {
  it('requires a name, a description and the address project in the finetune variant', () => {
    expect(validateDatasetForm(form, 'finetune')).toEqual({});
    expect(
      validateDatasetForm({ ...form, name: ' ', description: '', projectId: '' }, 'finetune'),
    ).toEqual({
      name: 'nameRequired',
      description: 'descriptionRequired',
      projectId: 'projectMissing',
    });
  });

  it('requires a name and a chosen project in the technical variant', () => {
    expect(validateDatasetForm({ ...form, description: '' }, 'technical')).toEqual({});
    expect(
      validateDatasetForm({ ...form, name: '', description: '', projectId: '' }, 'technical'),
    ).toEqual({ name: 'nameRequired', projectId: 'selectProject' });
  });

  it('drops metadata rows with a blank key and colours statuses', () => {
    expect(
      metadataObject([
        { key: ' source ', value: 'VISEM' },
        { key: '', value: 'lost' },
        { key: 'frame_rate', value: '50' },
      ]),
    ).toEqual({ source: 'VISEM', frame_rate: '50' });
    expect(datasetStatusColour('in-progress')).toBe('warning');
    expect(datasetStatusColour('archived')).toBe('error');
  });
});

describe('dataset form starting values', () => {
  it('starts a new dataset as a detection draft with a source row', () => {
    expect(datasetFormOf(null, 'p1')).toEqual({
      name: '',
      description: '',
      projectId: 'p1',
      type: 'detection',
      status: 'draft',
      metadata: [{ key: 'source', value: '' }],
    });
  });
  it("takes an edited dataset's fields and metadata, objects as JSON", () => {
    const dataset = {
      name: 'Heads',
      description: 'Boxes',
      projectId: 'p2',
      type: 'morphology',
      status: 'active',
      metadata: { source: 'VISEM', frame_rate: 50, device: { make: 'Olympus' } },
    } as unknown as Dataset;
    expect(datasetFormOf(dataset, 'ignored')).toEqual({
      name: 'Heads',
      description: 'Boxes',
      projectId: 'p2',
      type: 'morphology',
      status: 'in-progress',
      metadata: [
        { key: 'source', value: 'VISEM' },
        { key: 'frame_rate', value: '50' },
        { key: 'device', value: '{"make":"Olympus"}' },
      ],
    });
  });
});

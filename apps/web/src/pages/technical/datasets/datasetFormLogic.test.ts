import { describe, expect, it } from 'vitest';
import { datasetStatusColour, metadataObject, validateDatasetForm } from './datasetFormLogic';

const form = {
  name: 'Heads',
  description: 'Boxes of heads',
  projectId: 'p',
  type: 'detection' as const,
  status: 'draft' as const,
  metadata: [],
};

describe('dataset form', () => {
  it('requires a name, a description and a project', () => {
    expect(validateDatasetForm(form, false)).toEqual({});
    expect(
      validateDatasetForm({ ...form, name: ' ', description: '', projectId: '' }, false),
    ).toEqual({
      name: 'nameRequired',
      description: 'descriptionRequired',
      projectId: 'selectProject',
    });
    expect(validateDatasetForm({ ...form, projectId: '' }, true)).toEqual({
      projectId: 'projectMissing',
    });
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

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLASS_LIST,
  emptyImportDraft,
  importFileKind,
  importProblems,
  parseClassList,
  readImportDraft,
  type ImportDraft,
} from './importModelLogic';

const draft = (changes: Partial<ImportDraft>): ImportDraft => ({
  ...emptyImportDraft(),
  ...changes,
});

describe('importFileKind', () => {
  it('tells a zip from an ONNX model by the extension, whatever its case', () => {
    expect(importFileKind('model.zip')).toBe('zip');
    expect(importFileKind('Detector.ONNX')).toBe('onnx');
    expect(importFileKind('weights.bin')).toBeNull();
    expect(importFileKind('model.onnx.txt')).toBeNull();
  });
});

describe('parseClassList', () => {
  it('trims the names and drops empty entries, keeping the order', () => {
    expect(parseClassList(' b , a,,c ,')).toEqual(['b', 'a', 'c']);
  });
});

describe('readImportDraft', () => {
  it('starts with no file and the default morphology classes', () => {
    expect(emptyImportDraft().classes).toBe(
      'normal,head_defect,midpiece_defect,tail_defect,multiple_defects',
    );
    expect(readImportDraft(emptyImportDraft())).toEqual({
      ok: false,
      problems: { file: 'missing' },
    });
  });

  it('refuses a file that is neither a zip nor an ONNX model', () => {
    expect(importProblems(draft({ fileName: 'notes.txt' }))).toEqual({ file: 'kind' });
  });

  it('sends a zip with no fields, or with its trimmed name, and ignores the ONNX inputs', () => {
    expect(readImportDraft(draft({ fileName: 'm.zip', classes: '' }))).toEqual({
      ok: true,
      kind: 'zip',
      fields: {},
    });
    expect(
      readImportDraft(draft({ fileName: 'm.zip', name: '  Mine ', type: 'morphology' })),
    ).toEqual({ ok: true, kind: 'zip', fields: { name: 'Mine' } });
  });

  it('needs the type of an ONNX model', () => {
    expect(importProblems(draft({ fileName: 'm.onnx' }))).toEqual({ type: 'missing' });
  });

  it('sends an ONNX detector with its type and no classes', () => {
    expect(readImportDraft(draft({ fileName: 'm.onnx', type: 'detection', classes: 'x' }))).toEqual(
      { ok: true, kind: 'onnx', fields: { type: 'detection' } },
    );
  });

  it('sends an ONNX classifier with its class list, the default one unless edited', () => {
    expect(readImportDraft(draft({ fileName: 'm.onnx', type: 'morphology', name: 'C' }))).toEqual({
      ok: true,
      kind: 'onnx',
      fields: { name: 'C', type: 'morphology', classes: DEFAULT_CLASS_LIST.split(',') },
    });
    expect(
      readImportDraft(draft({ fileName: 'm.onnx', type: 'morphology', classes: 'b, a' })),
    ).toEqual({ ok: true, kind: 'onnx', fields: { type: 'morphology', classes: ['b', 'a'] } });
  });

  it('refuses fewer than two classes, repeated names and over-long names', () => {
    const morphology = (classes: string) =>
      importProblems(draft({ fileName: 'm.onnx', type: 'morphology', classes }));
    expect(morphology('normal')).toEqual({ classes: 'tooFew' });
    expect(morphology(' , ')).toEqual({ classes: 'tooFew' });
    expect(morphology('a,b,a')).toEqual({ classes: 'duplicate' });
    expect(morphology(`a,${'x'.repeat(101)}`)).toEqual({ classes: 'invalidName' });
  });

  it('refuses a name over 200 characters or with a control character', () => {
    expect(importProblems(draft({ fileName: 'm.zip', name: 'x'.repeat(201) }))).toEqual({
      name: 'invalid',
    });
    expect(importProblems(draft({ fileName: 'm.zip', name: 'a\u0007b' }))).toEqual({
      name: 'invalid',
    });
    expect(importProblems(draft({ fileName: 'm.zip', name: 'x'.repeat(200) }))).toEqual({});
  });

  it('names every problem at once', () => {
    expect(importProblems(draft({ fileName: 'm.onnx', name: 'x'.repeat(201) }))).toEqual({
      name: 'invalid',
      type: 'missing',
    });
  });
});

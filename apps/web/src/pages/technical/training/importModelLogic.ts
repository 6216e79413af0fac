import {
  DEFAULT_ONNX_MORPHOLOGY_CLASSES,
  NAME_MAX,
  SHORT_TEXT_MAX,
  type ModelType,
} from '@sarm/contracts';
import type { ModelImportFields } from '../../../api/technical/modelsApi';

/** The two files the registry imports: a SARM model zip or a bare ONNX model. */
export type ImportFileKind = 'zip' | 'onnx';

/** The kind of a chosen file by its extension (as the server decides), or null when neither. */
export function importFileKind(fileName: string): ImportFileKind | null {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.onnx')) return 'onnx';
  return null;
}

/** The Import Model dialog's inputs as typed; `type` is '' until one is chosen. */
export interface ImportDraft {
  readonly fileName: string | null;
  readonly name: string;
  readonly type: ModelType | '';
  readonly classes: string;
}

/** The classes a morphology ONNX model is assumed to score when the import names none. */
export const DEFAULT_CLASS_LIST = DEFAULT_ONNX_MORPHOLOGY_CLASSES.join(',');

export const emptyImportDraft = (): ImportDraft => ({
  fileName: null,
  name: '',
  type: '',
  classes: DEFAULT_CLASS_LIST,
});

/** What keeps the draft from being sent, per field (absent: that field is fine). */
export interface ImportProblems {
  readonly file?: 'missing' | 'kind';
  readonly name?: 'invalid';
  readonly type?: 'missing';
  readonly classes?: 'tooFew' | 'duplicate' | 'invalidName';
}

export type ImportReading =
  | { readonly ok: true; readonly kind: ImportFileKind; readonly fields: ModelImportFields }
  | { readonly ok: false; readonly problems: ImportProblems };

/** Whether a text holds a control character, which the server refuses in one-line fields. */
function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const isSingleLine = (text: string, max: number) =>
  text.length <= max && !hasControlCharacter(text);

/** The class names of a comma list, trimmed, empty entries dropped (as the server reads it). */
export function parseClassList(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function classListProblem(names: readonly string[]): ImportProblems['classes'] {
  if (names.some((name) => !isSingleLine(name, SHORT_TEXT_MAX))) return 'invalidName';
  if (names.length < 2) return 'tooFew';
  if (new Set(names).size !== names.length) return 'duplicate';
  return undefined;
}

/**
 * Reads the draft into the multipart fields the server expects, or names what is missing or
 * wrong. A zip carries only an optional name; an ONNX model needs its type, and a morphology
 * model sends its class list (at least two distinct names).
 */
export function readImportDraft(draft: ImportDraft): ImportReading {
  const kind = draft.fileName === null ? null : importFileKind(draft.fileName);
  const name = draft.name.trim();
  const nameProblem = isSingleLine(name, NAME_MAX) ? undefined : 'invalid';
  const fileProblem = draft.fileName === null ? 'missing' : kind === null ? 'kind' : undefined;
  const typeProblem = kind === 'onnx' && draft.type === '' ? 'missing' : undefined;
  const classes = parseClassList(draft.classes);
  const classesProblem =
    kind === 'onnx' && draft.type === 'morphology' ? classListProblem(classes) : undefined;
  const problems: ImportProblems = {
    ...(fileProblem === undefined ? {} : { file: fileProblem }),
    ...(nameProblem === undefined ? {} : { name: nameProblem }),
    ...(typeProblem === undefined ? {} : { type: typeProblem }),
    ...(classesProblem === undefined ? {} : { classes: classesProblem }),
  };
  if (kind === null || Object.keys(problems).length > 0) return { ok: false, problems };
  const named = name === '' ? {} : { name };
  if (kind === 'zip') return { ok: true, kind, fields: named };
  if (draft.type === 'morphology')
    return { ok: true, kind, fields: { ...named, type: draft.type, classes } };
  if (draft.type === 'detection') return { ok: true, kind, fields: { ...named, type: draft.type } };
  return { ok: false, problems: { type: 'missing' } };
}

/** The problems of a draft, none when it can be sent. */
export function importProblems(draft: ImportDraft): ImportProblems {
  const reading = readImportDraft(draft);
  return reading.ok ? {} : reading.problems;
}

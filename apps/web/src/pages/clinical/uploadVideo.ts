import type { TFunction } from 'i18next';
import { NAME_MAX } from '@sarm/contracts';
import { serverMessage } from '../../api/client';
import { readToken } from '../../api/session';

export interface UploadFields {
  readonly datasetId: string;
  readonly name: string;
  readonly description: string;
  readonly captureDate: string;
  readonly patientId: string | null;
  readonly tags: readonly string[];
  readonly source: string;
}

/** The multipart text fields the API takes (spec 1 §2.4); empty optional ones are left out. */
export function uploadFormFields(fields: UploadFields): [string, string][] {
  const entries: [string, string][] = [
    ['dataset_id', fields.datasetId],
    ['name', fields.name],
    ['description', fields.description],
    ['captureDate', fields.captureDate],
  ];
  if (fields.patientId !== null) entries.push(['patientId', fields.patientId]);
  if (fields.tags.length > 0) entries.push(['tags', JSON.stringify(fields.tags)]);
  if (fields.source.trim() !== '') entries.push(['source', fields.source.trim()]);
  return entries;
}

/** Messages of spec 1 §8 the upload can end with; `message` carries the server's text. */
export type UploadFailure =
  | { kind: 'noToken' }
  | { kind: 'expired' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; message: string | null };

export class UploadError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.kind);
  }
}

/** Uploads one file with XMLHttpRequest so the upload progress (0-100) can be shown. */
export function uploadVideo(
  file: File,
  fields: UploadFields,
  onProgress: (percent: number) => void,
): Promise<void> {
  const token = readToken(window.localStorage);
  if (token === null) return Promise.reject(new UploadError({ kind: 'noToken' }));
  const form = new FormData();
  for (const [key, value] of uploadFormFields(fields)) form.append(key, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/sarm/video/upload-video');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else if (xhr.status === 401) reject(new UploadError({ kind: 'expired' }));
      else
        reject(
          new UploadError({
            kind: 'status',
            status: xhr.status,
            message: serverMessage(xhr.responseText),
          }),
        );
    };
    xhr.onerror = () => reject(new UploadError({ kind: 'network' }));
    xhr.send(form);
  });
}

/** Video files only: the browser type starts with video/. */
export const isVideoFile = (file: File) => file.type.startsWith('video/');

/** The default video name: the file name without its extension. */
/** The file name without its extension, cut to the longest name the server accepts. */
export const defaultVideoName = (fileName: string) =>
  fileName.replace(/\.[^.]+$/, '').slice(0, NAME_MAX);

/** The message of a failed upload of `file`, in the spec's words ('Failed to upload {file}: ...'). */
export function describeUploadError(t: TFunction, error: unknown, file: string): string {
  if (!(error instanceof UploadError))
    return t('clinical.uploadFailed', { file, message: t('clinical.uploadFailedGeneric') });
  const { failure } = error;
  const message =
    failure.kind === 'noToken'
      ? t('clinical.noToken')
      : failure.kind === 'expired'
        ? t('clinical.sessionExpired')
        : failure.kind === 'network'
          ? t('clinical.uploadNetwork')
          : (failure.message ?? t('clinical.uploadStatus', { status: failure.status }));
  return t('clinical.uploadFailed', { file, message });
}

import {
  SamModelInstallResponseSchema,
  SegmentationModelListSchema,
  type SamModelId,
  type SamModelInstallResponse,
} from '@sarm/contracts';
import { apiClient } from './apiClient';
import { serverMessage } from './client';
import { readToken } from './session';

export const SEGMENTATION_MODELS_KEY = ['admin', 'segmentation-models'] as const;

/** The segmentation models with what each SAM id runs as (installed ONNX pair or built-in). */
export const fetchSegmentationModelList = () =>
  apiClient.requestParsed(
    '/sarm/annotation/models/?model_type=segmentation',
    SegmentationModelListSchema,
  );

/** Removes the ONNX pair installed for a SAM id: it runs the built-in segmenter again. */
export const uninstallSamModel = (modelId: SamModelId) =>
  apiClient.request(`/technical/segmentation-models/${encodeURIComponent(modelId)}`, {
    method: 'DELETE',
  });

/**
 * Uploads a SAM encoder/decoder pair for `modelId` with XMLHttpRequest so the upload's progress
 * (0-100) can be shown: SAM encoders run to hundreds of megabytes. Rejects with the server's
 * message (for example the missing input or output the server names).
 */
export function installSamModel(
  upload: { modelId: SamModelId; name: string; encoder: File; decoder: File },
  onProgress: (percent: number) => void,
): Promise<SamModelInstallResponse> {
  const token = readToken(window.localStorage);
  if (token === null) return Promise.reject(new Error('Not signed in'));
  const form = new FormData();
  form.append('model_id', upload.modelId);
  if (upload.name.trim() !== '') form.append('name', upload.name.trim());
  form.append('encoder', upload.encoder);
  form.append('decoder', upload.decoder);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/technical/segmentation-models/import');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = SamModelInstallResponseSchema.safeParse(JSON.parse(xhr.responseText));
        if (parsed.success) resolve(parsed.data);
        else reject(new Error('Unexpected answer from the server'));
      } else reject(new Error(serverMessage(xhr.responseText) ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}

import {
  AddFrameToDataLabelResponseSchema,
  DataLabelSchema,
  DataLabelWithItemsSchema,
  DetectionSchema,
  NextFrameResponseSchema,
  OkResponseSchema,
  TrackChangeResponseSchema,
  UpdateDetectionResponseSchema,
  VideoDetectionsResponseSchema,
  type AddFrameToDataLabelResponse,
  type DataLabel,
  type DataLabelWithItems,
  type Detection,
  type NextFrameResponse,
} from '@sarm/contracts';
import { apiClient } from '../apiClient';
import { ApiRequestError } from '../client';
import { readToken } from '../session';

const enc = encodeURIComponent;

export const annotationKeys = {
  label: (name: string) => ['technical', 'data-label', name] as const,
};

export interface BoxCorners {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** A box drawn by a person on a frame. */
export const createDetection = (frameId: string, box: BoxCorners, className = 'sperm') =>
  apiClient.requestParsed('/sarm/detection/create-sperm', DetectionSchema, {
    method: 'POST',
    body: { frame_id: frameId, ...box, confidence: 1, class: className },
  });

export const updateDetection = (
  id: string,
  body: {
    box?: BoxCorners;
    verified?: boolean;
    class?: 'sperm' | 'cluster' | 'small_or_pinhead';
    propagate?: 'none' | 'track';
  },
) =>
  apiClient.requestParsed(
    `/sarm/detection/update-sperm/${enc(id)}`,
    UpdateDetectionResponseSchema,
    {
      method: 'PATCH',
      body: { ...body, regenerate_crop: body.box !== undefined },
    },
  );

export const deleteDetection = (id: string) =>
  apiClient.requestParsed(`/sarm/detection/delete-sperm/${enc(id)}`, OkResponseSchema, {
    method: 'DELETE',
  });

export const splitTrack = (detectionId: string) =>
  apiClient.requestParsed('/sarm/detection/tracks/split', TrackChangeResponseSchema, {
    method: 'POST',
    body: { detection_id: detectionId },
  });

export const mergeTracks = (videoId: string, keepTrackId: number, mergeTrackId: number) =>
  apiClient.requestParsed('/sarm/detection/tracks/merge', TrackChangeResponseSchema, {
    method: 'POST',
    body: { video_id: videoId, keep_track_id: keepTrackId, merge_track_id: mergeTrackId },
  });

/** The frame the server suggests next, or null when every frame is annotated. */
export async function fetchNextFrame(
  videoId: string,
  excludeFrameId: string,
): Promise<NextFrameResponse | null> {
  try {
    return await apiClient.requestParsed(
      `/sarm/detection/next-frame/${enc(videoId)}?exclude_frame_id=${enc(excludeFrameId)}`,
      NextFrameResponseSchema,
    );
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** The label by id or name with every detection id it holds; null when it does not exist (404). */
export async function fetchDataLabel(idOrName: string): Promise<DataLabelWithItems | null> {
  try {
    return await apiClient.requestParsed(
      `/sarm/annotation/get-label/${enc(idOrName)}?page=1&limit=1`,
      DataLabelWithItemsSchema,
    );
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const createDataLabel = (body: {
  name: string;
  description: string;
  dataset_id: string;
  user_id: string;
  label_type: 'detection' | 'morphology';
}): Promise<DataLabel> =>
  apiClient.requestParsed('/sarm/annotation/create-label', DataLabelSchema, {
    method: 'POST',
    body,
  });

export const addFrameToDataLabel = (
  dataLabelId: string,
  frameId: string,
): Promise<AddFrameToDataLabelResponse> =>
  apiClient.requestParsed('/sarm/annotation/add-frame', AddFrameToDataLabelResponseSchema, {
    method: 'POST',
    body: { data_label_id: dataLabelId, frame_id: frameId, class_name: 'sperm' },
  });

export type { Detection };

/**
 * Downloads an annotation export (a zip) through a temporary link: a video's or a frame's boxes
 * in COCO, YOLO or MOT.
 */
export async function downloadAnnotationExport(
  target: { kind: 'frame' | 'video'; id: string },
  format: 'coco' | 'yolo' | 'mot',
): Promise<void> {
  const token = readToken(window.localStorage);
  const response = await window.fetch(
    `/api/sarm/detection/export-${target.kind}/${enc(target.id)}`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ format, include_original_images: true }),
    },
  );
  if (!response.ok) throw new Error(`Error ${response.status}: ${response.statusText}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `annotations_${format}.zip`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every detection of a video's extracted frames (the wizard's crop preview). */
export async function fetchVideoDetections(videoId: string): Promise<Detection[]> {
  const answer = await apiClient.requestParsed(
    `/sarm/detection/get-video-detections/${enc(videoId)}?limit=10000`,
    VideoDetectionsResponseSchema,
  );
  return answer.detections;
}

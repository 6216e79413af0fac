import {
  DEFAULT_DATASET_SETTINGS,
  type Dataset,
  type DatasetStats,
  type Frame,
  type Video,
} from '@sarm/contracts';
import type { DatasetRow, FrameRow, VideoRow } from '../db/schema/index.js';
import type { DatasetCounts } from '../repositories/datasets.repository.js';
import type { VideoFrameCounts } from '../repositories/videos.repository.js';

function stats(counts: DatasetCounts | undefined): DatasetStats {
  const videos = counts?.videos ?? 0;
  const usable = counts?.usableVideos ?? 0;
  const frames = counts?.frames ?? 0;
  const annotated = counts?.annotatedFrames ?? 0;
  const detections = counts?.detections ?? 0;
  return {
    totalVideos: videos,
    total_videos: videos,
    videos_count: videos,
    usableVideos: usable,
    usable_videos: usable,
    totalFrames: frames,
    total_frames: frames,
    annotatedFrames: annotated,
    annotated_frames: annotated,
    totalDetections: detections,
    total_detections: detections,
    totalCrops: detections,
    total_crops: detections,
    // Morphology masks arrive with the technical workflow; no dataset has one yet.
    annotatedMorphology: 0,
    annotated_morphology: 0,
  };
}

export function toDataset(
  row: DatasetRow,
  projectName: string,
  counts: DatasetCounts | undefined,
): Dataset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    projectId: row.projectId,
    project_id: row.projectId,
    project_name: projectName,
    metadata: row.metadata,
    settings: { ...DEFAULT_DATASET_SETTINGS, ...row.settings },
    stats: stats(counts),
    createdAt: row.createdAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toVideo(row: VideoRow, counts: VideoFrameCounts | undefined): Video {
  return {
    id: row.id,
    datasetId: row.datasetId,
    dataset_id: row.datasetId,
    name: row.name,
    file_name: row.fileName,
    original_filename: row.originalFilename,
    originalFilename: row.originalFilename,
    description: row.description,
    size: row.size,
    width: row.width,
    height: row.height,
    resolution: row.width > 0 ? `${row.width}x${row.height}` : '',
    fps: row.fps,
    frame_count: row.frameCount,
    framesCount: row.frameCount,
    duration: row.duration,
    codec: row.codec,
    patientId: row.patientId,
    patient_id: row.patientId,
    captureDate: row.captureDate,
    tags: row.tags,
    source: row.source,
    processingStatus: row.processingStatus,
    processing_status: row.processingStatus,
    error: row.error,
    extractedFramesCount: counts?.extracted ?? 0,
    extracted_frames_count: counts?.extracted ?? 0,
    selectedFramesCount: counts?.selected ?? 0,
    hasThumbnail: row.thumbnailKey !== null,
    transcoded: row.playableKey !== null && row.playableKey !== row.originalKey,
    lastTaskId: row.lastTaskId,
    uploadedBy: row.uploadedBy,
    discarded:
      row.discardedAt === null
        ? null
        : {
            at: row.discardedAt.toISOString(),
            by: row.discardedBy,
            reason: row.discardReason ?? '',
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toFrame(row: FrameRow, detectionCount = 0): Frame {
  return {
    id: row.id,
    videoId: row.videoId,
    video_id: row.videoId,
    frameNumber: row.frameNumber,
    frame_number: row.frameNumber,
    timeOffset: row.timeOffset,
    time_offset: row.timeOffset,
    timestamp: row.timeOffset,
    width: row.width,
    height: row.height,
    size: row.size,
    selected: row.selected,
    annotated: false,
    note: row.note,
    detectionStatus: detectionCount > 0 ? 'completed' : 'none',
    detectionCount,
    hasDetection: detectionCount > 0,
    extractionSession: row.extractionSession,
    createdAt: row.createdAt.toISOString(),
  };
}

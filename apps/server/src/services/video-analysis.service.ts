import type { AnalysisResult } from '@sarm/casa';
import type {
  AnalysisTrack,
  CalibrationWarning,
  StoredVideoAnalysis,
  VideoAnalysisResponse,
  VideoTiming,
} from '@sarm/contracts';
import type { VideoAnalysisRow, VideoRow } from '../db/schema/index.js';
import type { AnalysesRepository } from '../repositories/analyses.repository.js';
import type { AuthContext } from './access.js';
import { progressionIntervals } from './pooled-uncertainty.js';

/** Tracks as the screen draws them; analyses stored before morphometry existed answer null. */
function toTracks(result: AnalysisResult): AnalysisTrack[] {
  return result.tracks.map((track) => ({
    id: track.id,
    category: track.category,
    vcl: track.vcl,
    vsl: track.vsl,
    vap: track.vap,
    lin: track.lin,
    str: track.str,
    wob: track.wob,
    alh_mean: track.alh_mean,
    alh_max: track.alh_max,
    bcf: track.bcf,
    mad: track.mad,
    duration_s: track.duration_s,
    points: track.points.map(([frame, x, y]) => [frame, x, y]),
    morphometry: (track.morphometry as AnalysisTrack['morphometry'] | undefined) ?? null,
  }));
}

/** The frames' timing as the engine read it; absent in analyses stored before it did. */
function timingOf(result: AnalysisResult): { timing?: VideoTiming } {
  const video: Partial<AnalysisResult['video']> = result.video;
  if (video.timing === undefined) return {};
  return {
    timing: {
      timing: video.timing,
      dropped_frames: video.dropped_frames ?? 0,
      dropped_share: video.dropped_share ?? 0,
      max_gap_s: video.max_gap_s ?? 0,
      max_dropped_share: video.max_dropped_share ?? 0,
      dropped_over_limit: video.dropped_over_limit ?? false,
    },
  };
}

/** The engine's calibration check; absent in analyses stored before it checked. */
function calibrationOf(result: AnalysisResult): {
  calibration_warning?: CalibrationWarning | null;
} {
  const warning: AnalysisResult['calibration_warning'] | undefined = result.calibration_warning;
  if (warning === undefined) return {};
  if (warning === null) return { calibration_warning: null };
  const [low, high] = warning.expected_range_um2;
  return { calibration_warning: { ...warning, expected_range_um2: [low, high] } };
}

function toStoredAnalysis(row: VideoAnalysisRow, result: AnalysisResult): StoredVideoAnalysis {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    settings: row.settings,
    concentration: result.concentration,
    motility: {
      ...result.motility,
      // Only with the engine's class intervals: older analyses show no interval anywhere.
      ...(result.motility.ci95 === undefined ? {} : progressionIntervals(result.tracks)),
    },
    // Absent in the jsonb of analyses stored before the engine estimated drift.
    ...(result.drift === undefined ? {} : { drift: result.drift }),
    ...timingOf(result),
    ...calibrationOf(result),
    ...(result.round_cells === undefined ? {} : { round_cells: result.round_cells }),
    tracks: toTracks(result),
  };
}

/** The per-video analysis screen: a video's geometry and its newest stored CASA analysis. */
export function createVideoAnalysisService(deps: {
  findVisibleVideo: (auth: AuthContext, id: string) => Promise<VideoRow>;
  analyses: Pick<AnalysesRepository, 'latestByVideo'>;
}) {
  async function get(auth: AuthContext, videoId: string): Promise<VideoAnalysisResponse> {
    const video = await deps.findVisibleVideo(auth, videoId);
    const [row] = await deps.analyses.latestByVideo([video.id]);
    // The stored jsonb is the engine's own result (written by the analysis service).
    const result = row === undefined ? undefined : (row.result as unknown as AnalysisResult);
    // The engine's timing wins: track points are numbered in the frames it decoded.
    const geometry = result?.video ?? {
      width: video.width,
      height: video.height,
      fps: video.fps,
      frames: video.frameCount,
      duration_s: video.duration,
    };
    return {
      video: {
        id: video.id,
        name: video.name,
        datasetId: video.datasetId,
        width: geometry.width,
        height: geometry.height,
        fps: geometry.fps,
        frames: geometry.frames,
        duration_s: geometry.duration_s,
      },
      analysis: row === undefined || result === undefined ? null : toStoredAnalysis(row, result),
    };
  }

  return { get };
}
export type VideoAnalysisService = ReturnType<typeof createVideoAnalysisService>;

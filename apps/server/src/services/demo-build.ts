import { DEMO_MESSAGES, DEMO_VIDEO_COUNT } from '@sarm/contracts';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { TasksRepository } from '../repositories/tasks.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import type { CalibrationService } from './calibration.service.js';
import type { ClinicalServices } from './clinical.js';
import type { DatasetsService } from './datasets.service.js';
import { DEMO_CALIBRATION, meanTruth, writeDemoField, type DemoFieldTruth } from './demo-videos.js';
import type { DetectionService } from './detection.service.js';
import type { PatientsService } from './patients.service.js';
import type { ReportVersionsService } from './report-versions.service.js';
import type { VideoUploadService } from './video-upload.service.js';

/**
 * What the demo made, kept in its clinic sample's metadata (`demo`) so a delete after a restart
 * still finds the rows no cascade reaches: the calibration profile and the task rows.
 */
export const DemoManifestSchema = z.object({
  role: z.enum(['sample', 'annotation']),
  calibrationProfileId: z.string().nullable().default(null),
  taskIds: z.array(z.string()).default([]),
});
export type DemoManifest = z.infer<typeof DemoManifestSchema>;

/** The demo manifest in a dataset's metadata, or null when the dataset is not the demo's. */
export function manifestOf(metadata: Record<string, unknown>): DemoManifest | null {
  const parsed = DemoManifestSchema.safeParse(metadata.demo);
  return parsed.success ? parsed.data : null;
}

/** Progress of one build, read by the status route. */
export interface DemoProgress {
  state: 'creating' | 'analysing' | 'ready' | 'failed';
  progress: number;
  message: string;
  datasetId: string | null;
  technicalDatasetId: string | null;
}

/** Thrown between steps when the demo is deleted while it is being made. */
export class DemoCancelled extends Error {
  constructor() {
    super('The demo sample was deleted while it was being made');
    this.name = 'DemoCancelled';
  }
}

export interface DemoBuildDependencies {
  readonly storage: FileStorage;
  readonly calibration: CalibrationService;
  readonly patients: PatientsService;
  readonly datasets: DatasetsService;
  readonly datasetRows: DatasetsRepository;
  readonly uploads: VideoUploadService;
  readonly videoRows: VideosRepository;
  readonly tasks: TasksRepository;
  readonly extractFrames: ClinicalServices['extractFrames'];
  readonly detection: DetectionService;
  readonly reportVersions: ReportVersionsService;
  readonly clock: Clock;
  /** Waits between two looks at a task (real time in the server, instant in unit tests). */
  readonly pause?: (ms: number) => Promise<void>;
}

/** Frames the technical dataset gets for annotation: few, spread over the video. */
const ANNOTATION_FRAMES = 6;
/** A demo task that has not finished in this long is taken as stuck. */
const TASK_TIMEOUT_MS = 10 * 60_000;

const format = (value: number) => (Math.round(value * 10) / 10).toString();

/** The sample's description: what it is and what the simulator put in it. */
function sampleDescription(truth: DemoFieldTruth) {
  return (
    `Demo sample - not a patient result. ${DEMO_VIDEO_COUNT} fields simulated by the SARM engine ` +
    `with known truth: ${format(truth.concentrationMillionPerMl)} million/ml, ` +
    `${format(truth.progressivePercent)} % progressive, ${format(truth.totalMotilityPercent)} % motile.`
  );
}

/**
 * Makes the demo sample inside the (already created) demo project, step by step through the
 * services the clinic uses: a calibration profile, a patient, the sample, five uploads, their
 * preparation, the report run, then the technical dataset's frames and detections.
 */
export function createDemoBuilder(deps: DemoBuildDependencies) {
  const pause =
    deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function waitForTasks(ids: readonly string[], isCancelled: () => boolean) {
    const started = Date.now();
    for (;;) {
      if (isCancelled()) throw new DemoCancelled();
      const rows = await Promise.all(ids.map((id) => deps.tasks.findById(id)));
      const failed = rows.find((row) => row?.status === 'failed' || row?.status === 'cancelled');
      if (failed !== undefined)
        throw new Error(`${failed.taskType} failed: ${failed.error ?? 'no reason given'}`);
      if (rows.every((row) => row?.status === 'completed')) return;
      if (Date.now() - started > TASK_TIMEOUT_MS)
        throw new Error('The demo videos took too long to process');
      await pause(250);
    }
  }

  async function build(
    auth: AuthContext,
    projectId: string,
    progress: DemoProgress,
    isCancelled: () => boolean,
  ): Promise<void> {
    const step = (fraction: number, message: string) => {
      if (isCancelled()) throw new DemoCancelled();
      progress.progress = fraction;
      progress.message = message;
    };
    const suffix = projectId.slice(0, 8);
    const profile = await deps.calibration.create(auth, {
      name: `Demo microscope (simulated) ${suffix}`,
      objective: 'Simulated 20x phase contrast',
      um_per_pixel: DEMO_CALIBRATION.umPerPixel,
      frame_rate_fps: DEMO_CALIBRATION.fps,
      chamber_name: 'Simulated 20 µm chamber',
      chamber_depth_um: DEMO_CALIBRATION.chamberDepthUm,
    });
    const manifest: DemoManifest = {
      role: 'sample',
      calibrationProfileId: profile.id,
      taskIds: [],
    };
    const patient = await deps.patients.create(auth, {
      name: 'Demo patient (simulated)',
      age: 34,
      notes: 'Not a real person: made by the demo sample.',
      projectId,
    });
    const now = deps.clock.now();
    const sample = await deps.datasets.create(auth, {
      name: 'Demo sample',
      description: 'Demo sample - not a patient result.',
      status: 'active',
      projectId,
      metadata: { demo: manifest },
      settings: {
        patient_id: patient.id,
        calibration_profile_id: profile.id,
        collected_at: new Date(now.getTime() - 45 * 60_000).toISOString(),
        abstinence_days: 3,
        semen_volume_ml: 3.2,
        collection_complete: true,
        minutes_to_analysis: 45,
      },
    });
    progress.datasetId = sample.id;
    const saveManifest = () =>
      deps.datasetRows.update(sample.id, { metadata: { ...sample.metadata, demo: manifest } });
    const technical = await deps.datasets.create(auth, {
      name: 'Demo annotation set',
      description: 'Demo: frames of a simulated field with classical detections to annotate.',
      type: 'detection',
      projectId,
      metadata: { demo: { role: 'annotation' } },
      settings: { calibration_profile_id: profile.id },
    });
    progress.technicalDatasetId = technical.id;

    const uploadField = async (field: number, datasetId: string) => {
      const made = await writeDemoField(deps.storage, field);
      const fields = new Map([
        ['dataset_id', datasetId],
        ['name', `Demo field ${field + 1}`],
        ['description', 'Simulated by the SARM engine (demo sample)'],
        ['source', 'SARM simulator'],
        ['tags', 'demo'],
      ]);
      try {
        const uploaded = await deps.uploads.storeReceived(auth, made.file, fields);
        manifest.taskIds.push(uploaded.task_id);
        await saveManifest();
        return { videoId: uploaded.video.id, taskId: uploaded.task_id, truth: made.truth };
      } catch (error) {
        await deps.storage.delete(made.file.tempKey);
        throw error;
      }
    };

    const uploads = [];
    for (let field = 0; field < DEMO_VIDEO_COUNT; field++) {
      step(0.05 + (0.45 * field) / DEMO_VIDEO_COUNT, DEMO_MESSAGES.creating);
      uploads.push(await uploadField(field, sample.id));
    }
    step(0.5, DEMO_MESSAGES.uploading);
    // The annotation set holds a copy of the first field: same seed, same video.
    const annotated = await uploadField(0, technical.id);
    const truth = meanTruth(uploads.map((upload) => upload.truth));
    await deps.datasetRows.update(sample.id, { description: sampleDescription(truth) });

    step(0.55, DEMO_MESSAGES.preparing);
    await waitForTasks(
      [...uploads, annotated].map((upload) => upload.taskId),
      isCancelled,
    );

    progress.state = 'analysing';
    step(0.65, DEMO_MESSAGES.analysing);
    await deps.reportVersions.run(auth, sample.id, {
      video_ids: uploads.map((upload) => upload.videoId),
      force_reanalysis: false,
    });

    step(0.85, DEMO_MESSAGES.technical);
    const extraction = await deps.extractFrames(auth, annotated.videoId, {
      method: 'count',
      count: ANNOTATION_FRAMES,
      fps: 3,
      quality: 90,
      maxFrames: ANNOTATION_FRAMES,
    });
    manifest.taskIds.push(extraction.task_id);
    await saveManifest();
    await waitForTasks([extraction.task_id], isCancelled);
    const frames = await deps.videoRows.allFrames(annotated.videoId);
    if (frames.length > 0) {
      const detection = await deps.detection.detectFrames(
        auth,
        frames.map((frame) => frame.id),
      );
      manifest.taskIds.push(detection.task_id);
      await saveManifest();
      await waitForTasks([detection.task_id], isCancelled);
    }
    step(1, DEMO_MESSAGES.ready);
    progress.state = 'ready';
  }

  return { build };
}
export type DemoBuilder = ReturnType<typeof createDemoBuilder>;

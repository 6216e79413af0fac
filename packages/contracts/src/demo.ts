import { z } from 'zod';

/** Where the demo sample stands: being made, being analysed, ready to read, or stopped. */
export const DEMO_STATES = ['creating', 'analysing', 'ready', 'failed'] as const;
export type DemoState = (typeof DEMO_STATES)[number];

/** Who may create and delete the demo: the project administrators (and the system_admin role). */
export const DEMO_PERMISSION = 'system.manage_projects';

/** How many simulated videos the demo sample holds. */
export const DEMO_VIDEO_COUNT = 5;

export const DEMO_MESSAGES = {
  notFound: 'There is no demo sample',
  interrupted:
    'Making the demo sample was interrupted (the server restarted). Delete it and try again.',
  creating: 'Making the simulated videos',
  uploading: 'Uploading the videos',
  preparing: 'Preparing the videos',
  analysing: 'Analysing the sample',
  technical: 'Extracting frames and detecting heads for annotation',
  ready: 'The demo sample is ready',
  deleted: 'Demo sample deleted',
} as const;

/** The demo project and its two datasets: the clinic sample and the technical dataset. */
export const DemoSchema = z.object({
  projectId: z.string(),
  /** The clinic sample (a dataset with a patient and a calibration); its report is the demo report. */
  datasetId: z.string().nullable(),
  /** The technical dataset: one of the videos with extracted frames and detections. */
  technicalDatasetId: z.string().nullable(),
  state: z.enum(DEMO_STATES),
  /** 0..1 */
  progress: z.number().min(0).max(1),
  message: z.string(),
});
export type Demo = z.infer<typeof DemoSchema>;

/** `GET /api/sarm/demo` and the answer of `POST`: the demo, or null when there is none. */
export const DemoStatusResponseSchema = z.object({ demo: DemoSchema.nullable() });
export type DemoStatusResponse = z.infer<typeof DemoStatusResponseSchema>;

export const DemoDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type DemoDeleteResponse = z.infer<typeof DemoDeleteResponseSchema>;

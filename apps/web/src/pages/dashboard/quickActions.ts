import type { Workflow } from '../../routing/workflow';

export type QuickActionLabelKey =
  | 'dashboard.managePatients'
  | 'dashboard.uploadVideo'
  | 'dashboard.viewResults'
  | 'dashboard.generateReport'
  | 'dashboard.createDataset'
  | 'dashboard.extractFrames'
  | 'dashboard.annotateFrames'
  | 'dashboard.trainModel'
  | 'dashboard.runPrediction';

export interface QuickAction {
  readonly labelKey: QuickActionLabelKey;
  readonly path: string;
  /** Any of these (legacy names) enables the button. */
  readonly anyOf: readonly string[];
}

/** Quick actions of the dashboards and the permissions they need (spec 1 §6, spec 3 §2). */
export const QUICK_ACTIONS: Record<Workflow, readonly QuickAction[]> = {
  business: [
    {
      labelKey: 'dashboard.managePatients',
      path: '/business/patients',
      anyOf: ['manage_patients'],
    },
    { labelKey: 'dashboard.uploadVideo', path: '/sarm/projects', anyOf: ['upload_videos'] },
    { labelKey: 'dashboard.viewResults', path: '/sarm/results', anyOf: ['view_analysis_results'] },
    { labelKey: 'dashboard.generateReport', path: '/sarm/reports', anyOf: ['generate_reports'] },
  ],
  technical: [
    {
      labelKey: 'dashboard.createDataset',
      path: '/finetune/datasets/create',
      anyOf: ['create_datasets'],
    },
    {
      labelKey: 'dashboard.extractFrames',
      path: '/finetune/frame-extraction',
      anyOf: ['extract_frames'],
    },
    {
      labelKey: 'dashboard.annotateFrames',
      path: '/finetune/annotation',
      anyOf: ['annotate_detection', 'annotate_morphology'],
    },
    { labelKey: 'dashboard.trainModel', path: '/finetune/training', anyOf: ['train_models'] },
    {
      labelKey: 'dashboard.runPrediction',
      path: '/finetune/prediction',
      anyOf: ['deploy_models', 'predict_models'],
    },
  ],
};

import type { PermissionRequirement } from '@sarm/contracts';

export { BROWSE_DATA } from '@sarm/contracts';
export const MANAGE_DATASETS: readonly PermissionRequirement[] = ['finetune.manage_dataset'];
/**
 * Who may create a clinic sample (a dataset) and edit its sample and calibration fields: dataset
 * managers and holders of `sarm.manage_samples` (issue 15). Deleting stays with dataset managers.
 */
export const MANAGE_SAMPLES: readonly PermissionRequirement[] = [
  'finetune.manage_dataset',
  'sarm.manage_samples',
];
export const UPLOAD_VIDEOS: readonly PermissionRequirement[] = [
  'sarm.upload_video',
  'sarm.manage_videos',
  'finetune.upload_video',
];
export const DELETE_VIDEOS: readonly PermissionRequirement[] = [
  'sarm.delete_videos',
  'sarm.manage_videos',
];
export const EXTRACT_FRAMES: readonly PermissionRequirement[] = [
  'sarm.upload_video',
  'sarm.manage_videos',
  'finetune.extract_frames',
];
export const VIEW_FRAMES: readonly PermissionRequirement[] = [
  'sarm.view_frames',
  'sarm.select_frames',
  'finetune.extract_frames',
  'finetune.annotate_detection',
  'finetune.annotate_morphology',
  'finetune.review_annotations',
];
export const SELECT_FRAMES: readonly PermissionRequirement[] = [
  'sarm.select_frames',
  'finetune.extract_frames',
];
export const DELETE_FRAMES: readonly PermissionRequirement[] = [
  'sarm.manage_videos',
  'finetune.extract_frames',
];
/** Who may read a sample's reports, and so its bench assessments and smear images. */
export const VIEW_REPORTS: readonly PermissionRequirement[] = [
  'sarm.view_concentration',
  'sarm.view_motility',
  'sarm.view_morphology',
  'sarm.view_reports',
  'sarm.generate_report',
];
/** Who may read quality control (manual counts, series, replicate agreement). */
export const READ_QC: readonly PermissionRequirement[] = [
  'sarm.view_concentration',
  'sarm.view_motility',
  'sarm.view_reports',
  'sarm.generate_report',
  'sarm.quality_control',
];

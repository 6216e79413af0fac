import type { PermissionRequirement } from './permissions.js';

/**
 * Who may browse projects, datasets and videos: anyone working with them in either workflow
 * (a Clinician reading results and reports included). The server's routes and the web's project
 * picker use this one list, so the screen never refuses what the API allows.
 */
export const BROWSE_DATA: readonly PermissionRequirement[] = [
  'finetune.manage_dataset',
  'sarm.upload_video',
  'sarm.manage_videos',
  'finetune.upload_video',
  'sarm.select_frames',
  'sarm.view_frames',
  'sarm.generate_report',
  'finetune.extract_frames',
  'finetune.annotate_detection',
  'finetune.annotate_morphology',
  'finetune.review_annotations',
];

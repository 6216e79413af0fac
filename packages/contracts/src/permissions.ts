/**
 * Permission catalogue and the rules for matching held permissions against required ones.
 * Codes are `module.action`; a held code ending in `.*` covers every code with that prefix.
 */

export const PERMISSION_MODULES = ['system', 'sarm', 'finetune'] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

export interface PermissionDefinition {
  readonly code: string;
  readonly name: string;
  readonly module: PermissionModule;
  readonly description: string;
}

export const PERMISSIONS = [
  {
    code: 'system.manage_users',
    name: 'Manage users',
    module: 'system',
    description: 'Create, edit, deactivate and delete user accounts',
  },
  {
    code: 'system.manage_roles',
    name: 'Manage roles',
    module: 'system',
    description: 'Create and edit roles and their permissions',
  },
  {
    code: 'system.manage_calibration',
    name: 'Manage calibration profiles',
    module: 'system',
    description: 'Create, edit and delete the microscope calibration profiles samples pick from',
  },
  {
    code: 'system.manage_projects',
    name: 'Manage projects',
    module: 'system',
    description: 'Create, archive and delete projects and manage their members',
  },
  {
    code: 'system.view_logs',
    name: 'View system logs',
    module: 'system',
    description: 'Read and export the audit trail',
  },
  {
    code: 'system.manage_settings',
    name: 'Manage system settings',
    module: 'system',
    description: 'Change upload limits, security and retention settings',
  },
  {
    code: 'sarm.manage_patients',
    name: 'Manage patients',
    module: 'sarm',
    description: 'Create and edit patient records',
  },
  {
    code: 'sarm.upload_video',
    name: 'Upload videos',
    module: 'sarm',
    description: 'Upload sample videos to datasets',
  },
  {
    code: 'sarm.manage_videos',
    name: 'Manage videos',
    module: 'sarm',
    description: 'Edit and organise sample videos',
  },
  {
    code: 'sarm.delete_videos',
    name: 'Delete videos',
    module: 'sarm',
    description: 'Delete sample videos',
  },
  {
    code: 'sarm.manage_samples',
    name: 'Manage samples',
    module: 'sarm',
    description: "Create a project's samples and edit their collection, volume and calibration",
  },
  {
    code: 'sarm.view_frames',
    name: 'View frames',
    module: 'sarm',
    description: 'View extracted frames of a video',
  },
  {
    code: 'sarm.select_frames',
    name: 'Select frames',
    module: 'sarm',
    description: 'Extract and select frames for analysis',
  },
  {
    code: 'sarm.run_detection',
    name: 'Run detection',
    module: 'sarm',
    description: 'Run sperm detection on frames',
  },
  {
    code: 'sarm.view_detailed_detection',
    name: 'View detailed detection',
    module: 'sarm',
    description: 'Open the read-only detection view',
  },
  {
    code: 'sarm.view_concentration',
    name: 'View concentration',
    module: 'sarm',
    description: 'View concentration analysis results',
  },
  {
    code: 'sarm.view_motility',
    name: 'View motility',
    module: 'sarm',
    description: 'View motility analysis results',
  },
  {
    code: 'sarm.view_morphology',
    name: 'View morphology',
    module: 'sarm',
    description: 'View morphology analysis results',
  },
  {
    code: 'sarm.generate_report',
    name: 'Generate reports',
    module: 'sarm',
    description: 'Run WHO analyses and generate reports',
  },
  {
    code: 'sarm.view_reports',
    name: 'View reports',
    module: 'sarm',
    description: 'Open stored reports',
  },
  {
    code: 'sarm.quality_control',
    name: 'Quality control',
    module: 'sarm',
    description: 'Record manual counts and QC series; delete them',
  },
  {
    code: 'sarm.record_assessments',
    name: 'Record bench assessments',
    module: 'sarm',
    description:
      'Count vitality, morphology, round cells and MAR, record agglutination and comments of a sample',
  },
  {
    code: 'sarm.sign_report',
    name: 'Sign reports',
    module: 'sarm',
    description: 'Authorise (sign off) the latest version of a WHO report',
  },
  {
    code: 'finetune.manage_dataset',
    name: 'Manage datasets',
    module: 'finetune',
    description: 'Create, edit and delete datasets',
  },
  {
    code: 'finetune.upload_video',
    name: 'Upload technical videos',
    module: 'finetune',
    description: 'Upload videos to technical datasets',
  },
  {
    code: 'finetune.extract_frames',
    name: 'Extract frames',
    module: 'finetune',
    description: 'Run frame extraction jobs',
  },
  {
    code: 'finetune.annotate_detection',
    name: 'Annotate detection',
    module: 'finetune',
    description: 'Draw and edit detection boxes',
  },
  {
    code: 'finetune.annotate_morphology',
    name: 'Annotate morphology',
    module: 'finetune',
    description: 'Draw and edit morphology masks',
  },
  {
    code: 'finetune.review_annotations',
    name: 'Review annotations',
    module: 'finetune',
    description: 'Approve or reject annotations',
  },
  {
    code: 'finetune.train_model',
    name: 'Train models',
    module: 'finetune',
    description: 'Start and stop training runs',
  },
  {
    code: 'finetune.deploy_models',
    name: 'Deploy models',
    module: 'finetune',
    description: 'Activate trained models',
  },
  {
    code: 'finetune.predict_models',
    name: 'Run predictions',
    module: 'finetune',
    description: 'Run trained models on new data',
  },
] as const satisfies readonly PermissionDefinition[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];
/** A requirement: a concrete code, a module wildcard, or `*` (everything). */
export type PermissionRequirement = PermissionCode | `${PermissionModule}.*` | '*';

/**
 * Legacy short names used by the earlier screens, mapped to codes. A name mapped to several codes
 * is satisfied by any one of them.
 */
export const LEGACY_PERMISSION_NAMES: Readonly<Record<string, readonly PermissionRequirement[]>> = {
  access_technical: ['finetune.*'],
  can_access_technical: ['finetune.*'],
  access_business: ['sarm.*'],
  can_access_business: ['sarm.*'],
  create_datasets: ['finetune.manage_dataset'],
  manage_datasets: ['finetune.manage_dataset'],
  extract_frames: ['finetune.extract_frames'],
  upload_videos: ['sarm.upload_video'],
  upload_technical_videos: ['finetune.upload_video'],
  manage_videos: ['sarm.manage_videos'],
  delete_videos: ['sarm.delete_videos'],
  manage_samples: ['sarm.manage_samples', 'finetune.manage_dataset'],
  manage_calibration: ['system.manage_calibration'],
  view_frames: ['sarm.view_frames'],
  view_analysis_results: ['sarm.view_concentration', 'sarm.view_motility', 'sarm.view_morphology'],
  view_analysis: ['sarm.view_concentration', 'sarm.view_motility', 'sarm.view_morphology'],
  view_results: ['sarm.view_concentration', 'sarm.view_motility', 'sarm.view_morphology'],
  generate_reports: ['sarm.generate_report'],
  view_reports: ['sarm.view_reports', 'sarm.generate_report'],
  manage_users: ['system.manage_users'],
  manage_projects: ['system.manage_projects'],
  manage_roles: ['system.manage_roles'],
  view_system_logs: ['system.view_logs'],
  manage_system_settings: ['system.manage_settings'],
  system_settings: ['system.manage_settings'],
  manage_patients: ['sarm.manage_patients'],
  select_frames: ['sarm.select_frames'],
  view_detailed_detection: ['sarm.view_detailed_detection'],
  annotate_detection: ['finetune.annotate_detection'],
  annotate_morphology: ['finetune.annotate_morphology'],
  review_annotations: ['finetune.review_annotations'],
  train_models: ['finetune.train_model'],
  deploy_models: ['finetune.deploy_models'],
  predict_models: ['finetune.predict_models'],
};

/** Role code that makes a user an administrator regardless of its permission list. */
export const SYSTEM_ADMIN_ROLE = 'system_admin';

/** Does one held code (possibly a wildcard) satisfy one required code (possibly a wildcard)? */
function heldCovers(held: string, required: string): boolean {
  if (held === '*' || held === required) return true;
  if (required === '*') return false;
  if (held.endsWith('.*') && required.startsWith(held.slice(0, -1))) return true;
  // A module requirement (`sarm.*`) is met by holding any code of that module.
  if (required.endsWith('.*') && held.startsWith(required.slice(0, -1))) return true;
  return false;
}

/** Expands a legacy short name to its codes; a code is returned as is. */
export function resolvePermissionName(nameOrCode: string): readonly string[] {
  return LEGACY_PERMISSION_NAMES[nameOrCode] ?? [nameOrCode];
}

/** True when the held codes satisfy the requirement (a code, wildcard or legacy short name). */
export function hasPermission(held: readonly string[], requirement: string): boolean {
  const alternatives = resolvePermissionName(requirement);
  return alternatives.some((required) => held.some((h) => heldCovers(h, required)));
}

/** True when any of the requirements is met. */
export function hasAnyPermission(
  held: readonly string[],
  requirements: readonly string[],
): boolean {
  return requirements.some((r) => hasPermission(held, r));
}

/** Workflow access derived from the held codes. */
export interface AccessSummary {
  readonly business: boolean;
  readonly technical: boolean;
  readonly admin: boolean;
}

/** Business access: any sarm.*; technical: any finetune.*; admin: any system.* or the system_admin role. */
export function deriveAccess(held: readonly string[], roleCodes: readonly string[]): AccessSummary {
  const isAdmin = roleCodes.includes(SYSTEM_ADMIN_ROLE);
  return {
    business: hasPermission(held, 'sarm.*'),
    technical: hasPermission(held, 'finetune.*'),
    admin: isAdmin || hasPermission(held, 'system.*'),
  };
}

/** Every concrete code covered by the given held codes (wildcards expanded against the catalogue). */
export function expandPermissions(held: readonly string[]): PermissionCode[] {
  return PERMISSIONS.filter((p) => held.some((h) => heldCovers(h, p.code))).map((p) => p.code);
}

export interface SystemRoleDefinition {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly permissions: readonly PermissionRequirement[];
}

/** Roles seeded on first start; they cannot be deleted. */
export const SYSTEM_ROLES: readonly SystemRoleDefinition[] = [
  {
    code: SYSTEM_ADMIN_ROLE,
    name: 'System Administrator',
    description: 'Full access to administration and both workflows',
    permissions: ['system.*', 'sarm.*', 'finetune.*'],
  },
  {
    code: 'clinician',
    name: 'Clinician',
    description: 'Reviews analyses and reports, manages patients',
    permissions: [
      'sarm.manage_patients',
      'sarm.view_frames',
      'sarm.view_detailed_detection',
      'sarm.view_concentration',
      'sarm.view_motility',
      'sarm.view_morphology',
      'sarm.generate_report',
      'sarm.view_reports',
      'sarm.sign_report',
    ],
  },
  {
    code: 'lab_technician',
    name: 'Lab Technician',
    description: 'Uploads sample videos, selects frames and runs analyses',
    // Everything of the clinical workflow but signing reports, which stays with those who
    // authorise results (Clinician and administrators).
    permissions: PERMISSIONS.filter(
      (permission) => permission.module === 'sarm' && permission.code !== 'sarm.sign_report',
    ).map((permission) => permission.code),
  },
  {
    code: 'annotator',
    name: 'Annotator',
    description: 'Annotates detections and morphology masks',
    permissions: [
      'finetune.annotate_detection',
      'finetune.annotate_morphology',
      'finetune.extract_frames',
    ],
  },
  {
    code: 'reviewer',
    name: 'Reviewer',
    description: 'Reviews and approves annotations',
    permissions: [
      'finetune.review_annotations',
      'finetune.annotate_detection',
      'finetune.annotate_morphology',
    ],
  },
  {
    code: 'model_trainer',
    name: 'Model Trainer',
    description: 'Prepares datasets, trains, deploys and runs models',
    permissions: [
      'finetune.manage_dataset',
      'finetune.upload_video',
      'finetune.extract_frames',
      'finetune.train_model',
      'finetune.deploy_models',
      'finetune.predict_models',
    ],
  },
];

/** Project membership access levels; editing needs member or above, admin actions need admin. */
export const PROJECT_ACCESS_LEVELS = ['admin', 'editor', 'member', 'viewer'] as const;
export type ProjectAccessLevel = (typeof PROJECT_ACCESS_LEVELS)[number];

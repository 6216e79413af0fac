import type { Workflow } from '../routing/workflow';

/** Ids of the project, dataset, video and frame the current screen works on. */
export interface WorkflowContext {
  readonly projectId: string | null;
  readonly datasetId: string | null;
  readonly videoId: string | null;
  readonly frameId: string | null;
}

export const BUSINESS_STAGES = [
  'selectProject',
  'selectDataset',
  'reviewVideos',
  'selectFrames',
  'runAnalysis',
  'viewReports',
] as const;
export const TECHNICAL_STAGES = [
  'selectDataset',
  'uploadVideos',
  'extractFrames',
  'detectionCrops',
  'segmentation',
  'dataAnnotation',
] as const;
export type StageKey = (typeof BUSINESS_STAGES)[number] | (typeof TECHNICAL_STAGES)[number];

export function stagesOf(workflow: Workflow): readonly StageKey[] {
  return workflow === 'business' ? BUSINESS_STAGES : TECHNICAL_STAGES;
}

/** Path words that are sub-pages, never ids (e.g. /finetune/datasets/create). */
const NOT_AN_ID = new Set(['create', 'frames', 'videos', 'reports', 'data-labels', 'items']);

function idAfter(segments: readonly string[], index: number): string | null {
  const next = segments[index + 1];
  return next !== undefined && next.length > 0 && !NOT_AN_ID.has(next) ? next : null;
}

/** Reads the ids from both route families' path shapes, then fills gaps from the query string. */
export function parseWorkflowContext(pathname: string, search: string): WorkflowContext {
  const segments = pathname
    .split('/')
    .filter((s) => s.length > 0)
    .map(decodeURIComponent);
  let projectId: string | null = null;
  let datasetId: string | null = null;
  let videoId: string | null = null;
  let frameId: string | null = null;
  segments.forEach((segment, index) => {
    switch (segment) {
      case 'projects':
        projectId = idAfter(segments, index) ?? projectId;
        break;
      case 'datasets':
        datasetId = idAfter(segments, index) ?? datasetId;
        break;
      case 'videos':
      case 'video':
      case 'frames':
      case 'analysis':
        videoId = idAfter(segments, index) ?? videoId;
        break;
      case 'frame-detection':
        frameId = idAfter(segments, index) ?? frameId;
        break;
      case 'view':
        // /sarm/reports/view/{datasetId}
        if (segments[index - 1] === 'reports') datasetId = idAfter(segments, index) ?? datasetId;
        break;
    }
  });
  const query = new URLSearchParams(search);
  const fromQuery = (key: string): string | null => {
    const value = query.get(key);
    return value !== null && value.length > 0 ? value : null;
  };
  // The older technical family passes the dataset as ?id= on /technical/datasets.
  const legacyDatasetId =
    segments[0] === 'technical' && segments[1] === 'datasets' ? fromQuery('id') : null;
  return {
    projectId: projectId ?? fromQuery('projectId'),
    datasetId: datasetId ?? fromQuery('datasetId') ?? legacyDatasetId,
    videoId: videoId ?? fromQuery('videoId'),
    frameId: frameId ?? fromQuery('frameId'),
  };
}

/** The staged navigation shows once the screen is about a project, dataset or video (spec 1 §2.3). */
export function hasStagedContext(context: WorkflowContext): boolean {
  return context.projectId !== null || context.datasetId !== null || context.videoId !== null;
}

function includesAny(segments: readonly string[], words: readonly string[]): boolean {
  return words.some((w) => segments.includes(w));
}

/** Zero-based index of the stage the path belongs to. */
export function currentStageIndex(workflow: Workflow, pathname: string): number {
  const s = pathname.split('/').filter((x) => x.length > 0);
  if (workflow === 'business') {
    if (s.includes('reports')) return 5;
    if (includesAny(s, ['analysis', 'results', 'video-detail'])) return 4;
    if (includesAny(s, ['frames', 'frame-detection', 'annotation'])) return 3;
    if (includesAny(s, ['videos', 'video'])) return 2;
    if (s.includes('datasets')) return 1;
    return 0;
  }
  if (
    includesAny(s, [
      'data-labels',
      'morphology-data-labels',
      'morphology-data-label',
      'data-label-review',
    ])
  )
    return 5;
  if (s.includes('crops') || (s.includes('annotation') && s.includes('morphology'))) return 4;
  if (includesAny(s, ['detection', 'mask-extraction', 'detection-results'])) return 3;
  if (s.includes('annotation')) return 5;
  if (includesAny(s, ['frame-extraction', 'frame-extraction-detail', 'frames'])) return 2;
  if (s.includes('videos')) return 1;
  return 0;
}

function withQuery(path: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null) query.set(key, value);
  const text = query.toString();
  return text.length > 0 ? `${path}?${text}` : path;
}

/** Where each stage leads from the current context; null when the context lacks what it needs. */
export function stageTargets(workflow: Workflow, ctx: WorkflowContext): (string | null)[] {
  const { projectId: p, datasetId: d, videoId: v, frameId: f } = ctx;
  if (workflow === 'business') {
    const datasetBase = p !== null && d !== null ? `/sarm/projects/${p}/datasets/${d}` : null;
    return [
      '/sarm/projects',
      p !== null ? `/sarm/projects/${p}/datasets` : null,
      datasetBase !== null
        ? `${datasetBase}/videos`
        : d !== null
          ? `/sarm/datasets/${d}/videos`
          : null,
      v === null
        ? '/sarm/frames'
        : datasetBase !== null
          ? `${datasetBase}/videos/${v}/frames`
          : `/sarm/frames/${v}`,
      v !== null ? `/sarm/analysis/${v}` : null,
      d !== null ? `/sarm/reports/view/${d}` : '/sarm/reports',
    ];
  }
  const ids = { frameId: f, videoId: v, datasetId: d };
  return [
    p !== null ? `/finetune/projects/${p}/datasets` : '/finetune/datasets',
    d !== null ? `/finetune/datasets/${d}/videos` : '/finetune/videos',
    withQuery('/finetune/frame-extraction', { videoId: v }),
    f !== null
      ? withQuery('/finetune/annotation/detection/frame', ids)
      : '/finetune/annotation/detection',
    f !== null ? withQuery('/finetune/crops', ids) : '/finetune/annotation/morphology',
    p !== null && d !== null
      ? `/finetune/projects/${p}/datasets/${d}/data-labels`
      : '/finetune/data-label-review',
  ];
}

/** Ids are long UUIDs; the sidebar shows the first 8 characters (spec 1 §9). */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}

/** Names of the context's project, dataset and video, and the frame's number, once fetched. */
export interface WorkflowContextNames {
  readonly project?: string;
  readonly dataset?: string;
  readonly video?: string;
  readonly frameNumber?: number;
}

export type ContextEntryKey = 'contextProject' | 'contextDataset' | 'contextVideo' | 'contextFrame';

/**
 * The chips of the staged navigation: each id of the context with its name, or its short id while
 * the name loads or when the caller may not read it.
 */
export function contextEntries(
  context: WorkflowContext,
  names: WorkflowContextNames,
): { readonly key: ContextEntryKey; readonly value: string }[] {
  const entry = (key: ContextEntryKey, id: string | null, name: string | undefined) =>
    id === null ? [] : [{ key, value: name ?? shortId(id) }];
  return [
    ...entry('contextProject', context.projectId, names.project),
    ...entry('contextDataset', context.datasetId, names.dataset),
    ...entry('contextVideo', context.videoId, names.video),
    ...entry(
      'contextFrame',
      context.frameId,
      names.frameNumber === undefined ? undefined : `#${names.frameNumber}`,
    ),
  ];
}

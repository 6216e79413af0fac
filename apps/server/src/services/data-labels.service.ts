import {
  MORPHOLOGY_CLASSES,
  WHO_2021_LIMITS,
  type MorphologyClass,
  toMorphologyClass,
  type AddMaskItemRequest,
  type ClassificationsRequest,
  type CreateDatasetRequest,
  DATA_LABEL_PAGE_SIZE,
  DEFAULT_DETECTION_CLASS,
  defaultDataLabelName,
  type DataLabel,
  type DataLabelItem,
  type DataLabelType,
  type PermissionRequirement,
} from '@sarm/contracts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { dataLabelItems } from '../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type {
  DataLabelsRepository,
  ItemSort,
  LabelFilter,
  LabelItemRow,
  LabelSummary,
} from '../repositories/data-labels.repository.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { ProjectsRepository } from '../repositories/projects.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { DatasetsService } from './datasets.service.js';
import type { MaskMeasure } from './mask-measure.js';
import { maskKey } from './detection-runner.js';
import { cropUrl, maskUrl, maskVisualizationUrl, toDetection } from './detection.service.js';
import type { ProjectScope } from './project-scope.js';
import type { VideosService } from './videos.service.js';

export const DATA_LABEL_MESSAGES = {
  notFound: 'Data label not found',
  itemNotFound: 'Data label item not found',
  duplicate: 'A data label with this name already exists in this dataset',
  notYours: 'Only the owner of the data label or a dataset manager may change it',
  otherProject: 'The frame belongs to another project than the data label',
  wrongType: 'This operation needs a detection data label',
  needsMorphology: 'Masks go into a morphology data label',
  cropNotFound: 'Crop not found',
  noMask: 'Please select a crop, generate a mask, and select a data label',
  classificationsNeedMorphology: 'Classifications go into morphology data labels',
  detectionNotFound: 'Detection not found',
} as const;

/** Who may add to a label of each type (spec 2 §6). */
const ANNOTATE: Record<DataLabelType, PermissionRequirement> = {
  detection: 'finetune.annotate_detection',
  morphology: 'finetune.annotate_morphology',
  morphology_segmentation: 'finetune.annotate_morphology',
};
const MANAGE_DATASETS: PermissionRequirement = 'finetune.manage_dataset';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export function toDataLabelItem(row: LabelItemRow): DataLabelItem {
  const { item, detection } = row;
  return {
    id: item.id,
    data_label_id: item.dataLabelId,
    detection_id: item.detectionId,
    sperm_detection_id: item.detectionId,
    frame_id: item.frameId,
    frame_number: row.frameNumber,
    video_id: item.videoId,
    video_name: row.videoName,
    class_name: item.className,
    morphology_class: item.morphologyClass,
    quality: item.quality,
    confidence: detection.confidence,
    annotator_confidence: item.annotatorConfidence,
    notes: item.notes,
    morphometry: item.morphometry ?? null,
    bounding_box: { x1: detection.x1, y1: detection.y1, x2: detection.x2, y2: detection.y2 },
    crop_url: cropUrl(detection.id),
    crop_id: detection.id,
    mask_url: item.maskKey === null ? null : maskUrl(detection.id),
    thumbnail_url: item.maskKey === null ? null : maskUrl(detection.id),
    visualization_url: item.maskKey === null ? null : maskVisualizationUrl(detection.id),
    points: item.points ?? [],
    annotated_by: item.annotatedBy,
    annotated_by_name: row.annotatorName,
    created_at: item.createdAt.toISOString(),
    review_status: item.reviewStatus,
    reviewed_by: item.reviewedBy,
    reviewer_name: row.reviewerName,
    reviewed_at: iso(item.reviewedAt),
    review_notes: item.reviewNotes,
    detection: toDetection(detection),
  };
}

/**
 * Data labels (spec 2 §7.1, §7.2): training sets of detections inside a dataset, listed within
 * the projects the caller may see. The server says what the caller may do with each label.
 */
export function createDataLabelsService(deps: {
  labels: DataLabelsRepository;
  detections: DetectionsRepository;
  datasets: DatasetsService;
  videos: VideosService;
  scope: ProjectScope;
  projects: ProjectsRepository;
  audit: AuditService;
  clock: Clock;
  measureMask: MaskMeasure;
}) {
  const { labels } = deps;

  const mayManage = (auth: AuthContext, summary: LabelSummary) =>
    summary.label.userId === auth.user.id || meetsRequirement(auth, MANAGE_DATASETS);

  function toDataLabel(auth: AuthContext, summary: LabelSummary): DataLabel {
    const { label } = summary;
    return {
      id: label.id,
      name: label.name,
      description: label.description,
      dataset_id: label.datasetId,
      dataset_name: summary.datasetName,
      project_id: summary.projectId,
      user_id: label.userId,
      user_name: summary.userName,
      label_type: label.labelType,
      item_count: summary.itemCount,
      frame_count: summary.frameCount,
      is_default: label.isDefault,
      created_at: label.createdAt.toISOString(),
      updated_at: label.updatedAt.toISOString(),
      review_counts: {
        pending: summary.pending,
        approved: summary.approved,
        rejected: summary.rejected,
        needsCorrection: summary.needsCorrection,
      },
      can_edit: mayManage(auth, summary),
      can_delete: mayManage(auth, summary),
    };
  }

  async function scoped(auth: AuthContext, filter: Omit<LabelFilter, 'projectIds'>) {
    return { ...filter, projectIds: await deps.scope.visibleProjectIds(auth) };
  }

  /** The label's summary when its dataset is visible; 404 otherwise. */
  async function findSummary(auth: AuthContext, idOrName: string): Promise<LabelSummary> {
    const byId = await labels.listLabels(await scoped(auth, { ids: [idOrName] }));
    const byName =
      byId.rows.length > 0 ? byId : await labels.listLabels(await scoped(auth, { name: idOrName }));
    const summary = byName.rows[0];
    if (summary === undefined) throw notFound(DATA_LABEL_MESSAGES.notFound);
    return summary;
  }

  async function list(
    auth: AuthContext,
    filter: Omit<LabelFilter, 'projectIds'>,
    page = 1,
    limit = DATA_LABEL_PAGE_SIZE,
    offset = (page - 1) * limit,
  ) {
    const { rows, total } = await labels.listLabels(await scoped(auth, filter), { limit, offset });
    return {
      data_labels: rows.map((row) => toDataLabel(auth, row)),
      total,
      total_pages: pages(total, limit),
    };
  }

  /**
   * Another user's labels: only when that user works in a project the caller can see, so user
   * ids of other projects cannot be probed (404 otherwise).
   */
  async function listForUser(auth: AuthContext, userId: string, page: number, limit: number) {
    if (userId !== auth.user.id) {
      const visible = await deps.scope.visibleProjectIds(auth);
      const theirs = await deps.projects.listMemberProjects(userId);
      const shared = theirs.some((row) => visible === null || visible.includes(row.project.id));
      if (!shared) throw notFound('User not found');
    }
    return list(auth, { userId }, page, limit);
  }

  /** One page of a dataset's labels, newest first; `total` counts them all. */
  async function listForDataset(
    auth: AuthContext,
    datasetId: string,
    filter: Omit<LabelFilter, 'projectIds' | 'datasetId'>,
    page: { limit: number; offset: number },
  ) {
    await deps.datasets.findVisible(auth, datasetId);
    return list(auth, { ...filter, datasetId }, 1, page.limit, page.offset);
  }

  async function get(auth: AuthContext, idOrName: string) {
    return toDataLabel(auth, await findSummary(auth, idOrName));
  }

  async function create(
    auth: AuthContext,
    body: { name: string; description: string; dataset_id: string; label_type: DataLabelType },
  ) {
    const { dataset } = await deps.datasets.findVisible(auth, body.dataset_id);
    if (!meetsRequirement(auth, ANNOTATE[body.label_type]))
      throw forbidden(`You need the ${ANNOTATE[body.label_type]} permission`);
    const name = body.name.trim();
    const type = body.label_type === 'detection' ? 'detection' : 'morphology';
    const now = deps.clock.now();
    const row = await labels.insertLabel({
      datasetId: dataset.id,
      userId: auth.user.id,
      name,
      description: body.description,
      labelType: body.label_type,
      isDefault: name === defaultDataLabelName(auth.user.id, dataset.id, type),
      createdAt: now,
      updatedAt: now,
    });
    if (row === undefined) throw conflict(DATA_LABEL_MESSAGES.duplicate);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Data label "${name}" created`,
      actor: auth.user,
      resource: { id: row.id, type: 'data_label' },
    });
    return get(auth, row.id);
  }

  /** 404 unless the label is visible to the caller and belongs to the dataset named in the path. */
  async function requireInDataset(auth: AuthContext, labelId: string, datasetId: string) {
    const summary = await findSummary(auth, labelId);
    if (summary.label.datasetId !== datasetId) throw notFound(DATA_LABEL_MESSAGES.notFound);
  }

  async function findManageable(auth: AuthContext, id: string) {
    const summary = await findSummary(auth, id);
    if (!mayManage(auth, summary)) throw forbidden(DATA_LABEL_MESSAGES.notYours);
    return summary;
  }

  async function update(
    auth: AuthContext,
    id: string,
    body: { name?: string; description?: string },
  ) {
    const summary = await findManageable(auth, id);
    const name = body.name?.trim();
    if (name !== undefined && name !== summary.label.name) {
      const taken = await labels.listLabels({
        projectIds: null,
        datasetId: summary.label.datasetId,
        name,
      });
      if (taken.rows.length > 0) throw conflict(DATA_LABEL_MESSAGES.duplicate);
    }
    await labels.updateLabel(summary.label.id, {
      ...(name === undefined ? {} : { name }),
      ...(body.description === undefined ? {} : { description: body.description }),
      updatedAt: deps.clock.now(),
    });
    return get(auth, summary.label.id);
  }

  async function remove(auth: AuthContext, id: string) {
    const summary = await findManageable(auth, id);
    await labels.deleteLabel(summary.label.id);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `Data label "${summary.label.name}" deleted`,
      actor: auth.user,
      resource: { id: summary.label.id, type: 'data_label' },
    });
    return { success: true as const, message: 'Data label deleted' };
  }

  async function items(
    auth: AuthContext,
    idOrName: string,
    query: { page: number; limit: number; sortBy?: ItemSort; query?: string },
  ) {
    const summary = await findSummary(auth, idOrName);
    const { rows, total } = await labels.listItems(summary.label.id, {
      sort: query.sortBy ?? 'date',
      query: query.query,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      summary,
      response: {
        items: rows.map(toDataLabelItem),
        total,
        total_count: total,
        total_pages: pages(total, query.limit),
        page: query.page,
        limit: query.limit,
      },
    };
  }

  /** The label with a page of its items and every detection id it holds (spec 7.1 get-label). */
  async function getWithItems(
    auth: AuthContext,
    idOrName: string,
    query: { page: number; limit: number },
  ) {
    const { summary, response } = await items(auth, idOrName, query);
    return {
      ...toDataLabel(auth, summary),
      ...response,
      detection_ids: await labels.detectionIds(summary.label.id),
    };
  }

  /** A label the caller may add to, and the project it lives in. */
  async function writableLabel(auth: AuthContext, id: string) {
    const summary = await findSummary(auth, id);
    if (!meetsRequirement(auth, ANNOTATE[summary.label.labelType]))
      throw forbidden(`You need the ${ANNOTATE[summary.label.labelType]} permission`);
    return summary;
  }

  /** The frame and its video when visible and in the label's project. */
  async function frameForLabel(auth: AuthContext, summary: LabelSummary, frameId: string) {
    const frame = await deps.videos.findFrame(auth, frameId);
    const video = await deps.videos.findVisible(auth, frame.videoId);
    const { dataset } = await deps.datasets.findVisible(auth, video.datasetId);
    if (dataset.projectId !== summary.projectId) throw badRequest(DATA_LABEL_MESSAGES.otherProject);
    return frame;
  }

  /**
   * Adds every detection of the frame to a detection label. Adding again replaces the frame's
   * items (its boxes may have been corrected since) and sends the frame back to review.
   */
  async function addFrame(
    auth: AuthContext,
    body: { data_label_id: string; frame_id: string; class_name: string },
  ) {
    const summary = await writableLabel(auth, body.data_label_id);
    if (summary.label.labelType !== 'detection') throw badRequest(DATA_LABEL_MESSAGES.wrongType);
    const frame = await frameForLabel(auth, summary, body.frame_id);
    const boxes = await deps.detections.listByFrame(frame.id);
    const now = deps.clock.now();
    const rows = await labels.replaceFrameItems(
      summary.label.id,
      frame.id,
      boxes.map((box) => ({
        dataLabelId: summary.label.id,
        detectionId: box.id,
        frameId: frame.id,
        videoId: frame.videoId,
        className: body.class_name,
        confidence: box.confidence,
        annotatedBy: auth.user.id,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await labels.updateLabel(summary.label.id, { updatedAt: now });
    return {
      success: true as const,
      message:
        rows.length === 0
          ? 'The frame has no detections to add'
          : `${rows.length} detections added to ${summary.label.name}`,
      added: rows.length,
      item_ids: rows.map((row) => row.id),
    };
  }

  /** Adds single detections (spec 7.1 add-item and add-label). */
  async function addDetections(
    auth: AuthContext,
    body: { data_label_id: string; detection_ids: readonly string[]; class_name?: string },
  ) {
    const summary = await writableLabel(auth, body.data_label_id);
    const now = deps.clock.now();
    const values = [];
    for (const detectionId of new Set(body.detection_ids)) {
      const detection = await deps.detections.findById(detectionId);
      if (detection === undefined) throw notFound('Detection not found');
      const frame = await frameForLabel(auth, summary, detection.frameId).catch(
        (error: unknown) => {
          throw error instanceof Error && 'statusCode' in error && error.statusCode === 400
            ? error
            : notFound('Detection not found');
        },
      );
      values.push({
        dataLabelId: summary.label.id,
        detectionId,
        frameId: frame.id,
        videoId: frame.videoId,
        className: body.class_name ?? DEFAULT_DETECTION_CLASS,
        confidence: detection.confidence,
        annotatedBy: auth.user.id,
        createdAt: now,
        updatedAt: now,
      });
    }
    const rows = await labels.upsertItems(values);
    return {
      success: true as const,
      message: `${rows.length} items added`,
      item_ids: rows.map((r) => r.id),
    };
  }

  /**
   * Puts a crop's mask into a morphology label (spec 2 §7.2 items/{videoId}/{cropId}) with its
   * class (either class list, stored as the review list's class) and prompt points. The crop needs
   * a mask (generate-mask first); adding again replaces class, mask and points and sends the item
   * back to review.
   */
  async function addMaskItem(
    auth: AuthContext,
    path: { datasetId: string; labelId: string; videoId: string; cropId: string },
    body: AddMaskItemRequest,
  ) {
    const summary = await writableLabel(auth, path.labelId);
    if (summary.label.datasetId !== path.datasetId) throw notFound(DATA_LABEL_MESSAGES.notFound);
    if (summary.label.labelType === 'detection')
      throw badRequest(DATA_LABEL_MESSAGES.needsMorphology);
    const detection = await deps.detections.findById(path.cropId);
    if (detection === undefined) throw notFound(DATA_LABEL_MESSAGES.cropNotFound);
    const frame = await frameForLabel(auth, summary, detection.frameId).catch(() => {
      throw notFound(DATA_LABEL_MESSAGES.cropNotFound);
    });
    if (frame.videoId !== path.videoId) throw notFound(DATA_LABEL_MESSAGES.cropNotFound);
    if (!detection.hasMask) throw badRequest(DATA_LABEL_MESSAGES.noMask);
    if (
      !body.overwrite_existing &&
      (await labels.findItemOfDetection(summary.label.id, detection.id))
    )
      throw conflict('This crop is already in the data label');
    const now = deps.clock.now();
    const row = await labels.upsertMaskItem({
      dataLabelId: summary.label.id,
      detectionId: detection.id,
      frameId: frame.id,
      videoId: frame.videoId,
      className: body.class,
      morphologyClass: toMorphologyClass(body.class),
      confidence: detection.confidence,
      maskKey: maskKey(detection),
      morphometry: await deps.measureMask(detection, frame.videoId),
      points: body.points,
      annotatorConfidence: body.confidence,
      notes: body.notes,
      annotatedBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    return { success: true as const, item_id: row.id, morphology_class: row.morphologyClass };
  }

  /**
   * The Morphology Data Labeling page's Save Labels: each detection of the label's dataset gets
   * its class, the annotator's confidence and notes (no mask needed). All or nothing: one unknown
   * detection answers 404 and nothing is written.
   */
  async function saveClassifications(
    auth: AuthContext,
    labelId: string,
    body: ClassificationsRequest,
  ) {
    const summary = await writableLabel(auth, labelId);
    if (summary.label.labelType === 'detection')
      throw badRequest(DATA_LABEL_MESSAGES.classificationsNeedMorphology);
    const ids = body.items.map((item) => item.detection_id);
    const found = new Map(
      (await labels.detectionsInDataset(summary.label.datasetId, [...new Set(ids)])).map(
        (row) => [row.detection.id, row] as const,
      ),
    );
    const now = deps.clock.now();
    for (const item of body.items)
      if (!found.has(item.detection_id)) throw notFound(DATA_LABEL_MESSAGES.detectionNotFound);
    // A detection already segmented brings its mask and head morphometry to a new item.
    const measured = new Map<string, Awaited<ReturnType<MaskMeasure>>>();
    for (const { detection, frame } of found.values())
      measured.set(detection.id, await deps.measureMask(detection, frame.videoId));
    const values = body.items.map((item) => {
      const row = found.get(item.detection_id);
      if (row === undefined) throw notFound(DATA_LABEL_MESSAGES.detectionNotFound);
      const morphometry = measured.get(row.detection.id) ?? null;
      return {
        dataLabelId: summary.label.id,
        detectionId: row.detection.id,
        frameId: row.frame.id,
        videoId: row.frame.videoId,
        className: item.class,
        morphologyClass: toMorphologyClass(item.class),
        maskKey: morphometry === null ? null : maskKey(row.detection),
        morphometry,
        confidence: row.detection.confidence,
        annotatorConfidence: item.confidence,
        notes: item.notes,
        points: [],
        annotatedBy: auth.user.id,
        createdAt: now,
        updatedAt: now,
      };
    });
    const rows = await labels.saveClassifications(values);
    await labels.updateLabel(summary.label.id, { updatedAt: now });
    return { success: true as const, saved: rows.length, item_ids: rows.map((row) => row.id) };
  }

  async function removeItem(auth: AuthContext, labelId: string, itemId: string) {
    const summary = await writableLabel(auth, labelId);
    const removed = await labels.deleteItems(summary.label.id, eq(dataLabelItems.id, itemId));
    if (removed === 0) throw notFound(DATA_LABEL_MESSAGES.itemNotFound);
    return { success: true as const, message: 'Item removed' };
  }

  async function removeByDetection(auth: AuthContext, labelId: string, detectionId: string) {
    const summary = await writableLabel(auth, labelId);
    const removed = await labels.deleteItems(
      summary.label.id,
      eq(dataLabelItems.detectionId, detectionId),
    );
    if (removed === 0) throw notFound(DATA_LABEL_MESSAGES.itemNotFound);
    return { success: true as const, message: 'Item removed' };
  }

  async function setQuality(auth: AuthContext, labelId: string, itemId: string, quality: string) {
    const summary = await writableLabel(auth, labelId);
    const row = await labels.setItemQuality(summary.label.id, itemId, quality);
    if (row === undefined) throw notFound(DATA_LABEL_MESSAGES.itemNotFound);
    return { success: true as const, message: 'Quality saved' };
  }

  async function itemDetection(auth: AuthContext, labelId: string, itemId: string) {
    const summary = await findSummary(auth, labelId);
    const item = await labels.findItem(summary.label.id, itemId);
    const detection = item && (await deps.detections.findById(item.detectionId));
    if (detection === undefined) throw notFound(DATA_LABEL_MESSAGES.itemNotFound);
    return { detection: toDetection(detection) };
  }

  async function stats(auth: AuthContext, labelId: string) {
    const summary = await findSummary(auth, labelId);
    const figures = await labels.stats(summary.label.id);
    const classes = await labels.morphologyCounts(summary.label.id);
    const count = (name: MorphologyClass) => classes.get(name) ?? 0;
    // Unknown cells are not assessed: normal forms are a share of the classified ones.
    const assessed = MORPHOLOGY_CLASSES.reduce(
      (sum, name) => (name === 'unknown' ? sum : sum + count(name)),
      0,
    );
    return {
      normal_count: count('normal'),
      head_defect_count: count('head_defect'),
      midpiece_defect_count: count('midpiece_defect'),
      tail_defect_count: count('tail_defect'),
      multiple_defects_count: count('multiple_defects'),
      unknown_count: count('unknown'),
      normal_forms_percent: assessed === 0 ? null : (100 * count('normal')) / assessed,
      normal_forms_reference_percent: WHO_2021_LIMITS.normalFormsPercent,
      total_items: figures.total,
      labeled_items: figures.labeled,
      unlabeled_items: figures.total - figures.labeled,
      average_confidence: figures.averageConfidence,
      total_frames: figures.frames,
      review_counts: toDataLabel(auth, summary).review_counts,
    };
  }

  /**
   * The Create Detection Dataset wizard: a detection dataset whose first data label (the caller's
   * default one) holds the detections of the chosen frames of one video, or of every frame with
   * detections. Everything is checked before the dataset is created.
   */
  async function createDatasetFromAnnotation(auth: AuthContext, body: CreateDatasetRequest) {
    const videoId = body.source?.video_id ?? body.video_id;
    if (videoId === undefined) throw badRequest('Video id is required');
    const video = await deps.videos.findVisible(auth, videoId);
    const { dataset: origin } = await deps.datasets.findVisible(auth, video.datasetId);
    if ((body.project_id ?? body.projectId) !== origin.projectId)
      throw badRequest("The new dataset must be in the video's project");
    const frames = await deps.videos.listFrames(auth, video.id, 10_000, 0);
    const chosen = new Set([...(body.frames ?? []), ...(body.source?.frames ?? [])]);
    const includeAll = body.include_all_frames === true;
    for (const id of chosen)
      if (!frames.frames.some((frame) => frame.id === id))
        throw badRequest(`Frame ${id} is not a frame of this video`);
    const selected = frames.frames.filter(
      (frame) => frame.detectionCount > 0 && (includeAll || chosen.has(frame.id)),
    );
    if (selected.length === 0)
      throw badRequest('Choose at least one frame with detections, or include all frames');
    const dataset = await deps.datasets.create(auth, {
      name: body.name,
      description: body.description,
      status: body.status,
      projectId: body.projectId,
      project_id: body.project_id,
      settings: body.settings,
      type: 'detection',
      metadata: { ...body.metadata, source: 'annotation', source_video_id: video.id },
    });
    const now = deps.clock.now();
    const label = await labels.insertLabel({
      datasetId: dataset.id,
      userId: auth.user.id,
      name: defaultDataLabelName(auth.user.id, dataset.id, 'detection'),
      description: `Detections of ${video.name}`,
      labelType: 'detection',
      isDefault: true,
      createdAt: now,
      updatedAt: now,
    });
    if (label === undefined) throw conflict(DATA_LABEL_MESSAGES.duplicate);
    for (const frame of selected) {
      const boxes = await deps.detections.listByFrame(frame.id);
      await labels.replaceFrameItems(
        label.id,
        frame.id,
        boxes.map((box) => ({
          dataLabelId: label.id,
          detectionId: box.id,
          frameId: frame.id,
          videoId: video.id,
          className: box.className,
          confidence: box.confidence,
          annotatedBy: auth.user.id,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    return deps.datasets.get(auth, dataset.id);
  }

  return {
    createDatasetFromAnnotation,
    list,
    listForUser,
    listForDataset,
    get,
    getWithItems,
    items,
    create,
    update,
    remove,
    addFrame,
    addDetections,
    addMaskItem,
    saveClassifications,
    removeItem,
    removeByDetection,
    setQuality,
    itemDetection,
    stats,
    requireInDataset,
  };
}
export type DataLabelsService = ReturnType<typeof createDataLabelsService>;

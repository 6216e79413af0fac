import type { ReviewListQuery, ReviewStatus, ReviewUnit } from '@sarm/contracts';
import { ReviewListQuerySchema } from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type {
  LabelReviewsRepository,
  ReviewKind,
  ReviewUnitRow,
} from '../repositories/label-reviews.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { ProjectScope } from './project-scope.js';

export const REVIEW_MESSAGES = {
  notFound: 'Review item not found',
  notPending: 'Only pending labels can be reviewed',
  noPermission: 'Only reviewers (review_annotations) may approve or reject labels',
} as const;

const REVIEW = 'finetune.review_annotations' as const;

/** A detection unit's id joins its label and frame; a morphology unit's id is the item's. */
export const reviewUnitId = (
  kind: ReviewKind,
  row: Pick<ReviewUnitRow, 'labelId' | 'frameId' | 'itemId'>,
) => (kind === 'detection' ? `${row.labelId}:${row.frameId}` : row.itemId);

function toReviewUnit(kind: ReviewKind, row: ReviewUnitRow): ReviewUnit {
  return {
    id: reviewUnitId(kind, row),
    type: kind,
    data_label_id: row.labelId,
    data_label_name: row.labelName,
    dataset_id: row.datasetId,
    dataset_name: row.datasetName,
    project_id: row.projectId,
    frame_id: row.frameId,
    frame_number: row.frameNumber,
    video_id: row.videoId,
    video_name: row.videoName,
    bounding_boxes: row.boxes,
    label_count: row.boxes.length,
    classification: row.classification,
    status: row.status,
    created_by: row.createdBy,
    creator_name: row.creatorName,
    created_at: row.createdAt.toISOString(),
    reviewed_by: row.reviewedBy,
    reviewer_name: row.reviewerName,
    reviewed_at: row.reviewedAt === null ? null : row.reviewedAt.toISOString(),
    notes: row.notes,
    confidence: row.confidence,
  };
}

type SortKey = 'dataset' | 'created' | 'creator' | 'confidence' | 'status';
const sortValue: Record<SortKey, (unit: ReviewUnit) => string | number> = {
  dataset: (unit) => unit.dataset_name.toLowerCase(),
  created: (unit) => unit.created_at,
  creator: (unit) => (unit.creator_name ?? '').toLowerCase(),
  confidence: (unit) => unit.confidence ?? -1,
  status: (unit) => unit.status,
};

function parseDate(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(value) && endOfDay ? `${value}T23:59:59.999Z` : value,
  );
  if (Number.isNaN(date.getTime())) throw badRequest(`Invalid date: ${value}`);
  return date;
}

/**
 * Review of data labels (spec 2 §4 Review label status): pending units become approved,
 * rejected or needsCorrection, once, by a holder of review_annotations, with reviewer, time and
 * notes. Adding the frame again after a correction puts it back to pending.
 */
export function createLabelReviewsService(deps: {
  reviews: LabelReviewsRepository;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
}) {
  async function countsByKind(projectIds: readonly string[] | null) {
    const zero = () => ({ pending: 0, approved: 0, rejected: 0, needsCorrection: 0 });
    const result = { detection: zero(), morphology: zero() };
    for (const row of await deps.reviews.counts(projectIds)) {
      const kind = row.labelType === 'detection' ? 'detection' : 'morphology';
      result[kind][row.status] += row.units;
    }
    return result;
  }

  async function list(auth: AuthContext, input: ReviewListQuery) {
    const query = ReviewListQuerySchema.parse(input);
    const projectIds = await deps.scope.visibleProjectIds(auth);
    const from = parseDate(query.from, false);
    const to = parseDate(query.to, true);
    const rows = await deps.reviews.listUnits({
      projectIds,
      kind: query.label_type,
      datasetId: query.dataset_id,
      status: query.status,
      creatorId: query.creator_id,
      from,
      to,
    });
    const everyone = await deps.reviews.creators(projectIds, query.label_type);
    const units = rows.map((row) => toReviewUnit(query.label_type, row));
    const key = sortValue[query.sort];
    const direction = query.order === 'asc' ? 1 : -1;
    units.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * direction;
    });
    const counts = await countsByKind(projectIds);
    const total = (kind: ReviewKind) =>
      Object.values(counts[kind]).reduce((sum, value) => sum + value, 0);
    const start = (query.page - 1) * query.limit;
    return {
      reviews: units.slice(start, start + query.limit),
      total: units.length,
      counts: { detection: total('detection'), morphology: total('morphology') },
      can_review: meetsRequirement(auth, REVIEW),
      creators: everyone,
    };
  }

  /** Parses a unit id: `{labelId}:{frameId}` for detection labels, an item id otherwise. */
  function parseUnitId(id: string): {
    kind: ReviewKind;
    labelId?: string;
    frameId?: string;
    itemId?: string;
  } {
    const [labelId, frameId, ...rest] = id.split(':');
    if (
      rest.length === 0 &&
      labelId !== undefined &&
      frameId !== undefined &&
      labelId !== '' &&
      frameId !== ''
    )
      return { kind: 'detection', labelId, frameId };
    return { kind: 'morphology', itemId: id };
  }

  async function findUnit(auth: AuthContext, id: string) {
    const parsed = parseUnitId(id);
    const projectIds = await deps.scope.visibleProjectIds(auth);
    const rows =
      parsed.kind === 'detection' && parsed.labelId !== undefined
        ? await deps.reviews.listUnits({
            projectIds,
            kind: 'detection',
            unit: { labelId: parsed.labelId, frameId: parsed.frameId },
          })
        : await deps.reviews.listUnitsByItem(projectIds, parsed.itemId ?? '');
    const row = rows[0];
    if (row === undefined) throw notFound(REVIEW_MESSAGES.notFound);
    return { kind: parsed.kind, row };
  }

  async function decide(
    auth: AuthContext,
    id: string,
    body: { status: Exclude<ReviewStatus, 'pending'>; notes: string },
  ) {
    if (!meetsRequirement(auth, REVIEW)) throw forbidden(REVIEW_MESSAGES.noPermission);
    const { kind, row } = await findUnit(auth, id);
    if (row.status !== 'pending') throw conflict(REVIEW_MESSAGES.notPending);
    const changed = await deps.reviews.decide(
      kind === 'detection'
        ? { labelId: row.labelId, frameId: row.frameId }
        : { labelId: row.labelId, itemId: row.itemId },
      { status: body.status, notes: body.notes, reviewerId: auth.user.id, at: deps.clock.now() },
    );
    if (changed === 0) throw conflict(REVIEW_MESSAGES.notPending);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Label of frame #${row.frameNumber} in "${row.labelName}" marked ${body.status}`,
      actor: auth.user,
      resource: { id: row.labelId, type: 'data_label' },
    });
    return toReviewUnit(kind, (await findUnit(auth, id)).row);
  }

  async function stats(auth: AuthContext) {
    return countsByKind(await deps.scope.visibleProjectIds(auth));
  }

  return { list, decide, stats };
}
export type LabelReviewsService = ReturnType<typeof createLabelReviewsService>;

import type {
  AnnotationFramesQuery,
  AnnotationFramesResponse,
  AnnotationStatus,
} from '@sarm/contracts';
import { AnnotationFramesQuerySchema } from '@sarm/contracts';
import type { AnnotationOverviewRepository } from '../repositories/annotation-overview.repository.js';
import type { AuthContext } from './access.js';
import type { DatasetsService } from './datasets.service.js';
import type { ProjectScope } from './project-scope.js';

const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const statusOf = (value: string): AnnotationStatus =>
  value === 'completed' || value === 'in_progress' ? value : 'pending';
/** The latest time of a frame's label items: a Date or a timestamp text, by driver. */
const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The Annotation Management page's rows: real frames and where their annotation stands. */
export function createAnnotationOverviewService(deps: {
  overview: AnnotationOverviewRepository;
  datasets: DatasetsService;
  scope: ProjectScope;
}) {
  async function frames(
    auth: AuthContext,
    input: AnnotationFramesQuery,
  ): Promise<AnnotationFramesResponse> {
    const query = AnnotationFramesQuerySchema.parse(input);
    if (query.dataset_id !== undefined) await deps.datasets.findVisible(auth, query.dataset_id);
    const { rows, counts } = await deps.overview.list({
      projectIds: await deps.scope.visibleProjectIds(auth),
      datasetId: query.dataset_id,
      sort: query.sort,
      order: query.order,
      limit: query.limit,
      offset: query.offset,
    });
    const byStatus = { pending: 0, in_progress: 0, completed: 0 };
    for (const row of counts) byStatus[statusOf(row.status)] += row.frames;
    return {
      frames: rows.map((row) => ({
        frame_id: row.frame.id,
        frame_number: row.frame.frameNumber,
        video_id: row.frame.videoId,
        video_name: row.videoName,
        dataset_id: row.datasetId,
        dataset_name: row.datasetName,
        width: row.frame.width,
        height: row.frame.height,
        annotation_status: statusOf(row.status),
        object_count: number(row.boxes),
        verified_count: number(row.verified),
        confidence: row.confidence === null ? null : Number(row.confidence),
        annotated_by: row.annotatorName,
        annotated_at: isoOrNull(row.lastAt),
        annotation_notes: row.notes ?? row.frame.note,
        created_at: row.frame.createdAt.toISOString(),
      })),
      total: byStatus.pending + byStatus.in_progress + byStatus.completed,
      counts: byStatus,
    };
  }
  return { frames };
}
export type AnnotationOverviewService = ReturnType<typeof createAnnotationOverviewService>;
